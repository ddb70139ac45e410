package demo

// The demo's run configs, written as JSON under ConfigDir. The keys follow
// the run-config file format: source, equipment, rules, resample,
// trust_gate, topology, report.rcx.references, mv and drift.

// runConfig is one facility's run config file.
type runConfig struct {
	Description string        `json:"description"`
	Source      configSource  `json:"source"`
	Equipment   []string      `json:"equipment,omitempty"`
	Rules       []configRule  `json:"rules,omitempty"`
	Resample    string        `json:"resample"`
	TrustGate   *configTrust  `json:"trust_gate,omitempty"`
	Topology    *configTopo   `json:"topology,omitempty"`
	Report      *configReport `json:"report,omitempty"`
	MV          *configMV     `json:"mv,omitempty"`
	Drift       *configDrift  `json:"drift,omitempty"`
}

type configSource struct {
	Facility string `json:"facility"`
}

type configRule struct {
	Name   string         `json:"name"`
	Params map[string]any `json:"params,omitempty"`
}

type configTrust struct {
	MinTrust float64 `json:"min_trust"`
}

type configTopo struct {
	Weather string `json:"weather"`
}

type configReport struct {
	RCX configRCX `json:"rcx"`
}

type configRCX struct {
	TopN       int         `json:"top_n,omitempty"`
	References []configRef `json:"references"`
}

type configPoint struct {
	Equip string `json:"equip"`
	Role  string `json:"role"`
}

type configRef struct {
	Point configPoint `json:"point"`
	Ref   configPoint `json:"reference"`
	Warn  float64     `json:"warn"`
	Fault float64     `json:"fault"`
	Unit  string      `json:"unit"`
}

// configWindow is [start, end], as the run-config format writes a window.
type configWindow [2]string

type configMV struct {
	Meter      configPoint  `json:"meter"`
	OAT        configPoint  `json:"oat"`
	Baseline   configWindow `json:"baseline"`
	Reporting  configWindow `json:"reporting"`
	Interval   string       `json:"interval"`
	Confidence int          `json:"confidence"`
}

type configDrift struct {
	Baseline configWindow `json:"baseline"`
	Current  configWindow `json:"current"`
	Families []string     `json:"families"`
}

// ruleNames turns names into rule entries at default parameters.
func ruleNames(names ...string) []configRule {
	out := make([]configRule, len(names))
	for i, n := range names {
		out[i] = configRule{Name: n}
	}
	return out
}

// runConfigs returns the demo's run configs: north-campus with its rules,
// the M&V project on MTR-1 (baseline the 60 days before the retrofit,
// reporting after), drift baselines for the chillers and the tower, and
// AHU-2's duct-logger reference; south-annex with its packaged-unit rules.
func runConfigs() []runConfig {
	win := func(w window) configWindow {
		return configWindow{stamp(northStart, w.from), stamp(northStart, w.to)}
	}
	north := runConfig{
		Description: "Demo campus: every built-in rule that applies, M&V on the main meter, drift against a clean baseline, and AHU-2's duct logger as a sensor reference.",
		Source:      configSource{Facility: NorthCampus},
		Equipment:   []string{"AHU", "VAV", "ChilledWaterPlant", "Chiller", "CoolingTower", "HotWaterPlant", "Meter", "Weather"},
		Rules: ruleNames(
			"simultaneous_heat_cool", "supply_air_reset", "leaking_valve", "outdoor_air_fraction",
			"economizer_high_limit", "free_cooling_missed", "supply_air_control", "static_pressure_reset",
			"night_weekend_setback", "filter_fouling", "control_hunting",
			"reheat_penalty", "overcooling_min_flow", "overcooling_severity", "reheat_minimization_g36",
			"unmet_setpoint_hours", "airflow_tracking", "co2_ventilation",
			"damper_census", "zones_heat_cool_census", "cohort_airflow", "cohort_space_temp",
			"chw_plant_reset", "chiller_efficiency", "chiller_staging", "chiller_approach_fouling", "chiller_staging_fleet",
			"cooling_tower_approach", "condenser_water_reset",
			"boiler_summer_lockout", "boiler_short_cycle", "hw_plant_deltat", "hw_pump_dp_reset"),
		Resample:  "1h",
		TrustGate: &configTrust{MinTrust: 0.5},
		Topology:  &configTopo{Weather: "WX-1"},
		Report: &configReport{RCX: configRCX{TopN: 10, References: []configRef{{
			Point: configPoint{Equip: "AHU-2", Role: "supply_air_temp"},
			Ref:   configPoint{Equip: loggerEquip, Role: "supply_air_temp"},
			Warn:  1.5, Fault: 3, Unit: "degF",
		}}}},
		MV: &configMV{
			Meter:      configPoint{Equip: "MTR-1", Role: "power"},
			OAT:        configPoint{Equip: "WX-1", Role: "oat"},
			Baseline:   win(window{0, retrofitDay}),
			Reporting:  win(window{retrofitDay, float64(northDays)}),
			Interval:   "daily",
			Confidence: 90,
		},
		Drift: &configDrift{
			Baseline: win(wDriftBaseline),
			Current:  win(window{90, float64(northDays)}),
			Families: []string{"chiller_approach_drift", "chiller_subcooling_drift", "chiller_superheat_drift",
				"chiller_cw_range_drift", "cooling_tower_approach_drift", "chiller_head_pressure_drift"},
		},
	}
	south := runConfig{
		Description: "Demo annex: packaged rooftop units and heat pumps; compressor events are judged on their native logging interval.",
		Source:      configSource{Facility: SouthAnnex},
		Equipment:   []string{"RTU", "HeatPump", "Meter", "Weather"},
		Rules: ruleNames("economizer_high_limit", "outdoor_air_fraction", "supply_air_control", "filter_fouling",
			"compressor_short_cycle", "compressor_staging", "heatpump_defrost", "night_weekend_setback"),
		Resample:  "1h",
		TrustGate: &configTrust{MinTrust: 0.5},
		Topology:  &configTopo{Weather: "WX-1"},
	}
	return []runConfig{north, south}
}
