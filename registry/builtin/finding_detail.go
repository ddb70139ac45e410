package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// spansPage is the default page of each spans list of finding_detail.
const spansPage = 100

// findingDetail is the finding_detail capability.
func findingDetail(e *env) registry.Capability {
	props := runArgProps()
	props["finding_id"] = map[string]any{"type": "string", "minLength": 1, "maxLength": 400,
		"description": "The finding_id rule_run listed (economizer_high_limit@AHU-1). Pass the same rules, params, equips, start and end as that call."}
	props["limit"], props["offset"] = limitSchema(spansPage), offsetSchema()
	span := runObject("A contiguous span of flagged samples (no gap longer than 1.5 intervals).",
		[]string{"start", "end", "samples", "hours"}, map[string]any{
			"start": typed("string", "First flagged slot, naive local time."), "end": typed("string", "End of the last flagged slot (exclusive)."),
			"samples": runCount("Flagged samples in the span."), "hours": map[string]any{"type": "number", "minimum": 0, "description": "Length in hours."},
		})
	out := runFindingProps()
	out["facility_id"] = typed("string", "The facility.")
	out["config"] = configInfoSchema()
	out["window"] = windowSchema()
	out["violations"] = runList(span, "This page of the flagged samples as spans, in time order (the union of the conditions' for a multi-condition finding).")
	out["violations_note"] = nullable("string", "Why there are no spans (declined, nothing judged, nothing flagged, or a whole-window statistic); null when there are.")
	out["evidence_note"] = typed("string", "Which evidence chart applies; no image is returned.")
	out["conditions"] = runList(runObject("A named condition with its own judged samples and spans.",
		[]string{"name", "label", "judged_samples", "flagged_samples", "share", "n_spans", "violations"}, map[string]any{
			"name": typed("string", "Condition id."), "label": typed("string", "What it checks."),
			"judged_samples": runCount("Samples it judged."), "flagged_samples": runCount("Samples it flagged."),
			"share": runShare("flagged ÷ judged (the share the summary states)."), "n_spans": runCount("Spans in all."),
			"violations": runList(span, "This page of its spans."),
		}), "A multi-condition finding's conditions.")
	required := append(slices.Clone(findingRequired), "facility_id", "config", "window", "violations", "violations_note", "evidence_note", "conditions")
	return registry.Capability{
		Name:  "finding_detail",
		Title: "One finding in full",
		Description: "Explain one finding of rule_run: rerun the same run (every rule of it, with the same rules, params, " +
			"equips, start and end you pass) and return that finding's full metrics, the parameters it ran with and " +
			"where each came from (default, overridden, or the rule's built-in fallback), its flagged samples as " +
			"contiguous time spans (per named condition too, each with its own share of judged samples; an event rule's " +
			"events counted apart from the hours) or why there are none (violations_note), the share of judged samples " +
			"(the one the rule_run summary states), and which evidence chart applies; no image. Call it after rule_run " +
			"with a finding_id it listed; an unknown id is not_found and the error lists the run's ids. Page long span " +
			"lists with limit/offset (100). Costs the same run as rule_run.",
		Cost: registry.CostSameAsRun,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false,
			"required": []any{"facility_id", "finding_id"}, "properties": props},
		OutputSchema: runObject("", required, out),
		Handler:      e.findingDetailHandler,
	}
}

// conditionDetail is one condition of finding_detail's data.
type conditionDetail struct {
	conditionRow
	Violations []series.Span `json:"violations"`
}

// findingDetailHandler serves finding_detail.
func (e *env) findingDetailHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req, err := e.prepareRun(ctx, c, modeJudge)
	if err != nil {
		return nil, err
	}
	res, err := e.run(ctx, req)
	if err != nil {
		return nil, err
	}
	id := c.String("finding_id")
	f := lookupFinding(res, id)
	if f == nil {
		return nil, unknownFinding(req.facility, id, res)
	}
	row := newFindingRow(f, "F1@finding_detail")
	limit, offset := c.PageArgs(spansPage)
	lo, hi := c.Page("violations", len(f.Violations), limit, offset, "in time order")
	conds := make([]conditionDetail, len(f.Conditions))
	for i, cond := range f.Conditions {
		clo, chi := c.Page("conditions["+cond.Name+"].violations", len(cond.Violations), limit, offset, "in time order")
		conds[i] = conditionDetail{conditionRow: row.Conditions[i], Violations: orNone(cond.Violations[clo:chi])}
	}
	note := violationsNote(f, req.spec.MinTrust)
	evidence := "no evidence chart applies to this rule"
	if f.Evidence != "" {
		evidence = fmt.Sprintf("the %s evidence chart applies (the TUI draws it; no image is returned)", f.Evidence)
	}
	data := map[string]any{}
	for k, v := range structMap(row) {
		data[k] = v
	}
	delete(data, "fact")
	for k, v := range map[string]any{
		"facility_id": req.facility, "config": req.rc.info(), "window": windowOf(res),
		"violations": orNone(f.Violations[lo:hi]), "violations_note": nullIfEmpty(note), "evidence_note": evidence,
		"conditions": conds,
	} {
		data[k] = v
	}
	facts, sentences := detailFacts(f, row, note, evidence, req.spec.MinTrust)
	out := &registry.Result{Data: data, Facts: facts, Text: strings.Join(sentences, ". ") + "."}
	if req.rc.banner != "" {
		out.Banners = append(out.Banners, req.rc.banner)
	}
	if len(f.ConditionalOn) > 0 {
		out.Banners = append(out.Banners, fmt.Sprintf("%s is %s: treat it as a sensor problem first",
			sanitize.Name(f.ID), conditionalText(f.ConditionalOn)))
	}
	out.Banners = append(out.Banners, referenceNotices(req)...)
	return out, nil
}

// lookupFinding finds a finding of the run by id, listed or below
// min_severity.
func lookupFinding(res *fdd.RunResult, id string) *fdd.Finding {
	for _, list := range [][]fdd.Finding{res.Findings, res.Below} {
		for i := range list {
			if list[i].ID == id {
				return &list[i]
			}
		}
	}
	return nil
}

// unknownFinding is the not_found refusal of a finding id the run does not
// have: the message names up to 10 of the run's ids (worst first), the
// data up to 50.
func unknownFinding(facility, id string, res *fdd.RunResult) *registry.Error {
	var ids []string
	for _, list := range [][]fdd.Finding{res.Findings, res.Below} {
		for i := range list {
			ids = append(ids, list[i].ID)
		}
	}
	msg := fmt.Sprintf("finding_id %s is not a finding of this run on facility %s", sanitize.Name(id), facility)
	switch n := len(ids); {
	case n == 0:
		msg += "; the run has no findings"
	case n <= messageValues:
		msg += "; its findings: " + sanitize.Names(ids)
	default:
		msg += fmt.Sprintf("; its findings (%d in all, worst first): %s ...", n, sanitize.Names(ids[:messageValues]))
	}
	shown := ids[:min(len(ids), dataValues)]
	return &registry.Error{Code: registry.CodeNotFound, Message: msg + " (pass the same rules, params, equips, start and end as the rule_run call)",
		Data:       map[string]any{"argument": "finding_id", "unknown": []string{id}, "available": orNone(shown)},
		DataValues: shown}
}

// violationsNote says why a finding has no spans, or "" when it has some.
func violationsNote(f *fdd.Finding, floor float64) string {
	switch {
	case len(f.Violations) > 0:
		return ""
	case f.Declined():
		return fmt.Sprintf("no spans: the check was declined because an input scores below the trust floor %s, so no sample was judged (a declined check is not a pass)", decimals(floor, 4))
	case f.Metrics["error"] != nil:
		return "no spans: the rule could not evaluate this equipment's data"
	case f.Share == nil && len(f.Conditions) == 0:
		return "no spans: the rule judges a statistic of the whole window, not individual samples"
	case f.JudgedSamples == 0:
		return "no spans: the rule judged no sample in the window"
	}
	return "no spans: none of the judged samples was flagged"
}

// detailFacts states the finding, its share, conditions, events,
// parameters, longest span and evidence as facts, and the text's
// sentences citing them.
func detailFacts(f *fdd.Finding, row findingRow, note, evidence string, floor float64) ([]registry.Fact, []string) {
	var facts []registry.Fact
	var sentences []string
	add := func(kind string, value any, text string, data map[string]any) {
		id := fmt.Sprintf("F%d@finding_detail", len(facts)+1)
		facts = append(facts, registry.Fact{ID: id, Kind: kind, Value: value, Equip: f.Equip, Text: text, Data: data})
		sentences = append(sentences, text+" ["+id+"]")
	}
	name := sanitize.Name(f.ID)
	add("finding", string(f.Severity), findingText(f, row.Cost), map[string]any{"finding_id": f.ID, "metrics": row.Metrics, "cost": row.Cost})
	switch {
	case f.Declined():
		add("share", nil, fmt.Sprintf("%s was not judged: %s", name, strings.TrimPrefix(note, "no spans: ")), map[string]any{"declined": true})
	case row.Share != nil:
		add("share", *row.Share, fmt.Sprintf("%s flagged %s of %s judged %s (%s) in %d span%s", name, thousands(f.FlaggedSamples),
			thousands(f.JudgedSamples), basisOr(f.JudgedBasis), percent1(*row.Share), len(f.Violations), plural(len(f.Violations), "", "s")),
			map[string]any{"flagged_samples": f.FlaggedSamples, "judged_samples": f.JudgedSamples, "share": *row.Share, "n_spans": len(f.Violations)})
	case note != "":
		add("share", nil, fmt.Sprintf("%s has no flagged spans: %s", name, strings.TrimPrefix(note, "no spans: ")), nil)
	}
	for _, c := range row.Conditions {
		if c.Share == nil {
			continue
		}
		add("condition", *c.Share, fmt.Sprintf("condition %s of %s (%s) flagged %s of %s judged samples (%s) in %d span%s",
			sanitize.Name(c.Name), name, sanitize.Name(c.Label), thousands(c.FlaggedSamples), thousands(c.JudgedSamples),
			percent1(*c.Share), c.Spans, plural(c.Spans, "", "s")),
			map[string]any{"condition": c.Name, "flagged_samples": c.FlaggedSamples, "judged_samples": c.JudgedSamples, "share": *c.Share})
	}
	if f.Events != nil {
		add("events", *f.Events, fmt.Sprintf("%s counted %s %s, apart from the flagged hours", name, thousands(*f.Events), basisOr(f.EventBasis)),
			map[string]any{"events": *f.Events, "event_basis": f.EventBasis})
	}
	if len(f.Violations) > 0 {
		long := f.Violations[0]
		for _, s := range f.Violations {
			if s.Hours() > long.Hours() {
				long = s
			}
		}
		add("span", long.Hours(), fmt.Sprintf("the longest span of %s runs from %s to %s (%s h)", name,
			long.Start.Format(series.TimeLayout), long.End.Format(series.TimeLayout), decimals(long.Hours(), 2)),
			map[string]any{"start": long.Start.Format(series.TimeLayout), "end": long.End.Format(series.TimeLayout), "hours": long.Hours()})
	}
	if len(row.Params) > 0 {
		parts := make([]string, len(row.Params))
		for i, p := range row.Params {
			v := "no value"
			if p.Value != nil {
				v = fdd.FormatValue(p.Value)
			}
			if p.Unit != "" && p.Value != nil {
				v += " " + p.Unit
			}
			parts[i] = fmt.Sprintf("%s %s (%s)", p.Name, v, p.Source)
		}
		add("params", len(row.Params), fmt.Sprintf("%s ran with %s", name, strings.Join(parts, ", ")), map[string]any{"params": row.Params})
	}
	add("evidence", f.Evidence, evidence, nil)
	return facts, sentences
}

// basisOr names judged samples ("samples" when the rule names none).
func basisOr(b string) string {
	if b == "" {
		return "samples"
	}
	return b
}

// nullIfEmpty is nil for "" (a JSON null).
func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// structMap is v as a JSON object.
func structMap(v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		return map[string]any{}
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return map[string]any{}
	}
	return m
}
