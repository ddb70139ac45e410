package builtin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store"
)

// runRequest is a run capability's call resolved against the facility,
// its run config and its stored data: the spec fdd.Run gets.
type runRequest struct {
	facility string
	src      *storeSource
	rc       *runConfig
	spec     fdd.RunSpec
	win      window
	mode     runMode
	// cmps are the config's sensor-reference comparisons over the window.
	cmps []runconfig.Comparison
	// gen is the facility's store generation before anything was read
	// for a run through the run cache ("" when unknown or for the report
	// view): part of the cache's keys.
	gen string
}

// runMode says what a run capability asks of the runner.
type runMode int

const (
	// modeJudge runs rules (rule_run, finding_detail): rules, params and
	// min_severity are read.
	modeJudge runMode = iota
	// modeFrames builds the run frames and their trust scores without a
	// rule (sensor_trust's rules view).
	modeFrames
	// modePoints reads stored points as they are (sensor_trust's report
	// view): any stored equipment may be named.
	modePoints
)

// prepareRun resolves the arguments rule_run, finding_detail and
// sensor_trust share: the facility's data and config, equips (not_found
// for an unknown id, or outside modePoints one the config runs no rule on),
// the window (not_found when no stored sample can fall in it) and the
// configured sensor references compared over it.
func (e *env) prepareRun(ctx context.Context, c *registry.Call, mode runMode) (*runRequest, error) {
	fac := c.String("facility_id")
	r, err := e.reader(c)
	if err != nil {
		return nil, err
	}
	gen := ""
	if mode != modePoints && model.ValidFacilityID(fac) {
		gen, _ = r.Generation(ctx, []string{fac}) // unknown: the run is not cached
	}
	src, err := e.newSource(ctx, r, fac)
	if err != nil {
		return nil, err
	}
	rc, err := runConfigFor(c, fac, src.equips)
	if err != nil {
		return nil, err
	}
	req := &runRequest{facility: fac, src: src, rc: rc, spec: rc.cfg.Spec(), mode: mode, gen: gen}
	req.spec.MinTrust = rc.minTrust
	if req.win, err = windowArgs(c); err != nil {
		return nil, err
	}
	if nf := req.win.missed(src.sp); nf != nil {
		return nil, nf
	}
	req.spec.Start = req.win.start
	if req.win.end != 0 {
		req.spec.End = req.win.end + 1
	}
	if mode == modeJudge {
		if err := ruleArgs(c, &req.spec); err != nil {
			return nil, err
		}
		req.spec.MinSeverity = fdd.Severity(c.String("min_severity"))
	} else {
		req.spec.Rules = []string{}
	}
	if equips := c.Strings("equips"); len(equips) > 0 {
		if nf := unknownValues(fac, "equips", equips, src.equipIDs(), false); nf != nil {
			return nil, nf
		}
		if nf := idleEquips(fac, equips, src.equips, req.spec.Classes); nf != nil && mode != modePoints {
			return nil, nf
		}
		req.spec.Equips = equips
	}
	if len(rc.cfg.Report.RCX.References) > 0 {
		if req.cmps, err = rc.cfg.Compare(ctx, src, req.spec.Start, req.spec.End); err != nil {
			return nil, err
		}
		req.spec.References = runconfig.Conditionals(req.cmps)
	}
	return req, nil
}

// run judges the request and checks that its window holds a stored
// sample (a window inside a gap of every point is not_found), through the
// run cache (see runCache): a judging call takes a cached run with its run
// key (rule_run's pages and min_severity, finding_detail and rcx_report
// after it), sensor_trust's rules view any cached run with its frames key;
// otherwise the run is made and cached when the facility's store
// generation after it is the one prepareRun saw before reading anything.
// A run for the rules view judges no rule: its frames and trust scores
// are those the gate reads. A cached result is shared: callers must not
// modify it.
func (e *env) run(ctx context.Context, req *runRequest) (*fdd.RunResult, error) {
	key, frames, cache := req.cacheKeys()
	if !cache {
		return e.runOnce(ctx, req, req.spec)
	}
	if req.mode == modeFrames {
		if res := e.runs.getFrames(frames); res != nil {
			return res, nil
		}
	} else if res := e.runs.get(key); res != nil {
		return withSeverity(res, req.spec.MinSeverity), nil
	}
	spec := req.spec
	spec.MinSeverity = ""
	res, err := e.runOnce(ctx, req, spec)
	if err != nil {
		return nil, err
	}
	if now, err := req.src.r.Generation(ctx, []string{req.facility}); err == nil && now == req.gen {
		e.runs.put(key, frames, res)
	}
	return withSeverity(res, req.spec.MinSeverity), nil
}

// runOnce judges the request with spec, reading the store.
func (e *env) runOnce(ctx context.Context, req *runRequest, spec fdd.RunSpec) (*fdd.RunResult, error) {
	req.src.batchOrder(req.selected())
	res, err := fdd.Run(ctx, spec, req.src)
	if err != nil {
		return nil, runError(req, err)
	}
	if req.win == (window{}) || anyData(res) {
		return res, nil
	}
	stats, err := req.src.r.Stats(ctx, req.facility, store.Query{Start: req.win.start, End: req.win.end})
	if err != nil {
		return nil, err
	}
	for _, s := range stats {
		if s.Samples > 0 {
			return res, nil
		}
	}
	return nil, noSampleIn("window", req.src.sp)
}

// selected lists the equipment the request reads, in id order: those the
// config runs (or, for the report view, every stored one), narrowed to
// equips when given.
func (req *runRequest) selected() []string {
	var out []string
	for _, e := range req.src.equips {
		if len(req.spec.Equips) > 0 && !slices.Contains(req.spec.Equips, e.Equip) {
			continue
		}
		if req.mode != modePoints && !runsClass(e.Class, req.spec.Classes, req.src.equips) {
			continue
		}
		out = append(out, e.Equip)
	}
	return out
}

// anyData reports whether any frame of the run holds a value.
func anyData(res *fdd.RunResult) bool {
	for _, f := range res.Frames {
		for _, col := range f.Cols {
			for _, v := range col {
				if v == v { // not NaN
					return true
				}
			}
		}
	}
	return false
}

// runError turns the runner's selection, parameter and window errors into
// the caller's refusals; anything else (a store fault) passes through.
func runError(req *runRequest, err error) error {
	var se *fdd.SelectionError
	var pe *fdd.ParamError
	var we *fdd.WindowError
	switch {
	case errors.As(err, &se) && se.Argument == "equips" && se.Reason == "":
		return notFoundValues(req.facility, "equips", se.Unknown, se.Available)
	case errors.As(err, &se) && se.Argument == "equips":
		return idleEquips(req.facility, se.Unknown, req.src.equips, req.spec.Classes)
	case errors.As(err, &se):
		return invalidArg("/"+se.Argument, se.Error(), nil)
	case errors.As(err, &pe):
		return paramRefusal(pe)
	case errors.As(err, &we) && we.Empty:
		return noData(req.facility)
	case errors.As(err, &we):
		return noSampleIn("window", req.src.sp)
	}
	return err
}

// runsClass reports whether a run with the config's classes judges an
// equipment of class label: a listed class (the same label, or the same
// class the model recognises), or with no list every recognised class (every
// class when none is recognised), as the runner selects them.
func runsClass(label string, classes []string, all []fdd.Equipment) bool {
	canon := model.CanonicalClass(label)
	if classes == nil {
		recognised := false
		for _, e := range all {
			recognised = recognised || model.CanonicalClass(e.Class) != ""
		}
		return canon != "" || !recognised
	}
	for _, c := range classes {
		if strings.EqualFold(c, label) || canon != "" && model.CanonicalClass(c) == canon {
			return true
		}
	}
	return false
}

// idleEquips is the not_found refusal of stored equipment the config runs
// no rule on (their class is not in its equipment), or nil.
func idleEquips(facility string, asked []string, all []fdd.Equipment, classes []string) *registry.Error {
	var idle, run []string
	for _, e := range all {
		if !runsClass(e.Class, classes, all) {
			if slices.Contains(asked, e.Equip) {
				idle = append(idle, e.Equip)
			}
			continue
		}
		run = append(run, e.Equip)
	}
	if len(idle) == 0 {
		return nil
	}
	nf := notFoundValues(facility, "equips", idle, run)
	verb, obj, own := "is", "it", "its"
	if len(idle) > 1 {
		verb, obj, own = "are", "them", "their"
	}
	nf.Message = fmt.Sprintf("equip %s %s stored, but the run config runs no rule on %s (%s class is not in its equipment)",
		sanitize.Names(idle), verb, obj, own)
	switch n := len(run); {
	case n == 0:
		nf.Message += "; it runs none"
	case n <= messageValues:
		nf.Message += "; it runs: " + sanitize.Names(run)
	default:
		nf.Message += fmt.Sprintf("; it runs (%d in all): %s ...", n, sanitize.Names(run[:messageValues]))
	}
	return nf
}

// invalidArg is an invalid_params refusal of the argument at ptr (a JSON
// pointer), with extra data beside the errors list.
func invalidArg(ptr, problem string, extra map[string]any) *registry.Error {
	data := map[string]any{"errors": []any{map[string]any{"pointer": ptr, "message": problem}}}
	for k, v := range extra {
		data[k] = v
	}
	return &registry.Error{Code: registry.CodeInvalidParams, Message: "invalid arguments: " + ptr + ": " + problem,
		Data: data, DataValues: []string{ptr}}
}

// pointerToken escapes one JSON pointer token (RFC 6901).
func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
