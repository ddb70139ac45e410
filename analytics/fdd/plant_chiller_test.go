package fdd

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// chwPlantScenario is a cooling season of a CHW plant running around the
// clock. Clean: the CHWST setpoint is reset from 44 °F up to 52 °F as OAT
// falls from 75 to 55 °F, and the loop ΔT stays 10–12 °F. Faulty: CHWST
// fixed at 44 °F and a 5–7 °F loop ΔT (low-ΔT syndrome). At night below
// 60 °F OAT the plant is off and CHWST drifts up out of the running band.
func chwPlantScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	load := e.col(func(i int) float64 { return math.Max(0, math.Min(1, (oat[i]-55)/35)) })
	off := e.col(func(i int) float64 { return plantOnOff(oat[i] < 58 && e.hours(i) < 6) })
	sp := e.col(func(i int) float64 {
		if faulty {
			return 44
		}
		return 44 + 8*math.Max(0, math.Min(1, (75-oat[i])/20))
	})
	chws := e.col(func(i int) float64 {
		if off[i] == 1 {
			return 64 + e.noise(1)
		}
		return sp[i] + e.noise(0.3)
	})
	chwr := e.col(func(i int) float64 {
		if off[i] == 1 {
			return chws[i] + e.noise(0.5)
		}
		if faulty {
			return chws[i] + 5 + 2*load[i] + e.noise(0.6)
		}
		return chws[i] + 10 + 2*load[i] + e.noise(0.6)
	})
	return e.frame("CHWP-1", model.ClassChilledWaterPlant, map[model.Role][]float64{
		model.CHWSupplyTemp: chws, model.CHWReturnTemp: chwr, model.CHWSupplyTempSP: sp, model.OAT: oat,
	})
}

// chillerScenario is a cooling season of one 300-ton chiller that runs when
// OAT is above 60 °F, with 720 gpm through the evaporator. kpt sets its
// kW/ton at full load; cond sets its condenser approach.
func chillerScenario(e *plantEnv, kpt, cond float64) *series.Frame {
	oat := e.oat()
	load := e.col(func(i int) float64 {
		if oat[i] < 60 {
			return 0
		}
		return math.Max(0.25, math.Min(1, (oat[i]-50)/40))
	})
	tons := e.col(func(i int) float64 { return 300 * load[i] })
	chws := e.col(func(int) float64 { return 44 + e.noise(0.3) })
	chwr := e.col(func(i int) float64 { return chws[i] + tons[i]*24/720 + e.noise(0.3) })
	power := e.col(func(i int) float64 {
		if load[i] == 0 {
			return math.Abs(e.noise(0.3))
		}
		return tons[i] * (kpt + 0.12*(1-load[i]) + e.noise(0.03))
	})
	approach := e.col(func(i int) float64 {
		if load[i] == 0 {
			return 18 + e.noise(2) // meaningless reading with the machine off
		}
		return cond*(0.6+0.4*load[i]) + e.noise(0.3)
	})
	evap := e.col(func(i int) float64 {
		if load[i] == 0 {
			return 12 + e.noise(2)
		}
		return 2.5 + e.noise(0.3)
	})
	return e.frame("CH-1", model.ClassChiller, map[model.Role][]float64{
		model.Power: power, model.CHWSupplyTemp: chws, model.CHWReturnTemp: chwr, model.CHWFlow: e.col(func(int) float64 { return 720 + e.noise(5) }),
		model.CondApproachTemp: approach, model.EvapApproachTemp: evap, model.OAT: oat,
	})
}

// chillerStagingScenario is a month of a chiller serving 06:00–20:00. Clean:
// one start a day, load 50–100 % of its peak. Faulty: it cycles 20 minutes
// on, 20 off (on an hourly log, every other hour).
func chillerStagingScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	period := max(40, int(2*e.step/time.Minute))
	on := e.col(func(i int) float64 {
		h := e.hours(i)
		if h < 6 || h >= 20 {
			return 0
		}
		if faulty {
			return plantOnOff(e.minutes(i)%period < period/2)
		}
		return 1
	})
	tons := e.col(func(i int) float64 {
		if on[i] == 0 {
			return 0
		}
		return 300 * math.Max(0.5, math.Min(1, (oat[i]-45)/40))
	})
	chws := e.col(func(int) float64 { return 44 + e.noise(0.3) })
	return e.frame("CH-1", model.ClassChiller, map[model.Role][]float64{
		model.Power:         e.col(func(i int) float64 { return tons[i]*0.65 + math.Abs(e.noise(0.4)) }),
		model.CHWSupplyTemp: chws,
		model.CHWReturnTemp: e.col(func(i int) float64 { return chws[i] + tons[i]*24/720 + e.noise(0.2) }),
		model.CHWFlow:       e.col(func(int) float64 { return 720 + e.noise(5) }),
	})
}

func TestPlantChillerAccuracy(t *testing.T) {
	runPlantAccuracy(t, []plantAccuracy{
		{rule: "chw_plant_reset", start: plantJun, days: 90, build: chwPlantScenario},
		{rule: "chiller_efficiency", start: plantJun, days: 60, build: func(e *plantEnv, faulty bool) *series.Frame {
			if faulty {
				return chillerScenario(e, 1.3, 3)
			}
			return chillerScenario(e, 0.6, 3)
		}},
		{rule: "chiller_approach_fouling", start: plantJun, days: 60, build: func(e *plantEnv, faulty bool) *series.Frame {
			if faulty {
				return chillerScenario(e, 0.6, 11)
			}
			return chillerScenario(e, 0.6, 3.5)
		}},
		{rule: "chiller_staging", start: plantJun, days: 30, build: chillerStagingScenario},
	})
}

func TestPlantChillerEdges(t *testing.T) {
	t.Run("chw reset without return or OAT is info", func(t *testing.T) {
		f := plantWithout(chwPlantScenario(newPlantEnv(21, plantJun, time.Hour, 60), true), model.CHWReturnTemp, model.OAT)
		out := plantRun(t, plantRuleNamed(t, "chw_plant_reset"), f, nil)
		if out.Severity != Info || out.Metrics["low_dt_share_pct"] != nil || out.Metrics["chwst_oat_slope"] != nil {
			t.Fatalf("%s %q %v", out.Severity, out.Summary, out.Metrics)
		}
	})
	t.Run("chw reset flat CHWST alone warns", func(t *testing.T) {
		f := plantWithout(chwPlantScenario(newPlantEnv(22, plantJun, time.Hour, 60), true), model.CHWReturnTemp)
		out := plantRun(t, plantRuleNamed(t, "chw_plant_reset"), f, nil)
		if out.Severity != Warn || out.Metrics["chwst_reset"] != false || !plantCaveat(out, "loop ΔT not checked") {
			t.Fatalf("%s %q %v", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("chw reset uses the sensor without a setpoint", func(t *testing.T) {
		f := plantWithout(chwPlantScenario(newPlantEnv(23, plantJun, time.Hour, 60), false), model.CHWSupplyTempSP)
		if out := plantRun(t, plantRuleNamed(t, "chw_plant_reset"), f, nil); out.Severity != OK {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("approach fouling judges running hours only", func(t *testing.T) {
		// Off 60 % of the time with an 18 °F idle reading: without power
		// the idle readings would carry the median.
		r := plantRuleNamed(t, "chiller_approach_fouling")
		e := newPlantEnv(24, plantApr, time.Hour, 60)
		f := chillerScenario(e, 0.6, 3.5)
		if out := plantRun(t, r, f, nil); out.Severity != OK {
			t.Fatalf("with power: %s %q", out.Severity, out.Summary)
		}
		out := plantRun(t, r, plantWithout(f, model.Power), nil)
		if !plantCaveat(out, "idle hours") {
			t.Fatalf("without power: no caveat %q", out.Caveats)
		}
	})
	t.Run("approach fouling without evaporator", func(t *testing.T) {
		f := plantWithout(chillerScenario(newPlantEnv(25, plantJun, time.Hour, 60), 0.6, 11), model.EvapApproachTemp)
		out := plantRun(t, plantRuleNamed(t, "chiller_approach_fouling"), f, nil)
		if !plantFires(out) || out.Metrics["median_evap_approach_f"] != nil || len(out.Conditions) != 1 {
			t.Fatalf("%s %q %v", out.Severity, out.Summary, out.Metrics)
		}
	})
	t.Run("chiller staging low part load", func(t *testing.T) {
		e := newPlantEnv(26, plantJun, 5*time.Minute, 30)
		f := chillerStagingScenario(e, false)
		// Around the clock: full load 10:00–18:00, 15 % otherwise.
		p := f.Col(model.Power)
		for i := range p {
			h := e.hours(i)
			p[i] = 195 * 0.15
			if h >= 10 && h < 18 {
				p[i] = 195
			}
			p[i] += e.noise(0.5)
		}
		f = plantWithout(f, model.CHWFlow)
		out := plantRun(t, plantRuleNamed(t, "chiller_staging"), f, nil)
		if out.Severity != Fault || out.Metrics["low_load_share_pct"].(float64) < 50 || !plantCaveat(out, "load taken from power") {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
		if out.Metrics["starts_per_day"].(float64) > 1 {
			t.Fatalf("a chiller running around the clock shows starts: %q", out.Summary)
		}
	})
	t.Run("param overrides", func(t *testing.T) {
		e := newPlantEnv(27, plantJun, time.Hour, 60)
		f := chillerScenario(e, 0.6, 3.5)
		if out := plantRun(t, plantRuleNamed(t, "chiller_efficiency"), f, Values{"design_kw_per_ton": 0.45}); !plantFires(out) {
			t.Fatalf("efficiency design 0.45: %s %q", out.Severity, out.Summary)
		}
		if out := plantRun(t, plantRuleNamed(t, "chiller_approach_fouling"), f, Values{"cond_design_f": 2.0}); !plantFires(out) {
			t.Fatalf("approach design 2: %s %q", out.Severity, out.Summary)
		}
		if out := plantRun(t, plantRuleNamed(t, "chiller_approach_fouling"), f, Values{"evap_design_f": 1.0}); out.Severity != Fault || out.Metrics["evap_ratio"].(float64) < 2 {
			t.Fatalf("evaporator design 1: %s %q", out.Severity, out.Summary)
		}
		s := chillerStagingScenario(newPlantEnv(28, plantJun, 5*time.Minute, 20), true)
		if out := plantRun(t, plantRuleNamed(t, "chiller_staging"), s, Values{"max_starts_per_day": 30}); plantFires(out) {
			t.Fatalf("staging limit 30: %s %q", out.Severity, out.Summary)
		}
		c := chillerStagingScenario(newPlantEnv(29, plantJun, 5*time.Minute, 20), false)
		if out := plantRun(t, plantRuleNamed(t, "chiller_staging"), c, Values{"low_load_pct": 90.0}); !plantFires(out) {
			t.Fatalf("low load 90%%: %s %q", out.Severity, out.Summary)
		}
	})
	f := chillerScenario(newPlantEnv(30, plantJun, time.Hour, 30), 1.3, 11)
	for _, name := range []string{"chw_plant_reset", "chiller_efficiency", "chiller_approach_fouling", "chiller_staging"} {
		plantCommonEdges(t, plantRuleNamed(t, name), f)
	}
}
