package drift

import (
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Cause is one drifting signal and what it localises.
type Cause struct {
	FindingID string       `json:"finding_id"`
	Signal    string       `json:"signal"`
	Severity  fdd.Severity `json:"severity"`
	Direction string       `json:"direction"`
	Drift     float64      `json:"drift"`
	Unit      string       `json:"unit"`
	Cause     string       `json:"cause"`
}

// CondenserVerdict is a chiller's condenser-loop diagnosis (CAMBER's
// diagnose_condenser_drift): its condenser approach leg judged alone, its
// condenser water range and the serving tower's approach. Severity is the
// worst; Corroborated marks two or more drifting (a caveat, not a higher
// tier); signals that could not be judged become caveats.
type CondenserVerdict struct {
	Severity     fdd.Severity `json:"severity"`
	Summary      string       `json:"summary"`
	Evaluated    []string     `json:"evaluated"`
	Causes       []Cause      `json:"causes"`
	Corroborated bool         `json:"corroborated"`
	Caveats      []string     `json:"caveats"`
}

// Verdict is one equipment's drift verdict over every family run on it.
type Verdict struct {
	Equip    string       `json:"equip"`
	Class    string       `json:"equip_class,omitempty"`
	Severity fdd.Severity `json:"severity"`
	Summary  string       `json:"summary"`
	// FindingIDs are the equipment's findings; Causes the drifting
	// signals among them (warn or fault).
	FindingIDs []string `json:"finding_ids"`
	Causes     []Cause  `json:"causes"`
	// Condenser is the condenser-loop diagnosis of a chiller.
	Condenser *CondenserVerdict `json:"condenser,omitempty"`
	// NotEvaluated lists the families that could not judge it, with why.
	NotEvaluated []string `json:"not_evaluated"`
}

func drifting(s fdd.Severity) bool { return s.Rank() >= fdd.Warn.Rank() }

func causeOf(f *Finding, s SignalResult) Cause {
	return Cause{FindingID: f.ID, Signal: s.Kind, Severity: s.Severity, Direction: s.Direction,
		Drift: s.Period.Drift, Unit: f.Thresholds.Unit, Cause: s.Cause}
}

// verdicts builds a verdict per selected equipment that was judged or
// declined.
func verdicts(res *Result, p *plant, sel []*series.Frame) []Verdict {
	byEquip := map[string][]*Finding{}
	for i := range res.Findings {
		f := &res.Findings[i]
		byEquip[f.Equip] = append(byEquip[f.Equip], f)
	}
	declined := map[string][]NotEvaluated{}
	for _, n := range res.NotEvaluated {
		if n.Equip != "" {
			declined[n.Equip] = append(declined[n.Equip], n)
		}
	}
	out := []Verdict{}
	for _, fr := range sel {
		fs, ds := byEquip[fr.Equip], declined[fr.Equip]
		if len(fs) == 0 && len(ds) == 0 {
			continue
		}
		v := Verdict{Equip: fr.Equip, Class: model.CanonicalClass(fr.Class), Severity: worst(fs),
			FindingIDs: []string{}, Causes: []Cause{}, NotEvaluated: []string{}}
		for _, f := range fs {
			v.FindingIDs = append(v.FindingIDs, f.ID)
			for _, s := range f.Signals {
				if drifting(s.Severity) {
					v.Causes = append(v.Causes, causeOf(f, s))
				}
			}
		}
		for _, d := range ds {
			v.NotEvaluated = append(v.NotEvaluated, d.Family+": "+d.Reason)
		}
		if v.Class == model.ClassChiller {
			v.Condenser = condenser(res, p, fr.Equip)
		}
		v.Summary = verdictSummary(&v, len(fs))
		out = append(out, v)
	}
	return out
}

func verdictSummary(v *Verdict, judged int) string {
	if judged == 0 {
		return fmt.Sprintf("%s not evaluated by any drift family", v.Equip)
	}
	if len(v.Causes) == 0 {
		return fmt.Sprintf("%s steady vs baseline across %d drift finding(s)", v.Equip, judged)
	}
	parts := make([]string, len(v.Causes))
	for i, c := range v.Causes {
		parts[i] = causeText(c)
	}
	return fmt.Sprintf("%s %s: %s", v.Equip, v.Severity, strings.Join(parts, "; "))
}

func causeText(c Cause) string {
	return fmt.Sprintf("%s %+.2f %s (%s: %s)", c.Signal, c.Drift, unitText(c.Unit), c.Severity, c.Cause)
}

// condenser diagnoses a chiller's condenser loop from its approach
// condenser leg, its CW range and its tower's approach; nil when none of
// the three families ran.
func condenser(res *Result, p *plant, chiller string) *CondenserVerdict {
	ran := func(name string) bool { return slices.Contains(res.Families, name) }
	if !ran(ChillerApproach) && !ran(ChillerCWRange) && !ran(TowerApproach) {
		return nil
	}
	cv := &CondenserVerdict{Severity: fdd.OK, Evaluated: []string{}, Causes: []Cause{}, Caveats: []string{}}
	find := func(family, equip string) *Finding {
		for i := range res.Findings {
			if f := &res.Findings[i]; f.Family == family && f.Equip == equip {
				return f
			}
		}
		return nil
	}
	reason := func(family, equip string) string {
		for _, n := range res.NotEvaluated {
			if n.Family == family && n.Equip == equip {
				return n.Reason
			}
		}
		return "not judged in this run"
	}
	legs := []struct{ family, equip, kind string }{
		{ChillerApproach, chiller, "approach_cond"},
		{ChillerCWRange, chiller, "cw_range"},
		{TowerApproach, p.towerOf[chiller], "tower_approach"},
	}
	for _, leg := range legs {
		if !ran(leg.family) {
			continue
		}
		if leg.equip == "" {
			cv.Caveats = append(cv.Caveats, leg.kind+": no tower is known to serve "+chiller)
			continue
		}
		f := find(leg.family, leg.equip)
		if f == nil {
			cv.Caveats = append(cv.Caveats, fmt.Sprintf("%s (%s) declined: %s", leg.kind, leg.equip, reason(leg.family, leg.equip)))
			continue
		}
		for _, s := range f.Signals {
			if s.Kind != leg.kind {
				continue
			}
			cv.Evaluated = append(cv.Evaluated, leg.kind+"@"+leg.equip)
			if drifting(s.Severity) {
				cv.Causes = append(cv.Causes, causeOf(f, s))
				if s.Severity.Rank() > cv.Severity.Rank() {
					cv.Severity = s.Severity
				}
			}
		}
	}
	switch {
	case len(cv.Causes) == 0 && len(cv.Evaluated) == 0:
		cv.Severity = fdd.Info
		cv.Summary = "condenser loop not evaluated: no condenser-side signal could be judged"
	case len(cv.Causes) == 0:
		cv.Summary = fmt.Sprintf("condenser loop steady vs baseline (%d of 3 signals judged)", len(cv.Evaluated))
	default:
		parts := make([]string, len(cv.Causes))
		for i, c := range cv.Causes {
			parts[i] = causeText(c)
		}
		cv.Summary = "condenser-side drift: " + strings.Join(parts, "; ")
	}
	if len(cv.Causes) >= 2 {
		cv.Corroborated = true
		cv.Caveats = append(cv.Caveats, fmt.Sprintf("%d condenser-side signals drift together, which corroborates a condenser-side cause (the tier is not raised)", len(cv.Causes)))
	}
	return cv
}
