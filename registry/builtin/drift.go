package builtin

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// driftPage is the default page of each drift list (seed 000).
const driftPage = 25

// driftLabel is how every drift finding and the text state its thresholds.
const driftLabel = "thresholds are screening-grade (provisional, untuned)"

// driftRow is one drift finding as drift lists it.
type driftRow struct {
	drift.Finding
	Fact string `json:"fact"`
}

// verdictRow is one equipment's drift verdict.
type verdictRow struct {
	drift.Verdict
	Fact string `json:"fact"`
}

// driftCap is the drift capability.
func driftCap(e *env) registry.Capability {
	pair := func(d string) map[string]any {
		return map[string]any{"type": "array", "minItems": 2, "maxItems": 2, "items": timeSchema("A date or date-time, naive local time."),
			"description": d}
	}
	return registry.Capability{
		Name:  "drift",
		Title: "Slow performance drift against a known-good baseline",
		Description: "Judge chillers (condenser/evaporator approach, subcooling, superheat, condenser water range, head " +
			"pressure), cooling towers (approach), AHU cooling valves and sensors (bias against a reference) for slow drift: " +
			"each signal is fitted against load over a known-good baseline window (fitted for this call, never saved) or the " +
			"run config's frozen baselines (read, never written), and the current window's median residual, σ multiple and " +
			"sustained-shift (CUSUM) alarm give a severity. Returns the findings worst first (thresholds screening-grade), " +
			"a verdict per equipment with the likely causes and the chillers' condenser-loop diagnosis, and the checks not " +
			"evaluated with why. Without baseline it needs the run config's drift section. Narrow with families, equips, " +
			"current; page with limit/offset (25 per list). Long-running.",
		Cost: registry.CostLong,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
			"properties": map[string]any{
				"facility_id": facilityIDSchema(),
				"baseline":    pair("[start, end] of a known-good period to fit the baselines on (default: the run config's drift baseline); a date-only end covers that day."),
				"current":     pair("[start, end] of the period judged (default: the run config's, else the stored data after the baseline)."),
				"families": map[string]any{"type": "array", "minItems": 1, "maxItems": 50,
					"items":       nameSchema("A drift family or alias (chiller:approach_drift, chiller_approach_drift, tower)."),
					"description": "Only these families (default: the run config's, else all); rule_params lists them (run_with: drift)."},
				"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
					"items": nameSchema("An equipment id, exactly as stored."), "description": "Only these equipment (default: every one a family judges)."},
				"limit": limitSchema(driftPage), "offset": offsetSchema(),
			}},
		OutputSchema: driftOutputSchema(),
		Handler:      e.driftHandler,
	}
}

// driftHandler serves drift.
func (e *env) driftHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	fac, src, rc, err := e.configuredSource(ctx, c)
	if err != nil {
		return nil, err
	}
	var a driftArgs
	if a.baseline, err = windowPairArg(c, "baseline"); err != nil {
		return nil, err
	}
	if a.current, err = windowPairArg(c, "current"); err != nil {
		return nil, err
	}
	if _, ok := c.Args["families"]; ok {
		a.families = c.Strings("families")
	}
	if a.equips = c.Strings("equips"); len(a.equips) > 0 {
		if nf := unknownValues(fac, "equips", a.equips, src.equipIDs(), false); nf != nil {
			return nil, nf
		}
	}
	pts, err := e.points.get(ctx, src.r, fac)
	if err != nil {
		return nil, err
	}
	plan, err := planDrift(fac, src, rc, pts, a)
	if err != nil {
		return nil, err
	}
	out, err := runDrift(ctx, src, rc, plan, rc.minTrust)
	if err != nil {
		return nil, err
	}
	return driftResult(c, fac, rc, out), nil
}

// windowPairArg reads a [start, end] argument as a window [start, end);
// a date-only end covers that day.
func windowPairArg(c *registry.Call, key string) (*drift.Window, error) {
	vals := c.Strings(key)
	if len(vals) == 0 {
		return nil, nil
	}
	var w drift.Window
	for i, s := range vals {
		t, dateOnly, err := parseLocal(s)
		if err != nil {
			return nil, badArg(fmt.Sprintf("%s/%d", key, i), "is not a date the calendar has (YYYY-MM-DD, optionally with HH:MM[:SS])")
		}
		ns := t.UnixNano()
		if i == 1 {
			if dateOnly {
				ns = t.AddDate(0, 0, 1).UnixNano()
			}
			w.End = ns
		} else {
			w.Start = ns
		}
	}
	if w.End <= w.Start {
		return nil, badArg(key+"/1", "is not after the start")
	}
	return &w, nil
}

// driftResult pages the lists and states the counts, the page's findings
// and verdicts and the checks not evaluated as facts.
func driftResult(c *registry.Call, fac string, rc *runConfig, o *driftOutcome) *registry.Result {
	res := o.res
	limit, offset := c.PageArgs(driftPage)
	lo, hi := c.Page("findings", len(res.Findings), limit, offset, "worst first")
	vlo, vhi := c.Page("verdicts", len(res.Verdicts), limit, offset, "by equipment")
	nlo, nhi := c.Page("not_evaluated", len(res.NotEvaluated), limit, offset, "")
	head := driftHeadline(fac, o)
	facts := []registry.Fact{{ID: "F1@drift", Kind: "drift", Value: len(res.Findings), Text: head,
		Data: map[string]any{"facility_id": fac, "counts": res.Counts, "declined": o.declined, "not_evaluated": len(res.NotEvaluated),
			"equipment": len(o.plan.spec.Equips), "baseline_source": o.plan.source}}}
	sentences := []string{head + " [F1@drift]"}
	rows := make([]driftRow, 0, hi-lo)
	for i := lo; i < hi; i++ {
		f := res.Findings[i]
		f.Metrics = finiteMetrics(f.Metrics)
		id := fmt.Sprintf("F%d@drift", len(facts)+1)
		text := fmt.Sprintf("%s is %s: %s; %s", sanitize.Name(f.ID), f.Severity, strings.TrimRight(f.Summary, ". "), driftLabel)
		facts = append(facts, registry.Fact{ID: id, Kind: "drift_finding", Value: string(f.Severity), Equip: f.Equip, Text: text,
			Data: map[string]any{"finding_id": f.ID, "family": f.Family, "severity": f.Severity, "metrics": f.Metrics,
				"magnitude_threshold_confidence": f.MagnitudeThresholdConfidence}})
		rows = append(rows, driftRow{Finding: f, Fact: id})
		if i-lo < textFindings {
			sentences = append(sentences, text+" ["+id+"]")
		}
	}
	if len(rows) > textFindings {
		sentences = append(sentences, "The other findings on this page are in the data, each with its own fact")
	}
	verdicts := make([]verdictRow, 0, vhi-vlo)
	for i := vlo; i < vhi; i++ {
		v := res.Verdicts[i]
		id := fmt.Sprintf("F%d@drift", len(facts)+1)
		text := fmt.Sprintf("Verdict on %s: %s", sanitize.Name(v.Equip), strings.TrimPrefix(v.Summary, v.Equip+" "))
		if cv := v.Condenser; cv != nil {
			corr := ""
			if cv.Corroborated {
				corr = " (corroborated)"
			}
			text += fmt.Sprintf("; condenser loop %s%s: %s", cv.Severity, corr, cv.Summary)
		}
		facts = append(facts, registry.Fact{ID: id, Kind: "drift_verdict", Value: string(v.Severity), Equip: v.Equip, Text: text,
			Data: map[string]any{"severity": v.Severity, "finding_ids": v.FindingIDs}})
		verdicts = append(verdicts, verdictRow{Verdict: v, Fact: id})
		if v.Severity.Rank() >= 2 {
			sentences = append(sentences, text+" ["+id+"]")
		}
	}
	if n := len(res.NotEvaluated); n > 0 {
		id := fmt.Sprintf("F%d@drift", len(facts)+1)
		text := notEvaluatedText(res.NotEvaluated)
		facts = append(facts, registry.Fact{ID: id, Kind: "not_evaluated", Value: n, Text: text, Data: map[string]any{"not_evaluated": n}})
		sentences = append(sentences, text+" ["+id+"]")
	}
	out := &registry.Result{Facts: facts, Text: strings.Join(sentences, ". ") + "."}
	if rc.banner != "" {
		out.Banners = append(out.Banners, rc.banner)
	}
	if o.declined > 0 {
		out.Banners = append(out.Banners, fmt.Sprintf("%d drift check%s declined because an input scores below the trust floor %s: a declined check is not a pass (not_evaluated names each)",
			o.declined, plural(o.declined, " was", "s were"), decimals(o.floor, 4)))
	}
	var base any
	if res.Baseline != nil {
		base = res.Baseline
	}
	out.Data = map[string]any{
		"facility_id": fac, "config": rc.info(), "baseline": base, "baseline_source": o.plan.source, "current": res.Current,
		"step": shortStep(rc.cfg.Step), "families": orNone(res.Families), "count": len(res.Findings), "counts": res.Counts,
		"declined": o.declined, "findings": rows, "verdicts_count": len(res.Verdicts), "verdicts": verdicts,
		"not_evaluated_count": len(res.NotEvaluated), "not_evaluated": orNone(res.NotEvaluated[nlo:nhi]),
		"thresholds": "screening-grade",
	}
	return out
}

// driftHeadline states what was judged against what, the counts and the
// declines; thresholds are screening-grade.
func driftHeadline(fac string, o *driftOutcome) string {
	res, p := o.res, o.plan
	base := "frozen baselines from the run config"
	switch {
	case res.Baseline != nil && p.source == "window":
		base = "the baseline window " + res.Baseline.String()
	case res.Baseline != nil:
		base = "the baseline window " + res.Baseline.String() + " and frozen baselines from the run config"
	}
	c := res.Counts
	s := fmt.Sprintf("drift judged %d equipment of %s against %s over the current window %s: %d finding%s (%d fault, %d warn, %d steady), %d check%s not evaluated",
		len(p.spec.Equips), fac, base, res.Current.String(), len(res.Findings), plural(len(res.Findings), "", "s"), c.Fault, c.Warn, c.OK,
		len(res.NotEvaluated), plural(len(res.NotEvaluated), "", "s"))
	if o.declined > 0 {
		s += fmt.Sprintf(", %d declined because an input scores below the trust floor %s (a declined check is not a pass)", o.declined, decimals(o.floor, 4))
	} else {
		s += "; no check was declined by the trust floor " + decimals(o.floor, 4)
	}
	return s + "; " + driftLabel
}

// notEvaluatedText counts the checks not evaluated and names the first.
func notEvaluatedText(ne []drift.NotEvaluated) string {
	parts := make([]string, 0, min(len(ne), 3))
	for _, n := range ne[:min(len(ne), 3)] {
		who := n.Family
		if n.Equip != "" {
			who += " on " + sanitize.Name(n.Equip)
		}
		parts = append(parts, who+" ("+n.Reason+")")
	}
	s := fmt.Sprintf("%d drift check%s not evaluated: %s", len(ne), plural(len(ne), " was", "s were"), strings.Join(parts, "; "))
	if len(ne) > 3 {
		s += fmt.Sprintf("; %d more in not_evaluated", len(ne)-3)
	}
	return s
}

// driftOutputSchema is the output schema of drift.
func driftOutputSchema() map[string]any {
	win := runObject("A window [start, end) in naive local time.", []string{"start", "end"}, map[string]any{
		"start": typed("string", "First instant."), "end": typed("string", "End (exclusive)."),
	})
	obj := func(d string) map[string]any { return map[string]any{"type": "object", "description": d} }
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	finding := runObject("One drift finding: a family's verdict on one equipment.", []string{"finding_id", "family", "equip", "severity",
		"summary", "sides", "load", "metrics", "signals", "caveats", "thresholds", "thresholds_provisional",
		"magnitude_threshold_confidence", "temporal_threshold_confidence", "threshold_note", "fact"}, map[string]any{
		"finding_id":                     typed("string", "<family>@<equip> (chiller:approach_drift@CH-1)."),
		"family":                         typed("string", "The drift family."),
		"equip":                          typed("string", "The equipment judged."),
		"equip_class":                    typed("string", "Its canonical class."),
		"severity":                       runSeverity("fault, warn or ok (steady)."),
		"summary":                        typed("string", "One line stating the lead signal's drift, σ multiple, samples, alarm and likely cause."),
		"sides":                          typed("string", "up: only a rise counts; both: |drift| with its direction."),
		"load":                           typed("string", "What the baseline is normalised by (tons, coil_delta_f, reference)."),
		"metrics":                        obj("The lead signal's scalars (drift, drift_sigma, slope_per_month, cusum_alarm ...); null = not available."),
		"signals":                        runList(obj("One evaluated signal: baseline fit, period statistic and CUSUM."), "Every evaluated signal; the lead sets the severity."),
		"cause":                          typed("string", "What a drift of the lead signal localises."),
		"caveats":                        strs("Limits of the verdict."),
		"thresholds":                     obj("The floors (unit, warn, fault: abs and σ) and the CUSUM parameters judged with."),
		"thresholds_provisional":         typed("boolean", "Always true: the thresholds are provisional."),
		"magnitude_threshold_confidence": typed("string", "screening-grade."),
		"temporal_threshold_confidence":  typed("string", "provisional-untuned (the CUSUM parameters)."),
		"threshold_note":                 typed("string", "What the threshold labels mean."),
		"fact":                           typed("string", "The fact id that states this finding."),
	})
	verdict := runObject("One equipment's drift verdict.", []string{"equip", "severity", "summary", "finding_ids", "causes", "not_evaluated", "fact"},
		map[string]any{
			"equip": typed("string", "The equipment."), "equip_class": typed("string", "Its canonical class."),
			"severity":      runSeverity("The worst of its findings."),
			"summary":       typed("string", "The drifting signals and their likely causes, or steady."),
			"finding_ids":   strs("Its findings."),
			"causes":        runList(obj("A drifting signal and what it localises."), "Its drifting signals (warn or fault)."),
			"condenser":     obj("A chiller's condenser-loop diagnosis: severity, causes, corroborated (two or more condenser-side signals drift)."),
			"not_evaluated": strs("Families that could not judge it, with why."),
			"fact":          typed("string", "The fact id that states this verdict."),
		})
	ne := runObject("A check not evaluated.", []string{"family", "reason"}, map[string]any{
		"family": typed("string", "The family (empty for an equipment no selected family judges)."),
		"equip":  typed("string", "The equipment."), "equip_class": typed("string", "Its canonical class."),
		"reason": typed("string", "Why: missing roles, too few samples, no fit, or declined by the trust floor (not a pass)."),
	})
	counts := runObject("Findings per severity (all pages).", []string{"fault", "warn", "ok"}, map[string]any{
		"fault": runCount("Faults."), "warn": runCount("Warnings."), "ok": runCount("Steady."),
	})
	return runObject("", []string{"facility_id", "config", "baseline", "baseline_source", "current", "step", "families", "count", "counts",
		"declined", "findings", "verdicts_count", "verdicts", "not_evaluated_count", "not_evaluated", "thresholds"}, map[string]any{
		"facility_id":         typed("string", "The facility."),
		"config":              configInfoSchema(),
		"baseline":            map[string]any{"type": []any{"object", "null"}, "description": "The baseline window fitted for this call (never saved); null when only frozen baselines are used.", "properties": win["properties"]},
		"baseline_source":     map[string]any{"type": "string", "enum": []any{"window", "frozen", "window and frozen"}, "description": "What the run judges against; a frozen baseline wins for its signal."},
		"current":             win,
		"step":                typed("string", "The grid step (the run config's resample)."),
		"families":            strs("The families run."),
		"count":               runCount("Drift findings (all pages)."),
		"counts":              counts,
		"declined":            runCount("Checks declined by the trust floor (in not_evaluated; not a pass)."),
		"findings":            runList(finding, "This page of the findings, worst first."),
		"verdicts_count":      runCount("Equipment verdicts (all pages)."),
		"verdicts":            runList(verdict, "This page of the verdicts, by equipment."),
		"not_evaluated_count": runCount("Checks not evaluated (all pages)."),
		"not_evaluated":       runList(ne, "This page of the checks not evaluated, with why."),
		"thresholds":          map[string]any{"type": "string", "enum": []any{"screening-grade"}, "description": "Every drift threshold is screening-grade."},
	})
}
