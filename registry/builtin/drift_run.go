package builtin

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store"
)

// driftArgs are a drift run's selections: windows given by the caller
// (nil: the run config's), families and equipment.
type driftArgs struct {
	baseline, current *drift.Window
	families          []string
	equips            []string
}

// driftPlan is a drift run resolved against the facility, its run config
// and its stored data.
type driftPlan struct {
	spec drift.Spec
	// source says what the run judges against: window, frozen or both.
	source string
	// read is the span of stored data the frames cover.
	read drift.Window
	// reads are the equipment whose series the frames hold.
	reads []fdd.Equipment
	// notes are checks the plan already knows it cannot evaluate.
	notes []drift.NotEvaluated
}

// driftOutcome is a drift run's result with its trust-gate declines
// moved to NotEvaluated.
type driftOutcome struct {
	res      *drift.Result
	declined int
	floor    float64
	plan     *driftPlan
}

// plantFamilies are the families that read chiller and tower frames
// (a chiller borrows condenser water temperatures from its tower; a tower
// takes its load from the chillers).
var plantFamilies = []string{drift.ChillerApproach, drift.ChillerSubcooling, drift.ChillerSuperheat, drift.ChillerCWRange,
	drift.TowerApproach, drift.ChillerHeadPressure}

// planDrift resolves a drift run: the baseline (the caller's window, else
// the run config's, plus its frozen baselines), the current window (the
// caller's, else the config's, else the stored data after the baseline),
// the families (unknown ones are invalid_params) and the equipment judged
// and read. A run with neither a baseline window nor a frozen baseline is
// not_found, saying what to add to the run config.
func planDrift(facility string, src *storeSource, rc *runConfig, pts []store.Point, a driftArgs) (*driftPlan, error) {
	sec := rc.cfg.Drift
	p := &driftPlan{}
	p.spec.Baseline = a.baseline
	if p.spec.Baseline == nil && sec != nil && sec.Baseline != nil {
		b := drift.Window(*sec.Baseline)
		p.spec.Baseline = &b
	}
	if sec != nil && len(sec.Frozen) > 0 {
		p.spec.Frozen = map[string]map[string]drift.Baseline{}
		for equip, byFam := range sec.Frozen {
			p.spec.Frozen[equip] = map[string]drift.Baseline{}
			for fam, b := range byFam {
				p.spec.Frozen[equip][fam] = drift.Baseline(b)
			}
		}
	}
	switch {
	case p.spec.Baseline != nil && p.spec.Frozen != nil:
		p.source = "window and frozen"
	case p.spec.Baseline != nil:
		p.source = "window"
	case p.spec.Frozen != nil:
		p.source = "frozen"
	default:
		return nil, noDriftBaseline(facility, sec != nil)
	}
	switch {
	case a.current != nil:
		p.spec.Current = *a.current
	case sec != nil && sec.Current != nil:
		p.spec.Current = drift.Window(*sec.Current)
	case p.spec.Baseline != nil:
		p.spec.Current = drift.Window{Start: p.spec.Baseline.End, End: src.sp.last + 1}
	default:
		p.spec.Current = drift.Window{Start: src.sp.first, End: src.sp.last + 1}
	}
	for _, w := range []struct {
		arg string
		w   *drift.Window
	}{{"baseline", p.spec.Baseline}, {"current", &p.spec.Current}} {
		if w.w != nil && (w.w.End <= src.sp.first || w.w.Start > src.sp.last || w.w.End <= w.w.Start) {
			return nil, noSampleIn(w.arg, src.sp)
		}
	}
	fams := a.families
	if fams == nil && sec != nil {
		fams = sec.Families
	}
	var unknown []string
	for _, f := range fams {
		fam, ok := drift.Lookup(f)
		if !ok {
			unknown = append(unknown, f)
			continue
		}
		if !slices.Contains(p.spec.Families, fam.Name) {
			p.spec.Families = append(p.spec.Families, fam.Name)
		}
	}
	if len(unknown) > 0 && a.families == nil { // the run config's own families
		return nil, configError(rc.name, fmt.Errorf("drift.families: unknown drift family %s (known: %s)",
			sanitize.Names(unknown), strings.Join(drift.Names(), ", ")))
	}
	if len(unknown) > 0 {
		return nil, unknownFamilies(unknown)
	}
	if len(p.spec.Families) == 0 {
		for _, f := range drift.Families() {
			p.spec.Families = append(p.spec.Families, f.Name)
		}
	}
	for _, ref := range rc.cfg.Report.RCX.References {
		if ref.Ref != nil {
			p.spec.Pairs = append(p.spec.Pairs, drift.Pair{Point: drift.PointRef(ref.Point), Reference: drift.PointRef(*ref.Ref)})
		} else if slices.Contains(p.spec.Families, drift.SensorBias) {
			p.notes = append(p.notes, drift.NotEvaluated{Family: drift.SensorBias, Equip: ref.Point.Equip,
				Reason: fmt.Sprintf("%s vs %s: the sensor family compares stored points only", ref.Point.Role, ref.Label())})
		}
	}
	p.selectEquipment(src, rc, pts, a.equips)
	p.read = p.spec.Current
	if b := p.spec.Baseline; b != nil {
		p.read = drift.Window{Start: min(b.Start, p.read.Start), End: max(b.End, p.read.End)}
	}
	return p, nil
}

// selectEquipment picks the equipment judged (equips, else every one a
// selected family can judge) and read (those, plus the chillers and towers
// a plant family borrows from, the shared weather and the reference
// points' equipment).
func (p *driftPlan) selectEquipment(src *storeSource, rc *runConfig, pts []store.Point, equips []string) {
	roles := map[string]map[model.Role]bool{}
	for _, pt := range pts {
		if roles[pt.Equip] == nil {
			roles[pt.Equip] = map[model.Role]bool{}
		}
		roles[pt.Equip][pt.Role] = true
	}
	plant := slices.ContainsFunc(p.spec.Families, func(f string) bool { return slices.Contains(plantFamilies, f) })
	pairPoint := map[string]bool{}
	refEquip := map[string]bool{}
	for _, pr := range p.spec.Pairs {
		pairPoint[pr.Point.Equip], refEquip[pr.Reference.Equip] = true, true
	}
	judges := func(eq fdd.Equipment) bool {
		class := model.CanonicalClass(eq.Class)
		for _, name := range p.spec.Families {
			fam, _ := drift.Lookup(name)
			if fam.Name == drift.SensorBias {
				r := roles[eq.Equip]
				if pairPoint[eq.Equip] || r[model.SupplyAirTemp] && r[model.MixedAirTemp] && (r[model.CoolValve] || r[model.HeatValve]) {
					return true
				}
				continue
			}
			if slices.Contains(fam.Classes, class) {
				return true
			}
		}
		return false
	}
	for _, eq := range src.equips {
		class := model.CanonicalClass(eq.Class)
		judged := slices.Contains(equips, eq.Equip) || len(equips) == 0 && judges(eq)
		if judged {
			p.spec.Equips = append(p.spec.Equips, eq.Equip)
			if len(equips) > 0 && !judges(eq) {
				p.notes = append(p.notes, drift.NotEvaluated{Equip: eq.Equip, Class: class,
					Reason: fmt.Sprintf("no selected drift family judges class %s", orDash(eq.Class))})
			}
		}
		borrowed := plant && (class == model.ClassChiller || class == model.ClassCoolingTower)
		weather := eq.Equip == rc.cfg.Topology.Weather || rc.cfg.Topology.Weather == "" && class == model.ClassWeather
		if judged || borrowed || weather || refEquip[eq.Equip] || slices.ContainsFunc(sharedEquips(rc), func(s string) bool { return s == eq.Equip }) {
			p.reads = append(p.reads, eq)
		}
	}
}

// sharedEquips are the equipment of the run config's shared points.
func sharedEquips(rc *runConfig) []string {
	var out []string
	for _, e := range rc.cfg.Topology.Shared {
		out = append(out, e)
	}
	return out
}

// runDrift reads the plan's equipment, puts them on the run config's grid
// (one frame each; the weather and configured shared points merged), runs
// the detectors and declines the checks whose inputs score below floor.
func runDrift(ctx context.Context, src *storeSource, rc *runConfig, p *driftPlan, floor float64) (*driftOutcome, error) {
	if spec := p.spec; len(spec.Equips) == 0 {
		res := &drift.Result{Baseline: spec.Baseline, Current: spec.Current, Families: spec.Families, Findings: []drift.Finding{},
			Verdicts: []drift.Verdict{}, NotEvaluated: slices.Clone(p.notes)}
		for _, f := range spec.Families {
			res.NotEvaluated = append(res.NotEvaluated, drift.NotEvaluated{Family: f, Reason: "no stored equipment it judges was selected"})
		}
		return &driftOutcome{res: res, floor: floor, plan: p}, nil
	}
	per := make([][]model.Series, len(p.reads))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, eq := range p.reads {
		g.Go(func() error {
			ss, err := src.Series(gctx, eq.Equip, p.read.Start, p.read.End)
			per[i] = ss
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	all := slices.Concat(per...)
	opt := series.Options{Step: rc.cfg.Step, Start: p.read.Start, End: p.read.End}
	for role, equip := range rc.cfg.Topology.Shared {
		for _, s := range all {
			if s.Equip == equip && s.Role == role {
				opt.Shared = append(opt.Shared, s)
			}
		}
	}
	for _, s := range all {
		if w := rc.cfg.Topology.Weather; w != "" && s.Equip == w || w == "" && model.CanonicalClass(s.Class) == model.ClassWeather {
			opt.Shared = append(opt.Shared, s)
		}
	}
	if opt.Shared == nil {
		opt.Shared = []model.Series{} // no weather: share nothing rather than guess
	}
	spec := p.spec
	spec.Frames = drift.Frames(all, opt)
	res, err := drift.Run(ctx, spec)
	switch {
	case errors.Is(err, drift.ErrNoData):
		return nil, &registry.Error{Code: registry.CodeNotFound, Err: err,
			Message: fmt.Sprintf("no stored sample of the selected equipment in the drift windows (current %s): the data runs from %s to %s",
				spec.Current, localTime(src.sp.first), localTime(src.sp.last)),
			Data: map[string]any{"argument": "current", "first": localTime(src.sp.first), "last": localTime(src.sp.last)}}
	case errors.Is(err, drift.ErrInvalid):
		return nil, invalidArg("/families", strings.TrimPrefix(err.Error(), drift.ErrInvalid.Error()+": "), nil)
	case err != nil:
		return nil, err
	}
	res.NotEvaluated = append(res.NotEvaluated, p.notes...)
	out := &driftOutcome{res: res, floor: floor, plan: p}
	frames := map[string]*series.Frame{}
	for _, f := range spec.Frames {
		frames[f.Equip] = f
	}
	out.declined = gateDrift(res, frames, floor)
	return out, nil
}

// noDriftBaseline is the not_found refusal of a drift run with nothing to
// judge against, saying what to add to the run config.
func noDriftBaseline(facility string, hasSection bool) *registry.Error {
	msg := fmt.Sprintf("no drift baseline for facility %s: pass baseline [start, end] (a known-good window), or add to the run config \"drift\": {\"baseline\": [\"2025-01-01\", \"2025-03-31\"], \"current\": [\"2025-10-01\", \"2025-12-31\"]} (frozen baselines go under \"frozen\")", facility)
	if hasSection {
		msg = fmt.Sprintf("the run config's drift section for facility %s has neither a baseline window nor frozen baselines: pass baseline [start, end], or add \"baseline\": [start, end] or \"frozen\" to its \"drift\" section", facility)
	}
	return &registry.Error{Code: registry.CodeNotFound, Message: msg,
		Data: map[string]any{"argument": "baseline", "facility_id": facility, "config_section": "drift"}}
}

// unknownFamilies is the invalid_params refusal of drift families that do
// not exist, listing the known names.
func unknownFamilies(unknown []string) *registry.Error {
	known := drift.Names()
	msg := fmt.Sprintf("unknown drift famil%s %s (known: %s)", plural(len(unknown), "y", "ies"), sanitize.Names(unknown), strings.Join(known, ", "))
	return &registry.Error{Code: registry.CodeInvalidParams, Message: "invalid arguments: /families: " + msg,
		Data: map[string]any{"errors": []any{map[string]any{"pointer": "/families", "message": msg}},
			"unknown": unknown, "known": known}, DataValues: []string{"/families"}}
}

// orDash is s, or "-" when empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
