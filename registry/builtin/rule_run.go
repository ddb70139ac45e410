package builtin

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Default pages of rule_run (seed 000) and how many findings its summary
// states (all are in data and facts).
const (
	ruleRunPage  = 25
	textFindings = 5
	// bannerNames is how many rules or inputs a banner names before "and N more".
	bannerNames = 12
)

// runArgProps are the arguments rule_run and finding_detail share.
func runArgProps() map[string]any {
	return map[string]any{
		"facility_id": facilityIDSchema(),
		"rules": map[string]any{"type": "array", "minItems": 1, "maxItems": 200,
			"items":       nameSchema("A built-in rule (rule_params lists them)."),
			"description": "Only these rules (default: the run config's, else every built-in rule). A drift detector is refused: call drift."},
		"params": map[string]any{"type": "object",
			"additionalProperties": map[string]any{"type": "object", "description": "param: value, or {\"value\": x, \"basis\": \"why\"} for a value outside the documented range."},
			"description":          "Parameter overrides per rule, {rule: {param: value}}, checked against each parameter's type and range; they win over the run config's."},
		"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
			"items": nameSchema("An equipment id, exactly as stored."), "description": "Only these equipment (default: all the run config runs)."},
		"start":        timeSchema("First instant judged, naive local time (default: the first stored sample)."),
		"end":          timeSchema("Last instant judged; a date alone covers that day (default: the last stored sample)."),
		"min_severity": map[string]any{"type": "string", "enum": []any{"ok", "info", "warn", "fault"}, "description": "List only findings at or above this severity (the counts stay those of the whole run)."},
	}
}

// windowSchema is the run window block of the data.
func windowSchema() map[string]any {
	return runObject("The run grid's window: [start, end) in naive local time.", []string{"start", "end", "step"}, map[string]any{
		"start": typed("string", "First slot."), "end": typed("string", "End of the last slot (exclusive)."),
		"step": typed("string", "The run grid's step."),
	})
}

// runWindow is the window block of the data.
type runWindow struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Step  string `json:"step"`
}

// ruleRun is the rule_run capability.
func ruleRun(e *env) registry.Capability {
	props := runArgProps()
	props["limit"], props["offset"] = limitSchema(ruleRunPage), offsetSchema()
	row := runFindingProps()
	row["fact"] = typed("string", "The fact id that states this finding.")
	row["conditions"] = runList(runObject("A named condition (per coil, G36 fault condition, failure mode).",
		[]string{"name", "label", "judged_samples", "flagged_samples", "share", "n_spans"}, map[string]any{
			"name": typed("string", "Condition id (fc5, hw_leak)."), "label": typed("string", "What it checks."),
			"judged_samples": runCount("Samples it judged."), "flagged_samples": runCount("Samples it flagged."),
			"share": runShare("flagged ÷ judged; null when none judged."), "n_spans": runCount("Spans of its flagged samples."),
		}), "A multi-condition finding's conditions, each with its own judged samples (the shares its summary states).")
	counts := runObject("Findings per severity over the whole run (every page, below min_severity too).",
		[]string{"fault", "warn", "info", "ok"}, map[string]any{
			"fault": runCount("Faults."), "warn": runCount("Warnings."), "info": runCount("Info (declines included)."), "ok": runCount("Passes."),
		})
	return registry.Capability{
		Name:  "rule_run",
		Title: "Run the fault-detection rules",
		Description: "Judge a facility's equipment with the fault-detection rules and return the findings worst first: " +
			"finding_id, rule, equipment, severity, a one-line summary stating its numbers, scalar metrics, caveats, the " +
			"share of judged samples flagged, parameters used, a triage cost or why uncosted, and conditional_on when an " +
			"input's configured sensor reference disagrees. Also counts per severity, the rules skipped for missing " +
			"inputs, and the checks declined because an input scores below the trust floor (a declined check is not a " +
			"pass). Uses the caller's run config for the facility, else a dataset template or the store-backed default; " +
			"without start/end it judges the whole stored span. Narrow with rules, params, equips, start, end, " +
			"min_severity; page with limit/offset (25 findings). Pass a finding_id with the same arguments to " +
			"finding_detail for its spans. Long-running: reads every trend of the facility.",
		Cost: registry.CostLong,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
			"properties": props},
		OutputSchema: runObject("", []string{"facility_id", "config", "window", "count", "counts", "below_min_severity",
			"declined", "findings", "skipped_count", "skipped"}, map[string]any{
			"facility_id":        typed("string", "The facility."),
			"config":             configInfoSchema(),
			"window":             windowSchema(),
			"count":              runCount("Findings at or above min_severity (all pages)."),
			"counts":             counts,
			"below_min_severity": runCount("Findings below min_severity, left out of the list."),
			"declined":           runCount("Checks declined by the trust floor (info findings; not a pass)."),
			"findings":           runList(runObject("One finding.", append(slices.Clone(findingRequired), "fact", "conditions"), row), "This page of the findings, worst first."),
			"skipped_count":      runCount("Rule checks skipped for missing required inputs (all pages)."),
			"skipped": runList(runObject("A rule left out on an equipment.", []string{"rule", "equip", "missing"}, map[string]any{
				"rule": typed("string", "The rule."), "equip": typed("string", "The equipment."),
				"missing": runList(map[string]any{"type": "string"}, "The required roles it lacks."),
			}), "This page of the skipped rule checks, by rule then equipment."),
		}),
		Handler: e.ruleRunHandler,
	}
}

// ruleRunHandler serves rule_run.
func (e *env) ruleRunHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req, err := e.prepareRun(ctx, c, modeJudge)
	if err != nil {
		return nil, err
	}
	res, err := e.run(ctx, req)
	if err != nil {
		return nil, err
	}
	limit, offset := c.PageArgs(ruleRunPage)
	lo, hi := c.Page("findings", len(res.Findings), limit, offset, "worst first")
	slo, shi := c.Page("skipped", len(res.Skipped), limit, offset, "by rule, then equipment")
	out := &registry.Result{}
	if req.rc.banner != "" {
		out.Banners = append(out.Banners, req.rc.banner)
	}
	head := runHeadline(req, res)
	facts := []registry.Fact{{ID: "F1@rule_run", Kind: "rule_run", Value: len(res.Findings), Text: head,
		Data: map[string]any{"facility_id": req.facility, "count": len(res.Findings), "counts": res.Counts,
			"declined": res.Declined, "below_min_severity": len(res.Below), "skipped": len(res.Skipped)}}}
	sentences := []string{head + " [F1@rule_run]"}
	rows := make([]findingRow, 0, hi-lo)
	for i := lo; i < hi; i++ {
		f := &res.Findings[i]
		id := fmt.Sprintf("F%d@rule_run", len(facts)+1)
		row := newFindingRow(f, id)
		text := findingText(f, row.Cost)
		facts = append(facts, registry.Fact{ID: id, Kind: "finding", Value: string(f.Severity), Equip: f.Equip, Text: text,
			Data: map[string]any{"finding_id": f.ID, "rule": f.Rule, "severity": f.Severity, "metrics": row.Metrics,
				"share": row.Share, "judged_samples": f.JudgedSamples, "flagged_samples": f.FlaggedSamples,
				"judged_basis": f.JudgedBasis, "conditional_on": row.ConditionalOn, "cost": row.Cost}})
		rows = append(rows, row)
		if i-lo < textFindings {
			lead := ""
			if i == 0 {
				lead = "Worst: "
			}
			sentences = append(sentences, lead+text+" ["+id+"]")
		}
	}
	if len(rows) > textFindings {
		sentences = append(sentences, "The other findings on this page are in the data, each with its own fact")
	}
	if len(res.Skipped) > 0 {
		id := fmt.Sprintf("F%d@rule_run", len(facts)+1)
		text := skippedText(res.Skipped)
		facts = append(facts, registry.Fact{ID: id, Kind: "skipped", Value: len(res.Skipped), Text: text,
			Data: map[string]any{"skipped": len(res.Skipped)}})
		sentences = append(sentences, text+" ["+id+"]")
	}
	if res.Declined > 0 {
		out.Banners = append(out.Banners, declinedBanner(res, req.spec.MinTrust))
	}
	if fact, notice := conditionalNotice(res, lo, hi, req.spec.MinSeverity); fact != nil {
		facts = append(facts, *fact)
		sentences = append(sentences, fact.Text+" ["+fact.ID+"]")
		out.Banners = append(out.Banners, notice)
	}
	out.Banners = append(out.Banners, referenceNotices(req)...)
	skipped := res.Skipped[slo:shi]
	if skipped == nil {
		skipped = []fdd.Skip{}
	}
	out.Data = map[string]any{
		"facility_id": req.facility, "config": req.rc.info(), "window": windowOf(res), "count": len(res.Findings),
		"counts": res.Counts, "below_min_severity": len(res.Below), "declined": res.Declined,
		"findings": rows, "skipped_count": len(res.Skipped), "skipped": skipped,
	}
	out.Facts = facts
	out.Text = strings.Join(sentences, ". ") + "."
	return out, nil
}

// windowOf is the run's grid window: from its first slot to the end of
// its last.
func windowOf(res *fdd.RunResult) runWindow {
	end := res.End
	if step := int64(res.Step); step > 0 && res.End > res.Start {
		end = res.Start + (res.End-res.Start+step-1)/step*step
	}
	return runWindow{Start: localTime(res.Start), End: localTime(end), Step: shortStep(res.Step)}
}

// runHeadline states the run's counts and declines: the first fact, so the
// decline count is always cited (a declined check is not a pass).
func runHeadline(req *runRequest, res *fdd.RunResult) string {
	c := res.Counts
	total := c.Total()
	per := fmt.Sprintf("%d fault, %d warn, %d info, %d ok", c.Fault, c.Warn, c.Info, c.OK)
	var s string
	if req.spec.MinSeverity != "" && len(res.Below) > 0 {
		s = fmt.Sprintf("rule_run found %d finding%s at or above %s on %s (%d in all: %s)", len(res.Findings),
			plural(len(res.Findings), "", "s"), req.spec.MinSeverity, req.facility, total, per)
	} else {
		s = fmt.Sprintf("rule_run found %d finding%s on %s: %s", total, plural(total, "", "s"), req.facility, per)
	}
	if res.Declined > 0 {
		s += fmt.Sprintf("; %d check%s declined because an input scores below the trust floor %s (a declined check is not a pass)",
			res.Declined, plural(res.Declined, " was", "s were"), decimals(req.spec.MinTrust, 4))
	} else {
		s += "; no check was declined by the trust floor " + decimals(req.spec.MinTrust, 4)
	}
	return s
}

// skippedText states the skipped rule checks.
func skippedText(skips []fdd.Skip) string {
	rules := map[string]bool{}
	for _, s := range skips {
		rules[s.Rule] = true
	}
	return fmt.Sprintf("%d rule check%s skipped for missing required inputs, across %d rule%s (the skipped list names each equipment and missing role)",
		len(skips), plural(len(skips), " was", "s were"), len(rules), plural(len(rules), "", "s"))
}

// declinedBanner names the declined checks' count, rules and untrusted
// inputs (policy step 5).
func declinedBanner(res *fdd.RunResult, floor float64) string {
	var rules, inputs []string
	for _, list := range [][]fdd.Finding{res.Findings, res.Below} {
		for i := range list {
			f := &list[i]
			if !f.Declined() {
				continue
			}
			if !slices.Contains(rules, f.Rule) {
				rules = append(rules, f.Rule)
			}
			for _, u := range f.Untrusted {
				in := fmt.Sprintf("%s %s (trust %s)", sanitize.Name(u.Equip), u.Role, decimals(u.Trust, 4))
				if !slices.Contains(inputs, in) {
					inputs = append(inputs, in)
				}
			}
		}
	}
	slices.Sort(rules)
	return fmt.Sprintf("%d check%s declined because an input scores below the trust floor %s: a declined check is not a pass; rules: %s; untrusted inputs: %s",
		res.Declined, plural(res.Declined, " was", "s were"), decimals(floor, 4), firstNames(rules), firstNames(inputs))
}

// firstNames joins up to bannerNames values, then "and N more".
func firstNames(vs []string) string {
	if len(vs) <= bannerNames {
		return strings.Join(vs, ", ")
	}
	return strings.Join(vs[:bannerNames], ", ") + fmt.Sprintf(" and %d more", len(vs)-bannerNames)
}

// conditionalNotice returns the C1 fact and the notice for findings
// conditional on a disagreeing sensor reference: how many are listed on
// this page, and which are on other pages or below min_severity (seed 000,
// sensor references). Both are nil when no finding is conditional.
func conditionalNotice(res *fdd.RunResult, lo, hi int, minSev fdd.Severity) (*registry.Fact, string) {
	var listed, other, below, refs []string
	for i := range res.Findings {
		f := &res.Findings[i]
		if len(f.ConditionalOn) == 0 {
			continue
		}
		if i >= lo && i < hi {
			listed = append(listed, f.ID)
		} else {
			other = append(other, f.ID)
		}
		for _, c := range f.ConditionalOn {
			if r := conditionalText([]fdd.Conditional{c}); !slices.Contains(refs, r) {
				refs = append(refs, r)
			}
		}
	}
	for i := range res.Below {
		if len(res.Below[i].ConditionalOn) > 0 {
			below = append(below, res.Below[i].ID)
		}
	}
	n := len(listed) + len(other) + len(below)
	if n == 0 {
		return nil, ""
	}
	text := fmt.Sprintf("%d finding%s %s conditional on a disagreeing sensor reference: %d listed on this page",
		n, plural(n, "", "s"), plural(n, "is", "are"), len(listed))
	if len(other) > 0 {
		text += "; on other pages: " + sanitize.Names(other)
	}
	if len(below) > 0 {
		text += fmt.Sprintf("; below min_severity %s: %s", minSev, sanitize.Names(below))
	}
	fact := &registry.Fact{ID: "C1@rule_run", Kind: "conditional", Value: n, Text: text,
		Data: map[string]any{"listed": orNone(listed), "other_pages": orNone(other), "below_min_severity": orNone(below)}}
	notice := fmt.Sprintf("%d finding%s %s %s: treat %s as a sensor problem first; %d listed on this page",
		n, plural(n, "", "s"), plural(n, "is", "are"), strings.Join(refs, "; "), plural(n, "it", "them"), len(listed))
	if len(other) > 0 {
		notice += "; on other pages: " + firstNames(quoted(other))
	}
	if len(below) > 0 {
		notice += fmt.Sprintf("; below min_severity %s: %s", minSev, firstNames(quoted(below)))
	}
	return fact, notice
}

// quoted names each value with sanitize.Name.
func quoted(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = sanitize.Name(v)
	}
	return out
}

// referenceNotices are the notices of configured sensor references that
// could not be compared: the findings on those points were not checked
// against them.
func referenceNotices(req *runRequest) []string {
	var out []string
	for _, c := range req.cmps {
		if !c.Compared() {
			out = append(out, c.Problem+": the findings on that point were not checked against it")
		}
	}
	return out
}
