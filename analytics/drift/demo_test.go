package drift

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/store/demo"
)

// demoFrames are north-campus's frames on the hourly run grid over its
// 120 days, weather shared, and the campus start.
func demoFrames(t testing.TB) ([]*series.Frame, int64) {
	c, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	f := c.Facilities[0]
	st := f.Start.UnixNano()
	return Frames(f.Series, series.Options{Start: st, End: f.End.UnixNano()}), st
}

func TestRun_DemoCampus(t *testing.T) {
	frames, st := demoFrames(t)
	d := int64(24 * time.Hour)
	win := func(a, b int64) Window { return Window{st + a*d, st + b*d} }
	dayOf := func(s string) float64 {
		tm, err := time.Parse(series.TimeLayout, s)
		if err != nil {
			t.Fatal(err)
		}
		return float64(tm.UnixNano()-st) / float64(d)
	}
	// Baseline: the clean first 35 days; current: everything after.
	res := run(t, Spec{Frames: frames, Baseline: ptrW(win(0, 35)), Current: win(35, 120)})
	tw := findingOf(res, "tower:approach_drift@CT-1")
	if tw == nil || tw.Severity != fdd.Fault {
		t.Fatalf("CT-1: %+v", tw)
	}
	if on := dayOf(tw.Signals[0].CUSUM.Onset); math.Abs(on-40) > 1 {
		t.Errorf("CT-1 drift onset day %.1f, injected at day 40", on)
	}
	ch1 := findingOf(res, "chiller:approach_drift@CH-1")
	if ch1 == nil || ch1.Severity.Rank() < fdd.Warn.Rank() || ch1.Cause != "condenser tube fouling or scale" {
		t.Fatalf("CH-1: %+v", ch1)
	}
	if on := dayOf(ch1.Signals[0].CUSUM.Onset); math.Abs(on-60) > 2 {
		t.Errorf("CH-1 drift onset day %.1f, injected at day 60", on)
	}
	if ch2 := findingOf(res, "chiller:approach_drift@CH-2"); ch2 == nil || ch2.Severity != fdd.OK {
		t.Errorf("CH-2 (clean): %+v", ch2)
	}
	for _, v := range res.Verdicts {
		if v.Equip == "CH-1" && (v.Condenser == nil || !v.Condenser.Corroborated) {
			t.Errorf("CH-1 condenser verdict %+v", v.Condenser)
		}
	}
	// The run config's current window, days 90-120: the fouling has grown
	// to a fault.
	late := run(t, Spec{Frames: frames, Families: []string{"chiller_approach_drift", "cooling_tower_approach_drift"},
		Baseline: ptrW(win(0, 35)), Current: win(90, 120)})
	if f := findingOf(late, "chiller:approach_drift@CH-1"); f == nil || f.Severity != fdd.Fault {
		t.Errorf("CH-1 late: %+v", f)
	}
	golden.Check(t, "demo.txt", []byte(digest(res)))
}

// digest prints a result's findings, verdicts and declines, one line each.
func digest(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "demo generator v%d\n", demo.GeneratorVersion)
	fmt.Fprintf(&b, "counts fault %d warn %d ok %d\n", r.Counts.Fault, r.Counts.Warn, r.Counts.OK)
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s %s\n  %s\n", f.Severity, f.ID, f.Summary)
	}
	for _, v := range r.Verdicts {
		fmt.Fprintf(&b, "verdict %s\n", v.Summary)
		if v.Condenser != nil {
			fmt.Fprintf(&b, "  condenser %s corroborated %v: %s\n", v.Condenser.Severity, v.Condenser.Corroborated, v.Condenser.Summary)
		}
	}
	for _, n := range r.NotEvaluated {
		fmt.Fprintf(&b, "not evaluated %s@%s: %s\n", n.Family, n.Equip, n.Reason)
	}
	return b.String()
}
