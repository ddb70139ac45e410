package builtin

import (
	"fmt"
	"math"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/mv"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// mvDecline is one check of an M&V evaluation that declined: a model that
// could not be fitted, periods dropped for coverage, reporting periods
// the model cannot predict, flagged periods not excluded.
type mvDecline struct {
	Check  string `json:"check"`
	Reason string `json:"reason"`
}

// mvResult states an evaluated project: the project, the savings with
// their band (for information only when the baseline fails Guideline 14),
// the fit and its verdict, the levels, the candidates, then each trigger
// and proposal, and the declined checks.
func mvResult(fac string, rc *runConfig, p *mvProject, rep *mv.Report) *registry.Result {
	s, acc, f := rep.Savings, rep.Acceptance, rep.Model
	u := rep.Units
	fact := func(facts []registry.Fact, kind string, value any, text string, data map[string]any) []registry.Fact {
		return append(facts, registry.Fact{ID: fmt.Sprintf("F%d@mv_summary", len(facts)+1), Kind: kind, Value: value,
			Equip: p.MeterEquip, Text: text, Data: data})
	}
	var facts []registry.Fact
	facts = fact(facts, "project", p.Meter, fmt.Sprintf("M&V project of %s on %s against %s: baseline %s (%d of %d %s periods kept), reporting %s (%d of %d kept), %d%% confidence",
		fac, sanitize.Name(p.Meter), sanitize.Name(p.OAT), p.Baseline, rep.Baseline.Kept, rep.Baseline.Periods, p.Interval,
		p.Reporting, rep.Reporting.Kept, rep.Reporting.Periods, p.Confidence), map[string]any{"project": p})
	save := fmt.Sprintf("%s avoided %s %s (%s%%) over the reporting period, ±%s %s at %d%% (%s to %s %s)",
		sanitize.Name(p.MeterEquip), energy(s.Avoided), u, decimals(s.Percent, 1), energy(s.AbsUncertainty), u, s.Confidence,
		energy(s.Low), energy(s.High), u)
	if rep.InformationOnly {
		save += ": for information only, the baseline fails Guideline 14"
	}
	facts = fact(facts, "savings", round1(s.Avoided), save, map[string]any{"avoided": s.Avoided, "percent": s.Percent,
		"abs_uncertainty": s.AbsUncertainty, "confidence": s.Confidence, "units": u, "information_only": rep.InformationOnly})
	verdict := "passes"
	if !acc.Pass {
		verdict = "fails (" + strings.Join(acc.Failing, ", ") + "), so the savings are for information only"
	}
	facts = fact(facts, "baseline_fit", f.Stats.CVRMSE, fmt.Sprintf("Baseline model %s chosen by BIC (%s): R² %s, CV(RMSE) %s, NMBE %s, n %d, p %d; it %s the %s (CV(RMSE) ≤ %s, |NMBE| ≤ %s, R² ≥ %s)",
		f.Kind, decimals(f.BIC, 1), decimals(f.Stats.R2, 4), decimals(f.Stats.CVRMSE, 4), decimals(f.Stats.NMBE, 4), f.Stats.N, f.Stats.P,
		verdict, acc.Limits.Name, decimals(acc.Limits.MaxCVRMSE, 2), decimals(acc.Limits.MaxNMBE, 2), decimals(acc.Limits.MinR2, 2)),
		map[string]any{"model": string(f.Kind), "stats": f.Stats, "pass": acc.Pass, "failing": acc.Failing})
	var lv []string
	for _, l := range s.Levels {
		fsu := "no FSU (zero savings)"
		if l.FSU != nil {
			fsu = "FSU " + decimals(*l.FSU, 4)
		}
		lv = append(lv, fmt.Sprintf("%d%% ±%s %s (%s)", l.Confidence, energy(l.AbsUncertainty), u, fsu))
	}
	facts = fact(facts, "uncertainty", s.AbsUncertainty, fmt.Sprintf("Savings uncertainty (Guideline 14 Annex B, %s): %s; n %d, n′ %s, m %d, lag-1 ρ %s%s",
		s.TBasis, strings.Join(lv, ", "), s.N, decimals(s.NPrime, 1), s.M, decimals(s.Rho, 3), adjusted(s.Autocorrelation)),
		map[string]any{"levels": s.Levels, "n": s.N, "n_prime": s.NPrime, "m": s.M, "rho": s.Rho})
	facts = fact(facts, "candidates", len(rep.Candidates), candidatesText(rep.Candidates), nil)
	nr := rep.NonRoutine
	facts = fact(facts, "non_routine", nr.Flagged, fmt.Sprintf("Non-routine screen (robust z above %s): %d baseline period(s) flagged, %d excluded",
		decimals(nr.Threshold, 1), nr.Flagged, nr.Excluded), map[string]any{"flagged": nr.Flagged, "excluded": nr.Excluded})
	sentences := make([]string, 0, len(facts)+len(rep.Triggers)+len(rep.Proposals)+1)
	for _, fc := range facts {
		sentences = append(sentences, fc.Text+" ["+fc.ID+"]")
	}
	for _, a := range rep.Triggers {
		facts = fact(facts, "trigger", a.Code, "Trigger "+a.Code+": "+a.Message, map[string]any{"code": a.Code, "values": a.Values})
		sentences = append(sentences, facts[len(facts)-1].Text+" ["+facts[len(facts)-1].ID+"]")
	}
	for _, a := range rep.Proposals {
		facts = fact(facts, "proposal", a.Code, "Proposal "+a.Code+": "+a.Message, map[string]any{"code": a.Code, "values": a.Values})
		sentences = append(sentences, facts[len(facts)-1].Text+" ["+facts[len(facts)-1].ID+"]")
	}
	declined := mvDeclines(rep)
	out := &registry.Result{}
	if len(declined) > 0 {
		parts := make([]string, len(declined))
		for i, d := range declined {
			parts[i] = d.Check + " (" + d.Reason + ")"
		}
		text := fmt.Sprintf("%d M&V check(s) declined: %s", len(declined), strings.Join(parts, "; "))
		facts = fact(facts, "declined", len(declined), text, map[string]any{"declined": len(declined)})
		sentences = append(sentences, text+" ["+facts[len(facts)-1].ID+"]")
		out.Banners = append(out.Banners, fmt.Sprintf("%d M&V check(s) declined (not a pass): %s", len(declined), firstNames(parts)))
	}
	if rep.InformationOnly {
		out.Banners = append(out.Banners, "the baseline fails Guideline 14 ("+strings.Join(acc.Failing, ", ")+"): the savings are for information only")
	}
	if rc.banner != "" {
		out.Banners = append(out.Banners, rc.banner)
	}
	out.Facts, out.Text = facts, strings.Join(sentences, ". ")+"."
	out.Data = map[string]any{
		"facility_id": fac, "config": rc.info(), "project": p, "information_only": rep.InformationOnly, "model": rep.Model,
		"candidates": rep.Candidates, "acceptance": rep.Acceptance, "savings": rep.Savings, "non_routine": rep.NonRoutine,
		"coverage": map[string]any{"baseline": rep.Baseline, "reporting": rep.Reporting}, "cusum": rep.CUSUM, "steps": rep.Steps,
		"triggers": rep.Triggers, "proposals": rep.Proposals, "caveats": orNone(rep.Caveats), "declined": orNone(declined),
	}
	return out
}

// mvDeclines lists the checks that declined.
func mvDeclines(rep *mv.Report) []mvDecline {
	var out []mvDecline
	for _, c := range rep.Candidates {
		if !c.Fitted {
			out = append(out, mvDecline{Check: "model " + string(c.Kind), Reason: c.Reason})
		}
	}
	for _, w := range []struct {
		name string
		c    mv.Coverage
	}{{"baseline", rep.Baseline}, {"reporting", rep.Reporting}} {
		if n := w.c.Periods - w.c.Kept; n > 0 {
			out = append(out, mvDecline{Check: w.name + " periods", Reason: fmt.Sprintf("%d of %d dropped: %d under %s%% meter coverage, %d negative, %d without outdoor air",
				n, w.c.Periods, w.c.Incomplete, decimals(100*w.c.MinCoverage, 0), w.c.Negative, w.c.NoOAT)})
		}
	}
	if n := rep.Savings.Unpredicted; n > 0 {
		out = append(out, mvDecline{Check: "reporting periods", Reason: fmt.Sprintf("%d fall in hours of the week the baseline never saw and are left out of both sums", n)})
	}
	if rep.NonRoutine.Note != "" {
		out = append(out, mvDecline{Check: "non-routine exclusion", Reason: rep.NonRoutine.Note})
	}
	return out
}

// candidatesText states every candidate's BIC and CV(RMSE), or why it was
// not fitted.
func candidatesText(cs []mv.Candidate) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		switch {
		case !c.Fitted:
			parts[i] = string(c.Kind) + " not fitted"
		default:
			mark := ""
			if c.Chosen {
				mark = ", chosen"
			}
			parts[i] = fmt.Sprintf("%s BIC %s CV(RMSE) %s R² %s%s", c.Kind, decimals(*c.BIC, 1), decimals(c.Stats.CVRMSE, 4),
				decimals(c.Stats.R2, 4), mark)
		}
	}
	return fmt.Sprintf("%d candidate baseline model(s): %s", len(cs), strings.Join(parts, "; "))
}

// energy prints an energy figure with thousands separators and one
// decimal below 1,000.
func energy(x float64) string {
	if math.Abs(x) >= 1000 {
		return thousands(int(math.Round(x)))
	}
	return decimals(x, 1)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

func adjusted(on bool) string {
	if on {
		return " (n′ adjusted for autocorrelation)"
	}
	return ""
}

// mvOutputSchema is the output schema of mv_summary.
func mvOutputSchema() map[string]any {
	obj := func(d string) map[string]any { return map[string]any{"type": "object", "description": d} }
	list := func(d string) map[string]any { return runList(obj(d), d) }
	project := runObject("The M&V project the run config declares.", []string{"meter", "meter_equip", "oat", "baseline", "reporting", "interval",
		"confidence", "rate_unit", "units", "non_routine", "autocorrelation_adjusted"}, map[string]any{
		"meter": typed("string", "The meter point (equip role)."), "meter_equip": typed("string", "The meter's equipment."),
		"oat":      typed("string", "The outdoor-air point."),
		"baseline": obj("The baseline window {start, end}."), "reporting": obj("The reporting window {start, end}."),
		"interval":                 map[string]any{"type": "string", "enum": []any{"hourly", "daily", "monthly"}, "description": "The aggregation interval."},
		"confidence":               runCount("The headline confidence level, percent."),
		"rate_unit":                typed("string", "The unit of the meter's stored values."),
		"units":                    typed("string", "The energy unit the savings are in."),
		"non_routine":              typed("boolean", "Non-routine baseline periods are excluded."),
		"autocorrelation_adjusted": typed("boolean", "n′ is adjusted for lag-1 autocorrelation (the config's mv.autocorrelation, else on for hourly data)."),
		"models": map[string]any{"type": "array", "items": map[string]any{"type": "string"},
			"description": "The candidate models the config's mv.models names (absent: the interval's defaults)."},
	})
	return runObject("", []string{"facility_id", "config", "project", "information_only", "model", "candidates", "acceptance", "savings",
		"non_routine", "coverage", "cusum", "steps", "triggers", "proposals", "caveats", "declined"}, map[string]any{
		"facility_id":      typed("string", "The facility."),
		"config":           configInfoSchema(),
		"project":          project,
		"information_only": typed("boolean", "True when the baseline fails Guideline 14: the savings are for information only."),
		"model":            obj("The chosen baseline: kind, coefficients, change points, stats (n, p, r2, rmse, cv_rmse, nmbe), bic, temperature range."),
		"candidates":       list("Every candidate model: fitted or why not, its stats, BIC and Guideline 14 verdict."),
		"acceptance":       obj("The chosen baseline's Guideline 14 verdict: the limit set, each criterion, the failing ones named."),
		"savings":          obj("Avoided energy = projected − actual over the reporting period, percent, and the uncertainty band at 80/90/95 %, in units."),
		"non_routine":      obj("The non-routine screen: threshold, flagged and excluded baseline periods."),
		"coverage":         obj("What aggregation kept and dropped in the baseline and reporting windows."),
		"cusum":            list("The cumulative savings (daily for hourly data)."),
		"steps":            list("Step changes found in the baseline or reporting residuals."),
		"triggers":         list("Triggers (code, message, values): savings eroding, a CUSUM slope change, negative savings, savings inside their band, uncertainty above 50 %, extrapolation."),
		"proposals":        list("Method proposals (code, message, values)."),
		"caveats":          runList(map[string]any{"type": "string"}, "Limits of the evaluation."),
		"declined":         runList(runObject("A check that declined.", []string{"check", "reason"}, map[string]any{"check": typed("string", "The check."), "reason": typed("string", "Why.")}), "Checks that declined (not a pass)."),
	})
}
