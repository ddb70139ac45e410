package agent

import (
	"fmt"
	"slices"
	"strings"
)

// Run is a rule run's summary.
type Run struct {
	Facility   string
	Start, End string // the window, ISO dates; empty when unknown
	Rules      int
	Equipment  int
	Faults     int
	Warnings   int
	Infos      int
	OKs        int
	// Declined counts checks that declined on untrusted inputs: a declined
	// check is not a pass.
	Declined int
	// Skipped counts rules skipped for missing inputs.
	Skipped int
}

// Run adds one run-summary fact, then the run's findings (see Findings).
func (b *Builder) Run(r Run, findings []Finding) string {
	var s strings.Builder
	s.WriteString("Rule run on " + r.Facility)
	if r.Start != "" && r.End != "" {
		s.WriteString(" from " + r.Start + " to " + r.End)
	}
	fmt.Fprintf(&s, ": %d rule%s on %d equipment gave %d fault%s, %d warning%s, %d info and %d ok",
		r.Rules, plural(r.Rules), r.Equipment, r.Faults, plural(r.Faults), r.Warnings, plural(r.Warnings), r.Infos, r.OKs)
	if r.Declined > 0 {
		fmt.Fprintf(&s, "; %d check%s declined on untrusted inputs (not a pass)", r.Declined, plural(r.Declined))
	}
	if r.Skipped > 0 {
		fmt.Fprintf(&s, "; %d rule%s skipped for missing inputs", r.Skipped, plural(r.Skipped))
	}
	s.WriteString(".")
	id := b.Add(KindRun, "", s.String(), map[string]any{
		"facility_id": r.Facility, "start": r.Start, "end": r.End, "rules": r.Rules, "equipment": r.Equipment,
		"faults": r.Faults, "warnings": r.Warnings, "infos": r.Infos, "oks": r.OKs, "declined": r.Declined, "skipped": r.Skipped,
	})
	b.Findings(findings)
	return id
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Missing is a rule that cannot run on an equipment for want of roles.
type Missing struct {
	Equip, Class, Rule string
	Roles              []string
}

// Completeness adds one fact per gap: why a rule could not run.
func (b *Builder) Completeness(ms []Missing) {
	for _, m := range ms {
		verb := "are"
		if len(m.Roles) == 1 {
			verb = "is"
		}
		text := fmt.Sprintf("%s cannot run on %s: it needs %s, which %s not mapped.", m.Rule, m.Equip,
			strings.Join(m.Roles, ", "), verb)
		b.Add(KindCompleteness, m.Equip, text, map[string]any{"rule": m.Rule, "equip_class": m.Class, "missing": m.Roles})
	}
}

// History is the bounded summary of one point's trend: counts and
// statistics, never the raw series.
type History struct {
	Equip, Role, Unit string
	Count             int
	Min, Max, Mean    float64
	Start, End        string // first and last sample, ISO
}

// History adds one fact per point summary.
func (b *Builder) History(hs []History) {
	for _, h := range hs {
		unit := ""
		if h.Unit != "" {
			unit = " " + h.Unit
		}
		text := fmt.Sprintf("%s %s: %s samples", h.Equip, h.Role, grouped(float64(h.Count)))
		if h.Start != "" && h.End != "" {
			text += " from " + h.Start + " to " + h.End
		}
		if h.Count > 0 {
			text += fmt.Sprintf("; min %s, mean %s, max %s%s", short(h.Min), short(h.Mean), short(h.Max), unit)
		}
		b.Add(KindHistory, h.Equip, text+".", map[string]any{
			"role": h.Role, "unit": h.Unit, "count": h.Count, "min": h.Min, "max": h.Max, "mean": h.Mean,
			"start": h.Start, "end": h.End,
		})
	}
}

// Building is one building of a fleet comparison.
type Building struct {
	ID, Name string
	// Score is the health score (0-100) and Grade its letter.
	Score *float64
	Grade string
	// EUI is the energy use intensity, kBtu/ft²·yr.
	EUI      *float64
	Faults   int
	Warnings int
}

// Fleet adds a fleet summary (worst and best by score) and one fact per
// building; a building's facts name it as their equipment, so a question
// that names it is scoped to it.
func (b *Builder) Fleet(bs []Building) {
	if len(bs) == 0 {
		return
	}
	var scored []Building
	for _, x := range bs {
		if x.Score != nil {
			scored = append(scored, x)
		}
	}
	text := fmt.Sprintf("The fleet has %d building%s", len(bs), plural(len(bs)))
	if len(scored) > 0 {
		slices.SortStableFunc(scored, func(x, y Building) int {
			switch {
			case *x.Score < *y.Score:
				return -1
			case *x.Score > *y.Score:
				return 1
			}
			return 0
		})
		w, best := scored[0], scored[len(scored)-1]
		text += fmt.Sprintf(": the worst is %s (score %s) and the best %s (score %s)", w.ID, short(*w.Score), best.ID, short(*best.Score))
	}
	b.Add(KindFleet, "", text+".", map[string]any{"buildings": len(bs)})
	for _, x := range bs {
		var parts []string
		if x.Score != nil {
			s := "score " + short(*x.Score)
			if x.Grade != "" {
				s += " (grade " + x.Grade + ")"
			}
			parts = append(parts, s)
		}
		if x.EUI != nil {
			parts = append(parts, "EUI "+short(*x.EUI)+" kBtu/ft²")
		}
		parts = append(parts, fmt.Sprintf("%d fault%s and %d warning%s", x.Faults, plural(x.Faults), x.Warnings, plural(x.Warnings)))
		name := x.ID
		if x.Name != "" && x.Name != x.ID {
			name += " (" + x.Name + ")"
		}
		data := map[string]any{"name": x.Name, "grade": x.Grade, "faults": x.Faults, "warnings": x.Warnings}
		if x.Score != nil {
			data["score"] = *x.Score
		}
		if x.EUI != nil {
			data["eui"] = *x.EUI
		}
		b.Add(KindFleet, x.ID, name+": "+strings.Join(parts, ", ")+".", data)
	}
}

// Scorecard is a health scorecard: an overall score and grade, and
// categories (energy, comfort, ventilation, maintenance).
type Scorecard struct {
	Overall    float64
	Grade      string
	Categories []Category
}

// Category is one scorecard category.
type Category struct {
	Name             string
	Score            float64
	Faults, Warnings int
}

// Scorecard adds the overall score and one fact per category with faults
// or warnings.
func (b *Builder) Scorecard(s Scorecard) {
	b.Add(KindScorecard, "", fmt.Sprintf("Overall health score %s (grade %s).", short(s.Overall), s.Grade),
		map[string]any{"overall": s.Overall, "grade": s.Grade})
	for _, c := range s.Categories {
		if c.Faults == 0 && c.Warnings == 0 {
			continue
		}
		b.Add(KindScorecard, "", fmt.Sprintf("The %s score is %s with %d fault%s and %d warning%s.", c.Name, short(c.Score),
			c.Faults, plural(c.Faults), c.Warnings, plural(c.Warnings)),
			map[string]any{"category": c.Name, "score": c.Score, "faults": c.Faults, "warnings": c.Warnings})
	}
}
