package fdd

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// hwPumpScenario is a winter of a variable-speed HW pump following the
// heating load. Clean: 30–80 % speed with the load. Faulty: riding near full
// speed (DP setpoint too high, never reset). The pump stops above 65 °F.
func hwPumpScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	speed := e.col(func(i int) float64 {
		load := (65 - oat[i]) / 45
		if load <= 0 {
			return 0
		}
		if faulty {
			return math.Min(100, 96+e.noise(2))
		}
		return 30 + 50*math.Min(1, load) + e.noise(2)
	})
	status := e.col(func(i int) float64 { return plantOnOff(speed[i] > 0) })
	return e.frame("HWP-1", model.ClassHotWaterPlant, map[model.Role][]float64{
		model.HWPumpSpeed: speed, model.BoilerStatus: status, model.HWSupplyTemp: e.col(func(int) float64 { return 160 + e.noise(1) }), model.OAT: oat,
	})
}

// chwPumpScenario is a cooling season of a CHW pump. Clean: speed follows
// the load and the DP setpoint is reset with it. Faulty: riding near full
// speed with a fixed DP setpoint.
func chwPumpScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	load := e.col(func(i int) float64 { return math.Max(0, math.Min(1, (oat[i]-55)/35)) })
	speed := e.col(func(i int) float64 {
		if faulty {
			return math.Min(100, 96+e.noise(2))
		}
		return 30 + 55*load[i] + e.noise(2)
	})
	sp := e.col(func(i int) float64 {
		if faulty {
			return 15
		}
		return 5 + 10*load[i]
	})
	return e.frame("CHWP-1", model.ClassChilledWaterPlant, map[model.Role][]float64{
		model.CHWPumpSpeed: speed, model.CHWDiffPressSP: sp, model.CHWSupplyTemp: e.col(func(int) float64 { return 44 + e.noise(0.3) }), model.OAT: oat,
	})
}

func TestPlantPumpAccuracy(t *testing.T) {
	runPlantAccuracy(t, []plantAccuracy{
		{rule: "hw_pump_dp_reset", start: plantJan, days: 90, build: hwPumpScenario},
		{rule: "chw_pump_dp_reset", start: plantJun, days: 90, build: chwPumpScenario},
	})
}

func TestPlantPumpEdges(t *testing.T) {
	hw := plantRuleNamed(t, "hw_pump_dp_reset")
	chw := plantRuleNamed(t, "chw_pump_dp_reset")
	t.Run("HW speed as a 0-1 fraction", func(t *testing.T) {
		f := hwPumpScenario(newPlantEnv(11, plantJan, time.Hour, 60), true)
		frac := make([]float64, f.N)
		for i, v := range f.Col(model.HWPumpSpeed) {
			frac[i] = v / 100
		}
		f.Cols[model.HWPumpSpeed] = frac
		out := plantRun(t, hw, f, nil)
		if out.Severity != Fault || !plantCaveat(out, "fraction") {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("pinned at minimum warns", func(t *testing.T) {
		e := newPlantEnv(12, plantJan, time.Hour, 60)
		f := e.frame("HWP-1", model.ClassHotWaterPlant, map[model.Role][]float64{
			model.HWPumpSpeed: e.col(func(int) float64 { return 20 + e.noise(1) }),
		})
		out := plantRun(t, hw, f, nil)
		if out.Severity != Warn || out.Metrics["near_min_share_pct"].(float64) < 50 {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("CHW flat DP setpoint alone warns", func(t *testing.T) {
		f := chwPumpScenario(newPlantEnv(13, plantJun, time.Hour, 60), false)
		f.Cols[model.CHWDiffPressSP] = make([]float64, f.N)
		for i := range f.Cols[model.CHWDiffPressSP] {
			f.Cols[model.CHWDiffPressSP][i] = 12
		}
		out := plantRun(t, chw, f, nil)
		if out.Severity != Warn || out.Metrics["dp_reset"] != false {
			t.Fatalf("%s %q %v", out.Severity, out.Summary, out.Metrics)
		}
	})
	t.Run("CHW without DP setpoint", func(t *testing.T) {
		f := plantWithout(chwPumpScenario(newPlantEnv(14, plantJun, time.Hour, 60), false), model.CHWDiffPressSP)
		out := plantRun(t, chw, f, nil)
		if out.Severity != OK || out.Metrics["dp_reset"] != nil || !plantCaveat(out, "not checked") {
			t.Fatalf("%s %v %q", out.Severity, out.Metrics, out.Caveats)
		}
	})
	plantCommonEdges(t, chw, chwPumpScenario(newPlantEnv(15, plantJun, time.Hour, 30), true))
	// The pump rules have no tunable parameter: CAMBER fixes 5/90/25 %.
	for _, r := range []Rule{hw, chw} {
		if len(r.Params) != 0 {
			t.Errorf("%s has parameters %v", r.Name, r.Params)
		}
	}
}
