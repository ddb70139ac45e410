package fdd

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// boilerLockoutScenario is a year of a hot-water plant. Clean: the boiler is
// enabled below 58 °F and locked out above 62 °F (hysteresis), with HWS reset
// from 180 °F down to 120 °F as OAT rises. Faulty: the boiler runs all year
// at a fixed 180 °F.
func boilerLockoutScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	on := false
	status := e.col(func(i int) float64 {
		switch {
		case faulty:
			on = true
		case oat[i] < 58:
			on = true
		case oat[i] > 62:
			on = false
		}
		return plantOnOff(on)
	})
	hws := e.col(func(i int) float64 {
		if faulty {
			return 180 + e.noise(1)
		}
		return math.Max(120, math.Min(180, 180-1.2*(oat[i]-10))) + e.noise(1)
	})
	// The loop ΔT follows the heating load: about 3 °F firing in summer.
	hwr := e.col(func(i int) float64 { return hws[i] - 20*math.Max(0.15, math.Min(1, (68-oat[i])/40)) + e.noise(0.5) })
	return e.frame("HWP-1", model.ClassHotWaterPlant, map[model.Role][]float64{
		model.BoilerStatus: status, model.HWSupplyTemp: hws, model.HWReturnTemp: hwr, model.OAT: oat,
	})
}

// boilerCycleScenario is a winter of a boiler firing in cycles. Clean: a
// 6-hour cycle whose on-time follows the load (4 starts a day). Faulty: ten
// minutes on in every half hour (48 starts a day); on an hourly log, on
// every other hour (12 a day).
func boilerCycleScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	status := e.col(func(i int) float64 {
		m := e.minutes(i)
		if faulty {
			period := max(30, int(2*e.step/time.Minute))
			return plantOnOff(m%period < period/3)
		}
		load := math.Max(0.2, math.Min(0.9, (60-oat[i])/50))
		return plantOnOff(float64(m%360) < load*360)
	})
	return e.frame("HWP-1", model.ClassHotWaterPlant, map[model.Role][]float64{model.BoilerStatus: status, model.OAT: oat})
}

// hwDeltaTScenario is a winter of a hot-water loop: the boiler runs below
// 60 °F OAT; clean ΔT ≈ 24 °F, faulty ≈ 9 °F (excess flow).
func hwDeltaTScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	status := e.col(func(i int) float64 { return plantOnOff(oat[i] < 60) })
	hws := e.col(func(i int) float64 {
		if status[i] == 0 {
			return 110 + e.noise(2)
		}
		return 170 + e.noise(1.5)
	})
	hwr := e.col(func(i int) float64 {
		dt := 24 + e.noise(1.5)
		if faulty {
			dt = 9 + e.noise(2)
		}
		if status[i] == 0 {
			dt = e.noise(1)
		}
		return hws[i] - dt
	})
	return e.frame("HWP-1", model.ClassHotWaterPlant, map[model.Role][]float64{
		model.BoilerStatus: status, model.HWSupplyTemp: hws, model.HWReturnTemp: hwr, model.OAT: oat,
	})
}

func TestPlantBoilerAccuracy(t *testing.T) {
	runPlantAccuracy(t, []plantAccuracy{
		{rule: "boiler_summer_lockout", start: plantJan, days: 365, build: boilerLockoutScenario},
		{rule: "boiler_short_cycle", start: plantJan, days: 60, build: boilerCycleScenario},
		{rule: "hw_plant_deltat", start: plantJan, days: 60, build: hwDeltaTScenario},
	})
}

// TestBoilerShortCycleNativeGrid shows why the rule reads the native grid:
// the faulty 5-minute trace, put on an hourly max grid as CAMBER did, reads
// as on all day and shows no starts.
func TestBoilerShortCycleNativeGrid(t *testing.T) {
	r := plantRuleNamed(t, "boiler_short_cycle")
	if r.Grid != Native {
		t.Fatalf("grid %v, want Native", r.Grid)
	}
	e := newPlantEnv(1, plantJan, 5*time.Minute, 14)
	native := boilerCycleScenario(e, true)
	if out := plantRun(t, r, native, nil); out.Severity != Fault || out.Events == nil || *out.Events < 14*40 {
		t.Fatalf("native: %s %q", out.Severity, out.Summary)
	}
	hourly := plantMaxHourly(native)
	if out := plantRun(t, r, hourly, nil); plantFires(out) {
		t.Fatalf("hourly max grid unexpectedly shows the cycling: %q", out.Summary)
	}
}

// plantMaxHourly resamples a 5-minute frame to hourly max (status roles).
func plantMaxHourly(f *series.Frame) *series.Frame {
	k := int(time.Hour / time.Duration(f.Step))
	out := &series.Frame{Equip: f.Equip, Class: f.Class, Start: f.Start, Step: int64(time.Hour), N: f.N / k, Cols: map[model.Role][]float64{}}
	for r, c := range f.Cols {
		h := make([]float64, out.N)
		for i := range h {
			h[i] = math.Inf(-1)
			for _, v := range c[i*k : (i+1)*k] {
				h[i] = math.Max(h[i], v)
			}
		}
		out.Cols[r] = h
	}
	return out
}

func TestPlantBoilerEdges(t *testing.T) {
	e := newPlantEnv(2, plantJan, time.Hour, 365)
	faulty := boilerLockoutScenario(e, true)

	t.Run("lockout without OAT is info", func(t *testing.T) {
		f := plantWithout(faulty, model.OAT)
		out := plantRun(t, plantRuleNamed(t, "boiler_summer_lockout"), f, nil)
		if out.Severity != Info || out.Metrics["warm_share_pct"] != nil || len(out.Caveats) == 0 {
			t.Fatalf("%s %v %q", out.Severity, out.Metrics, out.Caveats)
		}
	})
	t.Run("lockout notes a flat HWS", func(t *testing.T) {
		out := plantRun(t, plantRuleNamed(t, "boiler_summer_lockout"), faulty, nil)
		if dt, _ := out.Metrics["warm_median_dt_f"].(float64); dt <= 0 || dt > 6 {
			t.Fatalf("warm-weather loop ΔT %v: %q", out.Metrics["warm_median_dt_f"], out.Summary)
		}
		if out.Metrics["hws_oat_slope"] == nil || !plantCaveat(out, "not reset") {
			t.Fatalf("%v %q", out.Metrics, out.Caveats)
		}
		clean := plantRun(t, plantRuleNamed(t, "boiler_summer_lockout"), boilerLockoutScenario(newPlantEnv(3, plantJan, time.Hour, 365), false), nil)
		if plantCaveat(clean, "not reset") {
			t.Fatalf("clean HWS reset reported flat: %q", clean.Caveats)
		}
	})
	t.Run("lockout param override", func(t *testing.T) {
		r := plantRuleNamed(t, "boiler_summer_lockout")
		clean := boilerLockoutScenario(newPlantEnv(4, plantJan, time.Hour, 365), false)
		// A lockout set at 50 °F makes the clean plant's 50–62 °F firing a fault.
		if out := plantRun(t, r, clean, Values{"summer_lockout_oat_f": 50.0}); !plantFires(out) {
			t.Fatalf("override 50 °F: %s %q", out.Severity, out.Summary)
		}
	})
	for _, name := range []string{"boiler_summer_lockout", "boiler_short_cycle", "hw_plant_deltat", "hw_pump_dp_reset"} {
		plantCommonEdges(t, plantRuleNamed(t, name), hwDeltaTScenario(newPlantEnv(5, plantJan, time.Hour, 60), true))
	}
	t.Run("short cycle param override", func(t *testing.T) {
		r := plantRuleNamed(t, "boiler_short_cycle")
		f := boilerCycleScenario(newPlantEnv(6, plantJan, 5*time.Minute, 30), true)
		if out := plantRun(t, r, f, Values{"max_starts_per_day": 50}); plantFires(out) {
			t.Fatalf("limit 50: %s %q", out.Severity, out.Summary)
		}
		if out := plantRun(t, r, f, Values{"max_starts_per_day": 30}); out.Severity != Warn {
			t.Fatalf("limit 30: %s %q", out.Severity, out.Summary)
		}
	})
	t.Run("short cycle never ran", func(t *testing.T) {
		f := boilerCycleScenario(newPlantEnv(7, plantJan, 5*time.Minute, 5), true)
		f.Cols[model.BoilerStatus] = make([]float64, f.N)
		out := plantRun(t, plantRuleNamed(t, "boiler_short_cycle"), f, nil)
		if out.Severity != Info || out.Metrics["starts_per_day"] != nil {
			t.Fatalf("%s %v", out.Severity, out.Metrics)
		}
	})
	t.Run("deltaT param override", func(t *testing.T) {
		r := plantRuleNamed(t, "hw_plant_deltat")
		f := hwDeltaTScenario(newPlantEnv(8, plantJan, time.Hour, 60), true)
		if out := plantRun(t, r, f, Values{"design_deltaT_min_f": 6.0}); plantFires(out) {
			t.Fatalf("design 6 °F: %s %q", out.Severity, out.Summary)
		}
	})
}

// plantWithout returns a copy of f without role r.
func plantWithout(f *series.Frame, roles ...model.Role) *series.Frame {
	g := *f
	g.Cols = map[model.Role][]float64{}
	for k, v := range f.Cols {
		g.Cols[k] = v
	}
	for _, r := range roles {
		delete(g.Cols, r)
	}
	return &g
}

// plantHead returns the first n samples of f.
func plantHead(f *series.Frame, n int) *series.Frame {
	g := *f
	g.N = n
	g.Cols = map[model.Role][]float64{}
	for k, v := range f.Cols {
		g.Cols[k] = v[:n]
	}
	return &g
}

// plantCaveat reports whether a caveat contains sub.
func plantCaveat(out Outcome, sub string) bool {
	for _, c := range out.Caveats {
		if strings.Contains(c, sub) {
			return true
		}
	}
	return false
}

// plantCommonEdges runs r on an all-NaN copy of f, on its first 10 hours and
// on an empty frame: never a warn or fault, never an error, invariants kept.
func plantCommonEdges(t *testing.T, r Rule, f *series.Frame) {
	t.Helper()
	t.Run(r.Name+"/all NaN", func(t *testing.T) {
		g := *f
		g.Cols = map[model.Role][]float64{}
		for k := range f.Cols {
			g.Cols[k] = plantNaNs(f.N)
		}
		for _, k := range r.Required {
			g.Cols[k] = plantNaNs(f.N)
		}
		if out := plantRun(t, r, &g, nil); out.Severity != Info {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run(r.Name+"/too few samples", func(t *testing.T) {
		n := int(10 * time.Hour / time.Duration(f.Step))
		if out := plantRun(t, r, plantHead(f, n), nil); out.Severity != Info {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run(r.Name+"/empty", func(t *testing.T) {
		if out := plantRun(t, r, plantHead(f, 0), nil); out.Severity != Info {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
}
