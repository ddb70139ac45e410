package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestEconomizerRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "outdoor_air_fraction", faulty: ahu(ahuFaults{excessOA: true}), clean: ahu(ahuFaults{})},
		{rule: "economizer_high_limit", faulty: ahu(ahuFaults{econNoLimit: true}), clean: ahu(ahuFaults{})},
		{rule: "free_cooling_missed", faulty: ahu(ahuFaults{econStuckMin: true}), clean: ahu(ahuFaults{})},
	})
}

// TestFreeCoolingActiveUnits pins the fixed unit quirk: a valve at 3 % (of
// 0–100) is not active at the default 5 %, as it was against CAMBER's 0.05.
func TestFreeCoolingActiveUnits(t *testing.T) {
	f := frameOf(simStart, time.Hour, 24*28, map[model.Role]func(int, time.Time) float64{
		model.OAT:       constCol(50),
		model.CoolValve: constCol(3),
	})
	if out := runAir(t, "free_cooling_missed", f, nil); out.Severity != OK {
		t.Errorf("3%% valve: %s %q, want ok", out.Severity, out.Summary)
	}
	f.Cols[model.CoolValve] = f.Cols[model.OAT] // 50 % open
	if out := runAir(t, "free_cooling_missed", f, nil); out.Severity != Fault {
		t.Errorf("50%% valve: %s %q, want fault", out.Severity, out.Summary)
	}
}

// TestHighLimitDamperUnits pins min_damper in the damper's 0–100 % units.
func TestHighLimitDamperUnits(t *testing.T) {
	for _, tc := range []struct {
		damper float64
		want   Severity
	}{{20, OK}, {29, OK}, {35, Fault}} {
		f := frameOf(simStart, time.Hour, 24*28, map[model.Role]func(int, time.Time) float64{
			model.OAT: constCol(80), model.OADamper: constCol(tc.damper),
		})
		if out := runAir(t, "economizer_high_limit", f, nil); out.Severity != tc.want {
			t.Errorf("damper %v%%: %s %q, want %s", tc.damper, out.Severity, out.Summary, tc.want)
		}
	}
}

func TestEconomizerRulesEdges(t *testing.T) {
	ex := simAHU(time.Hour, 3, ahuFaults{excessOA: true})
	hl := simAHU(time.Hour, 3, ahuFaults{econNoLimit: true})
	fc := simAHU(time.Hour, 3, ahuFaults{econStuckMin: true})
	runEdges(t, []edgeCase{
		{name: "no OAT", rule: "outdoor_air_fraction", frame: without(ex, model.OAT), want: []Severity{Info},
			caveat: "no OAT", nilKeys: []string{"median_oaf_pct", "excess_pct"}},
		{name: "no fan signal", rule: "outdoor_air_fraction", frame: without(ex, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn, Fault}, caveat: "no supply fan signal"},
		{name: "no MAT/RAT: damper fallback", rule: "economizer_high_limit", frame: without(hl, model.MixedAirTemp),
			want: []Severity{Warn, Fault}, caveat: "judged the damper"},
		{name: "no fan signal", rule: "free_cooling_missed", frame: without(fc, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn, Fault}, caveat: "no supply fan signal"},
		{name: "never below the limit", rule: "free_cooling_missed", frame: without(fc, model.OAT), want: []Severity{Info}},
	})
}

func TestEconomizerRulesOverrides(t *testing.T) {
	ex := simAHU(time.Hour, 5, ahuFaults{excessOA: true})
	hl := simAHU(time.Hour, 5, ahuFaults{econNoLimit: true})
	fc := simAHU(time.Hour, 5, ahuFaults{econStuckMin: true})
	runOverrides(t, []overrideCase{
		{rule: "outdoor_air_fraction", frame: ex, was: []Severity{Fault}, override: Values{"min_oa_pct": 60.0}, now: []Severity{OK, Warn}},
		{rule: "economizer_high_limit", frame: hl, was: []Severity{Fault}, override: Values{"high_limit_f": 95.0}, now: []Severity{Info}},
		{rule: "free_cooling_missed", frame: fc, was: []Severity{Fault}, override: Values{"active": 60.0}, now: []Severity{OK}},
	})
}
