package builtin

import (
	"context"
	"errors"
	"slices"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/rcx"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// rcxSources are what rcx_report ran besides the rule run: the drift
// section and the M&V project, for the data's summary blocks.
type rcxSources struct {
	drift *driftOutcome
	mv    *mvProject
}

// rcxInput gathers a report's input from the rule run (the same run
// rule_run makes), the run's frames and trust scores, the sensor
// references, the run config's drift section and its M&V project. A drift
// section or M&V project that cannot run for its data is stated in the
// report (appendix A), not refused.
func (e *env) rcxInput(ctx context.Context, c *registry.Call, req *runRequest, res *fdd.RunResult) (rcx.Input, rcxSources, error) {
	var src rcxSources
	in := rcx.Input{Facility: req.facility, Skipped: len(res.Skipped), MinTrust: req.spec.MinTrust, Name: sanitize.Name,
		Findings: slices.Concat(res.Findings, res.Below), Trust: map[string]map[model.Role]float64{}}
	for equip, byRole := range res.Trust {
		in.Trust[equip] = map[model.Role]float64{}
		for r, ts := range byRole {
			in.Trust[equip][r] = ts.Score
		}
	}
	rows := frameRows(res.Equipment, res.Frames, res.Trust, nil)
	e.referenceRows(req, nil, rows) // a disagreeing reference makes its point suspect
	for _, row := range rows {
		if row.SharedFrom != nil {
			continue
		}
		f := res.Frames[row.Equip]
		in.Points = append(in.Points, rcx.Point{Equip: row.Equip, Role: model.Role(row.Role), Trust: row.Trust, Verdict: row.Verdict,
			BelowFloor: row.Trust < req.spec.MinTrust, Coverage: row.Coverage,
			Gaps: rcx.ColumnGaps(f.Col(model.Role(row.Role)), f.Start, f.Step, rcx.MinGapHours)})
	}
	for _, cm := range req.cmps {
		ref := cm.Reference
		if len(req.spec.Equips) > 0 && !slices.Contains(req.spec.Equips, ref.Point.Equip) {
			continue
		}
		r := rcx.Reference{Equip: ref.Point.Equip, Role: ref.Point.Role, Reference: ref.Label(), Unit: ref.Point.Role.Unit(),
			Warn: ref.Warn, Fault: ref.Fault, Problem: cm.Problem}
		if cm.Compared() {
			r.Verdict, r.Bias, r.Samples, r.OverlapHours = cm.Result.Verdict, cm.Result.Bias, cm.Result.Samples, cm.Result.OverlapHours
		}
		in.References = append(in.References, r)
	}
	if req.rc.cfg.Drift != nil {
		d, err := e.rcxDrift(ctx, c, req)
		if err != nil {
			return in, src, err
		}
		in.Drift = d.in
		src.drift = d.out
	}
	if req.rc.cfg.MV != nil {
		proj, rep, err := evaluateMV(ctx, req.src, req.rc, req.facility)
		var re *registry.Error
		switch {
		case errors.As(err, &re) && ctx.Err() == nil:
			in.MV = &rcx.MV{Problem: re.Message}
		case err != nil:
			return in, src, err
		default:
			s := rep.Savings
			in.MV = &rcx.MV{Meter: proj.MeterEquip, Units: rep.Units, Model: string(rep.Model.Kind), Avoided: s.Avoided,
				Percent: s.Percent, Band: s.AbsUncertainty, Confidence: s.Confidence, Accepted: rep.Acceptance.Pass,
				Failing: rep.Acceptance.Failing}
			src.mv = proj
		}
	}
	return in, src, nil
}

// rcxDriftRun is the drift section as the report reads it.
type rcxDriftRun struct {
	in  *rcx.Drift
	out *driftOutcome
}

// rcxDrift runs the run config's drift section as drift would with no
// arguments but the report's equipment: its windows and families (the
// current window defaults to the report's window), the equipment a family
// judges among equips. A section that cannot run for its data is the
// report's Problem.
func (e *env) rcxDrift(ctx context.Context, c *registry.Call, req *runRequest) (rcxDriftRun, error) {
	pts, err := e.points.get(ctx, req.src.r, req.facility)
	if err != nil {
		return rcxDriftRun{}, err
	}
	a := driftArgs{equips: req.spec.Equips}
	if sec := req.rc.cfg.Drift; sec.Current == nil && (req.win.start != 0 || req.win.end != 0) {
		cur := drift.Window{Start: req.src.sp.first, End: req.src.sp.last + 1}
		if req.win.start != 0 {
			cur.Start = req.win.start
		}
		if req.win.end != 0 {
			cur.End = req.win.end + 1
		}
		a.current = &cur
	}
	plan, err := planDrift(req.facility, req.src, req.rc, pts, a)
	if err == nil {
		// The report's equipment that no selected family judges is no
		// drift check: leave it out rather than list it.
		plan.notes = slices.DeleteFunc(plan.notes, func(n drift.NotEvaluated) bool {
			if n.Family == "" {
				plan.spec.Equips = slices.DeleteFunc(plan.spec.Equips, func(eq string) bool { return eq == n.Equip })
				return true
			}
			return false
		})
		var out *driftOutcome
		if out, err = runDrift(ctx, req.src, req.rc, plan, req.spec.MinTrust); err == nil {
			return rcxDriftRun{in: &rcx.Drift{Result: out.res, Declined: out.declined}, out: out}, nil
		}
	}
	var re *registry.Error
	if errors.As(err, &re) && ctx.Err() == nil {
		return rcxDriftRun{in: &rcx.Drift{Problem: re.Message}}, nil
	}
	return rcxDriftRun{}, err
}
