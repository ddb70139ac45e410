package fdd

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// towerOpts shapes a cooling-tower scenario.
type towerOpts struct {
	// designApproach is the approach (°F) the tower makes at full fan and
	// full load; it shrinks at part load.
	designApproach float64
	// setpoint returns the CWS setpoint for a wet-bulb.
	setpoint func(wb float64) float64
}

// towerScenario is a cooling tower serving chillers that run above 55 °F
// OAT, with a measured wet-bulb. The fans modulate to hold the CWS setpoint;
// when the tower cannot make it they run at 100 % and CWS is wet-bulb plus
// the tower's full-fan approach. Range (CWR − CWS) is 10 °F at full load.
func towerScenario(e *plantEnv, o towerOpts) *series.Frame {
	oat, rh := e.oat(), e.rh()
	wb := e.wetbulb(oat, rh)
	load := e.col(func(i int) float64 {
		if oat[i] < 55 {
			return 0
		}
		return math.Max(0.3, math.Min(1, (oat[i]-45)/45))
	})
	fan := make([]float64, e.n)
	cws := e.col(func(i int) float64 {
		sp := o.setpoint(wb[i])
		if load[i] == 0 {
			fan[i] = 0
			return math.Max(sp, oat[i]-5) + e.noise(0.3)
		}
		full := wb[i] + o.designApproach*(0.5+0.5*load[i])
		if full >= sp {
			fan[i] = 100
			return full + e.noise(0.4)
		}
		// Throttled: the fan speed needed falls as the margin grows.
		fan[i] = math.Max(15, 85-6*(sp-full))
		return sp + e.noise(0.3)
	})
	cwr := e.col(func(i int) float64 { return cws[i] + 10*load[i] + e.noise(0.2) })
	return e.frame("CT-1", model.ClassCoolingTower, map[model.Role][]float64{
		model.CWSupplyTemp: cws, model.CWReturnTemp: cwr, model.TowerFanSpeed: fan,
		model.WetbulbTemp: wb, model.OAT: oat, model.OutdoorRH: rh,
	})
}

// towerApproachCase: a clean tower makes a 6.5 °F approach at full load
// against an aggressive setpoint (wet-bulb + 5 °F, floor 65 °F), so its fans
// reach full speed above about half load; a fouled tower makes 13 °F.
func towerApproachCase(e *plantEnv, faulty bool) *series.Frame {
	o := towerOpts{designApproach: 6.5, setpoint: func(wb float64) float64 { return math.Max(65, wb+5) }}
	if faulty {
		o.designApproach = 13
	}
	return towerScenario(e, o)
}

// cwResetCase: clean follows wet-bulb (floor 62 °F); faulty holds 80 °F.
func cwResetCase(e *plantEnv, faulty bool) *series.Frame {
	o := towerOpts{designApproach: 6.5, setpoint: func(wb float64) float64 { return math.Max(62, wb+7) }}
	if faulty {
		o.setpoint = func(float64) float64 { return 80 }
	}
	return towerScenario(e, o)
}

func TestPlantTowerAccuracy(t *testing.T) {
	runPlantAccuracy(t, []plantAccuracy{
		{rule: "cooling_tower_approach", start: plantJan, days: 365, build: towerApproachCase},
		{rule: "condenser_water_reset", start: plantApr, days: 180, build: cwResetCase},
	})
}

func TestPlantTowerEdges(t *testing.T) {
	approach := plantRuleNamed(t, "cooling_tower_approach")
	reset := plantRuleNamed(t, "condenser_water_reset")
	for _, r := range []Rule{approach, reset} {
		if len(r.Gates) != 2 || r.Gates[0][0] != model.WetbulbTemp || r.Gates[0][1] != model.OAT || r.Gates[1][1] != model.OutdoorRH {
			t.Errorf("%s gates %v", r.Name, r.Gates)
		}
	}
	t.Run("a CW floor setpoint with throttled fans is not a fouled tower", func(t *testing.T) {
		// A 75 °F fixed setpoint keeps the approach far above design in
		// mild weather; judging every hour (CAMBER) would call that a fault.
		f := towerScenario(newPlantEnv(31, plantJan, time.Hour, 365), towerOpts{designApproach: 6.5, setpoint: func(float64) float64 { return 75 }})
		if out := plantRun(t, approach, f, nil); plantFires(out) {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("Stull wet-bulb from OAT and RH", func(t *testing.T) {
		f := plantWithout(towerApproachCase(newPlantEnv(32, plantJan, time.Hour, 365), true), model.WetbulbTemp)
		out := plantRun(t, approach, f, nil)
		if !plantFires(out) || out.Metrics["wetbulb_source"] != "Stull from OAT and RH" {
			t.Fatalf("%s %q %v", out.Severity, out.Summary, out.Metrics)
		}
		c := plantWithout(cwResetCase(newPlantEnv(33, plantApr, time.Hour, 180), false), model.WetbulbTemp)
		if out := plantRun(t, reset, c, nil); out.Severity != OK {
			t.Fatalf("reset with Stull: %s %q", out.Severity, out.Summary)
		}
	})
	t.Run("no wet-bulb source declines", func(t *testing.T) {
		f := plantWithout(towerApproachCase(newPlantEnv(34, plantJan, time.Hour, 120), true), model.WetbulbTemp, model.OutdoorRH)
		for _, r := range []Rule{approach, reset} {
			out := plantRun(t, r, f, nil)
			if out.Severity != Info || out.Metrics["wetbulb_source"] != nil {
				t.Fatalf("%s: %s %q", r.Name, out.Severity, out.Summary)
			}
		}
	})
	t.Run("no fan speed caps at warn", func(t *testing.T) {
		f := plantWithout(towerApproachCase(newPlantEnv(35, plantJun, time.Hour, 90), true), model.TowerFanSpeed)
		out := plantRun(t, approach, f, nil)
		if out.Severity != Warn || !plantCaveat(out, "capped at warn") {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("fan speed as a 0-1 fraction", func(t *testing.T) {
		f := towerApproachCase(newPlantEnv(36, plantJun, time.Hour, 90), true)
		frac := make([]float64, f.N)
		for i, v := range f.Col(model.TowerFanSpeed) {
			frac[i] = v / 100
		}
		f.Cols[model.TowerFanSpeed] = frac
		out := plantRun(t, approach, f, nil)
		if !plantFires(out) || !plantCaveat(out, "fraction") {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("a tower that meets a design setpoint at part fan is not judged", func(t *testing.T) {
		f := towerScenario(newPlantEnv(42, plantJun, time.Hour, 90), towerOpts{designApproach: 6.5, setpoint: func(wb float64) float64 { return math.Max(65, wb+7) }})
		if out := plantRun(t, approach, f, nil); out.Severity != Info || !plantCaveat(out, "capacity") {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("fans never at full speed", func(t *testing.T) {
		f := towerApproachCase(newPlantEnv(37, plantJun, time.Hour, 60), true)
		fan := f.Col(model.TowerFanSpeed)
		for i := range fan {
			fan[i] = math.Min(fan[i], 70)
		}
		out := plantRun(t, approach, f, nil)
		if out.Severity != Info || out.Metrics["median_approach_f"] != nil {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("narrow wet-bulb range cannot show a reset", func(t *testing.T) {
		f := cwResetCase(newPlantEnv(38, plantJun, time.Hour, 60), true)
		wb := f.Col(model.WetbulbTemp)
		for i := range wb {
			wb[i] = 68 + 0.5*math.Sin(float64(i))
		}
		if out := plantRun(t, reset, f, nil); out.Severity != Info || out.Metrics["cws_wetbulb_slope"] != nil {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("param overrides", func(t *testing.T) {
		f := towerApproachCase(newPlantEnv(39, plantJun, time.Hour, 90), true)
		if out := plantRun(t, approach, f, Values{"design_approach_f": 12.0}); plantFires(out) {
			t.Fatalf("design 12 °F: %s %q", out.Severity, out.Summary)
		}
		if out := plantRun(t, approach, f, Values{"full_fan_pct": 100.0}); !plantFires(out) {
			t.Fatalf("full fan 100%%: %s %q", out.Severity, out.Summary)
		}
		c := cwResetCase(newPlantEnv(40, plantApr, time.Hour, 180), false)
		if out := plantRun(t, reset, c, Values{"reset_slope_flat": 0.95}); out.Severity != Warn {
			t.Fatalf("flat 0.95: %s %q", out.Severity, out.Summary)
		}
	})
	f := towerApproachCase(newPlantEnv(41, plantJun, time.Hour, 30), true)
	plantCommonEdges(t, approach, f)
	plantCommonEdges(t, reset, f)
}
