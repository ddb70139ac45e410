package store

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// footerOf returns the cached footer of a part file, or nil.
func footerOf(st *Store, path string) *footer {
	st.footers.mu.Lock()
	defer st.footers.mu.Unlock()
	if el, ok := st.footers.byPath[path]; ok {
		return el.Value.(*footerEntry).ft
	}
	return nil
}

// readValue reads the first value of hq's AHU-1 supply_air_temp.
func readValue(t *testing.T, st *Store) float64 {
	t.Helper()
	got, err := st.Read(t.Context(), "hq", Query{Equips: []string{"AHU-1"}})
	if err != nil || len(got) != 1 || len(got[0].V) == 0 {
		t.Fatalf("Read = %+v, %v", got, err)
	}
	return got[0].V[0]
}

func TestFooterCache_ReusedUntilTheFileChanges(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for f, base := range map[string]float64{"hq": 10, "other": 20} {
		if _, err := st.Write(t.Context(), f, dayOf("AHU-1", base), WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	part := filepath.Join(st.facilityDir("hq"), "year=2024", "part-0-0.parquet")
	if v := readValue(t, st); v != 10 {
		t.Fatalf("first read: %v, want 10", v)
	}
	first := footerOf(st, part)
	if first == nil {
		t.Fatal("a read left no footer in the cache")
	}
	for _, read := range []func() error{
		func() error { _, err := st.Read(t.Context(), "hq", Query{}); return err },
		func() error { _, err := st.Stats(t.Context(), "hq", Query{}); return err },
		func() error { _, err := st.Extent(t.Context(), "hq"); return err },
		func() error { _, err := st.Points(t.Context(), "hq"); return err },
	} {
		if err := read(); err != nil {
			t.Fatal(err)
		}
		if footerOf(st, part) != first {
			t.Fatal("an unchanged file's footer was parsed again")
		}
	}

	// Touched: same content, new modification time.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(part, later, later); err != nil {
		t.Fatal(err)
	}
	if v := readValue(t, st); v != 10 {
		t.Fatalf("after a touch: %v, want 10", v)
	}
	touched := footerOf(st, part)
	if touched == first || touched == nil {
		t.Fatal("a touched file kept its old footer")
	}

	// Replaced by rename with another file stamped with the same time.
	other := filepath.Join(st.facilityDir("other"), "year=2024", "part-0-0.parquet")
	b, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	tmp := part + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(tmp, later, later); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, part); err != nil {
		t.Fatal(err)
	}
	if v := readValue(t, st); v != 20 {
		t.Fatalf("after a replace: %v, want 20 (a stale footer was used)", v)
	}
	if footerOf(st, part) == touched {
		t.Fatal("a replaced file kept its old footer")
	}
}

func TestSameVersion(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	when := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("same bytes"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	stat := func(p string) os.FileInfo {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	fa, fb := stat(a), stat(b)
	if !sameVersion(fa, stat(a)) {
		t.Error("a file is not the same version of itself")
	}
	if sameVersion(fa, fb) {
		t.Error("two files of the same size and time count as one")
	}
	if err := os.Chtimes(a, when.Add(time.Nanosecond), when.Add(time.Nanosecond)); err != nil {
		t.Fatal(err)
	}
	if sameVersion(fa, stat(a)) {
		t.Error("a new modification time is the same version")
	}
	if err := os.WriteFile(b, []byte("same bytes, longer"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(b, when, when); err != nil {
		t.Fatal(err)
	}
	if sameVersion(fb, stat(b)) {
		t.Error("a new size is the same version")
	}
}

func TestFooterCache_Budget(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := st.Write(t.Context(), "hq", dayOf("AHU-"+string(rune('1'+i)), float64(i)), WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	files, err := st.listParts("hq", 0, 0)
	if err != nil || len(files) != 6 {
		t.Fatalf("listParts = %d files, %v", len(files), err)
	}
	one, err := readFooter(files[0])
	if err != nil {
		t.Fatal(err)
	}
	// Room for about two and a half footers of this size.
	st.footers = newFooterCache(one.cost*5/2 + 1)
	for _, pf := range files {
		if _, err := st.footers.get(pf); err != nil {
			t.Fatal(err)
		}
	}
	if n := st.footers.len(); n != 2 || st.footers.cost > st.footers.budget {
		t.Fatalf("cache holds %d footers costing %d, budget %d; want the 2 most recent", n, st.footers.cost, st.footers.budget)
	}
	for _, pf := range files[4:] {
		if footerOf(st, pf.path) == nil {
			t.Errorf("%s, among the most recent, was evicted", pf.rel)
		}
	}
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 6 {
		t.Fatalf("Read past the budget = %d series, %v", len(got), err)
	}
	st.footers = newFooterCache(1) // smaller than any footer: nothing is kept
	if _, err := st.Read(t.Context(), "hq", Query{}); err != nil || st.footers.len() != 0 {
		t.Fatalf("tiny budget: %d cached, %v", st.footers.len(), err)
	}
}

func TestFooterCache_DamageIsNotCached(t *testing.T) {
	st, path := twoFacilities(t)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Read(t.Context(), "bad", Query{}); err == nil {
		t.Fatal("a truncated file reads")
	}
	if footerOf(st, path) != nil {
		t.Fatal("a damaged file's footer is cached")
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Read(t.Context(), "bad", Query{}); err != nil {
		t.Fatalf("the repaired file: %v", err)
	}
}

// TestFooterCache_Concurrent reads one store from many goroutines while a
// writer adds files (run with -race).
func TestFooterCache_Concurrent(t *testing.T) {
	st := campus(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 3 {
			if _, err := st.Write(t.Context(), "hq", dayOf("AHU-9", float64(i)), WriteOptions{}); err != nil {
				errs <- err
			}
		}
	}()
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 4 {
				got, err := st.Read(t.Context(), "hq", Query{Roles: []model.Role{model.SupplyAirTemp}})
				if err != nil && !IsRetryable(err) {
					errs <- err
				}
				for _, s := range got {
					if s.Equip == "AHU-1" && len(s.TS) != 48 {
						t.Errorf("AHU-1 has %d samples, want 48", len(s.TS))
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestAscent(t *testing.T) {
	tests := []struct {
		ts             []int64
		sorted, strict bool
	}{
		{nil, true, true},
		{[]int64{5}, true, true},
		{[]int64{1, 2, 3}, true, true},
		{[]int64{1, 2, 2, 3}, true, false},
		{[]int64{1, 3, 2}, false, false},
		{[]int64{1, 1, 0}, false, false},
	}
	for _, tt := range tests {
		sorted, strict := ascent(tt.ts)
		if sorted != tt.sorted || strict != tt.strict {
			t.Errorf("ascent(%v) = %v, %v; want %v, %v", tt.ts, sorted, strict, tt.sorted, tt.strict)
		}
	}
}

// TestRead_RowsInAnyOrder: rows of one point arriving out of order or
// repeated, within a file and across files, come back sorted with
// duplicates averaged; rows already strictly ascending come back as
// stored.
func TestRead_RowsInAnyOrder(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := int64(time.Hour)
	t0 := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	writes := [][]model.Series{
		{{Equip: "AHU-1", Class: "AHU", Role: model.OAT, TS: []int64{t0 + 2*h, t0 + 3*h}, V: []float64{2, 3}},
			{Equip: "AHU-2", Class: "AHU", Role: model.OAT, TS: []int64{t0, t0 + h}, V: []float64{0, 1}}},
		{{Equip: "AHU-1", Class: "AHU", Role: model.OAT, TS: []int64{t0, t0 + 2*h}, V: []float64{0, 4}}},
	}
	for _, in := range writes {
		if _, err := st.Write(t.Context(), "hq", in, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 2 {
		t.Fatalf("Read = %+v, %v", got, err)
	}
	want := []struct {
		ts []int64
		v  []float64
	}{
		{[]int64{t0, t0 + 2*h, t0 + 3*h}, []float64{0, 3, 3}},
		{[]int64{t0, t0 + h}, []float64{0, 1}},
	}
	for i, w := range want {
		s := got[i]
		if len(s.TS) != len(w.ts) {
			t.Fatalf("%s: %v %v, want %v %v", s.Equip, s.TS, s.V, w.ts, w.v)
		}
		for k := range w.ts {
			if s.TS[k] != w.ts[k] || s.V[k] != w.v[k] {
				t.Errorf("%s: %v %v, want %v %v", s.Equip, s.TS, s.V, w.ts, w.v)
				break
			}
		}
	}
}
