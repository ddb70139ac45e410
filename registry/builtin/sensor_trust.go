package builtin

import (
	"context"
	"runtime"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
)

// Sensor trust views and page (seed 000).
const (
	viewRules       = "rules"
	viewReport      = "report"
	sensorTrustPage = 100
	textPoints      = 5
)

// trustRow is one point's trust as sensor_trust lists it.
type trustRow struct {
	Equip string `json:"equip"`
	Class string `json:"equip_class"`
	Role  string `json:"role"`
	// SharedFrom names the equipment whose point fills a shared column
	// (the weather station's OAT on an AHU's frame); null for its own.
	SharedFrom         *string  `json:"shared_from"`
	Trust              float64  `json:"trust"`
	Verdict            string   `json:"verdict"`
	Flags              []string `json:"flags"`
	BelowFloor         bool     `json:"below_floor"`
	Coverage           float64  `json:"coverage"`
	CoverageBasis      string   `json:"coverage_basis"`
	Samples            int      `json:"samples"`
	Gaps               int      `json:"gaps"`
	OutlierFrac        float64  `json:"outlier_frac"`
	FlatlineFrac       float64  `json:"flatline_frac"`
	RangeViolationFrac float64  `json:"range_violation_frac"`
	Interval           string   `json:"interval"`
	Fact               string   `json:"fact"`
}

// sensorTrust is the sensor_trust capability.
func sensorTrust(e *env) registry.Capability {
	row := runObject("One point's trust.", []string{"equip", "equip_class", "role", "shared_from", "trust", "verdict", "flags",
		"below_floor", "coverage", "coverage_basis", "samples", "gaps", "outlier_frac", "flatline_frac", "range_violation_frac", "interval"},
		map[string]any{
			"equip": typed("string", "Equipment whose frame (rules view) or point (report view) it is."), "equip_class": typed("string", "Its stored class."),
			"role":                 typed("string", "Role slug."),
			"shared_from":          nullable("string", "The equipment whose point fills this shared column (rules view); null for the equipment's own."),
			"trust":                map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Trust score (domain §4.2): the one the rule gate reads."},
			"verdict":              map[string]any{"type": "string", "enum": []any{quality.Trusted, quality.Suspect, quality.Untrusted}, "description": "trusted ≥ 0.8, suspect ≥ 0.5, untrusted below; a reference at warn/fault makes a trusted point suspect."},
			"flags":                runList(map[string]any{"type": "string"}, "low_coverage, gaps, outliers, out_of_range, stuck, reference_warn, reference_fault."),
			"below_floor":          typed("boolean", "trust below the floor: a rule gated on this input declines."),
			"coverage":             map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Share covered (see coverage_basis)."},
			"coverage_basis":       typed("string", "What coverage is of: the equipment's running hours, or the point's own span on the grid."),
			"samples":              runCount("Filled grid slots (rules view) or stored samples on the point's own interval (report view)."),
			"gaps":                 runCount("Gaps (runs of empty slots between filled ones)."),
			"outlier_frac":         map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Share of robust outliers."},
			"flatline_frac":        map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Longest flat run ÷ samples."},
			"range_violation_frac": map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "Share outside the role's physical bounds."},
			"interval":             typed("string", "The grid the point was scored on."),
			"fact":                 typed("string", "The fact id that states this point."),
		})
	ref := runObject("A configured sensor-reference comparison.", []string{"equip", "role", "reference", "verdict", "bias", "sign",
		"rmse", "correlation", "samples", "overlap_hours", "warn", "fault", "unit", "fact"}, map[string]any{
		"equip": typed("string", "Equipment of the compared point."), "role": typed("string", "Its role."),
		"reference":   typed("string", "What it was compared with."),
		"verdict":     map[string]any{"type": "string", "enum": []any{"ok", "warn", "fault"}, "description": "ok, warn (|bias| ≥ warn) or fault."},
		"bias":        typed("number", "Median of point minus reference over paired samples: positive reads high."),
		"sign":        map[string]any{"type": "string", "enum": []any{"high", "low", "none"}, "description": "Which way the point reads."},
		"rmse":        map[string]any{"type": "number", "minimum": 0, "description": "Root-mean-square difference."},
		"correlation": map[string]any{"type": []any{"number", "null"}, "description": "Pearson r (null when a side is constant)."},
		"samples":     runCount("Paired samples."), "overlap_hours": map[string]any{"type": "number", "minimum": 0, "description": "Hours both cover."},
		"warn": typed("number", "|bias| level for warn."), "fault": typed("number", "|bias| level for fault."),
		"unit": typed("string", "Unit of bias and levels."), "fact": typed("string", "The fact id that states it."),
	})
	counts := runObject("Points per verdict (all pages).", []string{quality.Untrusted, quality.Suspect, quality.Trusted}, map[string]any{
		quality.Untrusted: runCount("Untrusted."), quality.Suspect: runCount("Suspect."), quality.Trusted: runCount("Trusted."),
	})
	return registry.Capability{
		Name:  "sensor_trust",
		Title: "How far each sensor can be trusted",
		Description: "Score every point of a facility for trust (coverage, gaps, flatline, robust outliers, physical bounds, " +
			"stuck analog sensors) and return per point the score, verdict (trusted/suspect/untrusted), flags, coverage " +
			"and below_floor, least trusted first. View rules (default) scores the frames rule_run reads with the " +
			"function its trust gate uses, so a check declines exactly when one of its gated inputs is below_floor here " +
			"(same window); view report scores each stored point on its own logging interval. Also lists the run " +
			"config's sensor-reference comparisons (bias and its sign, RMSE, correlation, paired samples, verdict; a " +
			"passing one too): a point whose reference disagrees is flagged suspect though its score is unchanged. " +
			"Narrow with equips, roles, start, end; min_trust raises the floor; page with limit/offset (100). Call it " +
			"before trusting a finding, or to see why a check was declined. Reads every trend of the facility.",
		Cost: registry.CostReadsTrends,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
			"properties": map[string]any{
				"facility_id": facilityIDSchema(),
				"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
					"items": nameSchema("An equipment id, exactly as stored."), "description": "Only these equipment."},
				"roles": map[string]any{"type": "array", "minItems": 1, "maxItems": 200,
					"items": nameSchema("A role slug (supply_air_temp)."), "description": "Only these roles."},
				"start":     timeSchema("First instant scored, naive local time (default: the first stored sample)."),
				"end":       timeSchema("Last instant scored; a date alone covers that day (default: the last stored sample)."),
				"view":      map[string]any{"type": "string", "enum": []any{viewRules, viewReport}, "default": viewRules, "description": "rules: the frames rule_run reads (the gate's scores); report: each stored point on its own interval."},
				"min_trust": map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "A floor above the caller's and the config's (below_floor is against the highest)."},
				"limit":     limitSchema(sensorTrustPage), "offset": offsetSchema(),
			}},
		OutputSchema: runObject("", []string{"facility_id", "view", "config", "window", "min_trust", "count", "counts", "below_floor", "points", "references"},
			map[string]any{
				"facility_id": typed("string", "The facility."),
				"view":        map[string]any{"type": "string", "enum": []any{viewRules, viewReport}, "description": "The view scored."},
				"config":      configInfoSchema(),
				"window":      windowSchema(),
				"min_trust":   map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "The floor below_floor is against."},
				"count":       runCount("Points scored (all pages)."),
				"counts":      counts,
				"below_floor": runCount("Points below the floor (all pages)."),
				"points":      runList(row, "This page of the points, least trusted first."),
				"references":  runList(ref, "The run config's sensor-reference comparisons of the selected points, a passing one too."),
			}),
		Handler: e.sensorTrustHandler,
	}
}

// sensorTrustHandler serves sensor_trust.
func (e *env) sensorTrustHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	view := c.String("view")
	if view == "" {
		view = viewRules
	}
	mode := modeFrames
	if view == viewReport {
		mode = modePoints
	}
	req, err := e.prepareRun(ctx, c, mode)
	if err != nil {
		return nil, err
	}
	roles := c.Strings("roles")
	if len(roles) > 0 {
		pts, err := e.points.get(ctx, req.src.r, req.facility)
		if err != nil {
			return nil, err
		}
		stored := make([]string, len(pts))
		for i, p := range pts {
			stored[i] = string(p.Role)
		}
		if nf := unknownValues(req.facility, "roles", roles, stored, false); nf != nil {
			return nil, nf
		}
	}
	floor := req.rc.minTrust
	if v, ok := c.Args["min_trust"].(float64); ok && v > floor {
		floor = v
	} else if v, ok := c.Args["min_trust"].(int); ok && float64(v) > floor {
		floor = float64(v)
	}
	var rows []trustRow
	var win runWindow
	if view == viewRules {
		res, err := e.run(ctx, req)
		if err != nil {
			return nil, err
		}
		rows, win = frameRows(res.Equipment, res.Frames, res.Trust, roles), windowOf(res)
	} else {
		if rows, err = pointRows(ctx, req, roles); err != nil {
			return nil, err
		}
		win = requestWindow(req)
	}
	refs := e.referenceRows(req, roles, rows)
	return trustResult(c, req, view, floor, win, rows, refs), nil
}

// frameRows scores every column of the run frames: the gate's scores.
func frameRows(equips []fdd.Equipment, frames map[string]*series.Frame, trust map[string]map[model.Role]quality.TrustScore, roles []string) []trustRow {
	var rows []trustRow
	for _, eq := range equips {
		f := frames[eq.Equip]
		if f == nil {
			continue
		}
		mask, by := runningHours(f)
		for _, r := range f.Roles() {
			if len(roles) > 0 && !slices.Contains(roles, string(r)) {
				continue
			}
			ts := trust[eq.Equip][r]
			row := newTrustRow(eq.Equip, eq.Class, r, ts, shortStep(time.Duration(f.Step)))
			if src := f.Source(r); src != f.Equip {
				row.SharedFrom = &src
			}
			col := f.Col(r)
			if mask != nil {
				row.Coverage, row.CoverageBasis = roundTo(quality.MaskCoverage(col, mask), 4), "running hours ("+string(by)+" on)"
			} else {
				row.Coverage, row.CoverageBasis = roundTo(quality.SpanCoverage(col), 4), "own span on the "+row.Interval+" run grid"
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// runningRoles are the own signals that say an equipment runs, in the order
// they are tried.
var runningRoles = []model.Role{model.SupplyFanStatus, model.CompressorStatus, model.BoilerStatus, model.CondenserFanStatus}

// runningHours marks the slots the equipment runs by its own status (or
// else its supply fan speed above 1 %), or nil when it has no such signal
// or never runs.
func runningHours(f *series.Frame) ([]bool, model.Role) {
	try := func(r model.Role, on func(float64) bool) []bool {
		if _, shared := f.Shared[r]; shared || !f.Has(r) {
			return nil
		}
		m := make([]bool, f.N)
		n := 0
		for i, v := range f.Col(r) {
			if on(v) {
				m[i] = true
				n++
			}
		}
		if n == 0 {
			return nil
		}
		return m
	}
	for _, r := range runningRoles {
		if m := try(r, func(v float64) bool { return v > 0.5 }); m != nil {
			return m, r
		}
	}
	if m := try(model.SupplyFanSpeed, func(v float64) bool { return v > 1 }); m != nil {
		return m, model.SupplyFanSpeed
	}
	return nil, ""
}

// newTrustRow fills a row from a trust score.
func newTrustRow(equip, class string, r model.Role, ts quality.TrustScore, interval string) trustRow {
	return trustRow{Equip: equip, Class: class, Role: string(r), Trust: ts.Score, Verdict: ts.Verdict,
		Flags: append([]string{}, ts.Flags...), Coverage: roundTo(ts.Coverage, 4), Samples: ts.Quality.N, Gaps: ts.Quality.Gaps,
		OutlierFrac: roundTo(ts.Quality.OutlierFrac, 4), FlatlineFrac: roundTo(ts.Quality.FlatlineFrac, 4),
		RangeViolationFrac: roundTo(ts.RangeViolationFrac, 4), Interval: interval}
}

// pointRows scores each selected stored point on its own logging interval
// over its own span in the window (the report view), equipment in
// parallel.
func pointRows(ctx context.Context, req *runRequest, roles []string) ([]trustRow, error) {
	ids := req.selected()
	req.src.batchOrder(ids)
	equips := slices.DeleteFunc(slices.Clone(req.src.equips), func(e fdd.Equipment) bool { return !slices.Contains(ids, e.Equip) })
	per := make([][]trustRow, len(equips))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, eq := range equips {
		g.Go(func() error {
			ss, err := req.src.Series(gctx, eq.Equip, req.spec.Start, req.spec.End)
			if err != nil {
				return err
			}
			for _, s := range ss {
				if len(roles) > 0 && !slices.Contains(roles, string(s.Role)) || len(s.TS) == 0 {
					continue
				}
				f := series.BuildNative(eq.Equip, eq.Class, []model.Series{s}, series.Options{})
				step := shortStep(time.Duration(f.Step))
				row := newTrustRow(eq.Equip, eq.Class, s.Role, quality.TrustColumn(f, s.Role), step)
				row.CoverageBasis = "own span at its " + step + " logging interval"
				per[i] = append(per[i], row)
			}
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return slices.Concat(per...), nil
}

// requestWindow is the report view's window: the asked one, cut to the
// stored span.
func requestWindow(req *runRequest) runWindow {
	start, end := req.src.sp.first, req.src.sp.last+1
	if req.spec.Start > start {
		start = req.spec.Start
	}
	if req.spec.End != 0 && req.spec.End < end {
		end = req.spec.End
	}
	return runWindow{Start: localTime(start), End: localTime(end), Step: "native"}
}
