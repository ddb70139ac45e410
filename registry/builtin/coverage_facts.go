package builtin

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// coverageResult turns measured rows into coverage's result.
type coverageResult struct {
	c         *registry.Call
	facility  string
	groupBy   string
	rows      []coverageRow // every selected point, sorted by equip then role
	ws, we    int64
	sp        span
	outside   bool
	filters   string // the equips / roles selection in words
	threshold string // what counts as a gap, in words

	facts     []registry.Fact
	sentences []string
}

// fact adds a fact and returns its id.
func (cr *coverageResult) fact(kind, equip, text string, value any, data map[string]any) string {
	id := fmt.Sprintf("F%d@coverage", len(cr.facts)+1)
	cr.facts = append(cr.facts, registry.Fact{ID: id, Kind: kind, Value: value, Equip: equip, Text: text, Data: data})
	return id
}

// say adds a fact the summary states.
func (cr *coverageResult) say(kind, equip, text string, value any, data map[string]any) {
	id := cr.fact(kind, equip, text, value, data)
	cr.sentences = append(cr.sentences, text+" ["+id+"]")
}

// result builds the data, facts, text and notices.
func (cr *coverageResult) result() *registry.Result {
	c, rows := cr.c, cr.rows
	equips, samples, gaps := map[string]bool{}, 0, 0
	var sum float64
	for i := range rows {
		equips[rows[i].Equip] = true
		samples += rows[i].Samples
		gaps += rows[i].Gaps
		sum += rows[i].share
	}
	var mean *float64
	if len(rows) > 0 {
		m := roundTo(sum/float64(len(rows)), 4)
		mean = &m
	}
	slices.SortStableFunc(rows, func(a, b coverageRow) int { return cmp.Compare(a.share, b.share) })
	win := map[string]any{"start": localTime(cr.ws), "end": localTime(cr.we), "hours": roundTo(hours(cr.we-cr.ws), 2)}
	cr.headline(len(rows), len(equips), mean, win)
	data := map[string]any{"facility_id": cr.facility, "group_by": groupPoint, "window": win, "gap_threshold": cr.threshold,
		"count": len(rows), "n_equipment": len(equips), "samples": samples, "mean_coverage": mean, "n_gaps": gaps}
	runs := cr.gapRuns(gaps)
	limit, offset := c.PageArgs(coveragePage)
	if cr.groupBy == groupEquip {
		data["group_by"] = groupEquip
		data["equipment"] = cr.equipPage(limit, offset)
	} else {
		data["points"] = cr.pointPage(limit, offset)
	}
	data["gaps"] = cr.gapPage(runs, gaps, limit, offset)
	return &registry.Result{Data: data, Facts: cr.facts, Text: strings.Join(cr.sentences, ". ") + "."}
}

// headline states the selection and the window (and the notices the
// window needs), the worst row and the gaps.
func (cr *coverageResult) headline(n, nEquip int, mean *float64, win map[string]any) {
	span := fmt.Sprintf("%s to %s", localTime(cr.ws), localTime(cr.we))
	stored := fmt.Sprintf("%s to %s", localTime(cr.sp.first), localTime(cr.sp.last))
	what := fmt.Sprintf("%d point%s", n, plural(n, "", "s"))
	if cr.filters != "" {
		what = fmt.Sprintf("%d point%s matching %s", n, plural(n, "", "s"), cr.filters)
	}
	data := map[string]any{"facility_id": cr.facility, "n_points": n, "n_equipment": nEquip, "window": win}
	if n == 0 {
		cr.say("coverage", "", fmt.Sprintf("%s stores no point matching %s", cr.facility, cr.filters), 0, data)
		return
	}
	data["mean_coverage"] = *mean
	cr.say("coverage", "", fmt.Sprintf("%s: %s on %d equipment, %s, mean coverage %s", cr.facility, what, nEquip, span, percent1(*mean)), *mean, data)
	switch {
	case cr.outside:
		text := fmt.Sprintf("No stored sample in the window %s: the data runs from %s, so every selected point has 0.0%% coverage", span, stored)
		cr.say("window_outside_data", "", text, 0, map[string]any{"first": localTime(cr.sp.first), "last": localTime(cr.sp.last)})
		cr.c.Notice(text)
	case cr.ws < cr.sp.first || cr.we > cr.sp.last:
		cr.c.Notice(fmt.Sprintf("The window %s reaches past the stored data (%s): coverage counts the time outside it as missing", span, stored))
	}
	if cr.outside {
		return
	}
	if cr.groupBy == groupEquip {
		eq := cr.equipRows()[0]
		cr.say("worst_equipment", eq.Equip, "Worst equipment "+equipText(&eq), eq.MeanCoverage,
			map[string]any{"mean_coverage": eq.MeanCoverage, "worst_role": eq.WorstRole, "worst_coverage": eq.WorstCoverage, "n_points": eq.Points})
	} else {
		w := &cr.rows[0]
		cr.say("worst_point", w.Equip, "Worst point "+pointText(w), w.Coverage,
			map[string]any{"role": w.Role, "coverage": w.Coverage, "samples": w.Samples, "expected_samples": w.Expected})
	}
}

// pointPage returns the page of points, each with its fact.
func (cr *coverageResult) pointPage(limit, offset int) []coverageRow {
	lo, hi := cr.c.Page("points", len(cr.rows), limit, offset, "least covered first")
	page := slices.Clone(cr.rows[lo:hi])
	for i := range page {
		p := &page[i]
		p.Fact = cr.fact("point_coverage", p.Equip, pointText(p), p.Coverage,
			map[string]any{"role": p.Role, "coverage": p.Coverage, "samples": p.Samples, "expected_samples": p.Expected,
				"n_gaps": p.Gaps, "first_sample": p.First, "last_sample": p.Last, "interval": p.Interval})
	}
	if page == nil {
		page = []coverageRow{}
	}
	return page
}

// equipRows groups the rows by equipment, lowest mean first.
func (cr *coverageResult) equipRows() []equipRow {
	by := map[string]*equipRow{}
	var out []*equipRow
	for i := range cr.rows {
		r := &cr.rows[i]
		eq := by[r.Equip]
		if eq == nil {
			eq = &equipRow{Equip: r.Equip, Class: r.Class, WorstRole: r.Role, WorstCoverage: r.Coverage}
			by[r.Equip] = eq
			out = append(out, eq)
		}
		eq.Points++
		eq.Samples += r.Samples
		eq.Gaps += r.Gaps
		eq.mean += r.share
		if r.Coverage < eq.WorstCoverage || r.Coverage == eq.WorstCoverage && r.Role < eq.WorstRole {
			eq.WorstRole, eq.WorstCoverage = r.Role, r.Coverage
		}
	}
	rows := make([]equipRow, len(out))
	for i, eq := range out {
		eq.mean /= float64(eq.Points)
		eq.MeanCoverage = roundTo(eq.mean, 4)
		rows[i] = *eq
	}
	slices.SortFunc(rows, func(a, b equipRow) int { return cmp.Or(cmp.Compare(a.mean, b.mean), strings.Compare(a.Equip, b.Equip)) })
	return rows
}

// equipPage returns the page of equipment, each with its fact.
func (cr *coverageResult) equipPage(limit, offset int) []equipRow {
	rows := cr.equipRows()
	lo, hi := cr.c.Page("equipment", len(rows), limit, offset, "lowest mean coverage first")
	page := rows[lo:hi]
	for i := range page {
		q := &page[i]
		q.Fact = cr.fact("equipment_coverage", q.Equip, equipText(q), q.MeanCoverage,
			map[string]any{"mean_coverage": q.MeanCoverage, "worst_role": q.WorstRole, "worst_coverage": q.WorstCoverage,
				"n_points": q.Points, "n_gaps": q.Gaps})
	}
	if page == nil {
		page = []equipRow{}
	}
	return page
}

// gapRun is a run of equal gaps of one point.
type gapRun struct {
	row     *coverageRow
	from, d int64
	n       int
}

// gapRuns returns every run of gaps, longest first, and states their
// total and the longest.
func (cr *coverageResult) gapRuns(total int) []gapRun {
	if cr.outside || len(cr.rows) == 0 {
		return nil
	}
	var runs []gapRun
	for i := range cr.rows {
		r := &cr.rows[i]
		if r.t != nil {
			r.t.gapsOver(r.limit, func(from, d int64, n int) { runs = append(runs, gapRun{r, from, d, n}) })
		}
	}
	slices.SortFunc(runs, func(a, b gapRun) int {
		return cmp.Or(cmp.Compare(b.d, a.d), strings.Compare(a.row.Equip, b.row.Equip), strings.Compare(a.row.Role, b.row.Role), cmp.Compare(a.from, b.from))
	})
	if total == 0 {
		cr.say("gaps", "", "No gap longer than "+cr.threshold, 0, map[string]any{"n_gaps": 0})
		return runs
	}
	g := runs[0]
	longest := gapRow{Equip: g.row.Equip, Role: g.row.Role, Start: localTime(g.from), End: localTime(g.from + g.d), Hours: roundTo(hours(g.d), 2)}
	cr.say("gaps", longest.Equip, fmt.Sprintf("%s gap%s longer than %s in all, the longest %s", thousands(total), plural(total, "", "s"),
		cr.threshold, gapText(&longest)), total, map[string]any{"n_gaps": total, "longest_hours": longest.Hours, "role": longest.Role,
		"start": longest.Start, "end": longest.End})
	return runs
}

// gapPage returns the page of the longest gaps, each with its fact.
func (cr *coverageResult) gapPage(runs []gapRun, total, limit, offset int) []gapRow {
	if cr.outside {
		return []gapRow{}
	}
	lo, hi := cr.c.Page("gaps", total, limit, offset, "longest first")
	page := make([]gapRow, 0, hi-lo)
	k := 0
	for _, run := range runs {
		if k >= hi {
			break
		}
		if k+run.n <= lo {
			k += run.n
			continue
		}
		for j := max(0, lo-k); j < run.n && k+j < hi; j++ {
			from := run.from + int64(j)*run.d
			page = append(page, gapRow{Equip: run.row.Equip, Role: run.row.Role, Start: localTime(from), End: localTime(from + run.d),
				Hours: roundTo(hours(run.d), 2), Interval: *run.row.Interval})
		}
		k += run.n
	}
	for i := range page {
		page[i].Fact = cr.fact("gap", page[i].Equip, gapText(&page[i]), page[i].Hours,
			map[string]any{"role": page[i].Role, "start": page[i].Start, "end": page[i].End, "hours": page[i].Hours})
	}
	return page
}

// pointText states one point's coverage.
func pointText(r *coverageRow) string {
	name := sanitize.Name(r.Equip) + " " + roleName(r.Role)
	if r.Samples == 0 {
		return name + ": no sample in the window, coverage 0.0%"
	}
	s := fmt.Sprintf("%s: coverage %s (%s of %s samples at %s, %s to %s)", name, percent1(r.Coverage), thousands(r.Samples),
		thousands(*r.Expected), *r.Interval, *r.First, *r.Last)
	if !r.IntervalInferred {
		s += ", interval unknown (1h assumed)"
	}
	if r.Gaps > 0 {
		s += fmt.Sprintf(", %s gap%s, longest %s h", thousands(r.Gaps), plural(r.Gaps, "", "s"), decimals(r.LongestGapHours, 2))
	}
	return s
}

// equipText states one equipment's coverage.
func equipText(q *equipRow) string {
	s := fmt.Sprintf("%s: mean coverage %s over %d point%s, its worst %s %s", sanitize.Name(q.Equip), percent1(q.MeanCoverage),
		q.Points, plural(q.Points, "", "s"), roleName(q.WorstRole), percent1(q.WorstCoverage))
	if q.Gaps > 0 {
		s += fmt.Sprintf(", %s gap%s", thousands(q.Gaps), plural(q.Gaps, "", "s"))
	}
	return s
}

// gapText states one gap.
func gapText(g *gapRow) string {
	return fmt.Sprintf("%s %s: no sample from %s to %s (%s h)", sanitize.Name(g.Equip), roleName(g.Role), g.Start, g.End, decimals(g.Hours, 2))
}
