package runconfig

import (
	"context"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

func fp(x float64) *float64 { return &x }

func noop(context.Context, *fdd.Input) (fdd.Outcome, error) {
	return fdd.Outcome{Severity: fdd.OK}, nil
}

// testRules is a small catalog shaped like the built-in rules.
func testRules() []fdd.Rule {
	return []fdd.Rule{
		{Name: "outdoor_air_fraction", Classes: []string{model.ClassAHU}, Required: []model.Role{model.MixedAirTemp}, Check: noop,
			Params: []fdd.Param{
				{Name: "min_oa_pct", Kind: fdd.Number, Default: 20.0, Unit: "%", Min: fp(0), Max: fp(100)},
				{Name: "cooling_cutoff_f", Kind: fdd.Number, Default: 70.0, Unit: "degF", Min: fp(40), Max: fp(100)},
			}},
		{Name: "unmet_setpoint_hours", Classes: []string{model.ClassVAV}, Required: []model.Role{model.SpaceTemp}, Check: noop,
			Params: []fdd.Param{
				{Name: "tol_F", Kind: fdd.Number, Default: 1.5, Min: fp(0), Max: fp(10)},
				{Name: "start_hour", Kind: fdd.Int, Default: 7, Min: fp(0), Max: fp(23)},
			}},
		{Name: "overcooling_severity", Classes: []string{model.ClassVAV}, Required: []model.Role{model.SpaceTemp}, Check: noop,
			Params: []fdd.Param{
				{Name: "tiers", Kind: fdd.Tiers, Default: map[string]float64{"info": 1, "warn": 2, "fault": 3}, Min: fp(0), Max: fp(20)},
				{Name: "relative_to_deadband", Kind: fdd.Bool, Default: true},
			}},
		{Name: "dcv_verification", Classes: []string{model.ClassAHU}, Required: []model.Role{model.CO2}, Check: noop,
			Params: []fdd.Param{
				{Name: "co2_setpoint", Kind: fdd.Number, Default: nil, Unit: "ppm", Min: fp(400), Max: fp(5000)},
				{Name: "summary", Kind: fdd.Choice, Default: "mean", Choices: []string{"mean", "median"}},
			}},
		{Name: VentilationRule, Classes: []string{model.ClassVAV}, Required: []model.Role{model.OAAirflow}, Check: noop,
			Params: []fdd.Param{
				{Name: "area_sqft", Kind: fdd.Number, Min: fp(1), Max: fp(1e7)},
				{Name: "population", Kind: fdd.Number, Min: fp(0), Max: fp(1e5)},
				{Name: "space_type", Kind: fdd.Choice, Choices: []string{"office", "classroom", "lobby"}},
				{Name: "ez", Kind: fdd.Number, Default: 1.0, Min: fp(0.5), Max: fp(1.2)},
			}},
	}
}

func parse(name, text string) (*Config, error) {
	return Options{Rules: testRules()}.Parse(name, []byte(text))
}

func TestParseBadConfigs(t *testing.T) {
	ref := func(body string) string {
		return `{"report": {"rcx": {"references": [` + body + `]}}}`
	}
	tests := []struct {
		name, file, text, want string
	}{
		// Unparseable.
		{"empty file", "north.json", "", "north.json: empty file"},
		{"whitespace only", "north.yaml", " \n\t\n", "north.yaml: empty file"},
		{"trailing comma", "north.json", "{\n  \"resample\": \"1h\",\n}", `north.json: not valid JSON at line 3: invalid character '}' looking for beginning of object key string`},
		{"truncated", "north.json", `{"rules": [`, "north.json: not valid JSON: the file ends before the config does"},
		{"trailing data", "north.json", `{} {}`, "north.json: not valid JSON at line 1: more data after the config object"},
		{"bad yaml", "north.yaml", "rules: [a, b\n", "north.yaml: not valid YAML: line 1: did not find expected ',' or ']'"},
		{"yaml alias", "north.yaml", "a: &x 1\nequipment: [*x]\n", "north.yaml: equipment[0]: aliases are not supported in a run config (line 2)"},
		{"unknown suffix", "north.toml", "x = 1", "north.toml: unknown config suffix (use .json, .yaml or .yml)"},
		// Not an object; repeated key.
		{"list at top", "north.json", `["AHU"]`, "north.json: the config must be an object, not a list"},
		{"text at top", "north.yaml", `just text`, "north.yaml: the config must be an object, not text"},
		{"repeated key", "north.json", "{\"resample\": \"1h\",\n \"resample\": \"15min\"}", "north.json: resample: repeated key (line 2)"},
		{"repeated nested key", "north.json", `{"trust_gate": {"min_trust": 0.5, "min_trust": 0.6}}`, "north.json: trust_gate.min_trust: repeated key (line 1)"},
		{"repeated key yaml", "north.yaml", "source:\n  facility: a\n  facility: b\n", "north.yaml: source.facility: repeated key (line 3)"},
		// Wrong shape.
		{"unknown top key", "north.json", `{"rule": []}`, "north.json: rule: unknown key (known: description, source, equipment, rules, resample, topology, trust_gate, units, ventilation, report, mv, drift)"},
		{"equipment scalar", "north.json", `{"equipment": "AHU"}`, "north.json: equipment: must be a list of class names, not text"},
		{"equipment item", "north.json", `{"equipment": ["AHU", 3]}`, "north.json: equipment[1]: must be text, not a number"},
		{"source not object", "north.json", `{"source": "store"}`, "north.json: source: must be an object, not text"},
		{"bad facility id", "north.json", `{"source": {"facility": "north campus"}}`, `north.json: source.facility: "north campus" is not a facility id (letters, digits, '.', '_' and '-', starting with a letter or digit)`},
		{"rules object", "north.json", `{"rules": {"outdoor_air_fraction": {}}}`, "north.json: rules: must be a list of rule names or {name, params} objects, not an object"},
		{"rule entry number", "north.json", `{"rules": [3]}`, "north.json: rules[0]: must be a rule name or {name, params}, not a number"},
		{"rule entry without name", "north.json", `{"rules": [{"params": {}}]}`, "north.json: rules[0]: has no name"},
		{"rule entry extra key", "north.json", `{"rules": [{"name": "dcv_verification", "parms": {}}]}`, "north.json: rules[0].parms: unknown key (known: name, params)"},
		// Unknown rule or parameter.
		{"unknown rule", "north.json", `{"rules": ["outdoor_air_fraction", "economiser"]}`, `north.json: rules[1]: unknown rule "economiser"`},
		{"unknown rule in object", "north.json", `{"rules": [{"name": "nope"}]}`, `north.json: rules[0].name: unknown rule "nope"`},
		{"rule twice", "north.json", `{"rules": ["dcv_verification", {"name": "dcv_verification"}]}`, `north.json: rules[1]: rule "dcv_verification" is listed twice (first at rules[0])`},
		{"unknown parameter", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa": 10}}]}`, `north.json: rules[0].params.min_oa: unknown parameter of rule "outdoor_air_fraction" (its parameters: min_oa_pct, cooling_cutoff_f)`},
		{"params not object", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": [1]}]}`, "north.json: rules[0].params: must be an object of parameter values, not a list"},
		// Out of range without a basis; non-finite.
		{"out of range", "north.json", `{"rules": ["dcv_verification", "unmet_setpoint_hours", {"name": "outdoor_air_fraction", "params": {"min_oa_pct": 140}}]}`,
			`north.json: rules[2].params.min_oa_pct: 140 is outside 0..100 (give {"value": 140, "basis": "..."} to use it)`},
		{"out of range yaml", "north.yaml", "rules:\n  - name: outdoor_air_fraction\n    params:\n      min_oa_pct: -5\n",
			`north.yaml: rules[0].params.min_oa_pct: -5 is outside 0..100 (give {"value": -5, "basis": "..."} to use it)`},
		{"non-finite yaml", "north.yaml", "rules:\n  - name: outdoor_air_fraction\n    params:\n      min_oa_pct: .nan\n", "north.yaml: rules[0].params.min_oa_pct: NaN is not a finite number"},
		{"infinite with basis", "north.yaml", "rules:\n  - name: outdoor_air_fraction\n    params:\n      min_oa_pct: {value: .inf, basis: why}\n", "north.yaml: rules[0].params.min_oa_pct: +Inf is not a finite number"},
		{"huge json number", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": 1e999}}]}`, "north.json: not valid JSON at line 1: number 1e999 is out of range"},
		// Wrong types.
		{"text for a number", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": "20"}}]}`, `north.json: rules[0].params.min_oa_pct: "20" is text, not a number`},
		{"bool for a number", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": true}}]}`, "north.json: rules[0].params.min_oa_pct: true is true/false, not a number"},
		{"fraction for a whole number", "north.json", `{"rules": [{"name": "unmet_setpoint_hours", "params": {"start_hour": 7.5}}]}`, "north.json: rules[0].params.start_hour: 7.5 is not a whole number"},
		{"number for a flag", "north.json", `{"rules": [{"name": "overcooling_severity", "params": {"relative_to_deadband": 1}}]}`, "north.json: rules[0].params.relative_to_deadband: 1 is a number, not true/false"},
		{"word not a choice", "north.json", `{"rules": [{"name": "dcv_verification", "params": {"summary": "max"}}]}`, `north.json: rules[0].params.summary: "max" is not one of: mean, median`},
		{"null with a default", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": null}}]}`, "north.json: rules[0].params.min_oa_pct: null, but the parameter has a default (20); leave it out to use that"},
		{"list for a value", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": [20]}}]}`, "north.json: rules[0].params.min_oa_pct: [20] is a list, not a number"},
		{"object for a value", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": {"v": 20}}}]}`, `north.json: rules[0].params.min_oa_pct: {"v":20} is an object, not a number`},
		{"scalar for tiers", "north.json", `{"rules": [{"name": "overcooling_severity", "params": {"tiers": 2}}]}`, "north.json: rules[0].params.tiers: 2 is a number, not an object of named numbers"},
		{"unknown tier", "north.json", `{"rules": [{"name": "overcooling_severity", "params": {"tiers": {"severe": 4}}}]}`, `north.json: rules[0].params.tiers: unknown tier "severe" (known: fault, info, warn)`},
		{"min_trust as text", "north.json", `{"trust_gate": {"min_trust": "0.5"}}`, `north.json: trust_gate.min_trust: "0.5" is text, not a number`},
		{"min_trust range", "north.json", `{"trust_gate": {"min_trust": 1.5}}`, "north.json: trust_gate.min_trust: 1.5 is outside 0..1"},
		// Basis.
		{"empty basis", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": {"value": 140, "basis": ""}}}]}`, `north.json: rules[0].params.min_oa_pct.basis: must be a non-empty text saying why (not "")`},
		{"basis not text", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": {"value": 140, "basis": 1}}}]}`, "north.json: rules[0].params.min_oa_pct.basis: must be a non-empty text saying why (not 1)"},
		{"extra key beside value", "north.json", `{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": {"value": 10, "note": "x"}}}]}`, "north.json: rules[0].params.min_oa_pct.note: unknown key (known: value, basis)"},
		// Resample, topology.
		{"bad resample", "north.json", `{"resample": "2 weeks"}`, `north.json: resample: "2 weeks" is not a step such as "1h" or "15min"`},
		{"resample too fine", "north.json", `{"resample": "30s"}`, `north.json: resample: "30s" is outside 1min..1d`},
		{"topology bad role", "north.json", `{"topology": {"shared": {"outside_temp": "WX-1"}}}`, `north.json: topology.shared.outside_temp: unknown role "outside_temp"`},
		// Units.
		{"units not object", "north.json", `{"units": ["kW"]}`, "north.json: units: must be an object of role: unit, not a list"},
		{"unknown unit", "north.json", `{"units": {"power": "watts"}}`, `north.json: units.power: unknown unit "watts" (known for power: Btu/h, MBH, MW, W, kBtu/h, kW, tons)`},
		{"unit of the wrong kind", "north.json", `{"units": {"power": "degF"}}`, `north.json: units.power: "degF" is not a unit for power (known: Btu/h, MBH, MW, W, kBtu/h, kW, tons)`},
		{"units unknown role", "north.json", `{"units": {"meter": "kW"}}`, `north.json: units.meter: unknown role "meter"`},
		// Ventilation.
		{"ventilation without zones", "north.json", `{"ventilation": {}}`, "north.json: ventilation: has no zones (a zones file, or an object of equipment: {area_sqft, population, space_type})"},
		{"zone negative area", "north.json", `{"ventilation": {"zones": {"VAV-1": {"area_sqft": -5, "population": 3}}}}`, "north.json: ventilation.zones.VAV-1.area_sqft: -5 is not above 0"},
		{"zone missing population", "north.json", `{"ventilation": {"zones": {"VAV-1": {"area_sqft": 500}}}}`, "north.json: ventilation.zones.VAV-1: needs area_sqft and population"},
		{"zone space type not a choice", "north.json", `{"ventilation": {"zones": {"VAV-1": {"area_sqft": 500, "population": 3, "space_type": "gym"}}}}`, `north.json: ventilation.zones.VAV-1.space_type: "gym" is not one of: office, classroom, lobby`},
		{"zone ez out of the rule's range", "north.json", `{"ventilation": {"zones": {"VAV-1": {"area_sqft": 500, "population": 3, "ez": 2}}}}`, `north.json: ventilation.zones.VAV-1.ez: 2 is outside 0.5..1.2 (give {"value": 2, "basis": "..."} to use it)`},
		{"zones wrong type", "north.json", `{"ventilation": {"zones": 3}}`, "north.json: ventilation.zones: must be a zones file name or an object of zones, not a number"},
		// report.rcx.
		{"rcx unknown key", "north.json", `{"report": {"rcx": {"topn": 5}}}`, "north.json: report.rcx.topn: unknown key (known: top_n, references)"},
		{"top_n fraction", "north.json", `{"report": {"rcx": {"top_n": 2.5}}}`, "north.json: report.rcx.top_n: 2.5 is not a whole number"},
		{"reference not an object", "north.json", ref(`"AHU-1"`), "north.json: report.rcx.references[0]: must be an object {point, reference, warn, fault, unit}, not text"},
		{"reference missing fault", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": 1}`), "north.json: report.rcx.references[0]: has no fault"},
		{"threshold zero", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": 0, "fault": 2}`), "north.json: report.rcx.references[0].warn: 0 is not above 0"},
		{"threshold text", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": "1", "fault": 2}`), `north.json: report.rcx.references[0].warn: "1" is text, not a number`},
		{"warn above fault", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": 3, "fault": 2}`), "north.json: report.rcx.references[0]: warn 3 is above fault 2"},
		{"own reference", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "AHU-1", "role": "supply_air_temp"}, "warn": 1, "fault": 2}`), "north.json: report.rcx.references[0].reference: the point AHU-1 supply_air_temp is its own reference"},
		{"own reference by equip", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "AHU-1"}, "warn": 1, "fault": 2}`), "north.json: report.rcx.references[0].reference: the point AHU-1 supply_air_temp is its own reference"},
		{"unknown unit in a reference", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": 1, "fault": 2, "unit": "kelvin"}`), `north.json: report.rcx.references[0].unit: unknown unit "kelvin" (known for supply_air_temp: degC, degF)`},
		{"reference point unknown role", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "sat"}, "reference": {"equip": "LOG-1"}, "warn": 1, "fault": 2}`), `north.json: report.rcx.references[0].point.role: unknown role "sat"`},
		{"reference neither equip nor file", "north.json", ref(`{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": "LOG-1", "warn": 1, "fault": 2}`), "north.json: report.rcx.references[0].reference: must be an object {equip, role} or {file}, not text"},
		// M&V, drift.
		{"mv missing reporting", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"]}}`, "north.json: mv: has no reporting"},
		{"mv meter role", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "oat"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"]}}`, `north.json: mv.meter.role: "oat" is not a meter role (power, energy_rate)`},
		{"mv window order", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-03-01", "2025-01-01"], "reporting": ["2025-03-02", "2025-06-01"]}}`, "north.json: mv.baseline: start 2025-03-01 is not before end 2025-01-01"},
		{"mv window scalar", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": "2025", "reporting": ["2025-03-02", "2025-06-01"]}}`, "north.json: mv.baseline: must be a list [start, end] of two dates, not text"},
		{"mv bad date", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-13-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"]}}`, `north.json: mv.baseline[0]: "2025-13-01" is not a date (2025-01-31 or 2025-01-31T08:00)`},
		{"mv models not a list", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "models": "3PC"}}`, "north.json: mv.models: must be a non-empty list of model names (2P, 3PC, 3PH, 4P, 5P, 3PCZ, 3PHZ, 5PZ, TOWT, degree_day)"},
		{"mv unknown model", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "models": ["3PC", "6P"]}}`, "north.json: mv.models[1]: \"6P\" is not a baseline model (2P, 3PC, 3PH, 4P, 5P, 3PCZ, 3PHZ, 5PZ, TOWT, degree_day)"},
		{"mv TOWT on daily", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "models": ["towt"]}}`, "north.json: mv.models: TOWT needs hourly data (set mv.interval to hourly, or leave TOWT out)"},
		{"mv autocorrelation not a flag", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "autocorrelation": "yes"}}`, "north.json: mv.autocorrelation: \"yes\" is text, not true/false"},
		{"mv confidence", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "confidence": 85}}`, "north.json: mv.confidence: 85 is not one of: 80, 90, 95"},
		{"mv non_routine", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "non_routine": "yes"}}`, `north.json: mv.non_routine: "yes" is text, not true/false`},
		{"mv units", "north.json", `{"mv": {"meter": {"equip": "MTR-1", "role": "power"}, "baseline": ["2025-01-01", "2025-03-01"], "reporting": ["2025-03-02", "2025-06-01"], "units": "kW"}}`, `north.json: mv.units: "kW" is not a unit for energy (known: MMBtu, MWh, Wh, kBtu, kWh, therms)`},
		{"drift families scalar", "north.json", `{"drift": {"families": "approach"}}`, "north.json: drift.families: must be a list of drift families, not text"},
		{"drift frozen r2", "north.json", `{"drift": {"frozen": {"CH-1": {"approach": {"n": 100, "slope": 0.1, "intercept": 2, "sigma": 0.3, "r2": 1.5, "tons_min": 10, "tons_max": 300, "coverage_start": "2025-01-01", "coverage_end": "2025-03-01"}}}}}`, "north.json: drift.frozen.CH-1.approach.r2: 1.5 is outside 0..1"},
		{"drift frozen missing key", "north.json", `{"drift": {"frozen": {"CH-1": {"approach": {"n": 100}}}}}`, "north.json: drift.frozen.CH-1.approach: has no slope (a frozen baseline needs n, slope, intercept, sigma, r2, tons_min, tons_max, coverage_start, coverage_end)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(tc.file, tc.text)
			if err == nil {
				t.Fatalf("accepted; want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Fatalf("error\n got %q\nwant %q", err.Error(), tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
		})
	}
}
