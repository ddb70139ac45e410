package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestG36Accuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "g36_ahu_fault_conditions", faulty: ahu(ahuFaults{coolLoss: true}), clean: ahu(ahuFaults{})},
		{rule: "g36_ahu_fault_conditions", faulty: ahu(ahuFaults{chwLeak: true}), clean: ahu(ahuFaults{})},
	})
}

// TestG36Conditions checks which FC each injected fault trips.
func TestG36Conditions(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    ahuFaults
		fc   string
	}{
		{"cooling capacity loss", ahuFaults{coolLoss: true}, "fc13"},
		{"chilled-water leak", ahuFaults{chwLeak: true}, "fc14"},
		{"MAT sensor reads 12 °F low", ahuFaults{}, "fc2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := simAHU(5*time.Minute, 3, tc.o)
			if tc.fc == "fc2" {
				mat := append([]float64(nil), f.Cols[model.MixedAirTemp]...)
				for i := range mat {
					mat[i] -= 12
				}
				f.Cols[model.MixedAirTemp] = mat
			}
			out := runAir(t, "g36_ahu_fault_conditions", f, nil)
			p, _ := out.Metrics[tc.fc+"_pct"].(float64)
			if p < 25 {
				t.Errorf("%s = %v%%, want ≥25 (%s)", tc.fc, out.Metrics[tc.fc+"_pct"], out.Summary)
			}
			for _, c := range out.Conditions {
				if count(c.Judged) == 0 {
					t.Errorf("%s listed with no judged samples", c.Name)
				}
			}
		})
	}
}

// TestG36FC4 counts operating-state changes on the native grid.
func TestG36FC4(t *testing.T) {
	f := simAHU(5*time.Minute, 3, ahuFaults{})
	hv := append([]float64(nil), f.Cols[model.HeatValve]...)
	for i := range hv {
		if i%2 == 0 {
			hv[i] = 50 // heating on every other sample: 11 state changes an hour
		}
	}
	f.Cols[model.HeatValve] = hv
	out := runAir(t, "g36_ahu_fault_conditions", f, Values{"avg_window_min": 0})
	if p, _ := out.Metrics["fc4_pct"].(float64); p < 90 || out.Severity != Fault {
		t.Errorf("fc4 %v: %s %q", out.Metrics["fc4_pct"], out.Severity, out.Summary)
	}
	hourly := runAir(t, "g36_ahu_fault_conditions", simAHU(time.Hour, 3, ahuFaults{}), nil)
	if hourly.Metrics["fc4_pct"] != nil {
		t.Errorf("fc4 judged on an hourly grid: %v", hourly.Metrics["fc4_pct"])
	}
}

func TestG36Edges(t *testing.T) {
	f := simAHU(time.Hour, 3, ahuFaults{coolLoss: true})
	runEdges(t, []edgeCase{
		{name: "no MAT", rule: "g36_ahu_fault_conditions", frame: without(f, model.MixedAirTemp), want: []Severity{Fault},
			caveat: "FC2 (no mixed_air_temp)", nilKeys: []string{"fc2_pct", "fc8_pct", "fc14_pct"}},
		{name: "no damper", rule: "g36_ahu_fault_conditions", frame: without(f, model.OADamper), want: []Severity{Fault},
			caveat: "no oa_damper", nilKeys: []string{"fc10_pct", "fc11_pct"}},
		{name: "no setpoint", rule: "g36_ahu_fault_conditions", frame: without(f, model.SupplyAirTempSP), want: []Severity{OK, Info, Warn, Fault},
			nilKeys: []string{"fc13_pct", "fc7_pct", "fc9_pct"}},
		{name: "no fan signal", rule: "g36_ahu_fault_conditions", frame: without(f, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Fault}, caveat: "no supply fan signal", nilKeys: []string{"fc1_pct"}},
	})
}

func TestG36Overrides(t *testing.T) {
	f := simAHU(time.Hour, 5, ahuFaults{coolLoss: true})
	runOverrides(t, []overrideCase{
		{rule: "g36_ahu_fault_conditions", frame: f, was: []Severity{Fault}, override: Values{"sat_tol_f": 8.0}, now: []Severity{OK}},
	})
}
