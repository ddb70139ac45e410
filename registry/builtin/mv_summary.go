package builtin

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/camber-tui/camber-tui/analytics/mv"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// mvProject is the M&V project a run config declares, as the data states
// it.
type mvProject struct {
	Meter      string    `json:"meter"`
	MeterEquip string    `json:"meter_equip"`
	OAT        string    `json:"oat"`
	Baseline   mv.Window `json:"baseline"`
	Reporting  mv.Window `json:"reporting"`
	Interval   string    `json:"interval"`
	Confidence int       `json:"confidence"`
	RateUnit   string    `json:"rate_unit"`
	Units      string    `json:"units"`
	NonRoutine bool      `json:"non_routine"`
	// Autocorrelation is the run config's mv.autocorrelation, else on for
	// hourly data, whose residuals are strongly autocorrelated.
	Autocorrelation bool `json:"autocorrelation_adjusted"`
	// Models are the candidate models the config names (empty: the
	// interval's defaults).
	Models []string `json:"models,omitempty"`
}

// mvSummary is the mv_summary capability.
func mvSummary(e *env) registry.Capability {
	return registry.Capability{
		Name:  "mv_summary",
		Title: "M&V savings of the configured project",
		Description: "Evaluate the M&V project the caller's run config declares for a facility (ASHRAE Guideline 14 / IPMVP " +
			"Option C: a meter and an outdoor-air series, explicit baseline and reporting windows, an interval and a " +
			"confidence level). Returns every candidate baseline model's fit statistics (R², CV(RMSE), NMBE, n, p, BIC), " +
			"the model chosen by BIC with its coefficients, the Guideline 14 verdict with the failing criteria named and the " +
			"limit set used, the avoided energy with its uncertainty band at 80/90/95 % in the meter's energy units (or the " +
			"config's units), 'for information only' when the baseline fails Guideline 14, the CUSUM of savings, triggers, " +
			"method proposals and the checks that declined. Needs an \"mv\" section in the run config. Takes seconds.",
		Cost: registry.CostSeconds,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
			"properties": map[string]any{
				"facility_id": facilityIDSchema(),
				"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
					"items": nameSchema("An equipment id, exactly as stored."), "description": "Evaluate only when the project's meter is among these equipment."},
			}},
		OutputSchema: mvOutputSchema(),
		Handler:      e.mvSummaryHandler,
	}
}

// mvSummaryHandler serves mv_summary.
func (e *env) mvSummaryHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	fac, src, rc, err := e.configuredSource(ctx, c)
	if err != nil {
		return nil, err
	}
	if equips := c.Strings("equips"); len(equips) > 0 {
		if nf := unknownValues(fac, "equips", equips, src.equipIDs(), false); nf != nil {
			return nil, nf
		}
		if m := rc.cfg.MV; m != nil && !slices.Contains(equips, m.Meter.Equip) {
			nf := notFoundValues(fac, "equips", equips, []string{m.Meter.Equip})
			nf.Message = fmt.Sprintf("the M&V project of facility %s meters %s, which is not among equips %s", fac,
				sanitize.Name(m.Meter.Equip), sanitize.Names(equips))
			return nil, nf
		}
	}
	proj, rep, err := evaluateMV(ctx, src, rc, fac)
	if err != nil {
		return nil, err
	}
	return mvResult(fac, rc, proj, rep), nil
}

// evaluateMV runs the run config's M&V project on the stored meter and
// outdoor air: not_found when the config declares none (saying what to
// add) or a point or window has no data; invalid_params for a project mv
// refuses as malformed.
func evaluateMV(ctx context.Context, src *storeSource, rc *runConfig, fac string) (*mvProject, *mv.Report, error) {
	m := rc.cfg.MV
	if m == nil {
		return nil, nil, noMVProject(fac, rc)
	}
	oatRef, err := mvOAT(m, rc, src)
	if err != nil {
		return nil, nil, err
	}
	start, end := min(m.Baseline.Start, m.Reporting.Start), max(m.Baseline.End, m.Reporting.End)
	meter, err := pointSeries(ctx, src, m.Meter, start, end)
	if err != nil {
		return nil, nil, err
	}
	oat, err := pointSeries(ctx, src, oatRef, start, end)
	if err != nil {
		return nil, nil, err
	}
	p := &mvProject{Meter: m.Meter.String(), MeterEquip: m.Meter.Equip, OAT: oatRef.String(),
		Baseline: mv.Window(m.Baseline), Reporting: mv.Window(m.Reporting), Interval: m.Interval, Confidence: m.Confidence,
		RateUnit: rc.cfg.Units[m.Meter.Role], Units: m.Units, NonRoutine: m.NonRoutine,
		Autocorrelation: m.Interval == string(mv.Hourly), Models: m.Models}
	if m.Autocorrelation != nil {
		p.Autocorrelation = *m.Autocorrelation
	}
	var kinds []mv.Kind
	for _, name := range m.Models {
		kinds = append(kinds, mv.Kind(name))
	}
	rep, err := mv.Evaluate(ctx, mv.Project{Meter: meter, OAT: oat, Baseline: p.Baseline, Reporting: p.Reporting,
		Interval: mv.Interval(m.Interval), Confidence: m.Confidence, RateUnit: p.RateUnit, Units: m.Units,
		ExcludeNonRoutine: m.NonRoutine, Autocorrelation: p.Autocorrelation, Models: kinds})
	switch {
	case err == nil:
		if p.RateUnit == "" {
			p.RateUnit = m.Meter.Role.Unit()
		}
		p.Units = rep.Units
		return p, rep, nil
	case ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case errors.Is(err, mv.ErrInvalid):
		return nil, nil, &registry.Error{Code: registry.CodeInvalidParams, Err: err,
			Message: fmt.Sprintf("the run config's M&V project for facility %s cannot be evaluated: %s", fac, err),
			Data:    map[string]any{"argument": "facility_id", "config_section": "mv"}}
	case mv.IsDataError(err):
		return nil, nil, &registry.Error{Code: registry.CodeNotFound, Err: err,
			Message: fmt.Sprintf("the M&V project of facility %s found too little data: %s (the data runs from %s to %s)", fac, err,
				localTime(src.sp.first), localTime(src.sp.last)),
			Data: map[string]any{"argument": "facility_id", "config_section": "mv", "first": localTime(src.sp.first), "last": localTime(src.sp.last)}}
	}
	return nil, nil, err
}

// mvOAT is the project's outdoor-air point: the configured one, else the
// run config's weather equipment's, else the facility's Weather-class
// equipment's.
func mvOAT(m *runconfig.MV, rc *runConfig, src *storeSource) (runconfig.PointRef, error) {
	if m.OAT != nil {
		return *m.OAT, nil
	}
	if w := rc.cfg.Topology.Weather; w != "" {
		return runconfig.PointRef{Equip: w, Role: model.OAT}, nil
	}
	for _, eq := range src.equips {
		if model.CanonicalClass(eq.Class) == model.ClassWeather {
			return runconfig.PointRef{Equip: eq.Equip, Role: model.OAT}, nil
		}
	}
	return runconfig.PointRef{}, &registry.Error{Code: registry.CodeNotFound,
		Message: fmt.Sprintf("the M&V project of facility %s names no outdoor-air point and the facility has no weather equipment: add \"oat\": {\"equip\": ..., \"role\": \"oat\"} to its \"mv\" section", src.facility),
		Data:    map[string]any{"argument": "facility_id", "config_section": "mv.oat"}}
}

// pointSeries reads one stored point over [start, end) (its series
// merged); a point the facility does not store is not_found.
func pointSeries(ctx context.Context, src *storeSource, p runconfig.PointRef, start, end int64) (model.Series, error) {
	if !slices.Contains(src.equipIDs(), p.Equip) {
		nf := notFoundValues(src.facility, "equips", []string{p.Equip}, src.equipIDs())
		nf.Message = fmt.Sprintf("the M&V project's point %s is not stored: %s", sanitize.Name(p.String()), nf.Message)
		return model.Series{}, nf
	}
	ss, err := src.Series(ctx, p.Equip, start, end)
	if err != nil {
		return model.Series{}, err
	}
	var parts []model.Series
	for _, s := range ss {
		if s.Role == p.Role && len(s.TS) > 0 {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return model.Series{}, &registry.Error{Code: registry.CodeNotFound,
			Message: fmt.Sprintf("the M&V project's point %s has no stored sample in its windows (the facility's data runs from %s to %s)",
				sanitize.Name(p.String()), localTime(src.sp.first), localTime(src.sp.last)),
			Data:       map[string]any{"argument": "facility_id", "config_section": "mv", "first": localTime(src.sp.first), "last": localTime(src.sp.last)},
			DataValues: []string{p.String()}}
	}
	return mergeSeries(parts), nil
}

// mergeSeries merges series of one point into one, in time order.
func mergeSeries(parts []model.Series) model.Series {
	if len(parts) == 1 {
		return parts[0]
	}
	out := parts[0]
	out.TS, out.V = nil, nil
	type sample struct {
		ts int64
		v  float64
	}
	var all []sample
	for _, p := range parts {
		for i, t := range p.TS {
			all = append(all, sample{t, p.V[i]})
		}
	}
	slices.SortStableFunc(all, func(a, b sample) int {
		switch {
		case a.ts < b.ts:
			return -1
		case a.ts > b.ts:
			return 1
		}
		return 0
	})
	for _, s := range all {
		out.TS, out.V = append(out.TS, s.ts), append(out.V, s.v)
	}
	return out
}

// noMVProject is the not_found refusal of a facility whose run config
// declares no M&V project, saying what to add.
func noMVProject(facility string, rc *runConfig) *registry.Error {
	var where string
	switch rc.source {
	case configCaller:
		where = "the run config " + sanitize.Name(rc.name) + " declares none"
	case configTemplate:
		where = "the packaged template of catalog dataset " + sanitize.Name(rc.dataset) + " declares none"
	default:
		where = "no run config names it"
	}
	return &registry.Error{Code: registry.CodeNotFound,
		Message: fmt.Sprintf("facility %s has no M&V project (%s): add \"mv\": {\"meter\": {\"equip\": \"MTR-1\", \"role\": \"power\"}, \"oat\": {\"equip\": \"WX-1\", \"role\": \"oat\"}, \"baseline\": [\"2025-01-01\", \"2025-03-31\"], \"reporting\": [\"2025-04-01\", \"2025-12-31\"]} to the facility's run config",
			facility, where),
		Data: map[string]any{"argument": "facility_id", "facility_id": facility, "config_section": "mv"}}
}
