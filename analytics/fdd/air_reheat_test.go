package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

func TestReheatRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "reheat_penalty", faulty: zone(zoneFaults{reheatWarm: true}), clean: zone(zoneFaults{})},
		{rule: "overcooling_min_flow", faulty: zone(zoneFaults{overcoolMin: true}), clean: zone(zoneFaults{})},
		{rule: "reheat_minimization_g36", faulty: zone(zoneFaults{reheatFlow: true}), clean: zone(zoneFaults{})},
	})
}

// TestOvercoolMinFlowHealthyWinter: a box holding its heating setpoint with
// reheat at minimum flow, all day in cold weather, is normal VAV-reheat
// operation and must not be flagged.
func TestOvercoolMinFlowHealthyWinter(t *testing.T) {
	f := frameOf(simStart, time.Hour, 24*28, map[model.Role]func(int, time.Time) float64{
		model.SpaceTemp: func(i int, _ time.Time) float64 { return 70.3 + 0.2*float64(i%3-1) },
		model.HeatSP:    constCol(70), model.CoolSP: constCol(74),
		model.Airflow: constCol(300), model.AirflowSP: constCol(300), model.Damper: constCol(24),
		model.HeatValve: constCol(60),
	})
	if out := runAir(t, "overcooling_min_flow", f, nil); out.Severity != OK {
		t.Errorf("%s %q, want ok", out.Severity, out.Summary)
	}
}

func TestReheatRulesEdges(t *testing.T) {
	rw := simZone(time.Hour, 3, zoneFaults{reheatWarm: true})
	oc := simZone(time.Hour, 3, zoneFaults{overcoolMin: true})
	rf := simZone(time.Hour, 3, zoneFaults{reheatFlow: true})
	runEdges(t, []edgeCase{
		{name: "no OAT: cold supply instead", rule: "reheat_penalty", frame: func() *series.Frame {
			g := without(rw, model.OAT)
			sat := make([]float64, g.N)
			for i := range sat {
				sat[i] = 55
			}
			g.Cols[model.SupplyAirTemp] = sat
			return g
		}(), want: []Severity{Warn, Fault}, caveat: "cold supply air"},
		{name: "no OAT nor SAT", rule: "reheat_penalty", frame: without(rw, model.OAT), want: []Severity{Info},
			caveat: "not evaluated", nilKeys: []string{"reheat_pct"}},
		{name: "no damper: capped", rule: "overcooling_min_flow", frame: without(oc, model.Damper), want: []Severity{Warn},
			caveat: "fault capped at warn"},
		{name: "no flow, no damper", rule: "overcooling_min_flow", frame: without(oc, model.Damper, model.Airflow), want: []Severity{Info},
			nilKeys: []string{"overcool_pct"}},
		{name: "no heat_sp", rule: "overcooling_min_flow", frame: without(oc, model.HeatSP), want: []Severity{Warn, Fault},
			caveat: "no heat_sp"},
		{name: "no occupancy point", rule: "reheat_minimization_g36", frame: without(rf, model.Occupancy), want: []Severity{Warn, Fault},
			caveat: "default schedule"},
	})
}

func TestReheatRulesOverrides(t *testing.T) {
	rw := simZone(time.Hour, 5, zoneFaults{reheatWarm: true})
	oc := simZone(time.Hour, 5, zoneFaults{overcoolMin: true})
	rf := simZone(time.Hour, 5, zoneFaults{reheatFlow: true})
	runOverrides(t, []overrideCase{
		{rule: "reheat_penalty", frame: rw, was: []Severity{Warn, Fault}, override: Values{"reheat_oat_f": 95.0}, now: []Severity{OK}},
		{rule: "overcooling_min_flow", frame: oc, was: []Severity{Warn, Fault}, override: Values{"overcool_tol_f": 4.0}, now: []Severity{OK}},
		{rule: "reheat_minimization_g36", frame: rf, was: []Severity{Fault}, override: Values{"flow_margin": 1.6}, now: []Severity{OK}},
	})
}
