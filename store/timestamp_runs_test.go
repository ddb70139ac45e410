package store

import (
	"slices"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/google/go-cmp/cmp"
)

// runsByPoint gathers ScanTimestampRuns' runs per point, sorted and
// de-duplicated, and counts the passes and the runs.
func runsByPoint(t *testing.T, st *Store, q Query) (map[string][]int64, int, int) {
	t.Helper()
	got := map[string][]int64{}
	passes, runs := 0, 0
	err := st.ScanTimestampRuns(t.Context(), "hq", q, func() { passes++; clear(got) }, func(p Point, ts []int64) error {
		if len(ts) == 0 {
			t.Errorf("%s/%s: an empty run", p.Equip, p.Role)
		}
		runs++
		k := p.Equip + "/" + p.Class + "/" + string(p.Role)
		got[k] = append(got[k], ts...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, ts := range got {
		slices.Sort(ts)
		got[k] = slices.Compact(ts)
	}
	return got, passes, runs
}

// allByPoint is ScanTimestamps' answer keyed as runsByPoint's.
func allByPoint(t *testing.T, st *Store, q Query) map[string][]int64 {
	t.Helper()
	want := map[string][]int64{}
	err := st.ScanTimestamps(t.Context(), "hq", q, func(p Point, ts []int64) error {
		want[p.Equip+"/"+p.Class+"/"+string(p.Role)] = slices.Clone(ts)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

func TestScanTimestampRuns_MatchesScanTimestamps(t *testing.T) {
	st := campus(t)
	newYear := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	tests := []struct {
		name string
		q    Query
	}{
		{"all", Query{}},
		{"equip", Query{Equips: []string{"AHU-2"}}},
		{"role", Query{Roles: []model.Role{model.HeatValve}}},
		{"equip_role", Query{Equips: []string{"AHU-1", "MTR-1"}, Roles: []model.Role{model.Power, model.HeatValve}}},
		{"window", Query{Start: newYear - int64(3*time.Hour), End: newYear + int64(2*time.Hour)}},
		{"one_instant", Query{Roles: []model.Role{model.Power}, Start: newYear, End: newYear}},
		{"nothing", Query{Equips: []string{"VAV-9"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, passes, _ := runsByPoint(t, st, tt.q)
			if passes != 1 {
				t.Errorf("restart called %d times, want once", passes)
			}
			if d := cmp.Diff(allByPoint(t, st, tt.q), got); d != "" {
				t.Errorf("runs differ from ScanTimestamps (-want +got):\n%s", d)
			}
		})
	}
}

// TestScanTimestampRuns_OverlappingFiles writes one point in three files
// that overlap in time: the runs hold every stored timestamp, repeats
// included, and sorted and de-duplicated they are ScanTimestamps' answer.
func TestScanTimestampRuns_OverlappingFiles(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, start := range []time.Time{t0, t0.Add(-2 * time.Hour), t0.Add(5 * time.Hour)} {
		s := regular("AHU-1", "AHU", model.OAT, start, time.Hour, 6, 50)
		if _, err := st.Write(t.Context(), "hq", []model.Series{s}, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	got, _, runs := runsByPoint(t, st, Query{})
	want := allByPoint(t, st, Query{})
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("runs differ from ScanTimestamps (-want +got):\n%s", d)
	}
	if n := len(want["AHU-1/AHU/oat"]); n != 13 || runs < 3 {
		t.Errorf("%d distinct timestamps in %d runs, want 13 in at least 3", n, runs)
	}
}
