package fdd

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// vavFleet builds n VAV boxes over one environment; col returns box b's
// column for a role at slot i, or NaN to leave it out.
func vavFleet(e *plantEnv, n int, roles []model.Role, col func(b int, r model.Role, i int) float64) []*series.Frame {
	out := make([]*series.Frame, n)
	for b := range out {
		cols := map[model.Role][]float64{}
		for _, r := range roles {
			cols[r] = e.col(func(i int) float64 { return col(b, r, i) })
		}
		out[b] = e.frame(fmt.Sprintf("VAV-1-%d", b+1), model.ClassVAV, cols)
	}
	return out
}

// occupied is the default schedule (Mon–Fri 07:00–18:00).
func (e *plantEnv) occupied(i int) bool {
	t := e.at(i)
	h := e.hours(i)
	return t.Weekday() >= time.Monday && t.Weekday() <= time.Friday && h >= 7 && h < 18
}

// damperScenario: clean boxes sit 55–85 % open in occupied hours; with
// static set too high (faulty) they throttle to 15–40 %. Unoccupied they
// rest at 25 %.
func damperScenario(e *plantEnv, faulty bool) []*series.Frame {
	return vavFleet(e, 12, []model.Role{model.Damper}, func(b int, _ model.Role, i int) float64 {
		if !e.occupied(i) {
			return 25 + e.noise(2)
		}
		base := 60 + 2*float64(b) + 8*math.Sin(2*math.Pi*(e.hours(i)-9)/24)
		if faulty {
			base = 22 + float64(b)
		}
		return math.Max(0, math.Min(100, base+e.noise(4)))
	})
}

// heatCoolScenario: eight zones. Clean: a morning warm-up hour when every
// zone heats, then every zone cools. Faulty: supply air too cold, so the
// three perimeter zones reheat all day while the interior ones cool.
func heatCoolScenario(e *plantEnv, faulty bool) []*series.Frame {
	roles := []model.Role{model.HeatValve, model.Airflow, model.AirflowSP, model.SpaceTemp, model.CoolSP}
	return vavFleet(e, 8, roles, func(b int, r model.Role, i int) float64 {
		h := e.hours(i)
		heating := e.occupied(i) && h < 8
		if faulty && b < 3 && e.occupied(i) {
			heating = true
		}
		switch r {
		case model.HeatValve:
			if heating {
				return 40 + e.noise(5)
			}
			return 0
		case model.AirflowSP:
			if heating || !e.occupied(i) {
				return 200
			}
			return 500
		case model.Airflow:
			if heating || !e.occupied(i) {
				return 200 + e.noise(10)
			}
			return 500 + e.noise(20)
		case model.SpaceTemp:
			if heating {
				return 70 + e.noise(0.3)
			}
			return 74.5 + e.noise(0.3)
		}
		return 75 // cool_sp
	})
}

// stagingFleetScenario: three chillers of about 400 kW serving a plant
// load that swings from 200 to 1,000 kW over the day. Clean: just enough
// chillers run (one per 360 kW); faulty: all three run whenever there is load.
func stagingFleetScenario(e *plantEnv, faulty bool) []*series.Frame {
	load := e.col(func(i int) float64 { return 600 + 400*math.Sin(2*math.Pi*(e.hours(i)-9)/24) + e.noise(10) })
	n := e.col(func(i int) float64 {
		if faulty {
			return 3
		}
		return math.Min(3, math.Ceil(load[i]/360))
	})
	out := make([]*series.Frame, 3)
	for c := range out {
		p := e.col(func(i int) float64 {
			if float64(c) >= n[i] {
				return math.Abs(e.noise(0.3))
			}
			return load[i]/n[i] + e.noise(3)
		})
		out[c] = e.frame(fmt.Sprintf("CH-%d", c+1), model.ClassChiller, map[model.Role][]float64{model.Power: p})
	}
	return out
}

// cohortScenario: ten boxes alike but for box 4 in the faulty case (stuck
// damper: airflow 1,900 cfm; or a zone at 80 °F).
func cohortScenario(role model.Role) func(e *plantEnv, faulty bool) []*series.Frame {
	return func(e *plantEnv, faulty bool) []*series.Frame {
		return vavFleet(e, 10, []model.Role{role}, func(b int, _ model.Role, i int) float64 {
			occ := e.occupied(i)
			if role == model.Airflow {
				v := 250.0
				if occ {
					v = 550 + 15*float64(b%5)
				}
				if faulty && b == 4 {
					v = 1900
				}
				return v + e.noise(25)
			}
			v := 72 + 0.3*float64(b%4) + 1.5*math.Sin(2*math.Pi*(e.hours(i)-9)/24)
			if faulty && b == 4 {
				v = 80
			}
			return v + e.noise(0.4)
		})
	}
}

func TestPlantFleetAccuracy(t *testing.T) {
	cases := []struct {
		rule  string
		start time.Time
		days  int
		build func(e *plantEnv, faulty bool) []*series.Frame
		equip string
	}{
		{"damper_census", plantApr, 30, damperScenario, "VAV-fleet"},
		{"zones_heat_cool_census", plantJan, 30, heatCoolScenario, "VAV-fleet"},
		{"chiller_staging_fleet", plantJun, 30, stagingFleetScenario, "Chiller-fleet"},
		{"cohort_airflow", plantApr, 30, cohortScenario(model.Airflow), "VAV-fleet"},
		{"cohort_space_temp", plantApr, 30, cohortScenario(model.SpaceTemp), "VAV-fleet"},
	}
	for _, tc := range cases {
		r := plantRuleNamed(t, tc.rule)
		for _, st := range plantSteps {
			for _, faulty := range []bool{true, false} {
				name := fmt.Sprintf("%s/%s/faulty=%v", tc.rule, st.name, faulty)
				t.Run(name, func(t *testing.T) {
					e := newPlantEnv(plantSeed(name), tc.start, st.step, tc.days)
					out := plantRunFleet(t, r, tc.build(e, faulty), nil)
					switch {
					case faulty && !plantFires(out):
						t.Errorf("faulty: %s %q", out.Severity, out.Summary)
					case !faulty && out.Severity != OK:
						t.Errorf("clean: %s %q %q", out.Severity, out.Summary, out.Caveats)
					}
					if out.Equip != tc.equip {
						t.Errorf("equip %q, want %q", out.Equip, tc.equip)
					}
					t.Logf("%s: %s", out.Severity, out.Summary)
				})
			}
		}
	}
}

func TestPlantFleetEdges(t *testing.T) {
	e := newPlantEnv(61, plantApr, time.Hour, 30)
	t.Run("census with pinned boxes faults", func(t *testing.T) {
		fs := damperScenario(e, false)
		for _, f := range fs[:4] {
			d := f.Col(model.Damper)
			for i := range d {
				d[i] = 100
			}
		}
		out := plantRunFleet(t, plantRuleNamed(t, "damper_census"), fs, nil)
		if out.Severity != Fault || out.Metrics["boxes_pinned"] != 4 {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("census of two boxes is info", func(t *testing.T) {
		out := plantRunFleet(t, plantRuleNamed(t, "damper_census"), damperScenario(e, true)[:2], nil)
		if out.Severity != Info || out.Metrics["low_pct"] != nil {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("heat/cool with blind zones downgrades ok to info", func(t *testing.T) {
		fs := heatCoolScenario(e, false)
		for _, f := range fs[:2] {
			delete(f.Cols, model.Airflow)
			delete(f.Cols, model.SpaceTemp)
		}
		out := plantRunFleet(t, plantRuleNamed(t, "zones_heat_cool_census"), fs, nil)
		if out.Severity != Info || out.Metrics["zones_without_cooling_signal"] != 2 {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("staging fleet of one chiller is info", func(t *testing.T) {
		out := plantRunFleet(t, plantRuleNamed(t, "chiller_staging_fleet"), stagingFleetScenario(newPlantEnv(62, plantJun, time.Hour, 20), true)[:1], nil)
		if out.Severity != Info {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("cohort below min_cohort is info", func(t *testing.T) {
		fs := cohortScenario(model.Airflow)(e, true)
		out := plantRunFleet(t, plantRuleNamed(t, "cohort_airflow"), fs, Values{"min_cohort": 11})
		if out.Severity != Info || out.Metrics["outliers"] != nil {
			t.Fatalf("%s %q", out.Severity, out.Summary)
		}
	})
	t.Run("param overrides", func(t *testing.T) {
		fs := cohortScenario(model.SpaceTemp)(e, true)
		if out := plantRunFleet(t, plantRuleNamed(t, "cohort_space_temp"), fs, Values{"k": 20.0}); out.Severity != OK {
			t.Fatalf("k 20: %s %q", out.Severity, out.Summary)
		}
		if out := plantRunFleet(t, plantRuleNamed(t, "cohort_space_temp"), fs, Values{"summary": "median"}); out.Severity != Warn {
			t.Fatalf("median: %s %q", out.Severity, out.Summary)
		}
		st := stagingFleetScenario(newPlantEnv(63, plantJun, time.Hour, 20), true)
		def := plantRunFleet(t, plantRuleNamed(t, "chiller_staging_fleet"), st, nil)
		low := plantRunFleet(t, plantRuleNamed(t, "chiller_staging_fleet"), st, Values{"redundancy_ceiling": 0.5})
		if low.Severity.Rank() >= def.Severity.Rank() || low.Metrics["over_staged_share_pct"].(float64) >= def.Metrics["over_staged_share_pct"].(float64) {
			t.Fatalf("ceiling 0.5: %s %q vs default %s %q", low.Severity, low.Summary, def.Severity, def.Summary)
		}
	})
	t.Run("a unit on another grid is left out", func(t *testing.T) {
		fs := damperScenario(e, true)
		odd := newPlantEnv(64, plantApr.Add(30*time.Minute), time.Hour, 30)
		fs = append(fs, damperScenario(odd, false)[0])
		fs[len(fs)-1].Equip = "VAV-odd"
		out := plantRunFleet(t, plantRuleNamed(t, "damper_census"), fs, nil)
		if !plantCaveat(out, "VAV-odd") || out.Metrics["boxes"] != 12 {
			t.Fatalf("%q %v", out.Caveats, out.Metrics)
		}
	})
	t.Run("empty and all-NaN fleets", func(t *testing.T) {
		for _, name := range []string{"damper_census", "zones_heat_cool_census", "chiller_staging_fleet", "cohort_airflow", "cohort_space_temp"} {
			r := plantRuleNamed(t, name)
			if out := plantRunFleet(t, r, nil, nil); out.Severity != Info {
				t.Fatalf("%s empty: %s", name, out.Severity)
			}
			fs := damperScenario(e, true)
			for _, f := range fs {
				for _, role := range r.Required {
					f.Cols[role] = plantNaNs(f.N)
				}
			}
			if out := plantRunFleet(t, r, fs, nil); out.Severity != Info {
				t.Fatalf("%s all NaN: %s %q", name, out.Severity, out.Summary)
			}
		}
	})
}

func TestFleetEquip(t *testing.T) {
	mk := func(classes ...string) []*series.Frame {
		out := make([]*series.Frame, len(classes))
		for i, c := range classes {
			out[i] = &series.Frame{Equip: fmt.Sprintf("U-%d", i), Class: c}
		}
		return out
	}
	for _, tc := range []struct {
		classes []string
		want    string
	}{
		{[]string{"VAV", "vav_box", "VAV"}, "VAV-fleet"},
		{[]string{"Chiller", "chlr"}, "Chiller-fleet"},
		{[]string{"VAV", "CAV", "FCU"}, "zone-fleet"},
		{[]string{"VAV", "Chiller"}, FleetEquip},
		{[]string{"Lab Exhaust", "Lab Exhaust"}, FleetEquip},
		{[]string{"DataLogger"}, "DataLogger-fleet"},
		{nil, FleetEquip},
	} {
		if got := fleetEquip(mk(tc.classes...)); got != tc.want {
			t.Errorf("fleetEquip(%v) = %q, want %q", tc.classes, got, tc.want)
		}
	}
}
