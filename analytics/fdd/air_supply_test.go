package fdd

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestSupplyResetRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "supply_air_reset", faulty: ahu(ahuFaults{fixedSAT: true}), clean: ahu(ahuFaults{})},
		{rule: "static_pressure_reset", faulty: ahu(ahuFaults{fixedStatic: true}), clean: ahu(ahuFaults{})},
	})
}

// TestSupplyAirResetSign pins the G36 fix: SAT raised as OAT falls (a
// negative slope) is a reset, as is CAMBER's SAT rising with OAT.
func TestSupplyAirResetSign(t *testing.T) {
	for _, tc := range []struct {
		name  string
		satFn func(oat float64) float64
		want  Severity
	}{
		{"G36: SAT up as OAT falls", func(oat float64) float64 { return 65 - 10*math.Min(math.Max((oat-60)/10, 0), 1) }, OK},
		{"CAMBER: SAT up with OAT", func(oat float64) float64 { return 50 + 0.3*(oat-50) }, OK},
		{"held at 55", func(float64) float64 { return 55 }, Warn},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := simAHU(time.Hour, 7, ahuFaults{})
			f := without(base)
			sat := make([]float64, f.N)
			for i, o := range base.Cols[model.OAT] {
				sat[i] = tc.satFn(o) + 0.2*math.Sin(float64(i))
			}
			f.Cols[model.SupplyAirTemp] = sat
			cv := make([]float64, f.N)
			for i := range cv {
				cv[i] = 30
			}
			f.Cols[model.CoolValve] = cv
			out := runAir(t, "supply_air_reset", f, nil)
			if out.Severity != tc.want {
				t.Errorf("%s %q, want %s", out.Severity, out.Summary, tc.want)
			}
		})
	}
}

func TestSupplyResetRulesEdges(t *testing.T) {
	cold := simAHU(time.Hour, 3, ahuFaults{fixedSAT: true})
	static := simAHU(time.Hour, 3, ahuFaults{fixedStatic: true})
	// Hot weather only: OAT above 72 °F all the time, SAT at its minimum —
	// what a G36 reset does there; no negative may be asserted.
	hot := without(cold)
	hotOAT := make([]float64, hot.N)
	for i := range hotOAT {
		hotOAT[i] = 85 + 8*math.Sin(float64(i)/4)
	}
	hot.Cols[model.OAT] = hotOAT
	cv := make([]float64, hot.N)
	for i := range cv {
		cv[i] = 40
	}
	hot.Cols[model.CoolValve] = cv
	// Constant-volume unit: airflow barely moves.
	cav := without(static)
	af := make([]float64, cav.N)
	for i := range af {
		af[i] = 5000 + 20*math.Sin(float64(i))
	}
	cav.Cols[model.Airflow] = af
	runEdges(t, []edgeCase{
		{name: "no OAT", rule: "supply_air_reset", frame: without(cold, model.OAT), want: []Severity{Warn},
			caveat: "no OAT", nilKeys: []string{"slope_f_per_f", "reset_detected"}},
		{name: "no cooling valve", rule: "supply_air_reset", frame: without(cold, model.CoolValve), want: []Severity{Warn, Info},
			caveat: "no cool_valve"},
		{name: "no mild weather", rule: "supply_air_reset", frame: hot, want: []Severity{Info}, caveat: "Guideline 36"},
		{name: "no fan signal", rule: "static_pressure_reset", frame: without(static, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn}, caveat: "no supply fan signal"},
		{name: "constant volume", rule: "static_pressure_reset", frame: cav, want: []Severity{Info}},
	})
}

func TestSupplyResetRulesOverrides(t *testing.T) {
	cold := simAHU(time.Hour, 5, ahuFaults{fixedSAT: true})
	static := simAHU(time.Hour, 5, ahuFaults{fixedStatic: true})
	runOverrides(t, []overrideCase{
		{rule: "supply_air_reset", frame: cold, was: []Severity{Warn}, override: Values{"cold_sat_f": 50.0}, now: []Severity{Info}},
		{rule: "static_pressure_reset", frame: static, was: []Severity{Warn}, override: Values{"min_range_inwc": 0.0}, now: []Severity{OK}},
	})
}
