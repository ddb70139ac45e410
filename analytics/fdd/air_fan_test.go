package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestFanRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "night_weekend_setback", faulty: ahu(ahuFaults{fan247: true}), clean: ahu(ahuFaults{})},
		{rule: "filter_fouling", faulty: ahu(ahuFaults{dirtyFilter: true}), clean: ahu(ahuFaults{})},
	})
}

func TestFanRulesEdges(t *testing.T) {
	nw := simAHU(time.Hour, 3, ahuFaults{fan247: true})
	ff := simAHU(time.Hour, 3, ahuFaults{dirtyFilter: true})
	runEdges(t, []edgeCase{
		{name: "no fan signal", rule: "night_weekend_setback", frame: without(nw, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Info}, caveat: "setback not evaluated", nilKeys: []string{"unocc_run_pct"}},
		{name: "speed only", rule: "night_weekend_setback", frame: without(nw, model.SupplyFanStatus), want: []Severity{Fault}},
		{name: "no fan signal: drop shows running", rule: "filter_fouling", frame: without(ff, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn}, caveat: "no supply fan signal"},
	})
}

func TestFanRulesOverrides(t *testing.T) {
	nw := simAHU(time.Hour, 5, ahuFaults{fan247: true})
	ff := simAHU(time.Hour, 5, ahuFaults{dirtyFilter: true})
	runOverrides(t, []overrideCase{
		{rule: "night_weekend_setback", frame: nw, was: []Severity{Fault}, override: Values{"effective_ratio": 1.0, "fault_unocc_pct": 100.0},
			now: []Severity{Fault, Warn}},
		{rule: "filter_fouling", frame: ff, was: []Severity{Warn}, override: Values{"change_dp_inwc": 0.8, "fault_factor": 1.5}, now: []Severity{Fault}},
		{rule: "filter_fouling", frame: ff, was: []Severity{Warn}, override: Values{"change_dp_inwc": 2.0}, now: []Severity{OK}},
	})
}
