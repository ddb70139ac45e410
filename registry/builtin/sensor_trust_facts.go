package builtin

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// refRow is one sensor-reference comparison as sensor_trust lists it.
type refRow struct {
	Equip        string   `json:"equip"`
	Role         string   `json:"role"`
	Reference    string   `json:"reference"`
	Verdict      string   `json:"verdict"`
	Bias         float64  `json:"bias"`
	Sign         string   `json:"sign"`
	RMSE         float64  `json:"rmse"`
	Correlation  *float64 `json:"correlation"`
	Samples      int      `json:"samples"`
	OverlapHours float64  `json:"overlap_hours"`
	Warn         float64  `json:"warn"`
	Fault        float64  `json:"fault"`
	Unit         string   `json:"unit"`
	Fact         string   `json:"fact"`
}

// referenceRows lists the compared references of the selected points and
// flags the points whose reference disagrees (reference_warn /
// reference_fault, and suspect when the score says trusted); their score
// and below_floor do not change, so no check is declined for it.
func (e *env) referenceRows(req *runRequest, roles []string, rows []trustRow) []refRow {
	out := []refRow{}
	for _, cmpn := range req.cmps {
		ref := cmpn.Reference
		if !cmpn.Compared() || len(req.spec.Equips) > 0 && !slices.Contains(req.spec.Equips, ref.Point.Equip) ||
			len(roles) > 0 && !slices.Contains(roles, string(ref.Point.Role)) {
			continue
		}
		r := cmpn.Result
		out = append(out, refRow{Equip: ref.Point.Equip, Role: string(ref.Point.Role), Reference: ref.Label(), Verdict: r.Verdict,
			Bias: roundTo(r.Bias, 4), Sign: r.Sign, RMSE: roundTo(r.RMSE, 4), Correlation: roundPtr(r.Correlation), Samples: r.Samples,
			OverlapHours: roundTo(r.OverlapHours, 2), Warn: ref.Warn, Fault: ref.Fault, Unit: ref.Unit})
		if r.Verdict == "ok" {
			continue
		}
		for i := range rows {
			row := &rows[i]
			owner := row.Equip
			if row.SharedFrom != nil {
				owner = *row.SharedFrom
			}
			if owner != ref.Point.Equip || row.Role != string(ref.Point.Role) {
				continue
			}
			row.Flags = append(row.Flags, "reference_"+r.Verdict)
			if row.Verdict == quality.Trusted {
				row.Verdict = quality.Suspect
			}
		}
	}
	return out
}

// verdictRank orders verdicts least trusted first.
func verdictRank(v string) int {
	switch v {
	case quality.Untrusted:
		return 0
	case quality.Suspect:
		return 1
	}
	return 2
}

// trustResult sorts the rows least trusted first, pages them and states
// the counts, the page's points and the references as facts.
func trustResult(c *registry.Call, req *runRequest, view string, floor float64, win runWindow, rows []trustRow, refs []refRow) *registry.Result {
	counts := map[string]int{quality.Untrusted: 0, quality.Suspect: 0, quality.Trusted: 0}
	below := 0
	for i := range rows {
		rows[i].BelowFloor = rows[i].Trust < floor
		if rows[i].BelowFloor {
			below++
		}
		counts[rows[i].Verdict]++
	}
	slices.SortStableFunc(rows, func(a, b trustRow) int {
		return cmp.Or(cmp.Compare(verdictRank(a.Verdict), verdictRank(b.Verdict)), cmp.Compare(a.Trust, b.Trust),
			strings.Compare(a.Equip, b.Equip), strings.Compare(a.Role, b.Role))
	})
	limit, offset := c.PageArgs(sensorTrustPage)
	lo, hi := c.Page("points", len(rows), limit, offset, "least trusted first")
	page := rows[lo:hi]
	if page == nil {
		page = []trustRow{}
	}
	grid := "on the " + win.Step + " run grid (rules view: the frames rule_run reads)"
	if view == viewReport {
		grid = "each on its own logging interval (report view)"
	}
	head := fmt.Sprintf("sensor_trust scored %d point%s of %s %s: %d untrusted, %d suspect, %d trusted; %d below the trust floor %s",
		len(rows), plural(len(rows), "", "s"), req.facility, grid, counts[quality.Untrusted], counts[quality.Suspect],
		counts[quality.Trusted], below, decimals(floor, 4))
	facts := []registry.Fact{{ID: "F1@sensor_trust", Kind: "sensor_trust", Value: len(rows), Text: head,
		Data: map[string]any{"facility_id": req.facility, "count": len(rows), "counts": counts, "below_floor": below, "min_trust": floor}}}
	sentences := []string{head + " [F1@sensor_trust]"}
	for i := range page {
		id := fmt.Sprintf("F%d@sensor_trust", len(facts)+1)
		page[i].Fact = id
		text := trustText(&page[i], floor)
		facts = append(facts, registry.Fact{ID: id, Kind: "trust", Value: page[i].Trust, Equip: page[i].Equip, Text: text,
			Data: map[string]any{"role": page[i].Role, "trust": page[i].Trust, "verdict": page[i].Verdict, "flags": page[i].Flags,
				"below_floor": page[i].BelowFloor, "coverage": page[i].Coverage}})
		if i < textPoints {
			sentences = append(sentences, text+" ["+id+"]")
		}
	}
	if len(page) > textPoints {
		sentences = append(sentences, "The other points on this page are in the data, each with its own fact")
	}
	for i := range refs {
		id := fmt.Sprintf("F%d@sensor_trust", len(facts)+1)
		refs[i].Fact = id
		text := refText(&refs[i])
		facts = append(facts, registry.Fact{ID: id, Kind: "reference", Value: refs[i].Bias, Equip: refs[i].Equip, Text: text,
			Data: map[string]any{"role": refs[i].Role, "reference": refs[i].Reference, "verdict": refs[i].Verdict,
				"bias": refs[i].Bias, "rmse": refs[i].RMSE, "samples": refs[i].Samples}})
		sentences = append(sentences, text+" ["+id+"]")
	}
	out := &registry.Result{
		Data: map[string]any{"facility_id": req.facility, "view": view, "config": req.rc.info(), "window": win,
			"min_trust": floor, "count": len(rows), "counts": counts, "below_floor": below, "points": page, "references": refs},
		Facts: facts, Text: strings.Join(sentences, ". ") + ".",
	}
	if req.rc.banner != "" {
		out.Banners = append(out.Banners, req.rc.banner)
	}
	for _, cmpn := range req.cmps {
		if !cmpn.Compared() {
			out.Banners = append(out.Banners, cmpn.Problem+": the findings on that point were not checked against it")
		}
	}
	return out
}

// trustText states one point's trust.
func trustText(r *trustRow, floor float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", sanitize.Name(r.Equip), r.Role)
	if r.SharedFrom != nil {
		fmt.Fprintf(&b, " (shared from %s)", sanitize.Name(*r.SharedFrom))
	}
	fmt.Fprintf(&b, ": trust %s, %s", decimals(r.Trust, 4), r.Verdict)
	if len(r.Flags) > 0 {
		b.WriteString(" (" + strings.Join(r.Flags, ", ") + ")")
	}
	if r.BelowFloor {
		fmt.Fprintf(&b, ", below the trust floor %s", decimals(floor, 4))
	}
	fmt.Fprintf(&b, "; coverage %s of %s", percent1(r.Coverage), r.CoverageBasis)
	return b.String()
}

// refText states one reference comparison.
func refText(r *refRow) string {
	s := fmt.Sprintf("%s %s against %s: bias %s %s (reads %s), RMSE %s, %s paired samples over %s h: %s",
		sanitize.Name(r.Equip), r.Role, sanitize.Name(r.Reference), signedNum(r.Bias), r.Unit, r.Sign,
		decimals(r.RMSE, 2), thousands(r.Samples), decimals(r.OverlapHours, 1), r.Verdict)
	if r.Correlation != nil {
		s += fmt.Sprintf(" (correlation %s)", decimals(*r.Correlation, 3))
	}
	return s
}

// roundTo rounds x to dp decimals.
func roundTo(x float64, dp int) float64 {
	p := math.Pow(10, float64(dp))
	return math.Round(x*p) / p
}

// roundPtr rounds a nullable value to 4 decimals.
func roundPtr(p *float64) *float64 {
	if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
		return nil
	}
	v := roundTo(*p, 4)
	return &v
}
