package builtin

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Default pages of rule_params (seed 000): 25 entries, 10 with detail.
const (
	ruleParamsPage       = 25
	ruleParamsDetailPage = 10
	textEntries          = 5
)

// What runs an entry (seed 000: run_with).
const (
	runWithRuleRun = "rule_run"
	runWithDrift   = "drift"
)

// ruleEntry is one rule or drift detector as rule_params lists it.
type ruleEntry struct {
	Name     string      `json:"name"`
	Title    string      `json:"title"`
	RunWith  string      `json:"run_with"`
	Classes  []string    `json:"classes"`
	Required []string    `json:"required_roles"`
	Optional []string    `json:"optional_roles"`
	Params   []ruleParam `json:"params"`
	Fact     string      `json:"fact"`
	// A rule's.
	Category string     `json:"category,omitempty"`
	Standard string     `json:"standard,omitempty"`
	Grid     string     `json:"grid,omitempty"`
	Fleet    *bool      `json:"fleet,omitempty"`
	Gates    [][]string `json:"gates,omitempty"`
	// A drift detector's.
	Aliases    []string            `json:"aliases,omitempty"`
	Thresholds *detectorThresholds `json:"thresholds,omitempty"`
	Signals    []drift.Signal      `json:"signals,omitempty"`
	Caveat     string              `json:"caveat,omitempty"`

	search string // lower-case name, aliases, title, classes and standard
}

// ruleParam is one tunable parameter of a rule.
type ruleParam struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Default any      `json:"default"`
	Unit    string   `json:"unit"`
	Min     *float64 `json:"min"`
	Max     *float64 `json:"max"`
	Range   string   `json:"range"`
	Choices []string `json:"choices,omitempty"`
	Basis   string   `json:"basis,omitempty"`
	Advice  string   `json:"advice,omitempty"`
	Fact    string   `json:"fact,omitempty"`
}

// detectorThresholds are a drift detector's fixed floors and guards.
type detectorThresholds struct {
	Unit      string             `json:"unit"`
	Sides     string             `json:"sides"`
	Load      string             `json:"load"`
	Warn      drift.Threshold    `json:"warn"`
	Fault     drift.Threshold    `json:"fault"`
	MinLoad   float64            `json:"min_load"`
	MinSpan   float64            `json:"min_span"`
	Plausible [2]float64         `json:"plausible"`
	CUSUM     *drift.CUSUMParams `json:"cusum,omitempty"`
}

// ruleParams is the rule_params capability: what rule_run and drift can
// run, and how each is tuned. It reads no store.
func ruleParams(*env) registry.Capability {
	return registry.Capability{
		Name:  "rule_params",
		Title: "Rules, drift detectors and their parameters",
		Description: "List the built-in fault-detection rules (run them with rule_run) and the opt-in drift detectors (run " +
			"them with drift; rule_run refuses them): for each its name, title, run_with, the equipment classes it is " +
			"written for, the roles it needs and can use, its standard and category, and its tunable parameters with " +
			"default, unit and documented range (a rule_run params override outside the range needs a basis). With " +
			"detail, each parameter's basis (where the default comes from) and calibration advice, and a detector's " +
			"signals, likely causes and caveat. Filter by rules (names, a detector's aliases too) or query (words " +
			"matched against name, title, class and standard, case-insensitive); page with limit/offset (25, 10 with " +
			"detail). Call it before overriding a parameter or to explain what a finding's rule checks. Cheap: reads " +
			"no data.",
		Cost:         registry.CostCheap,
		NoStore:      true,
		InputSchema:  ruleParamsInput(),
		OutputSchema: ruleParamsOutput(),
		Handler:      ruleParamsHandler,
	}
}

// ruleParamsHandler serves rule_params.
func ruleParamsHandler(_ context.Context, c *registry.Call) (*registry.Result, error) {
	detail := c.Bool("detail", false)
	entries := ruleEntries(detail)
	if names := c.Strings("rules"); len(names) > 0 {
		var err *registry.Error
		if entries, err = pickEntries(entries, names); err != nil {
			return nil, err
		}
	}
	query := c.String("query")
	if words := strings.Fields(strings.ToLower(query)); len(words) > 0 {
		entries = slices.DeleteFunc(entries, func(e ruleEntry) bool {
			return !allIn(words, e.search)
		})
	}
	nRules := 0
	for i := range entries {
		if entries[i].RunWith == runWithRuleRun {
			nRules++
		}
	}
	nDet := len(entries) - nRules
	def := ruleParamsPage
	if detail {
		def = ruleParamsDetailPage
	}
	limit, offset := c.PageArgs(def)
	lo, hi := c.Page("rules", len(entries), limit, offset, "rules by name, then drift detectors")
	page := slices.Clone(entries[lo:hi])
	if page == nil {
		page = []ruleEntry{}
	}
	head := fmt.Sprintf("%d rule%s run with rule_run and %d drift detector%s run with drift (which rule_run refuses)",
		nRules, plural(nRules, "", "s"), nDet, plural(nDet, "", "s"))
	switch {
	case query != "" && len(entries) == 0:
		head = "No rule or drift detector matches the query " + sanitize.Name(query)
	case query != "":
		head = fmt.Sprintf("%d rule%s (rule_run) and %d drift detector%s (drift) match the query %s",
			nRules, plural(nRules, "", "s"), nDet, plural(nDet, "", "s"), sanitize.Name(query))
	}
	facts := []registry.Fact{{ID: "F1@rule_params", Kind: "rule_count", Value: len(entries), Text: head,
		Data: map[string]any{"count": len(entries), "n_rules": nRules, "n_detectors": nDet}}}
	sentences := []string{head + " [F1@rule_params]"}
	for i := range page {
		e := &page[i]
		e.Fact = fmt.Sprintf("F%d@rule_params", len(facts)+1)
		facts = append(facts, registry.Fact{ID: e.Fact, Kind: "rule", Value: len(e.Params), Text: entryText(e),
			Data: map[string]any{"name": e.Name, "run_with": e.RunWith, "classes": e.Classes, "n_params": len(e.Params)}})
		if i < textEntries {
			sentences = append(sentences, entrySummary(e)+" ["+e.Fact+"]")
		}
		if detail {
			for j := range e.Params {
				p := &e.Params[j]
				p.Fact = fmt.Sprintf("F%d@rule_params", len(facts)+1)
				facts = append(facts, registry.Fact{ID: p.Fact, Kind: "rule_param", Value: p.Default, Text: e.Name + "." + paramText(p, true),
					Data: map[string]any{"rule": e.Name, "param": p.Name, "default": p.Default, "unit": p.Unit, "min": p.Min, "max": p.Max}})
			}
		}
	}
	if len(page) > textEntries {
		sentences = append(sentences, "The other entries on this page are in the data, each with its own fact")
	}
	return &registry.Result{
		Data: map[string]any{"count": len(entries), "n_rules": nRules, "n_detectors": nDet, "detail": detail, "rules": page},
		Text: strings.Join(sentences, ". ") + ".", Facts: facts,
	}, nil
}

// ruleEntries lists every rule (by name), then every drift detector (in
// the drift package's order).
func ruleEntries(detail bool) []ruleEntry {
	rules, fams := fdd.Rules(), drift.Families()
	out := make([]ruleEntry, 0, len(rules)+len(fams))
	for i := range rules {
		out = append(out, ruleEntryOf(&rules[i], detail))
	}
	for i := range fams {
		out = append(out, detectorEntryOf(&fams[i], detail))
	}
	return out
}

// ruleEntryOf describes one rule.
func ruleEntryOf(r *fdd.Rule, detail bool) ruleEntry {
	grid, fleet := "hourly", r.IsFleet()
	if r.Grid == fdd.Native {
		grid = "native"
	}
	e := ruleEntry{Name: r.Name, Title: r.Title, RunWith: runWithRuleRun, Classes: orNone(slices.Clone(r.Classes)),
		Required: roleStrings(r.Required), Optional: roleStrings(r.Optional), Params: []ruleParam{},
		Category: r.Category, Standard: r.Standard, Grid: grid, Fleet: &fleet}
	for _, g := range r.Gates {
		e.Gates = append(e.Gates, roleStrings(g))
	}
	for i := range r.Params {
		p := &r.Params[i]
		rp := ruleParam{Name: p.Name, Kind: string(p.Kind), Default: p.Default, Unit: p.Unit, Min: p.Min, Max: p.Max,
			Range: p.RangeText(), Choices: p.Choices}
		if detail {
			rp.Basis, rp.Advice = p.Basis, p.Advice
		}
		e.Params = append(e.Params, rp)
	}
	e.search = strings.ToLower(strings.Join(append([]string{r.Name, r.Title, r.Standard}, r.Classes...), "\n"))
	return e
}

// detectorEntryOf describes one drift detector. Its thresholds are fixed
// (provisional screening floors): the drift capability takes windows and
// families, not parameters.
func detectorEntryOf(f *drift.Family, detail bool) ruleEntry {
	th := &detectorThresholds{Unit: f.Unit, Sides: f.Sides, Load: f.Load, Warn: f.Warn, Fault: f.Fault,
		MinLoad: f.MinLoad, MinSpan: f.MinSpan, Plausible: f.Plausible}
	e := ruleEntry{Name: f.Name, Title: f.Title, RunWith: runWithDrift, Classes: orNone(slices.Clone(f.Classes)),
		Required: roleStrings(f.Required), Optional: roleStrings(f.Optional), Params: []ruleParam{},
		Aliases: orNone(slices.Clone(f.Aliases)), Thresholds: th}
	if detail {
		cusum := drift.DefaultCUSUM()
		th.CUSUM = &cusum
		e.Signals, e.Caveat = slices.Clone(f.Signals), f.Caveat
	}
	e.search = strings.ToLower(strings.Join(slices.Concat([]string{f.Name, f.Title}, f.Aliases, f.Classes), "\n"))
	return e
}

// pickEntries keeps the named entries, in the order named; a name that is
// neither a rule nor a detector (nor a detector's alias) is not_found.
func pickEntries(all []ruleEntry, names []string) ([]ruleEntry, *registry.Error) {
	var out []ruleEntry
	var unknown []string
	for _, n := range names {
		i := slices.IndexFunc(all, func(e ruleEntry) bool {
			return strings.EqualFold(e.Name, n) || slices.ContainsFunc(e.Aliases, func(a string) bool { return strings.EqualFold(a, n) })
		})
		switch {
		case i < 0:
			if !slices.Contains(unknown, n) {
				unknown = append(unknown, n)
			}
		case !slices.ContainsFunc(out, func(e ruleEntry) bool { return e.Name == all[i].Name }):
			out = append(out, all[i])
		}
	}
	if len(unknown) == 0 {
		return out, nil
	}
	known := make([]string, len(all))
	for i := range all {
		known[i] = all[i].Name
	}
	what, verb := "rule", "is not a built-in rule or drift detector"
	if len(unknown) > 1 {
		what, verb = "rules", "are not built-in rules or drift detectors"
	}
	msg := fmt.Sprintf("%s %s %s; known (%d in all): %s ...", what, sanitize.Names(unknown), verb, len(known),
		sanitize.Names(known[:min(len(known), messageValues)]))
	return nil, &registry.Error{Code: registry.CodeNotFound, Message: msg,
		Data: map[string]any{"argument": "rules", "unknown": unknown, "available": known[:min(len(known), dataValues)]}}
}

// allIn reports whether every word occurs in hay.
func allIn(words []string, hay string) bool {
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// roleStrings returns role slugs as strings (an empty list, never nil).
func roleStrings[R ~string](rs []R) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// classText names the classes an entry is written for.
func classText(e *ruleEntry) string {
	if len(e.Classes) == 0 {
		return "any equipment with a sensor reference"
	}
	return strings.Join(e.Classes, ", ")
}

// entrySummary is the short sentence the summary states for an entry.
func entrySummary(e *ruleEntry) string {
	if e.RunWith == runWithDrift {
		return fmt.Sprintf("%s (%s) is a drift detector for %s: run it with drift", e.Name, sanitize.Name(e.Title), classText(e))
	}
	return fmt.Sprintf("%s (%s) runs with rule_run on %s and has %d tunable parameter%s", e.Name, sanitize.Name(e.Title),
		classText(e), len(e.Params), plural(len(e.Params), "", "s"))
}

// entryText is an entry's fact: what runs it, on what, and its parameters
// or a detector's fixed thresholds.
func entryText(e *ruleEntry) string {
	var b strings.Builder
	b.WriteString(entrySummary(e))
	if th := e.Thresholds; th != nil {
		fmt.Fprintf(&b, "; fixed thresholds (%s): warn at %s %s and %sσ, fault at %s %s and %sσ of the baseline", th.Sides,
			decimals(th.Warn.Abs, 3), th.Unit, decimals(th.Warn.Sigma, 3), decimals(th.Fault.Abs, 3), th.Unit, decimals(th.Fault.Sigma, 3))
		return b.String()
	}
	if e.Standard != "" {
		b.WriteString("; basis " + sanitize.Name(e.Standard))
	}
	for i := range e.Params {
		if i == 0 {
			b.WriteString("; parameters: ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(paramText(&e.Params[i], false))
	}
	return b.String()
}

// paramText states one parameter: its default, unit and range, and with
// detail its basis and calibration advice.
func paramText(p *ruleParam, detail bool) string {
	s := p.Name + " " + p.Kind + " default " + fdd.FormatValue(p.Default)
	if p.Unit != "" {
		s += " " + p.Unit
	}
	if p.Range != "" {
		s += " (range " + p.Range + ")"
	}
	if len(p.Choices) > 0 {
		s += " (one of " + strings.Join(p.Choices, ", ") + ")"
	}
	if detail && p.Basis != "" {
		s += "; basis: " + p.Basis
	}
	if detail && p.Advice != "" {
		s += "; calibration: " + p.Advice
	}
	return s
}

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
	num := func(d string) map[string]any { return nullable("number", d) }
	threshold := runObject("A severity floor: both must be cleared.", []string{"abs", "sigma"}, map[string]any{
		"abs": typed("number", "Magnitude, in the detector's unit."), "sigma": typed("number", "Multiple of the baseline σ."),
	})
	param := runObject("One tunable parameter.", []string{"name", "kind", "default", "unit", "min", "max", "range"}, map[string]any{
		"name":    str("Its name, as rule_run params takes it."),
		"kind":    map[string]any{"type": "string", "enum": []any{"number", "integer", "boolean", "choice", "tiers"}, "description": "Its type (tiers: an object of named numbers)."},
		"default": map[string]any{"description": "The default (null: none; the rule then uses its built-in behaviour)."},
		"unit":    str("Unit (may be empty)."), "min": num("Documented minimum (null: none)."), "max": num("Documented maximum (null: none)."),
		"range":   str("The documented range in words (empty when unbounded)."),
		"choices": strs("The allowed values of a choice."),
		"basis":   str("With detail: where the default comes from."), "advice": str("With detail: how to calibrate it on a site."),
		"fact": str("With detail: the fact id that states it."),
	})
	entry := runObject("A rule (run_with rule_run) or a drift detector (run_with drift).",
		[]string{"name", "title", "run_with", "classes", "required_roles", "optional_roles", "params", "fact"}, map[string]any{
			"name": str("The name rule_run's rules (or drift's families) takes."), "title": str("What it checks."),
			"run_with":       map[string]any{"type": "string", "enum": []any{runWithRuleRun, runWithDrift}, "description": "The capability that runs it."},
			"classes":        strs("Equipment classes it is written for (empty: any with a sensor reference)."),
			"required_roles": strs("Roles it cannot run without."), "optional_roles": strs("Roles it uses when present."),
			"params":   runList(param, "Tunable parameters (a detector has none: its thresholds are fixed)."),
			"fact":     str("The fact id that states it."),
			"category": str("A rule's category: energy, comfort, ventilation or maintenance."),
			"standard": str("The standard or guide a rule cites."),
			"grid":     map[string]any{"type": "string", "enum": []any{"hourly", "native"}, "description": "hourly: the run grid; native: the equipment's own interval (event rules)."},
			"fleet":    typed("boolean", "True for a rule that judges a fleet of units together."),
			"gates":    runList(strs("Roles of which the first present one gates the check."), "Optional inputs that gate the check like required ones."),
			"aliases":  strs("A detector's other accepted names."),
			"thresholds": runObject("A detector's fixed floors and guards.", []string{"unit", "sides", "load", "warn", "fault", "min_load", "min_span", "plausible"},
				map[string]any{
					"unit": str("Unit of the drift."), "sides": str("up: only a rise counts; both: either way."),
					"load": str("What the baseline is normalised by."), "warn": threshold, "fault": threshold,
					"min_load": typed("number", "Load floor of a sample."), "min_span": typed("number", "Load span a baseline fit needs."),
					"plausible": map[string]any{"type": "array", "items": map[string]any{"type": "number"}, "minItems": 2, "maxItems": 2, "description": "Metric bounds; samples outside are dropped."},
					"cusum":     map[string]any{"type": "object", "description": "With detail: the sustained-shift monitor's parameters (σ units)."},
				}),
			"signals": runList(map[string]any{"type": "object"}, "With detail: the monitored signals and their likely causes."),
			"caveat":  str("With detail: a detector's limits."),
		})
	return runObject("", []string{"count", "n_rules", "n_detectors", "detail", "rules"}, map[string]any{
		"count":       runCount("Matching entries (all pages)."),
		"n_rules":     runCount("Matching rules."),
		"n_detectors": runCount("Matching drift detectors."),
		"detail":      typed("boolean", "Whether basis and advice are included."),
		"rules":       runList(entry, "This page of the entries: rules by name, then drift detectors."),
	})
}
