package builtin

import (
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/rcx"
)

// factRef is one entry of the report's fact index in data: the id (which
// the registry tokenises), its section and kind.
type factRef struct {
	ID      string `json:"id"`
	Section string `json:"section"`
	Kind    string `json:"kind"`
}

// rcxData is the report's data: KPIs, scorecard, the page of issues and
// of appendix A, the section list and the page's fact index, and what the
// drift section and the M&V project gave.
func rcxData(req *runRequest, res *fdd.RunResult, in rcx.Input, rep *rcx.Report, page *rcx.Page, src rcxSources, topN int) map[string]any {
	index := make([]factRef, len(page.Facts))
	for i, f := range page.Facts {
		index[i] = factRef{ID: f.ID, Section: f.Section, Kind: f.Kind}
	}
	dr := map[string]any{"configured": in.Drift != nil, "ran": false, "problem": nil, "baseline": nil, "baseline_source": nil,
		"current": nil, "families": []string{}, "counts": nil, "declined": 0}
	if in.Drift != nil && in.Drift.Problem != "" {
		dr["problem"] = in.Drift.Problem
	}
	if d := src.drift; d != nil {
		dr["ran"], dr["baseline_source"], dr["current"], dr["families"] = true, d.plan.source, d.res.Current, orNone(d.res.Families)
		dr["counts"], dr["declined"] = d.res.Counts, d.declined
		if d.res.Baseline != nil {
			dr["baseline"] = d.res.Baseline
		}
	}
	m := map[string]any{"configured": in.MV != nil, "evaluated": false, "problem": nil, "meter": nil, "units": nil, "model": nil,
		"avoided": nil, "percent": nil, "abs_uncertainty": nil, "confidence": nil, "information_only": nil}
	if v := in.MV; v != nil {
		if v.Problem != "" {
			m["problem"] = v.Problem
		} else {
			m["evaluated"], m["meter"], m["units"], m["model"] = true, src.mv.Meter, v.Units, v.Model
			m["avoided"], m["percent"], m["abs_uncertainty"] = roundTo(v.Avoided, 1), roundTo(v.Percent, 2), roundTo(v.Band, 1)
			m["confidence"], m["information_only"] = v.Confidence, !v.Accepted
		}
	}
	return map[string]any{
		"facility_id": req.facility, "config": req.rc.info(), "window": windowOf(res),
		"kpis": rep.KPIs, "scorecard": rep.Scorecard, "issue_count": len(rep.Issues), "top_n": topN,
		"issues": orNone(page.Issues), "sections": page.Sections, "fact_index": index,
		"appendix_a_count": len(rep.Appendix), "appendix_a": orNone(page.Appendix), "drift": dr, "mv": m,
	}
}

// rcxOutputSchema is the output schema of rcx_report.
func rcxOutputSchema() map[string]any {
	obj := func(d string) map[string]any { return map[string]any{"type": "object", "description": d} }
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	num := func(d string) map[string]any {
		return map[string]any{"type": []any{"number", "null"}, "description": d}
	}
	issue := runObject("One ranked issue.", []string{"rank", "key", "kind", "cause", "likely_cause", "equip", "category", "severity",
		"summary", "rules", "finding_ids", "drift_finding_ids", "annual_usd", "kwh", "therms", "cost_basis", "uncosted", "hours",
		"hours_basis", "confidence", "confidence_reasons", "conditional_on", "explains", "fact"}, map[string]any{
		"rank": map[string]any{"type": "integer", "minimum": 1, "description": "1 = first: money first, then severity; a sensor issue just above the first issue conditional on it."},
		"key":  typed("string", "<cause>@<equip> in the fact-id alphabet; its fact is C1@<key>."),
		"kind": map[string]any{"type": "string", "enum": []any{rcx.KindFindings, rcx.KindDrift, rcx.KindSensor},
			"description": "findings (rule findings), drift (a drifting signal) or sensor (a disagreeing sensor reference)."},
		"cause":              typed("string", "The root rule, the drift family or sensor_drift:<role>."),
		"likely_cause":       typed("string", "What a drift or sensor issue localises (empty for rule findings)."),
		"equip":              typed("string", "The equipment."),
		"category":           typed("string", "energy, comfort, ventilation, maintenance or other."),
		"severity":           runSeverity("The worst of its findings."),
		"summary":            typed("string", "The lead finding's (or the comparison's) own line."),
		"rules":              strs("The rules (or drift family, or comparison) of its findings."),
		"finding_ids":        strs("Rule finding ids: pass them to finding_detail with the same arguments."),
		"drift_finding_ids":  strs("Drift finding ids (drift lists them)."),
		"annual_usd":         num("Triage-grade dollars a year at placeholder prices; null when uncosted."),
		"kwh":                num("Electric energy a year."),
		"therms":             num("Gas a year."),
		"cost_basis":         typed("string", "The cost models and numbers used."),
		"uncosted":           typed("string", "Why there is no figure."),
		"hours":              num("Flagged hours (the union of its findings' spans), or hours since a drift's onset; null when none apply."),
		"hours_basis":        typed("string", "What the hours are."),
		"confidence":         map[string]any{"type": "string", "enum": []any{rcx.High, rcx.Medium, rcx.Low}, "description": "high, medium or low."},
		"confidence_reasons": strs("Why: share of judged samples, corroboration, input trust, a conditional sensor, screening-grade thresholds."),
		"conditional_on":     strs("Keys of the sensor issues its findings are conditional on: treat it as a sensor problem first."),
		"explains":           strs("For a sensor issue: the keys of the issues conditional on it."),
		"fact":               typed("string", "The fact id that states this issue (C1@<key>)."),
	})
	entry := runObject("One appendix A entry.", []string{"kind", "equip", "role", "check", "start", "end", "hours", "reason", "fact"}, map[string]any{
		"kind": map[string]any{"type": "string", "enum": []any{rcx.EntryDeclined, rcx.EntryNotEvaluated, rcx.EntryNotCompared, rcx.EntryNotRun, rcx.EntryDataGap},
			"description": "declined (trust floor: not a pass), not_evaluated, not_compared (a sensor reference), not_run (drift or M&V), data_gap."},
		"equip": typed("string", "The equipment (may be empty)."), "role": typed("string", "The role(s) (may be empty)."),
		"check": typed("string", "The rule, drift family, comparison or section."),
		"start": typed("string", "A gap's first missing slot."), "end": typed("string", "A gap's end (exclusive)."),
		"hours": num("A gap's length in hours."), "reason": typed("string", "Why."), "fact": typed("string", "Its fact id (A<n>@appendix)."),
	})
	section := runObject("A section of the report.", []string{"id", "title", "facts"}, map[string]any{
		"id":    typed("string", "scorecard, findings_table, recommended_actions, data_quality, drift, mv, appendix_a."),
		"title": typed("string", "Its title."), "facts": strs("The ids of its facts on this page."),
	})
	ref := runObject("A fact of the report's fact index.", []string{"id", "section", "kind"}, map[string]any{
		"id": typed("string", "The fact id (K<n>@summary, C1@<issue key>, A<n>@appendix)."), "section": typed("string", "Its section."),
		"kind": typed("string", "What it states."),
	})
	return runObject("", []string{"facility_id", "config", "window", "kpis", "scorecard", "issue_count", "top_n", "issues", "sections",
		"fact_index", "appendix_a_count", "appendix_a", "drift", "mv"}, map[string]any{
		"facility_id":      typed("string", "The facility."),
		"config":           configInfoSchema(),
		"window":           windowSchema(),
		"kpis":             obj("Findings per severity (rule run and drift), actionable count, per category, issues, costed total $/yr with costed and uncosted counts, coverage, trust, declined checks, skipped checks, appendix size, prices, confidence counts."),
		"scorecard":        obj("Per category 100 less 15 per fault and 5 per warning, graded A-F, and the overall equal-weight mean."),
		"issue_count":      runCount("Ranked issues (all pages)."),
		"top_n":            map[string]any{"type": "integer", "minimum": 1, "description": "The page size of issues."},
		"issues":           runList(issue, "This page of the ranked issues."),
		"sections":         runList(section, "The report's sections, each with its facts on this page."),
		"fact_index":       runList(ref, "The facts of this page: every K fact, the page's issues' C facts and its appendix entries' A facts."),
		"appendix_a_count": runCount("Appendix A entries (all pages)."),
		"appendix_a":       runList(entry, "This page of appendix A: declines, checks not evaluated, references not compared, sections not run, data gaps."),
		"drift":            obj("The run config's drift section: configured, ran, problem, baseline, current, families, counts, declined."),
		"mv":               obj("The run config's M&V project: configured, evaluated, problem, meter, units, model, avoided, percent, abs_uncertainty, confidence, information_only."),
	})
}
