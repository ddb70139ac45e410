package rcx

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/cost"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
)

// MinGapHours is the shortest data gap appendix A lists.
const MinGapHours = 24

// Appendix A entry kinds.
const (
	EntryDeclined     = "declined"
	EntryNotEvaluated = "not_evaluated"
	EntryNotCompared  = "not_compared"
	EntryNotRun       = "not_run"
	EntryDataGap      = "data_gap"
)

// kpisOf counts the report's headline figures.
func kpisOf(in Input, issues []Issue, a cost.Assumptions, appendix int) KPIs {
	k := KPIs{Issues: len(issues), Skipped: in.Skipped, Appendix: appendix,
		Prices: PricesKPI{PerKWh: a.PriceKWh, PerTherm: a.PriceTherm}, Declined: DeclinedKPI{Names: []string{}}}
	cats := map[string]*CategoryCount{}
	for _, c := range Categories() {
		cats[c] = &CategoryCount{Category: c}
	}
	count := func(cat string, s fdd.Severity) {
		switch s {
		case fdd.Fault:
			cats[cat].Fault++
			k.Actionable++
		case fdd.Warn:
			cats[cat].Warn++
			k.Actionable++
		}
	}
	for i := range in.Findings {
		f := &in.Findings[i]
		k.Findings.add(f.Severity)
		if f.Declined() {
			k.Declined.Rules++
			if !slices.Contains(k.Declined.Names, f.Rule) {
				k.Declined.Names = append(k.Declined.Names, f.Rule)
			}
			continue
		}
		count(category(f.Category), f.Severity)
	}
	slices.Sort(k.Declined.Names)
	if in.Drift != nil && in.Drift.Result != nil {
		for _, f := range in.Drift.Result.Findings {
			k.Drift.add(f.Severity)
			count(DriftCategory, f.Severity)
		}
		k.Drift.Info = in.Drift.Declined
		k.Declined.Drift = in.Drift.Declined
	}
	for _, c := range Categories() {
		k.Categories = append(k.Categories, *cats[c])
	}
	for i := range issues {
		if issues[i].Costed() {
			k.Costed++
			k.CostedUSD += *issues[i].AnnualUSD
		} else {
			k.Uncosted++
		}
		switch issues[i].Confidence {
		case High:
			k.Confident.High++
		case Medium:
			k.Confident.Medium++
		default:
			k.Confident.Low++
		}
	}
	k.CostedUSD = round(k.CostedUSD, 2)
	k.Coverage.Points = len(in.Points)
	k.Trust.MinTrust = in.MinTrust
	sum := 0.0
	for _, p := range in.Points {
		sum += p.Coverage
		if p.Coverage < 0.9 {
			k.Coverage.Below90++
		}
		for _, g := range p.Gaps {
			k.Coverage.Gaps++
			k.Coverage.GapHours += g.Hours()
		}
		switch p.Verdict {
		case "trusted":
			k.Trust.Trusted++
		case "suspect":
			k.Trust.Suspect++
		default:
			k.Trust.Untrusted++
		}
		if p.BelowFloor {
			k.Trust.BelowFloor++
		}
	}
	if len(in.Points) > 0 {
		k.Coverage.Mean = round(sum/float64(len(in.Points)), 4)
	}
	k.Coverage.GapHours = round(k.Coverage.GapHours, 2)
	k.Trust.References = len(in.References)
	for _, r := range in.References {
		switch {
		case !r.Compared():
			k.Trust.NotCompared++
		case r.Verdict == string(fdd.Warn) || r.Verdict == string(fdd.Fault):
			k.Trust.Disagreeing++
		}
	}
	return k
}

// appendixOf lists appendix A: declined rule checks, drift checks not
// evaluated (declines among them), references not compared, sections not
// run, then data gaps longest first.
func appendixOf(in Input) []Entry {
	out := []Entry{}
	var declined []Entry
	for i := range in.Findings {
		f := &in.Findings[i]
		if !f.Declined() {
			continue
		}
		var roles []string
		for _, u := range f.Untrusted {
			roles = append(roles, string(u.Role))
		}
		declined = append(declined, Entry{Kind: EntryDeclined, Equip: f.Equip, Role: strings.Join(roles, ", "), Check: f.Rule,
			Reason: strings.TrimPrefix(f.Summary, f.Equip+": ")})
	}
	slices.SortStableFunc(declined, func(a, b Entry) int {
		return cmp.Or(strings.Compare(a.Check, b.Check), strings.Compare(a.Equip, b.Equip))
	})
	out = append(out, declined...)
	if d := in.Drift; d != nil {
		if d.Problem != "" {
			out = append(out, Entry{Kind: EntryNotRun, Check: "drift", Reason: d.Problem})
		}
		if d.Result != nil {
			for _, n := range d.Result.NotEvaluated {
				kind := EntryNotEvaluated
				if strings.HasPrefix(n.Reason, "declined") {
					kind = EntryDeclined
				}
				out = append(out, Entry{Kind: kind, Equip: n.Equip, Check: n.Family, Reason: n.Reason})
			}
		}
	}
	for _, r := range in.References {
		if !r.Compared() {
			out = append(out, Entry{Kind: EntryNotCompared, Equip: r.Equip, Role: string(r.Role), Check: r.Label(), Reason: r.Problem})
		}
	}
	if in.MV != nil && in.MV.Problem != "" {
		out = append(out, Entry{Kind: EntryNotRun, Check: "mv", Reason: in.MV.Problem})
	}
	var gaps []Entry
	for _, p := range in.Points {
		for _, g := range p.Gaps {
			h := round(g.Hours(), 2)
			gaps = append(gaps, Entry{Kind: EntryDataGap, Equip: p.Equip, Role: string(p.Role), Start: stamp(g.Start), End: stamp(g.End),
				Hours: &h, Reason: "no sample on the run grid for " + num(h, 2) + " h"})
		}
	}
	slices.SortStableFunc(gaps, func(a, b Entry) int {
		return cmp.Or(-cmp.Compare(*a.Hours, *b.Hours), strings.Compare(a.Equip, b.Equip), strings.Compare(a.Role, b.Role),
			strings.Compare(a.Start, b.Start))
	})
	out = append(out, gaps...)
	for i := range out {
		out[i].Fact = "A" + itoa(i+1) + "@appendix"
	}
	return out
}

// ColumnGaps are the runs of missing slots of col (a run-grid column whose
// slot 0 starts at start, step ns apart) between its first and last filled
// slot that last at least minHours.
func ColumnGaps(col []float64, start, step int64, minHours float64) []Gap {
	if step <= 0 {
		return nil
	}
	minSlots := max(1, int(math.Ceil(minHours*float64(time.Hour)/float64(step))))
	var out []Gap
	last := -1
	for i, v := range col {
		if math.IsNaN(v) {
			continue
		}
		if last >= 0 && i-last-1 >= minSlots {
			out = append(out, Gap{Start: start + int64(last+1)*step, End: start + int64(i)*step})
		}
		last = i
	}
	return out
}

func stamp(ns int64) string { return time.Unix(0, ns).UTC().Format(series.TimeLayout) }
