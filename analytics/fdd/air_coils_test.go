package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestCoilRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "simultaneous_heat_cool", faulty: ahu(ahuFaults{bothOpen: true}), clean: ahu(ahuFaults{})},
		{rule: "leaking_valve", faulty: ahu(ahuFaults{chwLeak: true}), clean: ahu(ahuFaults{})},
		{rule: "supply_air_control", faulty: ahu(ahuFaults{satOffset: true}), clean: ahu(ahuFaults{})},
		{rule: "supply_air_control", faulty: ahu(ahuFaults{coolLoss: true}), clean: ahu(ahuFaults{fixedSAT: true})},
	})
}

func TestCoilRulesEdges(t *testing.T) {
	a := simAHU(time.Hour, 3, ahuFaults{bothOpen: true})
	leak := simAHU(time.Hour, 3, ahuFaults{chwLeak: true})
	runEdges(t, []edgeCase{
		{name: "no occupancy point", rule: "simultaneous_heat_cool", frame: without(a, model.Occupancy),
			want: []Severity{Warn, Fault}, caveat: "default schedule"},
		{name: "no valves", rule: "simultaneous_heat_cool", frame: without(a, model.HeatValve),
			want: []Severity{Info}, nilKeys: []string{"both_open_pct"}},
		{name: "no heat valve", rule: "leaking_valve", frame: without(leak, model.HeatValve),
			want: []Severity{Warn, Fault}, caveat: "hot-water leak not evaluated", nilKeys: []string{"hw_leak_pct"}},
		{name: "no fan signal", rule: "leaking_valve", frame: without(leak, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn, Fault}, caveat: "no supply fan signal"},
		{name: "no fan signal", rule: "supply_air_control", frame: without(a, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Info}, caveat: "running hours unknown", nilKeys: []string{"off_sp_pct", "median_abs_error_f"}},
		{name: "fan speed only", rule: "supply_air_control", frame: without(simAHU(time.Hour, 3, ahuFaults{satOffset: true}), model.SupplyFanStatus),
			want: []Severity{Warn, Fault}},
	})
}

// TestLeakJudgesRunningHoursOnly pins the fixed CAMBER quirk: a real leak
// must not be diluted by the fan-off night hours.
func TestLeakJudgesRunningHoursOnly(t *testing.T) {
	f := simAHU(time.Hour, 4, ahuFaults{chwLeak: true})
	out := runAir(t, "leaking_valve", f, nil)
	if nj := out.Metrics["chw_judged_samples"].(int); nj > count(fanMask(f)) {
		t.Errorf("judged %d samples, more than the %d fan-on ones", nj, count(fanMask(f)))
	}
	if out.Severity != Fault {
		t.Errorf("%s %q, want fault", out.Severity, out.Summary)
	}
}

func fanMask(f interface{ Col(model.Role) []float64 }) []bool {
	c := f.Col(model.SupplyFanStatus)
	m := make([]bool, len(c))
	for i, v := range c {
		m[i] = v > 0.5
	}
	return m
}

func TestCoilRulesOverrides(t *testing.T) {
	both := simAHU(time.Hour, 5, ahuFaults{bothOpen: true})
	leak := simAHU(time.Hour, 5, ahuFaults{chwLeak: true})
	off := simAHU(time.Hour, 5, ahuFaults{satOffset: true})
	runOverrides(t, []overrideCase{
		{rule: "simultaneous_heat_cool", frame: both, was: []Severity{Fault},
			override: Values{"warn_pct": 90.0, "fault_pct": 95.0}, now: []Severity{OK}},
		{rule: "simultaneous_heat_cool", frame: both, was: []Severity{Fault},
			override: Values{"valve_open_pct": 50.0}, now: []Severity{OK}},
		{rule: "leaking_valve", frame: leak, was: []Severity{Fault},
			override: Values{"leak_delta_f": 8.0}, now: []Severity{OK}},
		{rule: "supply_air_control", frame: off, was: []Severity{Warn, Fault},
			override: Values{"tol_F": 5.0}, now: []Severity{OK}},
	})
}
