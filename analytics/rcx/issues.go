package rcx

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/cost"
	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// DriftCategory is the scorecard category of drift findings: slow
// degradation is a maintenance matter.
const DriftCategory = "maintenance"

// actionable reports whether a finding is judged at warn or fault.
func actionable(f *fdd.Finding) bool {
	return (f.Severity == fdd.Warn || f.Severity == fdd.Fault) && !f.Declined()
}

// issuesOf builds the unranked issues: rule findings (root-cause groups,
// then one per equipment and rule), drifting signals and disagreeing
// sensor references, with costs, hours, links and confidence.
func issuesOf(in Input, a cost.Assumptions) []Issue {
	var act []fdd.Finding
	for i := range in.Findings {
		if actionable(&in.Findings[i]) {
			act = append(act, in.Findings[i])
		}
	}
	byID := make(map[string]*fdd.Finding, len(act))
	for i := range act {
		byID[act[i].ID] = &act[i]
	}
	var members [][]*fdd.Finding
	grouped := map[string]bool{}
	for _, g := range fdd.Groups(act) {
		var ms []*fdd.Finding
		for _, id := range g.Members {
			ms = append(ms, byID[id])
			grouped[id] = true
		}
		members = append(members, ms)
	}
	at := map[string]int{} // equip + rule → index in members
	for i := range act {
		f := &act[i]
		if grouped[f.ID] {
			continue
		}
		k := f.Equip + "\x00" + f.Rule
		if j, ok := at[k]; ok {
			members[j] = append(members[j], f)
			continue
		}
		at[k] = len(members)
		members = append(members, []*fdd.Finding{f})
	}
	var out []Issue
	for _, ms := range members {
		out = append(out, findingIssue(ms, a, in.Trust))
	}
	if in.Drift != nil && in.Drift.Result != nil {
		for i := range in.Drift.Result.Findings {
			f := &in.Drift.Result.Findings[i]
			if f.Severity == fdd.Warn || f.Severity == fdd.Fault {
				out = append(out, driftIssue(f, in.Drift.Result))
			}
		}
	}
	for _, r := range in.References {
		if r.Compared() && (r.Verdict == string(fdd.Warn) || r.Verdict == string(fdd.Fault)) {
			out = append(out, sensorIssue(r))
		}
	}
	assignKeys(out)
	link(out, in)
	for i := range out {
		out[i].settle()
	}
	return out
}

// findingIssue is one issue of rule findings; ms[0] is the root (a
// group's most upstream member) or the first of its rule.
func findingIssue(ms []*fdd.Finding, a cost.Assumptions, trust map[string]map[model.Role]float64) Issue {
	lead := ms[0]
	for _, f := range ms[1:] {
		if f.Severity.Rank() > lead.Severity.Rank() {
			lead = f
		}
	}
	is := Issue{Kind: KindFindings, Cause: ms[0].Rule, Equip: ms[0].Equip, Category: category(ms[0].Category),
		Severity: lead.Severity, Summary: lead.Summary, Rules: []string{}, FindingIDs: []string{}, DriftFindingIDs: []string{},
		ConditionalOn: []string{}, Explains: []string{}}
	var usd, kwh, therms float64
	var costed, bases, why []string
	var spans []series.Span
	for _, f := range ms {
		if !slices.Contains(is.Rules, f.Rule) {
			is.Rules = append(is.Rules, f.Rule)
		}
		is.FindingIDs = append(is.FindingIDs, f.ID)
		spans = append(spans, f.Violations...)
		c := cost.Estimate(cost.FromFinding(*f), a)
		if c.Costed() {
			usd += *c.AnnualUSD
			kwh += deref(c.KWh)
			therms += deref(c.Therms)
			costed = append(costed, f.ID)
			bases = append(bases, f.ID+": "+c.Basis)
		} else {
			why = append(why, f.ID+": "+c.Uncosted)
		}
	}
	if len(costed) > 0 {
		is.AnnualUSD, is.KWh, is.Therms = ptr(round(usd, 2)), nonZero(kwh), nonZero(therms)
		is.CostBasis = strings.Join(bases, "; ")
		if len(why) > 0 {
			is.CostBasis += "; not costed: " + strings.Join(why, "; ")
		}
	} else {
		is.Uncosted = strings.Join(why, "; ")
	}
	if h, n := unionHours(spans); n > 0 {
		is.Hours = ptr(round(h, 2))
		is.HoursBasis = fmt.Sprintf("flagged hours: the union of %d span(s) of its findings", n)
	} else {
		is.HoursBasis = "no flagged samples: a metric-level verdict"
	}
	is.findingConfidence(ms, lead, trust)
	return is
}

// findingConfidence scores a rule issue: the share of judged samples
// flagged, corroboration by other findings, and the trust of its inputs.
func (is *Issue) findingConfidence(ms []*fdd.Finding, lead *fdd.Finding, trust map[string]map[model.Role]float64) {
	var share *float64
	basis := ""
	for _, f := range ms {
		if f.Share != nil && (share == nil || *f.Share > *share) {
			share, basis = f.Share, f.JudgedBasis
		}
	}
	switch {
	case share == nil && lead.Events != nil:
		is.Reasons = append(is.Reasons, fmt.Sprintf("an event verdict: %d %s", *lead.Events, orWord(lead.EventBasis, "events")))
	case share == nil:
		is.Reasons = append(is.Reasons, "a metric-level verdict with no per-sample share")
	case *share >= StrongShare:
		is.score++
		is.Reasons = append(is.Reasons, fmt.Sprintf("flagged in %s of judged %s", pct(*share), orWord(basis, "samples")))
	case *share < WeakShare:
		is.score--
		is.Reasons = append(is.Reasons, fmt.Sprintf("flagged in only %s of judged %s", pct(*share), orWord(basis, "samples")))
	default:
		is.Reasons = append(is.Reasons, fmt.Sprintf("flagged in %s of judged %s", pct(*share), orWord(basis, "samples")))
	}
	if len(ms) > 1 {
		is.score++
		is.Reasons = append(is.Reasons, fmt.Sprintf("corroborated by %d findings of rules %s", len(ms), strings.Join(is.Rules, ", ")))
	}
	var untrusted []string
	for _, f := range ms {
		for _, u := range f.Untrusted {
			s := fmt.Sprintf("%s (trust %s)", u.Role, num(u.Trust, 4))
			if !slices.Contains(untrusted, s) {
				untrusted = append(untrusted, s)
			}
		}
	}
	low, role, ok := lowestTrust(ms, trust)
	switch {
	case len(untrusted) > 0:
		is.score--
		is.Reasons = append(is.Reasons, "ran without trusting "+strings.Join(untrusted, ", "))
	case ok && low < SuspectTrust:
		is.score--
		is.Reasons = append(is.Reasons, fmt.Sprintf("lowest input trust %s (%s, suspect)", num(low, 4), role))
	case ok:
		is.Reasons = append(is.Reasons, fmt.Sprintf("inputs trusted (lowest %s, %s)", num(low, 4), role))
	}
}

// lowestTrust is the lowest trust score among the required inputs of the
// issue's rules on its equipment.
func lowestTrust(ms []*fdd.Finding, trust map[string]map[model.Role]float64) (float64, model.Role, bool) {
	low, role, ok := 0.0, model.Role(""), false
	for _, f := range ms {
		r, found := fdd.Lookup(f.Rule)
		if !found {
			continue
		}
		for _, in := range r.Required {
			t, has := trust[f.Equip][in]
			if has && (!ok || t < low) {
				low, role, ok = t, in, true
			}
		}
	}
	return low, role, ok
}

// driftIssue is one drifting signal of the drift section.
func driftIssue(f *drift.Finding, res *drift.Result) Issue {
	is := Issue{Kind: KindDrift, Cause: f.Family, Likely: f.Cause, Equip: f.Equip, Category: DriftCategory,
		Severity: f.Severity, Summary: f.Summary, Rules: []string{f.Family}, FindingIDs: []string{},
		DriftFindingIDs: []string{f.ID}, ConditionalOn: []string{}, Explains: []string{},
		Uncosted: "a drift finding has no cost model (screening-grade thresholds)"}
	lead := leadSignal(f)
	is.HoursBasis = "no sustained-shift alarm: no onset to count hours from"
	if lead != nil && lead.CUSUM.Alarm {
		if on, err := time.Parse(series.TimeLayout, lead.CUSUM.Onset); err == nil && res.Current.End > on.UnixNano() {
			is.Hours = ptr(round(float64(res.Current.End-on.UnixNano())/3.6e12, 2))
			is.HoursBasis = "hours from the sustained-shift onset " + lead.CUSUM.Onset + " to the end of the current window"
		}
		is.score++
		is.Reasons = append(is.Reasons, "sustained shift alarmed "+lead.CUSUM.AlarmAt)
	} else {
		is.score--
		is.Reasons = append(is.Reasons, "no sustained-shift alarm")
	}
	for _, v := range res.Verdicts {
		if v.Equip == f.Equip && v.Condenser != nil && v.Condenser.Corroborated && f.Family != drift.ChillerSubcooling &&
			f.Family != drift.ChillerSuperheat {
			is.score++
			is.Reasons = append(is.Reasons, "corroborated by the condenser-loop diagnosis (two or more condenser-side signals drift)")
			break
		}
	}
	is.capMed = true
	is.Reasons = append(is.Reasons, "thresholds are screening-grade (provisional)")
	return is
}

// leadSignal is the signal that set the finding's severity.
func leadSignal(f *drift.Finding) *drift.SignalResult {
	kind, _ := f.Metrics["signal"].(string)
	for i := range f.Signals {
		if f.Signals[i].Kind == kind {
			return &f.Signals[i]
		}
	}
	if len(f.Signals) > 0 {
		return &f.Signals[0]
	}
	return nil
}

// settle turns the confidence points into a level: one or more high, none
// medium, below low; a conditional issue is low and a screening-grade one
// at most medium.
func (is *Issue) settle() {
	switch {
	case is.capLow || is.score < 0:
		is.Confidence = Low
	case is.score > 0 && !is.capMed:
		is.Confidence = High
	default:
		is.Confidence = Medium
	}
	if is.Reasons == nil {
		is.Reasons = []string{}
	}
}

// unionHours is the total length of the union of spans and how many
// spans there were.
func unionHours(spans []series.Span) (float64, int) {
	if len(spans) == 0 {
		return 0, 0
	}
	s := slices.Clone(spans)
	slices.SortFunc(s, func(a, b series.Span) int { return a.Start.Compare(b.Start) })
	total := time.Duration(0)
	cur := s[0]
	for _, sp := range s[1:] {
		if !sp.Start.After(cur.End) {
			if sp.End.After(cur.End) {
				cur.End = sp.End
			}
			continue
		}
		total += cur.End.Sub(cur.Start)
		cur = sp
	}
	total += cur.End.Sub(cur.Start)
	return total.Hours(), len(spans)
}

// category is a rule's scorecard category ("other" when unlisted).
func category(c string) string {
	switch c {
	case "energy", "comfort", "ventilation", "maintenance":
		return c
	}
	return "other"
}
