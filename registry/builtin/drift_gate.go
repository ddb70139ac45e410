package builtin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// gateDrift is the trust floor for drift: a finding whose family's
// required inputs on its own frame score below floor over the current
// window is declined (a declined check is not a pass) and moves to
// NotEvaluated; counts and verdicts follow. It returns the declines.
func gateDrift(res *drift.Result, frames map[string]*series.Frame, floor float64) int {
	if floor <= 0 {
		return 0
	}
	kept := res.Findings[:0]
	declined := map[string]string{}
	scores := map[string]map[model.Role]float64{} // equip → role → trust, each column scored once
	for _, f := range res.Findings {
		fam, _ := drift.Lookup(f.Family)
		fr := frames[f.Equip]
		var low []string
		if fr != nil && fam.Name != drift.SensorBias {
			if scores[f.Equip] == nil {
				scores[f.Equip] = map[model.Role]float64{}
			}
			var sub *series.Frame
			for _, r := range fam.Required {
				if _, shared := fr.Shared[r]; shared || !fr.Has(r) {
					continue
				}
				score, ok := scores[f.Equip][r]
				if !ok {
					if sub == nil {
						sub = windowFrame(fr, res.Current)
					}
					score = -1 // no sample in the current window: the detector said so itself
					if sub.Has(r) {
						score = quality.TrustColumn(sub, r).Score
					}
					scores[f.Equip][r] = score
				}
				if score >= 0 && score < floor {
					low = append(low, fmt.Sprintf("%s (trust %s)", r, decimals(score, 4)))
				}
			}
		}
		if len(low) == 0 {
			kept = append(kept, f)
			continue
		}
		reason := "declined -- untrusted input(s): " + strings.Join(low, ", ") + "; a declined check is not a pass"
		declined[f.ID] = reason
		res.NotEvaluated = append(res.NotEvaluated, drift.NotEvaluated{Family: f.Family, Equip: f.Equip, Class: f.Class, Reason: reason})
	}
	res.Findings = kept
	if len(declined) == 0 {
		return 0
	}
	res.Counts = drift.Counts{}
	sev := map[string]fdd.Severity{}
	for _, f := range res.Findings {
		sev[f.ID] = f.Severity
		switch f.Severity {
		case fdd.Fault:
			res.Counts.Fault++
		case fdd.Warn:
			res.Counts.Warn++
		default:
			res.Counts.OK++
		}
	}
	for i := range res.Verdicts {
		v := &res.Verdicts[i]
		n := 0
		v.FindingIDs = slices.DeleteFunc(v.FindingIDs, func(id string) bool {
			if r, ok := declined[id]; ok {
				v.NotEvaluated = append(v.NotEvaluated, id+": "+r)
				n++
				return true
			}
			return false
		})
		if n == 0 {
			continue
		}
		v.Causes = slices.DeleteFunc(v.Causes, func(c drift.Cause) bool { _, ok := declined[c.FindingID]; return ok })
		v.Severity = fdd.OK
		for _, id := range v.FindingIDs {
			if sev[id].Rank() > v.Severity.Rank() {
				v.Severity = sev[id]
			}
		}
		v.Summary += fmt.Sprintf("; %d check(s) declined by the trust floor %s (not a pass)", n, decimals(floor, 4))
	}
	return len(declined)
}

// windowFrame is f cut to the slots of w.
func windowFrame(f *series.Frame, w drift.Window) *series.Frame {
	lo, hi := 0, f.N
	if w.Start > f.Start {
		lo = min(f.N, int((w.Start-f.Start+f.Step-1)/f.Step))
	}
	if w.End < f.End() {
		hi = max(lo, int((w.End-f.Start+f.Step-1)/f.Step))
	}
	sub := &series.Frame{Equip: f.Equip, Class: f.Class, Start: f.Start + int64(lo)*f.Step, Step: f.Step, N: hi - lo,
		Cols: make(map[model.Role][]float64, len(f.Cols)), Shared: f.Shared}
	for r, col := range f.Cols {
		sub.Cols[r] = col[lo:hi]
	}
	return sub
}
