package agent

// Test fixtures shared by the agent's tests (the external tests build
// their own through the exported API).

func fptr(x float64) *float64 { return &x }

// demoFindings are findings shaped like a rule run on a small campus.
func demoFindings() []Finding {
	return []Finding{
		{ID: "simultaneous_heat_cool@AHU-1", Rule: "simultaneous_heat_cool", Equip: "AHU-1", Severity: "fault",
			Summary: "Both coils open 20% of hours.", Metrics: map[string]any{"pct_both_open": 20.3, "hours": 1752.0},
			Standard: "PNNL Re-tuning Ch.5",
			Cost:     &Cost{AnnualUSD: fptr(2897.3), KWh: fptr(8802), Therms: fptr(1314), Basis: "reheat-gas+paired-cooling"}},
		{ID: "supply_air_reset@AHU-1", Rule: "supply_air_reset", Equip: "AHU-1", Severity: "warn",
			Summary: "SAT held below 58 °F for 64% of cooling hours with no reset (slope 0.02 °F/°F).",
			Metrics: map[string]any{"pct_cold": 64.0, "slope": 0.02}},
		{ID: "reheat_penalty@VAV-2-3", Rule: "reheat_penalty", Equip: "VAV-2-3", Severity: "warn",
			Summary: "Reheating 12.5% of occupied hours with OAT above 65 °F.", Metrics: map[string]any{"pct_reheat": 12.5},
			Cost: &Cost{Basis: "no heating capacity given (heating_capacity_kbtuh)"}},
		{ID: "unmet_setpoint_hours@Boiler 2", Rule: "boiler_short_cycle", Equip: "Boiler 2", Severity: "fault",
			Summary: "14.2 starts per day against a limit of 6.", Metrics: map[string]any{"starts_per_day": 14.2}},
	}
}

// demoContext builds a context from a run and its findings, plus a
// completeness gap and a history summary.
func demoContext() *Context {
	b := NewBuilder()
	b.Run(Run{Facility: "north-campus", Start: "2025-01-01", End: "2025-12-31", Rules: 38, Equipment: 31,
		Faults: 2, Warnings: 2, Infos: 12, OKs: 40, Declined: 3, Skipped: 5}, demoFindings())
	b.Completeness([]Missing{{Equip: "AHU-3", Class: "AHU", Rule: "economizer_high_limit", Roles: []string{"oa_damper", "oat"}}})
	b.History([]History{{Equip: "AHU-1", Role: "supply_air_temp", Unit: "°F", Count: 8760, Min: 51.96, Max: 71.3, Mean: 56.42,
		Start: "2025-01-01T00:00:00", End: "2025-12-31T23:00:00"}})
	return b.Context()
}
