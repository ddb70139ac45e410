package builtin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store"
)

// coveragePage is the default page of each coverage list (points or
// equipment, and gaps; seed 000).
const coveragePage = 50

// Coverage groupings.
const (
	groupPoint = "point"
	groupEquip = "equip"
)

// coverage is the coverage capability: how completely each point logged
// over a window, at its own interval, and where the holes are.
func coverage(e *env) registry.Capability {
	return registry.Capability{
		Name:  "coverage",
		Title: "Data coverage and gaps",
		Description: "Measure how completely a facility's points logged over a window: per point the stored samples, first " +
			"and last sample, its own logging interval (the median spacing), the samples that interval implies for the " +
			"whole window, coverage (samples ÷ implied samples) and its gaps (spacing longer than 1.5 × its interval, or " +
			"than min_gap_hours), worst first; with group_by equip, per equipment the mean coverage and the worst point; " +
			"and the facility's longest gaps. Without start/end the window is the facility's whole stored span. A window " +
			"outside the stored data answers 0% with a notice. Narrow with equips and roles (a value the facility does " +
			"not store is not_found); page with limit/offset (50 per list). Call it before trusting a trend, to find " +
			"outages, or to pick a window with data. One timestamp scan: no trend values are read.",
		Cost:         registry.CostScan,
		InputSchema:  coverageInput(),
		OutputSchema: coverageOutput(),
		Handler:      e.coverageHandler,
	}
}

// coverageRow is one point's coverage.
type coverageRow struct {
	Equip            string   `json:"equip"`
	Class            string   `json:"equip_class"`
	Role             string   `json:"role"`
	Samples          int      `json:"samples"`
	Expected         *int     `json:"expected_samples"`
	Coverage         float64  `json:"coverage"`
	First            *string  `json:"first_sample"`
	Last             *string  `json:"last_sample"`
	Interval         *string  `json:"interval"`
	IntervalSeconds  *float64 `json:"interval_seconds"`
	IntervalInferred bool     `json:"interval_inferred"`
	Gaps             int      `json:"n_gaps"`
	GapHours         float64  `json:"gap_hours"`
	LongestGapHours  float64  `json:"longest_gap_hours"`
	Fact             string   `json:"fact"`

	share float64 // unrounded coverage
	t     *tally
	limit int64 // gap threshold, ns
}

// equipRow is one equipment's coverage (group_by equip).
type equipRow struct {
	Equip         string  `json:"equip"`
	Class         string  `json:"equip_class"`
	Points        int     `json:"n_points"`
	Samples       int     `json:"samples"`
	MeanCoverage  float64 `json:"mean_coverage"`
	WorstRole     string  `json:"worst_role"`
	WorstCoverage float64 `json:"worst_coverage"`
	Gaps          int     `json:"n_gaps"`
	Fact          string  `json:"fact"`

	mean float64
}

// gapRow is one gap: no sample between two successive ones.
type gapRow struct {
	Equip    string  `json:"equip"`
	Role     string  `json:"role"`
	Start    string  `json:"start"`
	End      string  `json:"end"`
	Hours    float64 `json:"hours"`
	Interval string  `json:"interval"`
	Fact     string  `json:"fact"`
}

// coverageHandler serves coverage.
func (e *env) coverageHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	fac, r, all, err := e.storedPoints(ctx, c)
	if err != nil {
		return nil, err
	}
	equips, roles := c.Strings("equips"), c.Strings("roles")
	var storedE, storedR []string
	for _, p := range all {
		storedE, storedR = append(storedE, p.Equip), append(storedR, string(p.Role))
	}
	if nf := unknownValues(fac, "equips", equips, storedE, false); nf != nil {
		return nil, nf
	}
	if nf := unknownValues(fac, "roles", roles, storedR, false); nf != nil {
		return nil, nf
	}
	w, err := windowArgs(c)
	if err != nil {
		return nil, err
	}
	sp, err := e.spans.facilitySpan(ctx, r, fac)
	if errors.Is(err, store.ErrNotFound) || err == nil && !sp.ok {
		return nil, noData(fac)
	}
	if err != nil {
		return nil, err
	}
	ws, we := coverageWindow(w, sp)
	var sel []store.Point
	for _, p := range all {
		if (len(equips) == 0 || slices.Contains(equips, p.Equip)) && (len(roles) == 0 || slices.Contains(roles, string(p.Role))) {
			sel = append(sel, p)
		}
	}
	outside := w.missed(sp) != nil
	tallies := map[string]*tally{}
	if !outside && len(sel) > 0 {
		var qr []model.Role
		for _, ro := range roles {
			qr = append(qr, model.Role(ro))
		}
		if tallies, err = scanTallies(ctx, r, fac, sel, qr, ws, we); err != nil {
			return nil, err
		}
	}
	minGap, hasMinGap := floatArg(c, "min_gap_hours")
	rows := make([]coverageRow, len(sel))
	for i, p := range sel {
		rows[i] = newCoverageRow(p, tallies[pointKey(p.Equip, p.Role)], ws, we, minGap, hasMinGap)
	}
	cov := &coverageResult{c: c, facility: fac, rows: rows, ws: ws, we: we, sp: sp, outside: outside,
		filters: selectionText(equips, roles), threshold: gapThresholdText(minGap, hasMinGap)}
	if c.String("group_by") == groupEquip {
		cov.groupBy = groupEquip
	}
	return cov.result(), nil
}

// coverageWindow is the window measured: the asked one, an open end
// closed at the stored span's; with only one end given and the span on the
// other side of it, that end's day.
func coverageWindow(w window, sp span) (start, end int64) {
	dayOf := func(ns int64) int64 { return time.Unix(0, ns).UTC().Truncate(24 * time.Hour).UnixNano() }
	start, end = sp.first, sp.last
	if w.start != 0 {
		start = w.start
	}
	if w.end != 0 {
		end = w.end
	}
	switch {
	case w.start == 0 && end < start:
		start = dayOf(end)
	case w.end == 0 && end < start:
		end = dayOf(start) + int64(24*time.Hour) - 1
	}
	return start, end
}

// newCoverageRow measures one point over [ws, we] from its tally (nil
// when it has no sample there).
func newCoverageRow(p store.Point, t *tally, ws, we int64, minGap float64, hasMinGap bool) coverageRow {
	row := coverageRow{Equip: p.Equip, Class: p.Class, Role: string(p.Role), t: t}
	if t == nil || t.samples == 0 {
		return row
	}
	if row.Class == "" {
		row.Class = t.class
	}
	iv, inferred := t.interval()
	expected := int((we-ws)/iv) + 1
	row.Samples, row.Expected = t.samples, &expected
	row.share = min(1, float64(t.samples)/float64(expected))
	row.Coverage = roundTo(row.share, 4)
	first, last := localTime(t.first), localTime(t.last)
	step, secs := shortStep(time.Duration(iv)), float64(iv)/1e9
	row.First, row.Last, row.Interval, row.IntervalSeconds, row.IntervalInferred = &first, &last, &step, &secs, inferred
	row.limit = iv * 3 / 2
	if hasMinGap {
		row.limit = int64(minGap * float64(time.Hour))
	}
	var total, longest int64
	t.gapsOver(row.limit, func(_, d int64, n int) {
		row.Gaps += n
		total += d * int64(n)
		longest = max(longest, d)
	})
	row.GapHours, row.LongestGapHours = roundTo(hours(total), 2), roundTo(hours(longest), 2)
	return row
}

// hours converts ns to hours.
func hours(ns int64) float64 { return float64(ns) / float64(time.Hour) }

// floatArg returns a number argument (an integer too) and whether it was given.
func floatArg(c *registry.Call, key string) (float64, bool) {
	switch v := c.Args[key].(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}

// selectionText describes the equips and roles filters ("" for none).
func selectionText(equips, roles []string) string {
	var parts []string
	if len(equips) > 0 {
		parts = append(parts, "equips "+sanitize.Names(equips))
	}
	if len(roles) > 0 {
		names := make([]string, len(roles))
		for i, r := range roles {
			names[i] = roleName(r)
		}
		parts = append(parts, "roles "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}

// gapThresholdText says what counts as a gap.
func gapThresholdText(minGap float64, hasMinGap bool) string {
	if hasMinGap {
		return decimals(minGap, 4) + " h"
	}
	return "1.5 × each point's interval"
}

// roleName writes a role in text: a known role slug as it is, anything
// else the data holds quoted.
func roleName(r string) string {
	if model.Role(r).Valid() {
		return r
	}
	return sanitize.Name(r)
}

// coverageInput is coverage's input schema.
func coverageInput() map[string]any {
	return map[string]any{
		"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
		"properties": map[string]any{
			"facility_id": facilityIDSchema(),
			"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
				"items": nameSchema("An equipment id, exactly as stored."), "description": "Only these equipment."},
			"roles": map[string]any{"type": "array", "minItems": 1, "maxItems": 200,
				"items": nameSchema("A role slug (supply_air_temp)."), "description": "Only these roles."},
			"start": timeSchema("Window start, naive local time (default: the facility's first stored sample)."),
			"end":   timeSchema("Window end; a date alone covers that day (default: the facility's last stored sample)."),
			"group_by": map[string]any{"type": "string", "enum": []any{groupPoint, groupEquip}, "default": groupPoint,
				"description": "point: one row per point; equip: per equipment the mean coverage and the worst point."},
			"min_gap_hours": map[string]any{"type": "number", "exclusiveMinimum": 0, "maximum": 87600,
				"description": "A gap is spacing longer than this many hours (default: 1.5 × each point's own interval)."},
			"limit":  limitSchema(coveragePage),
			"offset": offsetSchema(),
		},
	}
}

// coverageOutput is coverage's output schema.
func coverageOutput() map[string]any {
	str, when := func(d string) map[string]any { return typed("string", d) }, func(d string) map[string]any { return nullable("string", d) }
	share := func(d string) map[string]any {
		return map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": d}
	}
	hoursN := func(d string) map[string]any { return map[string]any{"type": "number", "minimum": 0, "description": d} }
	point := runObject("One point's coverage over the window.", []string{"equip", "equip_class", "role", "samples",
		"expected_samples", "coverage", "first_sample", "last_sample", "interval", "interval_seconds", "interval_inferred",
		"n_gaps", "gap_hours", "longest_gap_hours", "fact"}, map[string]any{
		"equip": str("Equipment id, as stored."), "equip_class": str("Its stored class."), "role": str("Role slug."),
		"samples":           runCount("Distinct stored samples in the window."),
		"expected_samples":  map[string]any{"type": []any{"integer", "null"}, "minimum": 1, "description": "Samples the point's interval implies for the whole window (null with no sample)."},
		"coverage":          share("samples ÷ expected_samples, at most 1 (0 with no sample)."),
		"first_sample":      when("First sample in the window (null when none)."),
		"last_sample":       when("Last sample in the window (null when none)."),
		"interval":          when("The point's logging interval: the median spacing of its samples (15m)."),
		"interval_seconds":  map[string]any{"type": []any{"number", "null"}, "minimum": 0, "description": "The interval in seconds."},
		"interval_inferred": typed("boolean", "False when fewer than 2 samples leave the interval unknown (1h is assumed)."),
		"n_gaps":            runCount("Gaps: spacing longer than the gap threshold."),
		"gap_hours":         hoursN("Hours inside its gaps."),
		"longest_gap_hours": hoursN("Its longest gap, hours (0 when none)."),
		"fact":              str("The fact id that states this row."),
	})
	equip := runObject("One equipment's coverage.", []string{"equip", "equip_class", "n_points", "samples", "mean_coverage",
		"worst_role", "worst_coverage", "n_gaps", "fact"}, map[string]any{
		"equip": str("Equipment id."), "equip_class": str("Its stored class."),
		"n_points": runCount("Selected points."), "samples": runCount("Their samples in the window."),
		"mean_coverage": share("Mean of its points' coverage."), "worst_role": str("Its least covered point's role."),
		"worst_coverage": share("That point's coverage."), "n_gaps": runCount("Gaps of its points."),
		"fact": str("The fact id that states this row."),
	})
	gap := runObject("One gap: no sample between two successive ones.", []string{"equip", "role", "start", "end", "hours", "interval", "fact"},
		map[string]any{
			"equip": str("Equipment id."), "role": str("Role slug."),
			"start": str("The last sample before the gap."), "end": str("The first sample after it."),
			"hours": hoursN("Its length."), "interval": str("The point's interval."), "fact": str("The fact id that states this row."),
		})
	window := runObject("The window measured.", []string{"start", "end", "hours"}, map[string]any{
		"start": str("Start, naive local time."), "end": str("End, naive local time."), "hours": hoursN("Its length."),
	})
	return runObject("", []string{"facility_id", "group_by", "window", "gap_threshold", "count", "n_equipment", "samples",
		"mean_coverage", "n_gaps", "gaps"}, map[string]any{
		"facility_id":   str("The facility."),
		"group_by":      map[string]any{"type": "string", "enum": []any{groupPoint, groupEquip}, "description": "The grouping."},
		"window":        window,
		"gap_threshold": str("What counts as a gap."),
		"count":         runCount("Selected points (all pages)."),
		"n_equipment":   runCount("Equipment with a selected point."),
		"samples":       runCount("Samples of the selected points in the window."),
		"mean_coverage": map[string]any{"type": []any{"number", "null"}, "minimum": 0, "maximum": 1, "description": "Mean coverage of the selected points (null when none is selected)."},
		"n_gaps":        runCount("Gaps of the selected points (all pages)."),
		"points":        runList(point, "group_by point: this page of the points, least covered first."),
		"equipment":     runList(equip, "group_by equip: this page of the equipment, lowest mean first."),
		"gaps":          runList(gap, "This page of the gaps, longest first."),
	})
}
