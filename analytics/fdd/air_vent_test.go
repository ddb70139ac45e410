package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

func TestVentilationRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "co2_ventilation", faulty: zone(zoneFaults{co2High: true}), clean: zone(zoneFaults{})},
		{rule: "dcv_verification", faulty: zone(zoneFaults{dcvStatic: true}), clean: zone(zoneFaults{})},
	})
}

// TestDCVSetpointFault: with a CO2 setpoint configured, CO2 above it while
// the OA sits at its minimum is a fault.
func TestDCVSetpointFault(t *testing.T) {
	f := simZone(time.Hour, 9, zoneFaults{co2High: true, dcvStatic: true})
	out := runAir(t, "dcv_verification", f, Values{"co2_setpoint": 1000.0})
	if out.Severity != Fault {
		t.Errorf("%s %q, want fault", out.Severity, out.Summary)
	}
}

func TestVentilationRulesEdges(t *testing.T) {
	hi := simZone(time.Hour, 3, zoneFaults{co2High: true})
	st := simZone(time.Hour, 3, zoneFaults{dcvStatic: true})
	flat := without(st)
	co2 := make([]float64, flat.N)
	for i := range co2 {
		co2[i] = 600 + float64(i%5)
	}
	flat.Cols[model.CO2] = co2
	damperOnly := without(st, model.OAAirflow)
	dmp := make([]float64, damperOnly.N)
	for i := range dmp {
		dmp[i] = 30
	}
	damperOnly.Cols[model.OADamper] = dmp
	runEdges(t, []edgeCase{
		{name: "no outdoor CO2: 420 assumed", rule: "co2_ventilation", frame: hi, want: []Severity{Warn, Fault}, caveat: "420 ppm"},
		{name: "outdoor CO2 point", rule: "co2_ventilation", frame: func() *series.Frame {
			g := without(hi)
			out := make([]float64, g.N)
			for i := range out {
				out[i] = 900 // a polluted outdoor reading: indoor never 700 above it
			}
			g.Cols[model.OutdoorCO2] = out
			return g
		}(), want: []Severity{OK, Info, Warn}},
		{name: "no OA signal", rule: "dcv_verification", frame: without(st, model.OAAirflow), want: []Severity{Info},
			caveat: "DCV not evaluated", nilKeys: []string{"correlation", "modulation"}},
		{name: "damper stands in", rule: "dcv_verification", frame: damperOnly, want: []Severity{Warn}},
		{name: "flat CO2", rule: "dcv_verification", frame: flat, want: []Severity{Info}, caveat: "flat CO2", nilKeys: []string{"correlation"}},
		{name: "all hours, clean", rule: "dcv_verification", frame: simZone(time.Hour, 3, zoneFaults{}), params: Values{"occupied_only": false},
			want: []Severity{OK}},
	})
}

func TestVentilationRulesOverrides(t *testing.T) {
	hi := simZone(time.Hour, 5, zoneFaults{co2High: true})
	st := simZone(time.Hour, 5, zoneFaults{dcvStatic: true})
	runOverrides(t, []overrideCase{
		{rule: "co2_ventilation", frame: hi, was: []Severity{Fault}, override: Values{"high_delta_ppm": 1500.0}, now: []Severity{OK}},
		{rule: "dcv_verification", frame: st, was: []Severity{Warn}, override: Values{"min_corr": -1.0, "min_modulation": 0.0}, now: []Severity{OK}},
	})
}
