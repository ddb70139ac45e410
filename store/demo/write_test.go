package demo

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// dirSize is the total size of the files under dir.
func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestWrite(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	st, err := store.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Write(ctx, st, Options{Seed: DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	c := testCampus(t)
	if sum.Facilities != 3 || sum.Rows != c.Rows() || sum.Labels != len(c.Labels) {
		t.Errorf("summary %+v, want 3 facilities, %d rows, %d labels", sum, c.Rows(), len(c.Labels))
	}
	size := dirSize(t, dir)
	t.Logf("demo store: %d rows, %d points, %d files, %.1f MB", sum.Rows, sum.Points, sum.Files, float64(size)/1e6)
	if size > 60e6 {
		t.Errorf("demo store is %.1f MB, want at most 60 MB", float64(size)/1e6)
	}

	ids, err := st.FacilityIDs()
	if err != nil || !slices.Equal(ids, []string{DatasetFacility, NorthCampus, SouthAnnex}) {
		t.Fatalf("facilities %v (%v)", ids, err)
	}
	reg, state, err := st.Registry()
	if err != nil || state != store.RegistryOK {
		t.Fatalf("registry state %v: %v", state, err)
	}
	if e := reg[NorthCampus]; e.Name != "North Campus" || e.TZ != "America/Chicago" || e.Dataset != nil {
		t.Errorf("north-campus entry %+v", e)
	}
	if e := reg[DatasetFacility]; e.Dataset == nil || e.Dataset.ID != "ashrae-gepiii" {
		t.Errorf("%s entry %+v: want the ashrae-gepiii dataset block", DatasetFacility, e)
	}

	// A point read back equals the generated one.
	got, err := st.Read(ctx, NorthCampus, store.Query{Equips: []string{"AHU-2"}, Roles: []model.Role{model.SupplyAirTemp}})
	if err != nil || len(got) != 1 {
		t.Fatalf("read back: %v (%d series)", err, len(got))
	}
	for _, f := range c.Facilities {
		for _, s := range f.Series {
			if f.ID == NorthCampus && s.Equip == "AHU-2" && s.Role == model.SupplyAirTemp {
				if !slices.Equal(s.TS, got[0].TS) || !slices.Equal(s.V, got[0].V) {
					t.Error("AHU-2 supply_air_temp differs after the round trip")
				}
			}
		}
	}

	var labels []Label
	readJSON(t, filepath.Join(dir, LabelsFile), &labels)
	if len(labels) != len(c.Labels) {
		t.Errorf("labels.json holds %d labels, want %d", len(labels), len(c.Labels))
	}
	for _, fac := range []string{NorthCampus, SouthAnnex} {
		var cfg map[string]any
		readJSON(t, filepath.Join(dir, ConfigDir, fac+".json"), &cfg)
		if src, _ := cfg["source"].(map[string]any); src["facility"] != fac {
			t.Errorf("config for %s names %v", fac, cfg["source"])
		}
	}

	// Writing again replaces rather than duplicates.
	again, err := Write(ctx, st, Options{Seed: DefaultSeed})
	if err != nil || again.Rows != sum.Rows {
		t.Fatalf("second write: %+v, %v", again, err)
	}
	stats, err := st.Stats(ctx, NorthCampus, store.Query{Equips: []string{"MTR-1"}})
	if err != nil || len(stats) != 1 {
		t.Fatalf("stats: %v", err)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
}

func TestEnsureIn(t *testing.T) {
	root := t.TempDir()
	dir, err := ensureIn(t.Context(), root, "demo-test", Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(dir, filepath.FromSlash(doneFile))
	fi, err := os.Stat(marker)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ensureIn(t.Context(), root, "demo-test", Options{Seed: 3})
	if err != nil || again != dir {
		t.Fatalf("second call: %q, %v", again, err)
	}
	if fi2, _ := os.Stat(marker); !fi2.ModTime().Equal(fi.ModTime()) {
		t.Error("cached store was rebuilt")
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("cache root holds %d entries, want only the store (no build leftovers)", len(entries))
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ids, _ := st.FacilityIDs(); len(ids) != 3 {
		t.Errorf("cached store facilities %v", ids)
	}
}

func TestEnsureIn_Cancelled(t *testing.T) {
	root := t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := ensureIn(ctx, root, "demo-test", Options{Seed: 3}); err == nil {
		t.Fatal("cancelled build succeeded")
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("cancelled build left %d entries", len(entries))
	}
}

// TestBig_Rows generates every AHU of the big preset (without writing)
// and checks the row count arithmetic and the labelled equipment.
func TestBig_Rows(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 67M samples")
	}
	c, w := bigWeather(DefaultSeed)
	grid := gridTS(c)
	rows := 0
	for n := 1; n <= BigAHUs; n++ {
		ss := bigAHU(DefaultSeed, n, c, w, grid)
		if len(ss) != bigRoles {
			t.Fatalf("AHU-%d has %d points, want %d", n, len(ss), bigRoles)
		}
		for _, s := range ss {
			rows += len(s.TS)
		}
	}
	const want = 80*8*105120 - 8*8*288
	if rows != BigRows() || rows != want {
		t.Errorf("big preset rows %d, BigRows %d, want %d", rows, BigRows(), want)
	}
	for _, l := range bigLabels() {
		if l.Facility != BigFleet {
			t.Errorf("big label on %s", l.Facility)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	for b.Loop() {
		st, err := store.Create(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Write(b.Context(), st, Options{Seed: DefaultSeed}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteBig writes the 80-AHU preset once per iteration; run it
// with -benchtime=1x.
func BenchmarkWriteBig(b *testing.B) {
	for b.Loop() {
		dir := b.TempDir()
		st, err := store.Create(dir)
		if err != nil {
			b.Fatal(err)
		}
		sum, err := Write(b.Context(), st, Options{Seed: DefaultSeed, Preset: PresetBig})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(sum.Rows), "rows")
		var size int64
		filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if fi, err := d.Info(); err == nil {
					size += fi.Size()
				}
			}
			return nil
		})
		b.ReportMetric(float64(size)/1e6, "MB")
	}
}
