package rcx

import (
	"fmt"
	"strconv"
	"strings"
)

// Section ids, in report order.
const (
	SectionScorecard = "scorecard"
	SectionFindings  = "findings_table"
	SectionActions   = "recommended_actions"
	SectionQuality   = "data_quality"
	SectionDrift     = "drift"
	SectionMV        = "mv"
	SectionAppendix  = "appendix_a"
)

// sectionTitles are the sections' titles.
var sectionTitles = map[string]string{
	SectionScorecard: "Health scorecard",
	SectionFindings:  "Findings table",
	SectionActions:   "Recommended actions (ranked by $/yr, then severity)",
	SectionQuality:   "Data quality",
	SectionDrift:     "Drift",
	SectionMV:        "M&V",
	SectionAppendix:  "Appendix A: declines and data gaps",
}

// index writes the fact index and the section list.
func (r *Report) index(in Input) {
	name := in.Name
	if name == nil {
		name = strconv.Quote
	}
	k := &r.KPIs
	kf := func(section, kind string, value any, text string, data map[string]any) {
		r.Facts = append(r.Facts, Fact{ID: "K" + itoa(countPrefix(r.Facts, "K")+1) + "@summary", Section: section, Kind: kind,
			Value: value, Text: text, Data: data})
	}
	kf(SectionScorecard, "summary", k.Actionable, headline(in, r), map[string]any{"findings": k.Findings, "drift": k.Drift,
		"actionable": k.Actionable, "issues": k.Issues, "declined": k.Declined.Total()})
	kf(SectionScorecard, "cost", k.CostedUSD, costText(k), map[string]any{"costed_usd": k.CostedUSD, "costed": k.Costed,
		"uncosted": k.Uncosted, "price_per_kwh": k.Prices.PerKWh, "price_per_therm": k.Prices.PerTherm})
	kf(SectionScorecard, "categories", k.Actionable, categoryText(k), map[string]any{"categories": k.Categories})
	kf(SectionScorecard, "scorecard", r.Scorecard.Overall, scorecardText(r.Scorecard), map[string]any{"scorecard": r.Scorecard})
	kf(SectionActions, "confidence", k.Issues, fmt.Sprintf("Confidence of the %d ranked issue(s): %d high, %d medium, %d low",
		k.Issues, k.Confident.High, k.Confident.Medium, k.Confident.Low), map[string]any{"confidence": k.Confident})
	kf(SectionQuality, "coverage", k.Coverage.Mean, coverageText(k.Coverage), map[string]any{"coverage": k.Coverage})
	kf(SectionQuality, "trust", k.Trust.BelowFloor, trustText(k.Trust), map[string]any{"trust": k.Trust})
	kf(SectionQuality, "declined", k.Declined.Total(), declinedText(k), map[string]any{"declined": k.Declined, "skipped": k.Skipped})
	dv, dt := driftText(in)
	kf(SectionDrift, "drift", dv, dt, map[string]any{"counts": k.Drift})
	if in.MV != nil {
		kf(SectionMV, "mv", mvValue(in.MV), mvText(in.MV, name), nil)
	}
	for i := range r.Issues {
		is := &r.Issues[i]
		r.Facts = append(r.Facts, Fact{ID: is.Fact, Section: homeSection(is), Kind: "issue", Value: is.Rank, Equip: is.Equip,
			Text: issueText(is, name), Data: map[string]any{"key": is.Key, "rank": is.Rank, "severity": string(is.Severity),
				"annual_usd": is.AnnualUSD, "hours": is.Hours, "confidence": is.Confidence, "finding_ids": is.FindingIDs,
				"drift_finding_ids": is.DriftFindingIDs, "conditional_on": is.ConditionalOn}})
	}
	for i := range r.Appendix {
		e := &r.Appendix[i]
		r.Facts = append(r.Facts, Fact{ID: e.Fact, Section: SectionAppendix, Kind: e.Kind, Value: e.Hours, Equip: e.Equip,
			Text: entryText(e, name)})
	}
	r.Sections = sections(r.Facts, r.Issues, in.MV != nil)
}

// sections lists the report's sections and the facts each holds: the
// recommended actions name every issue in rank order.
func sections(facts []Fact, issues []Issue, mv bool) []Section {
	ids := []string{SectionScorecard, SectionFindings, SectionActions, SectionQuality, SectionDrift}
	if mv {
		ids = append(ids, SectionMV)
	}
	ids = append(ids, SectionAppendix)
	out := make([]Section, len(ids))
	at := map[string]int{}
	for i, id := range ids {
		out[i] = Section{ID: id, Title: sectionTitles[id], Facts: []string{}}
		at[id] = i
	}
	for _, f := range facts {
		out[at[f.Section]].Facts = append(out[at[f.Section]].Facts, f.ID)
	}
	for i := range issues {
		out[at[SectionActions]].Facts = append(out[at[SectionActions]].Facts, issues[i].Fact)
	}
	return out
}

// homeSection is the section an issue's fact belongs to.
func homeSection(is *Issue) string {
	switch is.Kind {
	case KindDrift:
		return SectionDrift
	case KindSensor:
		return SectionQuality
	}
	return SectionFindings
}

func countPrefix(facts []Fact, prefix string) int {
	n := 0
	for _, f := range facts {
		if strings.HasPrefix(f.ID, prefix) {
			n++
		}
	}
	return n
}

// headline is K1: the actionable findings, issues and declines (a
// declined check is not a pass).
func headline(in Input, r *Report) string {
	k := r.KPIs
	f := k.Findings
	s := fmt.Sprintf("RCx report for %s: %d actionable finding(s) in %d ranked issue(s); the rule run gave %d finding(s) (%d fault, %d warn, %d info, %d ok)",
		in.Facility, k.Actionable, k.Issues, f.Total(), f.Fault, f.Warn, f.Info, f.OK)
	if in.Drift != nil && in.Drift.Result != nil {
		s += fmt.Sprintf("; the drift section gave %d finding(s) (%d fault, %d warn, %d steady)", k.Drift.Fault+k.Drift.Warn+k.Drift.OK,
			k.Drift.Fault, k.Drift.Warn, k.Drift.OK)
	}
	if n := k.Declined.Total(); n > 0 {
		s += fmt.Sprintf("; %d check(s) declined because an input scores below the trust floor %s (a declined check is not a pass)", n, num(in.MinTrust, 4))
	} else {
		s += "; no check was declined by the trust floor " + num(in.MinTrust, 4)
	}
	return s
}

func costText(k *KPIs) string {
	return fmt.Sprintf("Costed total about $%s a year over %d costed issue(s); %d issue(s) uncosted (triage-grade, at placeholder prices $%s/kWh and $%s/therm)",
		dollars(k.CostedUSD), k.Costed, k.Uncosted, num(k.Prices.PerKWh, 3), num(k.Prices.PerTherm, 3))
}

func categoryText(k *KPIs) string {
	parts := make([]string, len(k.Categories))
	for i, c := range k.Categories {
		parts[i] = fmt.Sprintf("%s %d fault, %d warn", c.Category, c.Fault, c.Warn)
	}
	return "Actionable findings by category: " + strings.Join(parts, "; ")
}

func scorecardText(sc Scorecard) string {
	parts := make([]string, len(sc.Categories))
	for i, c := range sc.Categories {
		parts[i] = fmt.Sprintf("%s %d (%s)", c.Category, c.Score, c.Grade)
	}
	return fmt.Sprintf("Scorecard overall %s (%s), each category 100 less %d per fault and %d per warning: %s",
		num(sc.Overall, 1), sc.Grade, FaultPenalty, WarnPenalty, strings.Join(parts, ", "))
}

func coverageText(c CoverageKPI) string {
	return fmt.Sprintf("Data coverage: %d point(s) on the run grid, mean coverage %s; %d below 90%%; %d data gap(s) of at least %d h, %s h in all",
		c.Points, pct(c.Mean), c.Below90, c.Gaps, MinGapHours, num(c.GapHours, 2))
}

func trustText(t TrustKPI) string {
	return fmt.Sprintf("Trust: %d trusted, %d suspect, %d untrusted point(s), %d below the trust floor %s; %d sensor reference(s) configured: %d disagree, %d not compared",
		t.Trusted, t.Suspect, t.Untrusted, t.BelowFloor, num(t.MinTrust, 4), t.References, t.Disagreeing, t.NotCompared)
}

func declinedText(k *KPIs) string {
	d := k.Declined
	s := fmt.Sprintf("%d rule check(s) and %d drift check(s) declined by the trust floor %s (not a pass)", d.Rules, d.Drift, num(k.Trust.MinTrust, 4))
	if len(d.Names) > 0 {
		s += "; rules: " + strings.Join(d.Names, ", ")
	}
	return s + fmt.Sprintf("; %d rule check(s) skipped for missing required inputs", k.Skipped)
}

// driftText states the drift section's outcome.
func driftText(in Input) (any, string) {
	d := in.Drift
	switch {
	case d == nil:
		return nil, "The run config declares no drift section: no drift check ran"
	case d.Result == nil:
		return nil, "The drift section did not run: " + d.Problem
	}
	res := d.Result
	base := "frozen baselines from the run config"
	if res.Baseline != nil {
		base = "the baseline window " + res.Baseline.String()
	}
	c := res.Counts
	return c.Fault + c.Warn, fmt.Sprintf("Drift against %s over the current window %s: %d fault, %d warn, %d steady; %d check(s) not evaluated; thresholds are screening-grade",
		base, res.Current.String(), c.Fault, c.Warn, c.OK, len(res.NotEvaluated))
}

func mvValue(m *MV) any {
	if m.Problem != "" {
		return nil
	}
	return round(m.Avoided, 1)
}

// mvText states the M&V outcome; a baseline that fails Guideline 14 makes
// the savings for information only.
func mvText(m *MV, name func(string) string) string {
	if m.Problem != "" {
		return "M&V not evaluated: " + m.Problem
	}
	s := fmt.Sprintf("M&V on %s: avoided %s %s (%s%%) over the reporting period, ±%s %s at %d%%, baseline model %s",
		name(m.Meter), energy(m.Avoided), m.Units, num(m.Percent, 1), energy(m.Band), m.Units, m.Confidence, m.Model)
	if m.Accepted {
		return s + " (passes Guideline 14)"
	}
	return s + " fails Guideline 14 (" + strings.Join(m.Failing, ", ") + "): the savings are for information only"
}

// issueText is an issue's C fact.
func issueText(is *Issue, name func(string) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Rank %d, issue %s on %s: %s, %s, cause %s", is.Rank, name(is.Key), name(is.Equip), is.Severity, is.Category, is.Cause)
	if is.Likely != "" {
		b.WriteString(" (likely " + is.Likely + ")")
	}
	if len(is.FindingIDs) > 0 {
		b.WriteString("; findings " + names(is.FindingIDs, name))
	}
	if len(is.DriftFindingIDs) > 0 {
		b.WriteString("; drift findings " + names(is.DriftFindingIDs, name) + " (screening-grade thresholds)")
	}
	if is.Costed() {
		fmt.Fprintf(&b, "; triage cost about $%s a year", dollars(*is.AnnualUSD))
	} else {
		b.WriteString("; uncosted: " + is.Uncosted)
	}
	if is.Hours != nil {
		fmt.Fprintf(&b, "; %s h (%s)", num(*is.Hours, 2), is.HoursBasis)
	}
	fmt.Fprintf(&b, "; confidence %s (%s)", is.Confidence, strings.Join(is.Reasons, "; "))
	if len(is.Explains) > 0 {
		b.WriteString("; ranked above " + names(is.Explains, name) + ", which are conditional on it")
	}
	if is.condText != "" {
		b.WriteString("; " + is.condText)
	}
	if is.Summary != "" {
		b.WriteString("; " + strings.TrimRight(is.Summary, ". "))
	}
	return b.String()
}

func entryText(e *Entry, name func(string) string) string {
	who := strings.TrimSpace(e.Check)
	if e.Equip != "" {
		who += " on " + name(e.Equip)
	}
	if e.Role != "" {
		who += " (" + e.Role + ")"
	}
	switch e.Kind {
	case EntryDataGap:
		return fmt.Sprintf("Data gap: %s %s from %s to %s, %s h", name(e.Equip), e.Role, e.Start, e.End, num(*e.Hours, 2))
	case EntryDeclined:
		return "Declined (not a pass): " + who + ": " + e.Reason
	case EntryNotCompared:
		return "Reference not compared: " + who + ": " + e.Reason
	case EntryNotRun:
		return "Not run: " + who + ": " + e.Reason
	}
	return "Not evaluated: " + who + ": " + e.Reason
}

func names(vs []string, name func(string) string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = name(v)
	}
	return strings.Join(out, ", ")
}

// energy prints an energy figure: whole units with thousands separators
// from 1,000, else one decimal.
func energy(x float64) string {
	if x >= 1000 || x <= -1000 {
		return dollars(x)
	}
	return num(x, 1)
}

// dollars prints whole dollars with thousands separators.
func dollars(x float64) string {
	s := strconv.FormatInt(int64(round(x, 0)), 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
