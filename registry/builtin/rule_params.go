package builtin

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

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

// ruleEntry is one rule or drift detector as rule_params lists it. The
// fields marked detail are filled only with detail, so the default page
// stays small.
type ruleEntry struct {
	Name    string      `json:"name"`
	Title   string      `json:"title"`
	RunWith string      `json:"run_with"`
	Classes []string    `json:"classes"`
	Params  []ruleParam `json:"params"`
	Fact    string      `json:"fact"`
	// A rule's.
	Standard string `json:"standard,omitempty"`
	// A drift detector's.
	Aliases    []string            `json:"aliases,omitempty"`
	Thresholds *detectorThresholds `json:"thresholds,omitempty"`
	// detail
	Category string         `json:"category,omitempty"`
	Required []string       `json:"required_roles,omitempty"`
	Optional []string       `json:"optional_roles,omitempty"`
	Gates    [][]string     `json:"gates,omitempty"`
	Grid     string         `json:"grid,omitempty"`
	Fleet    *bool          `json:"fleet,omitempty"`
	Guards   *detectorGuard `json:"guards,omitempty"`
	Signals  []drift.Signal `json:"signals,omitempty"`
	Caveat   string         `json:"caveat,omitempty"`

	search string // lower-case name, aliases, title, classes and standard
	text   string // the entry's fact
}

// ruleParam is one tunable parameter of a rule.
type ruleParam struct {
	Name    string   `json:"name"`
	Default any      `json:"default"`
	Unit    string   `json:"unit"`
	Range   string   `json:"range"`
	Choices []string `json:"choices,omitempty"`
	// detail
	Kind   string   `json:"kind,omitempty"`
	Min    *float64 `json:"min,omitempty"`
	Max    *float64 `json:"max,omitempty"`
	Basis  string   `json:"basis,omitempty"`
	Advice string   `json:"advice,omitempty"`
	Fact   string   `json:"fact,omitempty"`
}

// detectorThresholds are a drift detector's fixed severity floors.
type detectorThresholds struct {
	Unit  string          `json:"unit"`
	Sides string          `json:"sides"`
	Warn  drift.Threshold `json:"warn"`
	Fault drift.Threshold `json:"fault"`
}

// detectorGuard is what a detector's baseline fit needs (detail).
type detectorGuard struct {
	Load      string            `json:"load"`
	MinLoad   float64           `json:"min_load"`
	MinSpan   float64           `json:"min_span"`
	Plausible [2]float64        `json:"plausible"`
	CUSUM     drift.CUSUMParams `json:"cusum"`
}

// ruleTables are the entries without and with detail, built once from the
// rule and detector tables (which are fixed in code) and never changed: a
// handler copies what it changes.
var ruleTables = sync.OnceValue(func() [2][]ruleEntry { return [2][]ruleEntry{ruleEntries(false), ruleEntries(true)} })

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
	entries := ruleTables()[0]
	if detail {
		entries = ruleTables()[1]
	}
	if names := c.Strings("rules"); len(names) > 0 {
		var err *registry.Error
		if entries, err = pickEntries(entries, names); err != nil {
			return nil, err
		}
	}
	query := c.String("query")
	if words := strings.Fields(strings.ToLower(query)); len(words) > 0 {
		entries = slices.DeleteFunc(slices.Clone(entries), func(e ruleEntry) bool { return !allIn(words, e.search) })
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
	head := fmt.Sprintf("%d rule%s (run with rule_run) and %d drift detector%s (run with drift, which rule_run refuses)",
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
		facts = append(facts, registry.Fact{ID: e.Fact, Kind: "rule", Text: e.text})
		if i < textEntries {
			sentences = append(sentences, e.text+" ["+e.Fact+"]")
		}
		if detail {
			e.Params = slices.Clone(e.Params)
			for j := range e.Params {
				p := &e.Params[j]
				p.Fact = fmt.Sprintf("F%d@rule_params", len(facts)+1)
				facts = append(facts, registry.Fact{ID: p.Fact, Kind: "rule_param", Value: p.Default, Text: e.Name + "." + paramText(p, true)})
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
	e := ruleEntry{Name: r.Name, Title: r.Title, RunWith: runWithRuleRun, Classes: orNone(slices.Clone(r.Classes)),
		Params: make([]ruleParam, 0, len(r.Params)), Standard: r.Standard}
	for i := range r.Params {
		p := &r.Params[i]
		rp := ruleParam{Name: p.Name, Default: p.Default, Unit: p.Unit, Range: p.RangeText(), Choices: p.Choices}
		if detail {
			rp.Kind, rp.Min, rp.Max, rp.Basis, rp.Advice = string(p.Kind), p.Min, p.Max, p.Basis, p.Advice
		}
		e.Params = append(e.Params, rp)
	}
	e.search = strings.ToLower(strings.Join(append([]string{r.Name, r.Title, r.Standard}, r.Classes...), "\n"))
	e.text = entryText(&e)
	if detail {
		grid, fleet := "hourly", r.IsFleet()
		if r.Grid == fdd.Native {
			grid = "native"
		}
		e.Category, e.Grid, e.Fleet = r.Category, grid, &fleet
		e.Required, e.Optional = roleStrings(r.Required), roleStrings(r.Optional)
		for _, g := range r.Gates {
			e.Gates = append(e.Gates, roleStrings(g))
		}
	}
	return e
}

// detectorEntryOf describes one drift detector. Its thresholds are fixed
// (provisional screening floors): the drift capability takes windows and
// families, not parameters.
func detectorEntryOf(f *drift.Family, detail bool) ruleEntry {
	e := ruleEntry{Name: f.Name, Title: f.Title, RunWith: runWithDrift, Classes: orNone(slices.Clone(f.Classes)),
		Params: []ruleParam{}, Aliases: orNone(slices.Clone(f.Aliases)),
		Thresholds: &detectorThresholds{Unit: f.Unit, Sides: f.Sides, Warn: f.Warn, Fault: f.Fault}}
	e.search = strings.ToLower(strings.Join(slices.Concat([]string{f.Name, f.Title}, f.Aliases, f.Classes), "\n"))
	e.text = entryText(&e)
	if detail {
		e.Guards = &detectorGuard{Load: f.Load, MinLoad: f.MinLoad, MinSpan: f.MinSpan, Plausible: f.Plausible, CUSUM: drift.DefaultCUSUM()}
		e.Required, e.Optional = roleStrings(f.Required), roleStrings(f.Optional)
		e.Signals, e.Caveat = slices.Clone(f.Signals), f.Caveat
	}
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

// entryText is an entry's fact, kept short (the data has the rest): what
// runs it and on what, and its parameters' defaults or a detector's fixed
// thresholds.
func entryText(e *ruleEntry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s; %s)", e.Name, e.RunWith, classText(e))
	if th := e.Thresholds; th != nil {
		fmt.Fprintf(&b, ": fixed thresholds, %s: warn %s %s and %sσ, fault %s %s and %sσ", th.Sides, decimals(th.Warn.Abs, 3),
			th.Unit, decimals(th.Warn.Sigma, 3), decimals(th.Fault.Abs, 3), th.Unit, decimals(th.Fault.Sigma, 3))
		return b.String()
	}
	if len(e.Params) == 0 {
		b.WriteString(": no tunable parameters")
	}
	for i := range e.Params {
		if i == 0 {
			b.WriteString(": defaults ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(paramText(&e.Params[i], false))
	}
	return b.String()
}

// paramText states one parameter: its default and unit, and with detail
// its range, basis and calibration advice.
func paramText(p *ruleParam, detail bool) string {
	s := p.Name + " " + fdd.FormatValue(p.Default)
	if p.Unit != "" {
		s += " " + p.Unit
	}
	if detail && p.Range != "" {
		s += " (range " + p.Range + ")"
	}
	if detail && len(p.Choices) > 0 {
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
