package drift

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

const n60 = 60 * 96 // 60 days at 15 minutes

func run(t *testing.T, spec Spec) *Result {
	t.Helper()
	res, err := Run(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if !f.ThresholdsProvisional || f.MagnitudeThresholdConfidence != "screening-grade" ||
			f.TemporalThresholdConfidence != "provisional-untuned" || f.ThresholdNote == "" {
			t.Errorf("%s lacks the threshold-confidence labels", f.ID)
		}
		if !strings.Contains(f.ID, "@"+f.Equip) || !strings.HasPrefix(f.ID, f.Family+"@") {
			t.Errorf("finding id %q does not carry family %q and equip %q", f.ID, f.Family, f.Equip)
		}
	}
	return res
}

func findingOf(res *Result, id string) *Finding {
	for i := range res.Findings {
		if res.Findings[i].ID == id {
			return &res.Findings[i]
		}
	}
	return nil
}

func notEvaluated(res *Result, family, equip string) string {
	for _, n := range res.NotEvaluated {
		if n.Family == family && n.Equip == equip {
			return n.Reason
		}
	}
	return ""
}

// daysOf converts a naive local stamp to days since t0.
func daysOf(t *testing.T, s string) float64 {
	t.Helper()
	for i := 0; i < 400*96; i++ {
		if stamp(t0+int64(i)*q15) == s {
			return float64(i) / 96
		}
	}
	t.Fatalf("stamp %q not on the grid", s)
	return 0
}

func TestRun_InjectedDriftFlaggedCleanNot(t *testing.T) {
	inj := &inject{role: model.CondApproachTemp, at: 40, size: 1.5}
	ch1 := chillerFrame("CH-1", n60, q15, 1, inj)
	ch2 := chillerFrame("CH-2", n60, q15, 2, nil)
	res := run(t, Spec{Frames: []*series.Frame{ch1, ch2}, Families: []string{ChillerApproach},
		Baseline: ptrW(days(0, 25)), Current: days(25, 60)})
	f := findingOf(res, "chiller:approach_drift@CH-1")
	if f == nil || f.Severity.Rank() < fdd.Warn.Rank() {
		t.Fatalf("injected drift not flagged: %+v", f)
	}
	c := f.Signals[0].CUSUM
	if !c.Alarm {
		t.Fatal("no CUSUM alarm on a 1.5 °F step (10σ)")
	}
	if on := daysOf(t, c.Onset); math.Abs(on-40) > 0.25 {
		t.Errorf("CUSUM onset day %.2f, want 40", on)
	}
	if at := daysOf(t, c.AlarmAt); at < 40 || at > 40.5 {
		t.Errorf("CUSUM alarm day %.2f, want within 12 h after day 40", at)
	}
	if f.Cause != "condenser tube fouling or scale" || f.Metrics["direction"] != Up {
		t.Errorf("cause %q direction %v", f.Cause, f.Metrics["direction"])
	}
	clean := findingOf(res, "chiller:approach_drift@CH-2")
	if clean == nil || clean.Severity != fdd.OK || clean.Signals[0].CUSUM.Alarm {
		t.Errorf("clean chiller flagged: %+v", clean)
	}
	// The same chiller judged only before the injection is clean.
	pre := run(t, Spec{Frames: []*series.Frame{ch1}, Families: []string{"approach"},
		Baseline: ptrW(days(0, 25)), Current: days(25, 39)})
	if f := findingOf(pre, "chiller:approach_drift@CH-1"); f == nil || f.Severity != fdd.OK {
		t.Errorf("pre-injection period flagged: %+v", f)
	}
}

func ptrW(w Window) *Window { return &w }

func TestRun_EachFamily(t *testing.T) {
	tests := []struct {
		family string
		equip  string
		role   model.Role
		size   float64
		want   fdd.Severity
		dir    string
	}{
		{ChillerApproach, "CH-1", model.EvapApproachTemp, 2.5, fdd.Fault, Up},
		{ChillerApproach, "CH-1", model.EvapApproachTemp, 1.5, fdd.Warn, Up},
		{ChillerSubcooling, "CH-1", model.SubcoolingTemp, -2.5, fdd.Fault, Down},
		{ChillerSubcooling, "CH-1", model.SubcoolingTemp, 1.2, fdd.Warn, Up},
		{ChillerSuperheat, "CH-1", model.SuperheatTemp, 5, fdd.Fault, Up},
		{ChillerCWRange, "CH-1", model.CWReturnTemp, -2.5, fdd.Fault, Down},
		{ChillerHeadPressure, "CH-1", model.DischargePressure, 6, fdd.Fault, Up},
		{TowerApproach, "CT-1", model.CWSupplyTemp, 4, fdd.Fault, Up},
		{AHUCoilValve, "AHU-1", model.CoolValve, 25, fdd.Fault, Up},
	}
	for _, tc := range tests {
		t.Run(tc.family+"/"+string(tc.role), func(t *testing.T) {
			inj := &inject{role: tc.role, at: 30, size: tc.size}
			var frames []*series.Frame
			switch tc.equip {
			case "CH-1":
				frames = append(frames, chillerFrame("CH-1", n60, q15, 3, inj))
			case "CT-1":
				ch := chillerFrame("CH-1", n60, q15, 3, nil)
				frames = append(frames, ch, towerFrame("CT-1", []*series.Frame{ch}, 4, false, inj))
			case "AHU-1":
				frames = append(frames, ahuFrame("AHU-1", n60, q15, 5, inj))
			}
			res := run(t, Spec{Frames: frames, Families: []string{tc.family}, Equips: []string{tc.equip},
				Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
			f := findingOf(res, tc.family+"@"+tc.equip)
			if f == nil {
				t.Fatalf("no finding; not evaluated: %+v", res.NotEvaluated)
			}
			if f.Severity != tc.want || f.Metrics["direction"] != tc.dir {
				t.Errorf("severity %s direction %v, want %s %s: %s", f.Severity, f.Metrics["direction"], tc.want, tc.dir, f.Summary)
			}
			if f.Cause == "" {
				t.Error("a drifting finding names no cause")
			}
			if tc.family == ChillerHeadPressure {
				cw, lift := f.Metrics["cw_supply_shift_f"], f.Metrics["lift_shift_psi"]
				if cw == nil || lift == nil || math.Abs(lift.(float64)-tc.size) > 0.5 {
					t.Errorf("head pressure confound %v and lift shift %v (want about %v)", cw, lift, tc.size)
				}
			}
			// Before the injection the same family is clean.
			pre := run(t, Spec{Frames: frames, Families: []string{tc.family}, Equips: []string{tc.equip},
				Baseline: ptrW(days(0, 25)), Current: days(25, 30)})
			if g := findingOf(pre, tc.family+"@"+tc.equip); g == nil || g.Severity != fdd.OK {
				t.Errorf("clean period: %+v", g)
			}
		})
	}
}

func TestRun_TowerStullAndCondenserVerdict(t *testing.T) {
	ch1 := chillerFrame("CH-1", n60, q15, 6, &inject{role: model.CondApproachTemp, at: 30, size: 2.5, ramp: 5})
	ch2 := chillerFrame("CH-2", n60, q15, 7, nil)
	ct := towerFrame("CT-1", []*series.Frame{ch1, ch2}, 8, true, &inject{at: 30, size: 4})
	res := run(t, Spec{Frames: []*series.Frame{ch1, ch2, ct}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	tw := findingOf(res, "tower:approach_drift@CT-1")
	if tw == nil || tw.Severity != fdd.Fault {
		t.Fatalf("tower finding %+v", tw)
	}
	if !strings.Contains(strings.Join(tw.Caveats, " "), "Stull") || !strings.Contains(strings.Join(tw.Caveats, " "), "summed tons of 2 chiller") {
		t.Errorf("tower caveats %v", tw.Caveats)
	}
	var v1, v2 *Verdict
	for i := range res.Verdicts {
		switch res.Verdicts[i].Equip {
		case "CH-1":
			v1 = &res.Verdicts[i]
		case "CH-2":
			v2 = &res.Verdicts[i]
		}
	}
	if v1 == nil || v1.Condenser == nil || !v1.Condenser.Corroborated || v1.Condenser.Severity != fdd.Fault || len(v1.Condenser.Causes) != 2 {
		t.Fatalf("CH-1 condenser verdict %+v", v1)
	}
	// CH-2 shares the drifting tower: one condenser-side signal drifts.
	if v2 == nil || v2.Condenser == nil || v2.Condenser.Corroborated || len(v2.Condenser.Causes) != 1 || v2.Condenser.Causes[0].Signal != "tower_approach" {
		t.Errorf("CH-2 condenser verdict %+v", v2.Condenser)
	}
	if v2.Severity != fdd.OK || len(v2.Causes) != 0 {
		t.Errorf("CH-2's own findings %+v", v2)
	}
	// With only the approach family run, the tower leg is not judged.
	res = run(t, Spec{Frames: []*series.Frame{ch1, ch2, ct}, Families: []string{ChillerApproach}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	for _, v := range res.Verdicts {
		if v.Equip == "CH-1" && (v.Condenser == nil || len(v.Condenser.Evaluated) != 1 || v.Condenser.Corroborated) {
			t.Errorf("approach-only condenser verdict %+v", v.Condenser)
		}
	}
}

func TestRun_SensorPair(t *testing.T) {
	ahu := ahuFrame("AHU-2", n60, q15, 9, nil)
	log := loggerFrame(ahu, 10)
	sat := ahu.Cols[model.SupplyAirTemp]
	bias := &inject{at: 30, size: 3, ramp: 10}
	for i := range sat {
		sat[i] += bias.at_(i, q15)
	}
	res := run(t, Spec{Frames: []*series.Frame{ahu, log}, Families: []string{"sensor_drift"}, Equips: []string{"AHU-2"},
		Pairs:    []Pair{{Point: PointRef{"AHU-2", model.SupplyAirTemp}, Reference: PointRef{"LOG-1", model.SupplyAirTemp}}},
		Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	f := findingOf(res, "sensor:bias_drift@AHU-2")
	if f == nil || f.Severity != fdd.Fault || f.Metrics["direction"] != Up {
		t.Fatalf("sensor finding %+v", f)
	}
	if f.Signals[0].Baseline.Slope != 0 {
		t.Errorf("a narrow reference span must fit a constant bias, slope %v", f.Signals[0].Baseline.Slope)
	}
	if f.Cause != "sensor calibration drift: the point reads high" {
		t.Errorf("cause %q", f.Cause)
	}
	// A pair naming a non-temperature role is declined with the reason.
	res = run(t, Spec{Frames: []*series.Frame{ahu, log}, Families: []string{SensorBias}, Equips: []string{"AHU-2"},
		Pairs:    []Pair{{Point: PointRef{"AHU-2", model.CoolValve}, Reference: PointRef{"LOG-1", model.SupplyAirTemp}}},
		Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	if why := notEvaluated(res, SensorBias, "AHU-2"); !strings.Contains(why, `AHU-2 cool_valve vs LOG-1 supply_air_temp: cool_valve is in "%", but sensor drift thresholds are in °F`) {
		t.Errorf("non-temperature pair: %q", why)
	}
}

func TestRun_FrozenBaseline(t *testing.T) {
	ch := chillerFrame("CH-1", n60, q15, 11, &inject{role: model.CondApproachTemp, at: 30, size: 2})
	window := run(t, Spec{Frames: []*series.Frame{ch}, Families: []string{ChillerApproach}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	wf := findingOf(window, "chiller:approach_drift@CH-1")
	b := wf.Signals[0].Baseline
	// The same fit frozen under the family's alias, with no baseline window.
	frozen := run(t, Spec{Frames: []*series.Frame{ch}, Families: []string{ChillerApproach}, Current: days(30, 60),
		Frozen: map[string]map[string]Baseline{"CH-1": {"approach": b}}})
	ff := findingOf(frozen, "chiller:approach_drift@CH-1")
	if ff == nil {
		t.Fatalf("frozen path: %+v", frozen.NotEvaluated)
	}
	if ff.Signals[0].BaselineSource != "frozen" || ff.Metrics["drift"] != wf.Metrics["drift"] || ff.Severity != wf.Severity {
		t.Errorf("frozen %v %v %v, window %v %v", ff.Signals[0].BaselineSource, ff.Metrics["drift"], ff.Severity, wf.Metrics["drift"], wf.Severity)
	}
	// The evaporator leg has no frozen baseline and no window: noted, not
	// judged.
	if len(ff.Signals) != 1 || !strings.Contains(strings.Join(ff.Caveats, " "), "approach_evap not evaluated: no baseline window and no frozen baseline") {
		t.Errorf("frozen signals %d caveats %v", len(ff.Signals), ff.Caveats)
	}
	// A frozen baseline 1 °F higher moves the drift by −1 °F; the spec's map
	// is only read.
	hi := b
	hi.Intercept++
	fz := map[string]map[string]Baseline{"CH-1": {"approach_cond": hi}}
	moved := run(t, Spec{Frames: []*series.Frame{ch}, Families: []string{ChillerApproach}, Current: days(30, 60), Frozen: fz})
	d0, d1 := wf.Metrics["drift"].(float64), findingOf(moved, "chiller:approach_drift@CH-1").Metrics["drift"].(float64)
	if math.Abs(d1-(d0-1)) > 1e-9 || fz["CH-1"]["approach_cond"] != hi {
		t.Errorf("drift %v with a +1 frozen intercept, want %v", d1, d0-1)
	}
}

func TestRun_Guards(t *testing.T) {
	idle := chillerFrame("CH-1", n60, q15, 12, nil)
	for i := range idle.N {
		if i < 25*96 { // baseline mostly idle: tons under 5
			idle.Cols[model.CHWReturnTemp][i] = idle.Cols[model.CHWSupplyTemp][i] + 0.05
		}
	}
	flat := chillerFrame("CH-2", n60, q15, 13, nil)
	for i := range flat.N { // constant 200 tons: no load span
		flat.Cols[model.CHWReturnTemp][i] = flat.Cols[model.CHWSupplyTemp][i] + 200*24/900.0
	}
	bare := chillerFrame("CH-3", n60, q15, 14, nil)
	delete(bare.Cols, model.SubcoolingTemp)
	delete(bare.Cols, model.DischargePressure)
	res := run(t, Spec{Frames: []*series.Frame{idle, flat, bare}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	cases := []struct{ family, equip, want string }{
		{ChillerApproach, "CH-1", "guarded baseline samples (need 30)"},
		{ChillerApproach, "CH-2", "load spans"},
		{ChillerSubcooling, "CH-3", "missing roles: subcooling_temp (a chiller missing from the charge report must not read as healthy)"},
		{ChillerHeadPressure, "CH-3", "missing roles: discharge_pressure"},
		{TowerApproach, "", "no CoolingTower equipment selected"},
		{AHUCoilValve, "", "no AHU or DOAS equipment selected"},
	}
	for _, c := range cases {
		if why := notEvaluated(res, c.family, c.equip); !strings.Contains(why, c.want) {
			t.Errorf("%s@%s not evaluated %q, want %q", c.family, c.equip, why, c.want)
		}
	}
	// Verdicts list the declines.
	for _, v := range res.Verdicts {
		if v.Equip == "CH-3" && len(v.NotEvaluated) != 2 {
			t.Errorf("CH-3 verdict %+v", v)
		}
	}
	// No baseline window and no frozen baseline.
	res = run(t, Spec{Frames: []*series.Frame{bare}, Families: []string{ChillerApproach}, Current: days(30, 60)})
	if why := notEvaluated(res, ChillerApproach, "CH-3"); !strings.Contains(why, "no baseline window and no frozen baseline for CH-3 approach_cond") {
		t.Errorf("no baseline: %q", why)
	}
}

func TestRun_ZeroSigma(t *testing.T) {
	ch := chillerFrame("CH-1", n60, q15, 15, nil)
	tons := tons(ch)
	ca := ch.Cols[model.CondApproachTemp]
	for i := range ca { // noise-free: σ = 0
		ca[i] = 2 + 0.006*tons[i]
		if i >= 30*96 {
			ca[i] += 1.5
		}
	}
	res := run(t, Spec{Frames: []*series.Frame{ch}, Families: []string{ChillerApproach}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)})
	f := findingOf(res, "chiller:approach_drift@CH-1")
	if f.Severity != fdd.Warn || f.Metrics["drift_sigma"] != nil || !strings.Contains(strings.Join(f.Caveats, " "), "judged on the magnitude floor alone") {
		t.Errorf("σ = 0: %s %v %v", f.Severity, f.Metrics["drift_sigma"], f.Caveats)
	}
	if f.Signals[0].CUSUM.Ran {
		t.Error("CUSUM ran with σ = 0")
	}
}

func TestRun_Errors(t *testing.T) {
	ch := chillerFrame("CH-1", n60, q15, 16, nil)
	cases := []struct {
		name string
		spec Spec
		is   error
		text string
	}{
		{"UnknownFamily", Spec{Frames: []*series.Frame{ch}, Families: []string{"boiler:drift"}, Current: days(0, 10)}, ErrInvalid, `unknown drift family "boiler:drift"`},
		{"UnknownEquip", Spec{Frames: []*series.Frame{ch}, Equips: []string{"CH-9"}, Current: days(0, 10)}, ErrInvalid, "unknown equipment CH-9"},
		{"EmptyWindow", Spec{Frames: []*series.Frame{ch}, Current: days(10, 10)}, ErrInvalid, "is not before its end"},
		{"CurrentWithoutData", Spec{Frames: []*series.Frame{ch}, Current: days(100, 120)}, ErrNoData, "no sample of the selected equipment in the current window 2025-04-16T00:00:00 – 2025-05-06T00:00:00"},
		{"BaselineWithoutData", Spec{Frames: []*series.Frame{ch}, Baseline: ptrW(days(-30, -1)), Current: days(0, 10)}, ErrNoData, "baseline window"},
		{"DuplicateFrames", Spec{Frames: []*series.Frame{ch, ch}, Current: days(0, 10)}, ErrInvalid, `two frames for equipment "CH-1"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Run(t.Context(), c.spec)
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.text) {
				t.Errorf("err = %v, want %v saying %q", err, c.is, c.text)
			}
		})
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Run(ctx, Spec{Frames: []*series.Frame{ch}, Baseline: ptrW(days(0, 25)), Current: days(30, 60)}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}

func TestFamilies(t *testing.T) {
	want := map[string]struct {
		sides       string
		warn, fault Threshold
	}{
		ChillerApproach:     {Up, Threshold{1, 2}, Threshold{2, 3}},
		ChillerSubcooling:   {Both, Threshold{1, 3}, Threshold{2, 6}},
		ChillerSuperheat:    {Both, Threshold{2, 3}, Threshold{4, 6}},
		ChillerCWRange:      {Both, Threshold{1, 2.5}, Threshold{2, 5}},
		TowerApproach:       {Up, Threshold{1.5, 2.5}, Threshold{3, 4}},
		ChillerHeadPressure: {Up, Threshold{2, 2.5}, Threshold{4, 4}},
		AHUCoilValve:        {Up, Threshold{10, 2}, Threshold{20, 3}},
		SensorBias:          {Both, Threshold{1, 3}, Threshold{2, 5}},
	}
	fams := Families()
	if len(fams) != len(want) {
		t.Fatalf("%d families", len(fams))
	}
	for _, f := range fams {
		w, ok := want[f.Name]
		if !ok || f.Sides != w.sides || f.Warn != w.warn || f.Fault != w.fault || f.RunWith != "drift" || len(f.Signals) == 0 {
			t.Errorf("family %+v", f)
		}
		for _, a := range append([]string{f.Name}, f.Aliases...) {
			if g, ok := Lookup(strings.ToUpper(a)); !ok || g.Name != f.Name {
				t.Errorf("Lookup(%q) = %q", a, g.Name)
			}
		}
	}
	// The demo config's CAMBER rule names resolve.
	for _, n := range []string{"chiller_approach_drift", "chiller_subcooling_drift", "chiller_superheat_drift",
		"chiller_cw_range_drift", "cooling_tower_approach_drift", "chiller_head_pressure_drift"} {
		if _, ok := Lookup(n); !ok {
			t.Errorf("Lookup(%q) failed", n)
		}
	}
	fams[0].Aliases[0] = "changed"
	if Families()[0].Aliases[0] == "changed" {
		t.Error("Families shares its table")
	}
}

func TestMonitor(t *testing.T) {
	ts := make([]int64, 200)
	r := make([]float64, 200)
	for i := range r {
		ts[i] = t0 + int64(i)*hour
		if i >= 100 {
			r[i] = -2 // a 2σ downward shift
		}
	}
	c := Monitor(ts, r, 1, Both, DefaultCUSUM())
	// The lower accumulator grows 1.5 per sample from 100: it passes 8 at
	// sample 105 and the sixth sample over the limit is 110.
	if !c.Alarm || c.Direction != Down || c.AlarmAt != stamp(ts[110]) || c.Onset != stamp(ts[100]) {
		t.Errorf("monitor %+v", c)
	}
	if up := Monitor(ts, r, 1, Up, DefaultCUSUM()); up.Alarm {
		t.Error("a one-sided monitor alarmed on a fall")
	}
	// Clipping: one huge residual cannot alarm alone.
	spike := make([]float64, 50)
	spike[10] = 1000
	if c := Monitor(ts[:50], spike, 1, Up, DefaultCUSUM()); c.Alarm || c.Peak > 4 {
		t.Errorf("spike %+v", c)
	}
}

func TestStullWetBulb(t *testing.T) {
	// Stull (2011): 20 °C at 50 % RH gives a wet bulb of 13.7 °C.
	if wb := StullWetBulb(68, 50); math.Abs((wb-32)/1.8-13.7) > 0.1 {
		t.Errorf("wet bulb %.2f °F", wb)
	}
	if !math.IsNaN(StullWetBulb(70, 120)) {
		t.Error("RH above 100 % must give NaN")
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		x    []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}, {[]float64{5}, 5}, {[]float64{2, 2, 2, 1}, 2}} {
		if got := median(tc.x); got != tc.want {
			t.Errorf("median %v = %v, want %v", tc.x, got, tc.want)
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("empty median is not NaN")
	}
}
