package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// rtuCycleScenario is a month of an RTU compressor in summer. Clean: a
// 2-hour cycle from 08:00 to 20:00 when it is warm (about 6 starts a day).
// Faulty: 8 minutes on, 12 off through the same hours (36 a day); on an
// hourly log, on every other hour around the clock (12 a day).
func rtuCycleScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	status := e.col(func(i int) float64 {
		h, m := e.hours(i), e.minutes(i)
		if faulty && e.step >= time.Hour {
			return plantOnOff((m/60)%2 == 0)
		}
		if h < 8 || h >= 20 {
			return 0
		}
		if faulty {
			return plantOnOff(m%20 < 8)
		}
		return plantOnOff(oat[i] > 60 && m%120 < 80)
	})
	return e.frame("RTU-1", model.ClassRTU, map[model.Role][]float64{
		model.CompressorStatus: status, model.SupplyAirTemp: e.col(func(int) float64 { return 55 + e.noise(1) }), model.OAT: oat,
	})
}

// rtuStageScenario: clean stages 0 / 1 (08–12) / 2 (12–17) / 1 (17–20),
// four changes a day. Faulty: stage 1 ↔ 2 every 10 minutes from 08:00 to
// 20:00 (72 a day); on an hourly log, every hour around the clock (24).
func rtuStageScenario(e *plantEnv, faulty bool) *series.Frame {
	stage := e.col(func(i int) float64 {
		h, m := e.hours(i), e.minutes(i)
		if faulty && e.step >= time.Hour {
			return float64(1 + (m/60)%2)
		}
		switch {
		case h < 8 || h >= 20:
			return 0
		case faulty:
			return float64(1 + (m/10)%2)
		case h < 12 || h >= 17:
			return 1
		}
		return 2
	})
	return e.frame("RTU-1", model.ClassRTU, map[model.Role][]float64{
		model.CompressorStage: stage, model.CompressorStatus: e.col(func(i int) float64 { return plantOnOff(stage[i] > 0) }),
		model.SupplyAirTemp: e.col(func(int) float64 { return 55 + e.noise(1) }),
	})
}

// heatPumpScenario is a winter month of an air-source heat pump heating
// around the clock (reversing valve 1 = heating). Clean: demand defrost, a
// 10-minute cycle every 3 hours when OAT is at or below 38 °F (an hour in
// every 4 on an hourly log). Faulty: a stuck defrost timer, a cycle every
// 40 minutes regardless of weather (every other hour on an hourly log).
func heatPumpScenario(e *plantEnv, faulty bool) *series.Frame {
	oat := e.oat()
	rv := e.col(func(i int) float64 {
		m := e.minutes(i)
		hourly := e.step >= time.Hour
		switch {
		case faulty && hourly:
			return plantOnOff((m/60)%2 == 0)
		case faulty:
			return plantOnOff(m%40 >= 10)
		case oat[i] > 38:
			return 1
		case hourly:
			return plantOnOff((m/60)%4 != 0)
		}
		return plantOnOff(m%180 >= 10)
	})
	return e.frame("HP-1", model.ClassHeatPump, map[model.Role][]float64{
		model.ReversingValveCmd: rv, model.CompressorStatus: e.col(func(int) float64 { return 1 }),
		model.SupplyAirTemp: e.col(func(int) float64 { return 95 + e.noise(2) }), model.OAT: oat,
	})
}

func TestPlantDXAccuracy(t *testing.T) {
	runPlantAccuracy(t, []plantAccuracy{
		{rule: "compressor_short_cycle", start: plantJun, days: 30, build: rtuCycleScenario},
		{rule: "compressor_staging", start: plantJun, days: 30, build: rtuStageScenario},
		{rule: "heatpump_defrost", start: plantJan, days: 30, build: heatPumpScenario},
	})
}

func TestPlantDXEdges(t *testing.T) {
	for _, name := range []string{"compressor_short_cycle", "compressor_staging", "heatpump_defrost", "boiler_short_cycle", "chiller_staging"} {
		if r := plantRuleNamed(t, name); r.Grid != Native {
			t.Errorf("%s reads grid %v, want Native", name, r.Grid)
		}
	}
	hp := plantRuleNamed(t, "heatpump_defrost")
	t.Run("defrost without compressor status or OAT", func(t *testing.T) {
		f := plantWithout(heatPumpScenario(newPlantEnv(51, plantJan, 5*time.Minute, 20), true), model.CompressorStatus, model.OAT)
		out := plantRun(t, hp, f, nil)
		if out.Severity != Fault || !plantCaveat(out, "compressor off are counted") || out.Metrics["reversals_cold_pct"] != nil {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("defrost reversals with the compressor off do not count", func(t *testing.T) {
		f := heatPumpScenario(newPlantEnv(52, plantJan, 5*time.Minute, 20), true)
		f.Cols[model.CompressorStatus] = make([]float64, f.N)
		out := plantRun(t, hp, f, nil)
		if out.Severity != Info {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("mode hunting in mild weather is caveated", func(t *testing.T) {
		f := heatPumpScenario(newPlantEnv(53, plantJun, 5*time.Minute, 20), true)
		out := plantRun(t, hp, f, nil)
		if !plantFires(out) || !plantCaveat(out, "mode changes") {
			t.Fatalf("%s %q %q", out.Severity, out.Summary, out.Caveats)
		}
	})
	t.Run("param overrides", func(t *testing.T) {
		f := rtuCycleScenario(newPlantEnv(54, plantJun, 5*time.Minute, 20), true)
		if out := plantRun(t, plantRuleNamed(t, "compressor_short_cycle"), f, Values{"max_starts_per_day": 40}); plantFires(out) {
			t.Fatalf("starts limit 40: %s %q", out.Severity, out.Summary)
		}
		c := rtuCycleScenario(newPlantEnv(55, plantJun, 5*time.Minute, 20), false)
		if out := plantRun(t, plantRuleNamed(t, "compressor_short_cycle"), c, Values{"max_starts_per_day": 3}); !plantFires(out) {
			t.Fatalf("starts limit 3: %s %q", out.Severity, out.Summary)
		}
		s := rtuStageScenario(newPlantEnv(56, plantJun, 5*time.Minute, 20), false)
		if out := plantRun(t, plantRuleNamed(t, "compressor_staging"), s, Values{"max_changes_per_day": 2}); out.Severity != Fault {
			t.Fatalf("changes limit 2: %s %q", out.Severity, out.Summary)
		}
		h := heatPumpScenario(newPlantEnv(57, plantJan, 5*time.Minute, 20), true)
		if out := plantRun(t, hp, h, Values{"max_reversals_per_day": 100}); plantFires(out) {
			t.Fatalf("reversals limit 100: %s %q", out.Severity, out.Summary)
		}
	})
	t.Run("staging ignores noise within half a stage", func(t *testing.T) {
		e := newPlantEnv(58, plantJun, 5*time.Minute, 10)
		f := e.frame("RTU-1", model.ClassRTU, map[model.Role][]float64{
			model.CompressorStage: e.col(func(int) float64 { return 2 + e.noise(0.1) }),
		})
		out := plantRun(t, plantRuleNamed(t, "compressor_staging"), f, nil)
		if out.Severity != OK || out.Metrics["changes"] != 0 {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	f := heatPumpScenario(newPlantEnv(59, plantJan, 5*time.Minute, 10), true)
	for _, name := range []string{"compressor_short_cycle", "compressor_staging", "heatpump_defrost"} {
		plantCommonEdges(t, plantRuleNamed(t, name), f)
	}
}
