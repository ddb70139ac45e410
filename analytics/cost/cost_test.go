package cost

import (
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

func f64(x float64) *float64 { return &x }

func TestEstimate(t *testing.T) {
	a := DefaultAssumptions()
	a.Facility = Site{CoolingTons: f64(300), ChillerKWPerTon: f64(0.6), PumpKW: f64(10), FanKW: f64(40)}
	a.Equipment = map[string]Site{"AHU-2": {HeatingCapacityKBtuh: f64(500)}, "AHU-3": {HeatingCapacityKBtuh: f64(100)},
		"B-1": {HeatingCapacityKBtuh: f64(2000)}, "CH-2": {CoolingTons: f64(50)}}
	share := f64(0.1)
	tests := []struct {
		name       string
		in         Input
		usd        *float64
		kwh, therm *float64
		basis      string
		uncosted   string
	}{
		{
			name: "simultaneous heating and cooling: gas and electricity",
			in: Input{Rule: "simultaneous_heat_cool", Equip: "AHU-2", Severity: fdd.Fault, Share: share,
				FlaggedHours: 100, WindowHours: 1000},
			usd: f64(3621.48), kwh: f64(11003.2), therm: f64(1642.5),
			basis: "reheat 500 kBtu/h × 100 h flagged of a 1000 h window, 876 h/yr × diversity 0.3 = 131400 kBtu/yr; gas at boiler efficiency 0.8; cooling to remove it at COP 3.5; at $0.15/kWh, $1.2/therm",
		},
		{
			name:     "no heating capacity",
			in:       Input{Rule: "simultaneous_heat_cool", Equip: "AHU-9", Severity: fdd.Warn, Share: share, FlaggedHours: 1, WindowHours: 10},
			uncosted: "needs heating_capacity_kbtuh",
		},
		{
			name: "reheat penalty: gas only, from the percentage metric (CAMBER's fallback)",
			in:   Input{Rule: "reheat_penalty", Equip: "AHU-3", Severity: fdd.Warn, Metrics: map[string]any{"reheat_pct": 10.0}},
			usd:  f64(394.2), therm: f64(328.5),
		},
		{
			name: "chiller efficiency",
			in: Input{Rule: "chiller_efficiency", Equip: "CH-1", Severity: fdd.Warn, Share: share, FlaggedHours: 500, WindowHours: 2000,
				Metrics: map[string]any{"median_kw_per_ton": 0.95, "median_tons": 200.0}},
			usd: f64(19710), kwh: f64(131400),
		},
		{
			name: "chiller efficiency with the site's tons",
			in: Input{Rule: "chiller_efficiency", Equip: "CH-2", Severity: fdd.Warn, Metrics: map[string]any{"median_kw_per_ton": 0.75, "median_tons": nil,
				"inefficient_share_pct": 50.0}},
			usd: f64(3285), kwh: f64(21900),
		},
		{
			name:     "chiller efficiency not evaluated",
			in:       Input{Rule: "chiller_efficiency", Severity: fdd.Warn, Metrics: map[string]any{"median_kw_per_ton": nil}},
			uncosted: "needs the median kW/ton (not evaluated)",
		},
		{
			name: "cooling tower approach",
			in: Input{Rule: "cooling_tower_approach", Equip: "CT-1", Severity: fdd.Fault, Share: share, FlaggedHours: 1000, WindowHours: 4000,
				Metrics: map[string]any{"median_approach_f": 11.0}, Params: map[string]any{"design_approach_f": 7.0}},
			usd: f64(2128.68), kwh: f64(14191.2),
		},
		{
			name: "pump riding the curve",
			in:   Input{Rule: "chw_pump_dp_reset", Equip: "P-1", Severity: fdd.Warn, Metrics: map[string]any{"near_full_share_pct": 50.0}},
			usd:  f64(985.5), kwh: f64(6570),
		},
		{
			// flagged hours are the union with near-minimum hours; only the
			// near-full share of running hours is costed: 30% × 1000/2000 × 8760.
			name: "pump near full and near min",
			in: Input{Rule: "hw_pump_dp_reset", Equip: "HWP-1", Severity: fdd.Warn, Share: share, FlaggedHours: 800, JudgedHours: 1000, WindowHours: 2000,
				Metrics: map[string]any{"near_full_share_pct": 30.0, "near_min_share_pct": 50.0}},
			usd: f64(295.65), kwh: f64(1971),
		},
		{
			name: "damper census",
			in:   Input{Rule: "damper_census", Equip: "VAV-fleet", Severity: fdd.Fault, Metrics: map[string]any{"throttled_share_pct": 25}},
			usd:  f64(1971), kwh: f64(13140),
		},
		{
			name: "boiler short cycling",
			in: Input{Rule: "boiler_short_cycle", Equip: "B-1", Severity: fdd.Warn, JudgedHours: 500, WindowHours: 1000,
				Metrics: map[string]any{"starts_per_day": 16.0, "max_starts_per_day": 6}},
			usd: f64(5256), therm: f64(4380),
		},
		{
			name: "the rule's own waste metrics",
			in:   Input{Rule: "night_weekend_setback", Severity: fdd.Warn, Metrics: map[string]any{"waste_kwh": 1000.0, "waste_therms": 10.0}},
			usd:  f64(162), kwh: f64(1000), therm: f64(10),
		},
		{
			name:     "no model",
			in:       Input{Rule: "unmet_setpoint_hours", Severity: fdd.Fault, Metrics: map[string]any{"unmet_pct": 30.0}},
			uncosted: "no cost model for rule 'unmet_setpoint_hours'",
		},
		{
			name:     "not actionable",
			in:       Input{Rule: "simultaneous_heat_cool", Equip: "AHU-2", Severity: fdd.OK},
			uncosted: "not actionable (ok)",
		},
		{
			name:     "declined",
			in:       Input{Rule: "simultaneous_heat_cool", Equip: "AHU-2", Severity: fdd.Info, Declined: true},
			uncosted: "declined check: not judged",
		},
		{
			name:     "tower without the chiller kW/ton",
			in:       Input{Rule: "cooling_tower_approach", Equip: "CT-1", Severity: fdd.Warn},
			uncosted: "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			aa := a
			if tc.name == "tower without the chiller kW/ton" {
				aa.Facility.ChillerKWPerTon = nil
				tc.uncosted = "needs chiller_kw_per_ton"
			}
			got := Estimate(tc.in, aa)
			if tc.uncosted != "" {
				if got.Uncosted != tc.uncosted || got.AnnualUSD != nil || got.KWh != nil || got.Therms != nil {
					t.Fatalf("got %+v, want uncosted %q", got, tc.uncosted)
				}
				return
			}
			eq := func(name string, g, w *float64) {
				if (g == nil) != (w == nil) || (g != nil && *g != *w) {
					t.Errorf("%s = %v, want %v", name, deref(g), deref(w))
				}
			}
			eq("usd", got.AnnualUSD, tc.usd)
			eq("kwh", got.KWh, tc.kwh)
			eq("therms", got.Therms, tc.therm)
			if got.Uncosted != "" || got.Basis == "" {
				t.Errorf("uncosted %q basis %q", got.Uncosted, got.Basis)
			}
			if tc.basis != "" && got.Basis != tc.basis {
				t.Errorf("basis\n got %q\nwant %q", got.Basis, tc.basis)
			}
		})
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestFromFinding(t *testing.T) {
	s := 0.25
	f := fdd.Finding{Rule: "boiler_short_cycle", Equip: "B-1", Severity: fdd.Fault, Share: &s, FlaggedHours: 10, JudgedHours: 40, WindowHours: 100,
		Metrics: map[string]any{"starts_per_day": 20.0}, Params: []fdd.ParamUsed{{Name: "max_starts_per_day", Value: 6, Source: fdd.SourceDefault}}}
	in := FromFinding(f)
	if in.Params["max_starts_per_day"] != 6 || in.JudgedHours != 40 || in.Share != &s {
		t.Fatalf("input %+v", in)
	}
	a := DefaultAssumptions()
	a.Facility.HeatingCapacityKBtuh = f64(1000)
	r := Estimate(in, a)
	// loss = min(0.10, 14 × 0.005) = 0.07; run = 40/100 × 8760 = 3504 h;
	// therms = 1000 × 3504 / 100 × 0.07 = 2452.8.
	if !r.Costed() || *r.Therms != 2452.8 || !strings.Contains(r.Basis, "capped at 0.1") {
		t.Errorf("result %+v", r)
	}
	decl := fdd.Finding{Rule: "x", Severity: fdd.Info, Metrics: map[string]any{"declined": true}}
	if r := Estimate(FromFinding(decl), a); r.Costed() || r.Uncosted != "declined check: not judged" {
		t.Errorf("declined %+v", r)
	}
}
