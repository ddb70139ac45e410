// Package runconfig reads run and report configs: one facility's rules,
// parameter overrides, equipment classes, grid, shared points, trust gate,
// units, ventilation zones, RCx report options (sensor references), M&V
// project and drift section. Configs are JSON or YAML (by suffix) and are
// decoded strictly: a repeated key, an unknown key, a wrong type, an
// unknown rule or parameter, or a value outside its documented range
// without a basis is refused with one line naming the file and the key
// path:
//
//	north.json: rules[2].params.min_oa_pct: 140 is outside 0..100 (give {"value": 140, "basis": "..."} to use it)
//
// # Format
//
//	{
//	  "description": "North campus, tuned after the 2025 walk-down",
//	  "source": {"store": "../store", "facility": "north-campus"},
//	  "equipment": ["AHU", "VAV", "Chiller", "CoolingTower", "Weather"],
//	  "rules": [
//	    "simultaneous_heat_cool",
//	    {"name": "outdoor_air_fraction", "params": {"min_oa_pct": 15}},
//	    {"name": "economizer_high_limit", "params": {"high_limit_f": {"value": 75, "basis": "dry climate, 90.1 table 6.5.1.1.3"}}}
//	  ],
//	  "resample": "1h",
//	  "topology": {"weather": "WX-1", "shared": {"wetbulb_temp": "CT-1"}},
//	  "trust_gate": {"min_trust": 0.6},
//	  "units": {"power": "kW", "energy_rate": "kBtu/h"},
//	  "ventilation": {"zones": "zones.csv"},
//	  "report": {"rcx": {"top_n": 10, "references": [
//	    {"point": {"equip": "AHU-1", "role": "supply_air_temp"},
//	     "reference": {"file": "duct_logger.csv"}, "warn": 1.5, "fault": 3, "unit": "degF"}
//	  ]}},
//	  "mv": {"meter": {"equip": "MTR-1", "role": "power"}, "oat": {"equip": "WX-1", "role": "oat"},
//	         "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-12-31"],
//	         "interval": "daily", "confidence": 90, "non_routine": true, "units": "kWh"},
//	  "drift": {"baseline": ["2025-01-01", "2025-03-31"], "current": ["2025-10-01", "2025-12-31"],
//	            "families": ["approach"],
//	            "frozen": {"CH-1": {"approach": {"n": 1200, "slope": 0.012, "intercept": 2.1, "sigma": 0.3,
//	                       "r2": 0.71, "tons_min": 40, "tons_max": 380,
//	                       "coverage_start": "2025-01-01", "coverage_end": "2025-03-31"}}}}
//	}
//
// Keys, all optional unless said:
//
//   - source: store (a directory; relative to the config's directory; it
//     must be the serving store) and facility (required when serving).
//   - equipment: the class labels to run; absent runs every class the model
//     recognises. Naming an unrecognised class (a LOGGER) runs it on its
//     roles alone.
//   - rules: rule names, or {"name", "params"} objects; absent runs every
//     built-in rule at its defaults. A parameter takes a plain value of its
//     kind (a number, a whole number, true/false, one of its choices, or an
//     object of named numbers for tiers), or {"value": x, "basis": "why"}
//     to use a finite value outside the documented range. null is allowed
//     only for a parameter without a default.
//   - resample: the run grid's step, "1min" to "1d" ("1h", "15min", "5T").
//   - topology: weather (the equipment whose outdoor points every frame
//     shares; default the facility's Weather-class equipment) and shared
//     (role: equipment, for single points from elsewhere).
//   - trust_gate.min_trust: 0..1; the serving trust floor applies when it
//     is higher.
//   - units: role: unit of the stored values (kW, W, MW; kBtu/h, Btu/h,
//     MBH, tons; degF, degC; ...).
//   - ventilation.zones: a CSV file (equip,area_sqft,population,space_type,
//     ez) or an object {equip: {area_sqft, population, space_type, ez}},
//     the per-zone parameters of ventilation_rate_62_1.
//   - report.rcx: top_n (1..1000) and references: {point {equip, role},
//     reference {equip, role} or {equip} or {file} (CSV with ts,value
//     columns), warn, fault (|bias| levels above 0, warn ≤ fault), unit (of
//     the reference and the levels; default the role's)}.
//   - mv: meter {equip, role power|energy_rate} and baseline, reporting
//     windows (required); oat {equip, role oat}; interval daily (default),
//     hourly or monthly; confidence 80, 90 (default) or 95; non_routine
//     true/false; units (the energy unit savings are reported in);
//     autocorrelation true/false (the lag-1 adjustment of the savings
//     uncertainty; default on for hourly data); models (the candidate
//     baseline models, e.g. ["3PC", "4P"]; TOWT needs hourly data).
//   - drift: baseline and current windows, families, and frozen baselines
//     {equip: {family: {n, slope, intercept, sigma, r2, tons_min, tons_max,
//     coverage_start, coverage_end}}}.
//
// A window is [start, end] of dates ("2025-01-31") or date-times
// ("2025-01-31T08:00"), naive local time; a date-only end covers that day.
//
// YAML takes the same keys; aliases and custom tags are refused.
//
// [Load] reads a file (and the zones and reference files it names, relative
// to it) once and returns its digest; [Config.Check] checks it against the
// store at startup. [Default] is the store-backed config a facility without
// one runs with, and [FromTemplate] adapts a dataset's packaged template.
// [Config.Spec] turns a config into the rule run it asks for.
package runconfig
