package fdd

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Equipment is one stored equipment of a facility.
type Equipment struct {
	Equip string `json:"equip"`
	// Class is the stored class label (free text).
	Class string `json:"equip_class"`
}

// Source supplies one facility's trends to a run. The store implements it;
// [SeriesMap] adapts series already in memory.
type Source interface {
	// Equipment lists every stored equipment.
	Equipment(ctx context.Context) ([]Equipment, error)
	// Span is the facility's first and last stored sample (ns); ok is
	// false when it stores none.
	Span(ctx context.Context) (first, last int64, ok bool, err error)
	// Series returns the equipment's series with samples in [start, end)
	// (ns); each series' Class is the stored class label.
	Series(ctx context.Context, equip string, start, end int64) ([]model.Series, error)
}

// RunSpec says what a run judges. Its zero value runs every built-in rule
// on every recognised equipment over the facility's whole stored span, on
// the 1-hour grid, with the trust gate off.
type RunSpec struct {
	// Rules names the rules to run; nil runs every rule of the catalog.
	Rules []string
	// Catalog is the rule set; nil means Rules().
	Catalog []Rule
	// Params are overrides per rule, then per parameter.
	Params map[string]map[string]Setting
	// EquipParams are per-equipment overrides (equip → rule → parameter),
	// applied over Params (ventilation zones, say).
	EquipParams map[string]map[string]map[string]Setting
	// Equips restricts the run to these equipment ids; nil runs all.
	Equips []string
	// Classes are the equipment class labels to run (a run config's
	// equipment); nil means every class the model recognises, or every
	// stored class when none is recognised.
	Classes []string
	// Start and End bound the window [Start, End) in ns, cut to the
	// facility's stored span; 0 leaves that side open (both 0: the whole
	// stored span). A window with no stored sample is a *WindowError.
	Start, End int64
	// Step is the run grid's step; 0 means 1 h.
	Step time.Duration
	// MinSeverity drops findings below it from Findings (they stay in
	// Below); "" keeps all.
	MinSeverity Severity
	// MinTrust is the trust floor; 0 turns the gate off.
	MinTrust float64
	// Weather is the equipment whose points are shared with every frame;
	// "" means the facility's first Weather-class equipment.
	Weather string
	// Shared maps a role to the equipment whose point of that role is
	// shared, over Weather's (a run config's topology).
	Shared map[model.Role]string
	// References are configured sensor-reference comparisons; those at
	// warn or fault make the findings that read the point conditional.
	References []Conditional
}

// Skip is a rule left out on an equipment for missing required inputs.
type Skip struct {
	Rule    string       `json:"rule"`
	Equip   string       `json:"equip"`
	Missing []model.Role `json:"missing"`
}

// RunResult is what a run found, with the frames and trust scores it used.
type RunResult struct {
	// Findings are worst first, at or above MinSeverity; Below holds the
	// rest, in the same order.
	Findings []Finding
	Below    []Finding
	// Counts are per severity over Findings and Below together.
	Counts  Counts
	Skipped []Skip
	// Declined counts the trust-gate declines among all findings.
	Declined int
	// Rules and Equipment are what the run covered.
	Rules     []string
	Equipment []Equipment
	// Start, End and Step are the run grid's window and step.
	Start, End int64
	Step       time.Duration
	// Frames are the run-grid frames per equipment, and Trust their
	// columns' scores: what sensor_trust's rules view reads.
	Frames map[string]*series.Frame
	Trust  map[string]map[model.Role]quality.TrustScore
}

// plan is a resolved RunSpec.
type plan struct {
	spec   RunSpec
	src    Source
	rules  []*Rule
	vals   map[string]Values
	used   map[string][]ParamUsed
	equips []Equipment
	start  int64
	end    int64
	step   int64
	shared []model.Series
}

// Run judges a facility's equipment with the selected rules. Invalid
// selections return *SelectionError, invalid parameters *ParamError, a
// window with no stored sample *WindowError. A kernel that fails or
// panics gives an info finding saying so; it never stops the run.
func Run(ctx context.Context, spec RunSpec, src Source) (*RunResult, error) {
	p, err := newPlan(ctx, spec, src)
	if err != nil {
		return nil, err
	}
	res := &RunResult{
		Start: p.start, End: p.end, Step: time.Duration(p.step), Equipment: p.equips,
		Frames: map[string]*series.Frame{}, Trust: map[string]map[model.Role]quality.TrustScore{},
	}
	for _, r := range p.rules {
		res.Rules = append(res.Rules, r.Name)
	}
	// Equipment are independent: run them on every core, then merge in
	// equipment order so the result does not depend on scheduling.
	results := make([]*equipResult, len(p.equips))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, e := range p.equips {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			r, err := p.runEquip(gctx, e)
			results[i] = r
			return err
		})
	}
	if err := g.Wait(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	var all []Finding
	fleet := newFleetState(p)
	for i, e := range p.equips {
		r := results[i]
		res.Frames[e.Equip], res.Trust[e.Equip] = r.frame, r.trust
		all = append(all, r.findings...)
		res.Skipped = append(res.Skipped, r.skips...)
		for _, o := range r.offers {
			fleet.offer(o)
		}
	}
	fs, err := fleet.run(ctx, res)
	if err != nil {
		return nil, err
	}
	all = append(all, fs...)
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Rule != all[j].Rule {
			return all[i].Rule < all[j].Rule
		}
		return all[i].Equip < all[j].Equip
	})
	assignIDs(all)
	SortFindings(all)
	for i := range all {
		res.Counts.add(all[i].Severity)
		if all[i].Declined() {
			res.Declined++
		}
		if all[i].Severity.Rank() >= spec.MinSeverity.Rank() {
			res.Findings = append(res.Findings, all[i])
		} else {
			res.Below = append(res.Below, all[i])
		}
	}
	sort.SliceStable(res.Skipped, func(i, j int) bool {
		if res.Skipped[i].Rule != res.Skipped[j].Rule {
			return res.Skipped[i].Rule < res.Skipped[j].Rule
		}
		return res.Skipped[i].Equip < res.Skipped[j].Equip
	})
	return res, nil
}

func newPlan(ctx context.Context, spec RunSpec, src Source) (*plan, error) {
	p := &plan{spec: spec, src: src, vals: map[string]Values{}, used: map[string][]ParamUsed{}}
	if spec.MinSeverity != "" && spec.MinSeverity.Rank() < 0 {
		return nil, &SelectionError{Argument: "min_severity", Unknown: []string{string(spec.MinSeverity)},
			Available: []string{"ok", "info", "warn", "fault"}, Reason: "is not a severity"}
	}
	if spec.MinTrust < 0 || spec.MinTrust > 1 {
		return nil, fmt.Errorf("min_trust %g is outside 0..1", spec.MinTrust)
	}
	if err := p.selectRules(); err != nil {
		return nil, err
	}
	p.step = int64(spec.Step)
	if p.step <= 0 {
		p.step = int64(series.DefaultStep)
	}
	all, err := src.Equipment(ctx)
	if err != nil {
		return nil, fmt.Errorf("list equipment: %w", err)
	}
	slices.SortFunc(all, func(a, b Equipment) int { return strings.Compare(a.Equip, b.Equip) })
	if err := p.selectEquips(all); err != nil {
		return nil, err
	}
	first, last, ok, err := src.Span(ctx)
	if err != nil {
		return nil, fmt.Errorf("read stored span: %w", err)
	}
	if !ok {
		return nil, &WindowError{Empty: true}
	}
	// The window is the caller's, cut to the stored span (no sample can lie
	// outside it); an open end is the stored one.
	p.start, p.end = spec.Start, spec.End
	if p.start == 0 || p.start < first {
		if p.start != 0 && p.end != 0 && p.end <= first {
			return nil, &WindowError{First: first, Last: last}
		}
		p.start = first
	}
	if p.end == 0 || p.end > last+1 {
		p.end = last + 1
	}
	if p.start >= p.end {
		return nil, &WindowError{First: first, Last: last}
	}
	// Align to the grid so every frame of the run shares one grid.
	p.start = floorDiv(p.start, p.step) * p.step
	return p, p.loadShared(ctx, all, src)
}
