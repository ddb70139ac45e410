package drift

import (
	"math"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

const year15 = 365 * 96

// plantYear is 4 chillers (one fouling from day 200) and their tower, a
// year at 15 minutes.
func plantYear() []*series.Frame {
	var chs []*series.Frame
	for k, e := range []string{"CH-1", "CH-2", "CH-3", "CH-4"} {
		var inj *inject
		if k == 0 {
			inj = &inject{role: model.CondApproachTemp, at: 200, size: 3, ramp: 60}
		}
		chs = append(chs, chillerFrame(e, year15, q15, uint64(20+k), inj))
	}
	return append(chs, towerFrame("CT-1", chs, 30, false, nil))
}

func plantSpec(frames []*series.Frame) Spec {
	return Spec{Frames: frames, Baseline: ptrW(days(0, 90)), Current: days(90, 365)}
}

// BenchmarkRunPlantYear judges 4 chillers × 1 year at 15 minutes (and the
// tower) on every family. Budget: 1 s.
func BenchmarkRunPlantYear(b *testing.B) {
	spec := plantSpec(plantYear())
	for b.Loop() {
		res, err := Run(b.Context(), spec)
		if err != nil {
			b.Fatal(err)
		}
		if f := findingOf(res, "chiller:approach_drift@CH-1"); f == nil || f.Severity.Rank() < fdd.Warn.Rank() {
			b.Fatalf("CH-1 fouling not found: %v", f != nil && f.Summary != "")
		}
	}
}

// BenchmarkFramesAndRunPlantYear adds building the frames from stored
// series (what a capability does first).
func BenchmarkFramesAndRunPlantYear(b *testing.B) {
	var in []model.Series
	for _, f := range plantYear() {
		for _, r := range f.Roles() {
			s := model.Series{Equip: f.Equip, Class: f.Class, Role: r}
			for i, v := range f.Cols[r] {
				if !math.IsNaN(v) {
					s.TS = append(s.TS, f.Start+int64(i)*f.Step)
					s.V = append(s.V, v)
				}
			}
			in = append(in, s)
		}
	}
	w := days(0, 365)
	for b.Loop() {
		frames := Frames(in, series.Options{Step: 15 * 60 * 1e9, Start: w.Start, End: w.End})
		if _, err := Run(b.Context(), plantSpec(frames)); err != nil {
			b.Fatal(err)
		}
	}
}
