package fdd

import (
	"math"
	"testing"
	"time"
)

var officeZone = Values{"area_sqft": 1000.0, "population": 7.0}

func TestVentilationRateAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "ventilation_rate_62_1", faulty: zone(zoneFaults{underVent: true}), clean: zone(zoneFaults{}), params: officeZone},
	})
}

// TestVentilationRateRequirement pins Vbz = Rp·Pz + Ra·Az over Ez.
func TestVentilationRateRequirement(t *testing.T) {
	f := simZone(time.Hour, 1, zoneFaults{})
	for _, tc := range []struct {
		name   string
		params Values
		want   float64
	}{
		{"office", officeZone, 5*7 + 0.06*1000},
		{"classroom", Values{"area_sqft": 900.0, "population": 25.0, "space_type": "classroom"}, 10*25 + 0.12*900},
		{"explicit rp/ra and Ez", Values{"area_sqft": 1000.0, "population": 10.0, "rp": 7.5, "ra": 0.18, "ez": 0.8}, (7.5*10 + 0.18*1000) / 0.8},
		{"rp only overrides the table", Values{"area_sqft": 1000.0, "population": 10.0, "rp": 10.0}, 10*10 + 0.06*1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := runAir(t, "ventilation_rate_62_1", f, tc.params)
			if got := out.Metrics["required_cfm"].(float64); math.Abs(got-tc.want) > 0.06 {
				t.Errorf("required %v cfm, want %v", got, tc.want)
			}
		})
	}
}

func TestVentilationRateEdges(t *testing.T) {
	f := simZone(time.Hour, 3, zoneFaults{})
	runEdges(t, []edgeCase{
		{name: "no area or population", rule: "ventilation_rate_62_1", frame: f, want: []Severity{Info},
			nilKeys: []string{"measured_cfm", "required_cfm"}},
		{name: "population only", rule: "ventilation_rate_62_1", frame: f, params: Values{"population": 7.0}, want: []Severity{Info}},
		{name: "unknown space type", rule: "ventilation_rate_62_1", frame: f,
			params: Values{"area_sqft": 1000.0, "population": 7.0, "space_type": "bowling_alley"}, want: []Severity{Info}},
		{name: "over-ventilated", rule: "ventilation_rate_62_1", frame: f, params: Values{"area_sqft": 300.0, "population": 2.0},
			want: []Severity{Warn}},
	})
	out := runAir(t, "ventilation_rate_62_1", f, nil)
	if want := "VAV-1-1: needs area_sqft and population (configure ventilation)"; out.Summary != want {
		t.Errorf("summary %q, want %q", out.Summary, want)
	}
}

func TestVentilationRateOverrides(t *testing.T) {
	f := simZone(time.Hour, 5, zoneFaults{underVent: true})
	runOverrides(t, []overrideCase{
		{rule: "ventilation_rate_62_1", frame: f, base: officeZone, was: []Severity{Fault},
			override: Values{"under_tol": 0.5}, now: []Severity{OK}},
		{rule: "ventilation_rate_62_1", frame: f, base: officeZone, was: []Severity{Fault},
			override: Values{"aggregate": "mean", "population": 2.0, "area_sqft": 500.0}, now: []Severity{OK}},
	})
}
