package builtin

// ruleParamsInput is rule_params' input schema.
func ruleParamsInput() map[string]any {
	return map[string]any{
		"type": "object", "additionalProperties": false,
		"properties": map[string]any{
			"rules": map[string]any{"type": "array", "minItems": 1, "maxItems": 100,
				"items":       nameSchema("A rule name (economizer_high_limit), a drift detector (chiller:approach_drift) or one of its aliases."),
				"description": "Only these; an unknown name is not_found."},
			"query": map[string]any{"type": "string", "minLength": 1, "maxLength": 200,
				"description": "Words that must all occur in the name, title, equipment class or standard (case-insensitive)."},
			"detail": map[string]any{"type": "boolean", "default": false,
				"description": "Also each parameter's basis and calibration advice (one fact each), and a detector's signals and caveat."},
			"limit":  limitSchema(ruleParamsPage),
			"offset": offsetSchema(),
		},
	}
}

// ruleParamsOutput is rule_params' output schema.
func ruleParamsOutput() map[string]any {
	str := func(d string) map[string]any { return typed("string", d) }
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	threshold := runObject("A severity floor: both must be cleared.", []string{"abs", "sigma"}, map[string]any{
		"abs": typed("number", "Magnitude, in the detector's unit."), "sigma": typed("number", "Multiple of the baseline σ."),
	})
	param := runObject("One tunable parameter.", []string{"name", "default", "unit", "range"}, map[string]any{
		"name":    str("Its name, as rule_run params takes it."),
		"default": map[string]any{"description": "The default (null: none; the rule then uses its built-in behaviour)."},
		"unit":    str("Unit (may be empty)."),
		"range":   str("The documented range (40..90, ≥ 0; empty when unbounded): outside it an override needs a basis."),
		"choices": strs("The allowed values of a choice."),
		"kind":    map[string]any{"type": "string", "enum": []any{"number", "integer", "boolean", "choice", "tiers"}, "description": "With detail: its type (tiers: an object of named numbers)."},
		"min":     typed("number", "With detail: the documented minimum, when there is one."),
		"max":     typed("number", "With detail: the documented maximum, when there is one."),
		"basis":   str("With detail: where the default comes from."), "advice": str("With detail: how to calibrate it on a site."),
		"fact": str("With detail: the fact id that states it."),
	})
	guards := runObject("With detail: what a detector's baseline fit needs.", []string{"load", "min_load", "min_span", "plausible", "cusum"},
		map[string]any{
			"load": str("What the baseline is normalised by."), "min_load": typed("number", "Load floor of a sample."),
			"min_span":  typed("number", "Load span a baseline fit needs."),
			"plausible": map[string]any{"type": "array", "items": map[string]any{"type": "number"}, "minItems": 2, "maxItems": 2, "description": "Metric bounds; samples outside are dropped."},
			"cusum":     map[string]any{"type": "object", "description": "The sustained-shift monitor's parameters (σ units)."},
		})
	entry := runObject("A rule (run_with rule_run) or a drift detector (run_with drift).",
		[]string{"name", "title", "run_with", "classes", "params", "fact"}, map[string]any{
			"name": str("The name rule_run's rules (or drift's families) takes."), "title": str("What it checks."),
			"run_with": map[string]any{"type": "string", "enum": []any{runWithRuleRun, runWithDrift}, "description": "The capability that runs it."},
			"classes":  strs("Equipment classes it is written for (empty: any with a sensor reference)."),
			"params":   runList(param, "Tunable parameters (a detector has none: its thresholds are fixed)."),
			"fact":     str("The fact id that states it."),
			"standard": str("The standard or guide a rule cites."),
			"aliases":  strs("A detector's other accepted names."),
			"thresholds": runObject("A detector's fixed severity floors.", []string{"unit", "sides", "warn", "fault"}, map[string]any{
				"unit": str("Unit of the drift."), "sides": str("up: only a rise counts; both: either way."), "warn": threshold, "fault": threshold,
			}),
			"category":       str("With detail: a rule's category (energy, comfort, ventilation, maintenance)."),
			"required_roles": strs("With detail: roles it cannot run without."),
			"optional_roles": strs("With detail: roles it uses when present."),
			"gates":          runList(strs("Roles of which the first present one gates the check."), "With detail: optional inputs that gate the check like required ones."),
			"grid":           map[string]any{"type": "string", "enum": []any{"hourly", "native"}, "description": "With detail: hourly, the run grid; native, the equipment's own interval (event rules)."},
			"fleet":          typed("boolean", "With detail: true for a rule that judges a fleet of units together."),
			"guards":         guards,
			"signals":        runList(map[string]any{"type": "object"}, "With detail: a detector's monitored signals and their likely causes."),
			"caveat":         str("With detail: a detector's limits."),
		})
	return runObject("", []string{"count", "n_rules", "n_detectors", "detail", "rules"}, map[string]any{
		"count":       runCount("Matching entries (all pages)."),
		"n_rules":     runCount("Matching rules."),
		"n_detectors": runCount("Matching drift detectors."),
		"detail":      typed("boolean", "Whether basis and advice are included."),
		"rules":       runList(entry, "This page of the entries: rules by name, then drift detectors."),
	})
}
