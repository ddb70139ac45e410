package builtin

import (
	"fmt"
	"math"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/cost"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// findingRow is one finding as rule_run lists it: every field of
// fdd.Finding, with its spans counted (finding_detail lists them), its
// cost, and the fact that states it.
type findingRow struct {
	ID              string            `json:"finding_id"`
	Rule            string            `json:"rule"`
	Equip           string            `json:"equip"`
	Class           string            `json:"equip_class"`
	Severity        string            `json:"severity"`
	Summary         string            `json:"summary"`
	Metrics         map[string]any    `json:"metrics"`
	Caveats         []string          `json:"caveats"`
	JudgedSamples   int               `json:"judged_samples"`
	JudgedBasis     string            `json:"judged_basis"`
	FlaggedSamples  int               `json:"flagged_samples"`
	Share           *float64          `json:"share"`
	FlaggedHours    float64           `json:"flagged_hours"`
	JudgedHours     float64           `json:"judged_hours"`
	WindowHours     float64           `json:"window_hours"`
	Grid            string            `json:"grid"`
	Interval        string            `json:"interval"`
	Spans           int               `json:"n_spans"`
	Conditions      []conditionRow    `json:"conditions"`
	Events          *int              `json:"events"`
	EventBasis      string            `json:"event_basis"`
	Params          []paramRow        `json:"params"`
	ConditionalOn   []fdd.Conditional `json:"conditional_on"`
	Untrusted       []fdd.RoleTrust   `json:"untrusted_inputs"`
	MissingOptional []model.Role      `json:"missing_optional"`
	Declined        bool              `json:"declined"`
	Evidence        *string           `json:"evidence"`
	Category        string            `json:"category"`
	Standard        string            `json:"standard"`
	Units           []string          `json:"units"`
	Cost            cost.Result       `json:"cost"`
	Fact            string            `json:"fact"`
}

// conditionRow is one named condition of a finding, its spans counted.
type conditionRow struct {
	Name           string   `json:"name"`
	Label          string   `json:"label"`
	JudgedSamples  int      `json:"judged_samples"`
	FlaggedSamples int      `json:"flagged_samples"`
	Share          *float64 `json:"share"`
	Spans          int      `json:"n_spans"`
}

// paramRow is one parameter as the run used it; source is default,
// overridden or fallback (no default and none given: the rule's built-in
// behaviour).
type paramRow struct {
	Name   string `json:"name"`
	Value  any    `json:"value"`
	Source string `json:"source"`
	Unit   string `json:"unit"`
	Basis  string `json:"basis"`
}

// newFindingRow converts a finding; fact is the id of the fact stating it.
func newFindingRow(f *fdd.Finding, fact string) findingRow {
	row := findingRow{
		ID: f.ID, Rule: f.Rule, Equip: f.Equip, Class: f.Class, Severity: string(f.Severity), Summary: f.Summary,
		Metrics: finiteMetrics(f.Metrics), Caveats: orNone(f.Caveats),
		JudgedSamples: f.JudgedSamples, JudgedBasis: f.JudgedBasis, FlaggedSamples: f.FlaggedSamples, Share: finitePtr(f.Share),
		FlaggedHours: f.FlaggedHours, JudgedHours: f.JudgedHours, WindowHours: f.WindowHours,
		Grid: f.Grid, Interval: f.Interval, Spans: len(f.Violations), Conditions: []conditionRow{},
		Events: f.Events, EventBasis: f.EventBasis, Params: paramRows(f.Params),
		ConditionalOn: orNone(f.ConditionalOn), Untrusted: orNone(f.Untrusted), MissingOptional: orNone(f.MissingOptional),
		Declined: f.Declined(), Category: f.Category, Standard: f.Standard, Units: orNone(f.Units),
		Cost: cost.Estimate(cost.FromFinding(*f), cost.DefaultAssumptions()), Fact: fact,
	}
	if f.Evidence != "" {
		ev := f.Evidence
		row.Evidence = &ev
	}
	for _, c := range f.Conditions {
		row.Conditions = append(row.Conditions, conditionRow{Name: c.Name, Label: c.Label, JudgedSamples: c.JudgedSamples,
			FlaggedSamples: c.FlaggedSamples, Share: finitePtr(c.Share), Spans: len(c.Violations)})
	}
	return row
}

// paramRows lists the parameters used, with the seed's source words.
func paramRows(used []fdd.ParamUsed) []paramRow {
	out := make([]paramRow, len(used))
	for i, p := range used {
		src := p.Source
		if src == fdd.SourceOverride {
			src = "overridden"
		}
		out[i] = paramRow{Name: p.Name, Value: finiteValue(p.Value), Source: src, Unit: p.Unit, Basis: p.Basis}
	}
	return out
}

// orNone returns s, or an empty (not null) list.
func orNone[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// finiteMetrics copies metrics with every non-finite number as null (not
// evaluated), so the result always encodes as JSON.
func finiteMetrics(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = finiteValue(v)
	}
	return out
}

// finiteValue is v, or nil for a NaN or infinite float.
func finiteValue(v any) any {
	if f, ok := v.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return nil
	}
	return v
}

// finitePtr is p, or nil for a non-finite value.
func finitePtr(p *float64) *float64 {
	if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
		return nil
	}
	return p
}

// findingText states a finding as its fact and the summary say it: the
// quoted finding id, its severity and its own summary (which states its
// numbers), the conditional references, and a costed figure.
func findingText(f *fdd.Finding, c cost.Result) string {
	summary := strings.TrimPrefix(f.Summary, f.Equip+": ")
	s := fmt.Sprintf("%s is %s: %s", sanitize.Name(f.ID), f.Severity, strings.TrimRight(summary, ". "))
	if len(f.ConditionalOn) > 0 {
		s += "; " + conditionalText(f.ConditionalOn)
	}
	if c.Costed() {
		s += fmt.Sprintf("; triage cost about $%s a year", dollars(*c.AnnualUSD))
	}
	return s
}

// conditionalText is "conditional on sensor_drift:supply_air_temp warn
// (bias 2.5 degF against LOG-1 supply_air_temp) ...".
func conditionalText(cs []fdd.Conditional) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %s (%s bias %s %s against %s)", c.Label(), c.Verdict, sanitize.Name(c.Equip),
			signedNum(c.Bias), c.Unit, sanitize.Name(c.Reference))
	}
	return "conditional on " + strings.Join(parts, ", ")
}

// signedNum prints a bias with its sign and at most 2 decimals.
func signedNum(x float64) string {
	s := decimals(x, 2)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// decimals prints x with at most dp decimals and no trailing zeros.
func decimals(x float64, dp int) string {
	s := fmt.Sprintf("%.*f", dp, x)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// dollars prints dollars with thousands separators and no cents.
func dollars(x float64) string { return thousands(int(math.Round(x))) }

// thousands formats n with thousands separators.
func thousands(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// percent1 prints a share (0..1) as a percentage with one decimal, as the
// rules' summaries do.
func percent1(share float64) string { return fmt.Sprintf("%.1f%%", share*100) }

// runObject is a closed object schema.
func runObject(description string, required []string, props map[string]any) map[string]any {
	req := make([]any, len(required))
	for i, r := range required {
		req[i] = r
	}
	return map[string]any{"type": "object", "additionalProperties": false, "required": req,
		"properties": props, "description": description}
}

// runList is an array schema.
func runList(items map[string]any, description string) map[string]any {
	return map[string]any{"type": "array", "items": items, "description": description}
}

// runCount is a non-negative integer schema.
func runCount(description string) map[string]any {
	return map[string]any{"type": "integer", "minimum": 0, "description": description}
}

// runShare is a 0..1 share or null.
func runShare(description string) map[string]any {
	return map[string]any{"type": []any{"number", "null"}, "minimum": 0, "maximum": 1, "description": description}
}

// runSeverity is a severity enum.
func runSeverity(description string) map[string]any {
	return map[string]any{"type": "string", "enum": []any{"ok", "info", "warn", "fault"}, "description": description}
}

// runParamsSchema is the schema of the parameters a finding ran with.
func runParamsSchema() map[string]any {
	return runList(runObject("One parameter.", []string{"name", "value", "source", "unit", "basis"}, map[string]any{
		"name":   typed("string", "Parameter name."),
		"value":  map[string]any{"description": "The value used (null: no default and none given)."},
		"source": map[string]any{"type": "string", "enum": []any{"default", "overridden", "fallback"}, "description": "default; overridden by the call's params or the run config; fallback = the rule's built-in behaviour."},
		"unit":   typed("string", "Unit (may be empty)."),
		"basis":  typed("string", "The override's stated basis, else where the default comes from."),
	}), "The parameters the rule ran with, in declaration order.")
}

// runConditionalSchema is the schema of conditional_on.
func runConditionalSchema() map[string]any {
	return runList(runObject("A configured sensor reference of an input that disagrees (warn/fault).",
		[]string{"equip", "role", "reference", "verdict", "bias"}, map[string]any{
			"equip":     typed("string", "Equipment of the compared point."),
			"role":      typed("string", "Role of the compared point."),
			"reference": typed("string", "What it was compared with."),
			"verdict":   map[string]any{"type": "string", "enum": []any{"warn", "fault"}, "description": "The comparison's verdict."},
			"bias":      typed("number", "Median of point minus reference; positive reads high."),
			"unit":      typed("string", "Unit of the bias."),
		}), "Present when an input's configured sensor reference disagrees: treat the finding as a sensor problem first.")
}

// runCostSchema is the schema of a finding's cost.
func runCostSchema() map[string]any {
	num := func(d string) map[string]any {
		return map[string]any{"type": []any{"number", "null"}, "description": d}
	}
	return runObject("Triage-grade annual cost (domain §8), or why there is none.", []string{"annual_usd", "kwh", "therms"}, map[string]any{
		"annual_usd": num("Dollars a year at placeholder prices; null when uncosted."),
		"kwh":        num("Electric energy a year."),
		"therms":     num("Gas a year."),
		"basis":      typed("string", "The model and the numbers it used."),
		"uncosted":   typed("string", "Why there is no figure (the missing input or model)."),
	})
}

// runFindingProps are the properties rule_run's rows and finding_detail's
// data share.
func runFindingProps() map[string]any {
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	return map[string]any{
		"finding_id":      typed("string", "<rule>@<equip> (#2, #3 when a rule gives one equipment several): pass it to finding_detail."),
		"rule":            typed("string", "The rule."),
		"equip":           typed("string", "The equipment (or fleet) judged."),
		"equip_class":     typed("string", "Its stored class."),
		"severity":        runSeverity("fault > warn > info > ok; a declined check is info."),
		"summary":         typed("string", "One line stating the finding's numbers."),
		"metrics":         map[string]any{"type": "object", "description": "Scalar metrics; null = not evaluated."},
		"caveats":         strs("Limits of the verdict."),
		"judged_samples":  runCount("Samples the rule itself judged (its own mask)."),
		"judged_basis":    typed("string", "What the judged samples are (fan-on hours, ...)."),
		"flagged_samples": runCount("Judged samples flagged."),
		"share":           runShare("flagged ÷ judged samples (the share the summary states); null when none judged."),
		"flagged_hours":   map[string]any{"type": "number", "minimum": 0, "description": "Hours flagged."},
		"judged_hours":    map[string]any{"type": "number", "minimum": 0, "description": "Hours judged."},
		"window_hours":    map[string]any{"type": "number", "minimum": 0, "description": "Hours of the run window on the rule's grid."},
		"grid":            map[string]any{"type": "string", "enum": []any{"hourly", "native"}, "description": "hourly: the run grid; native: the equipment's own interval (event rules)."},
		"interval":        typed("string", "The grid's step."),
		"n_spans":         runCount("Contiguous spans of flagged samples (listed by finding_detail)."),
		"events":          map[string]any{"type": []any{"integer", "null"}, "minimum": 0, "description": "An event rule's discrete events, apart from the hours."},
		"event_basis":     typed("string", "What the events are."),
		"params":          runParamsSchema(),
		"conditional_on":  runConditionalSchema(),
		"untrusted_inputs": runList(runObject("An input below the trust floor.", []string{"role", "equip", "trust"}, map[string]any{
			"role": typed("string", "Role."), "equip": typed("string", "Equipment whose point it is."),
			"trust": map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Trust score."},
		}), "Inputs below the trust floor: a declined check's, or optional ones the rule ran without trusting."),
		"missing_optional": strs("Optional roles the equipment lacks."),
		"declined":         typed("boolean", "True for a trust-gate decline: not judged, and not a pass."),
		"evidence":         nullable("string", "The evidence chart that shows the finding."),
		"category":         typed("string", "energy, comfort, ventilation or maintenance."),
		"standard":         typed("string", "The standard or guide the rule cites."),
		"units":            strs("A fleet finding's member equipment."),
		"cost":             runCostSchema(),
	}
}

// findingRequired are the keys every finding row has.
var findingRequired = []string{"finding_id", "rule", "equip", "equip_class", "severity", "summary", "metrics", "caveats",
	"judged_samples", "judged_basis", "flagged_samples", "share", "flagged_hours", "judged_hours", "window_hours",
	"grid", "interval", "n_spans", "events", "event_basis", "params", "conditional_on", "untrusted_inputs",
	"missing_optional", "declined", "evidence", "category", "standard", "units", "cost"}
