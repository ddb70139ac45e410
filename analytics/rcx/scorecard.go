package rcx

import (
	"math"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// Scorecard penalties and the weighted categories (domain §8): each
// category starts at 100 and loses FaultPenalty per fault and WarnPenalty
// per warning, clamped to 0..100; the overall score is the equal-weight
// mean of the four main categories ("other" is shown, not weighted).
const (
	FaultPenalty = 15
	WarnPenalty  = 5
)

// Categories are the scorecard's categories in display order; the first
// four are weighted.
func Categories() []string {
	return []string{"energy", "comfort", "ventilation", "maintenance", "other"}
}

// CategoryScore is one category of the scorecard.
type CategoryScore struct {
	Category string `json:"category"`
	Score    int    `json:"score"`
	Grade    string `json:"grade"`
	Faults   int    `json:"faults"`
	Warnings int    `json:"warnings"`
	Weighted bool   `json:"weighted"`
}

// Scorecard is the health scorecard.
type Scorecard struct {
	Categories []CategoryScore `json:"categories"`
	// Overall is the equal-weight mean of the weighted categories, one
	// decimal.
	Overall float64 `json:"overall"`
	Grade   string  `json:"grade"`
}

// ScorecardOf scores the actionable findings of a run and its drift
// section (drift findings count under maintenance); declined checks are
// info and cost nothing.
func ScorecardOf(in Input) Scorecard {
	var sc Scorecard
	faults, warns := map[string]int{}, map[string]int{}
	add := func(cat string, s fdd.Severity) {
		switch s {
		case fdd.Fault:
			faults[cat]++
		case fdd.Warn:
			warns[cat]++
		}
	}
	for i := range in.Findings {
		if f := &in.Findings[i]; actionable(f) {
			add(category(f.Category), f.Severity)
		}
	}
	if in.Drift != nil && in.Drift.Result != nil {
		for _, f := range in.Drift.Result.Findings {
			add(DriftCategory, f.Severity)
		}
	}
	sum, n := 0, 0
	for i, c := range Categories() {
		s := max(0, min(100, 100-FaultPenalty*faults[c]-WarnPenalty*warns[c]))
		cs := CategoryScore{Category: c, Score: s, Grade: Grade(float64(s)), Faults: faults[c], Warnings: warns[c], Weighted: i < 4}
		if cs.Weighted {
			sum += s
			n++
		}
		sc.Categories = append(sc.Categories, cs)
	}
	sc.Overall = math.Round(float64(sum)/float64(n)*10) / 10
	sc.Grade = Grade(sc.Overall)
	return sc
}

// Grade is A at 90 or more, B at 80, C at 70, D at 60, else F.
func Grade(score float64) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	case score >= 60:
		return "D"
	}
	return "F"
}
