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

// SelectionError reports names a run does not know, or equipment it runs
// no rule on.
type SelectionError struct {
	Argument  string // "rules", "equips", "params"
	Unknown   []string
	Available []string
	Reason    string
}

// Error implements error.
func (e *SelectionError) Error() string {
	msg := fmt.Sprintf("%s: unknown %s", e.Argument, quoteList(e.Unknown))
	if e.Reason != "" {
		msg = fmt.Sprintf("%s: %s %s", e.Argument, quoteList(e.Unknown), e.Reason)
	}
	if len(e.Available) > 0 {
		avail := e.Available
		more := ""
		if len(avail) > 10 {
			avail, more = avail[:10], fmt.Sprintf(" and %d more", len(e.Available)-10)
		}
		msg += fmt.Sprintf(" (available: %s%s)", quoteList(avail), more)
	}
	return msg
}

// WindowError reports a window with no stored sample.
type WindowError struct {
	First, Last int64 // the facility's stored span (ns); both 0 if empty
	Empty       bool  // the facility stores no sample at all
}

// Error implements error.
func (e *WindowError) Error() string {
	if e.Empty {
		return "the facility stores no sample"
	}
	return fmt.Sprintf("no stored sample in the window (stored samples span %s to %s)",
		time.Unix(0, e.First).UTC().Format(series.TimeLayout), time.Unix(0, e.Last).UTC().Format(series.TimeLayout))
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
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

func (p *plan) selectRules() error {
	cat := p.spec.Catalog
	if cat == nil {
		cat = Rules()
	}
	byName := make(map[string]*Rule, len(cat))
	names := make([]string, 0, len(cat))
	for i := range cat {
		byName[cat[i].Name] = &cat[i]
		names = append(names, cat[i].Name)
	}
	sort.Strings(names)
	want := p.spec.Rules
	if want == nil {
		want = names
	}
	var unknown []string
	seen := map[string]bool{}
	for _, n := range want {
		r, ok := byName[n]
		switch {
		case !ok:
			unknown = append(unknown, n)
		case !seen[n]:
			seen[n] = true
			p.rules = append(p.rules, r)
		}
	}
	for n := range p.spec.Params {
		if _, ok := byName[n]; !ok && !slices.Contains(unknown, n) {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return &SelectionError{Argument: "rules", Unknown: unknown, Available: names}
	}
	sort.Slice(p.rules, func(i, j int) bool { return p.rules[i].Name < p.rules[j].Name })
	for _, r := range p.rules {
		vals, used, err := r.Resolve(p.spec.Params[r.Name])
		if err != nil {
			return err
		}
		p.vals[r.Name], p.used[r.Name] = vals, used
	}
	// Per-equipment overrides are checked up front too, so a bad one fails
	// the run rather than one equipment.
	for _, byRule := range p.spec.EquipParams {
		for rn, over := range byRule {
			r, ok := byName[rn]
			if !ok {
				return &SelectionError{Argument: "rules", Unknown: []string{rn}, Available: names}
			}
			if _, _, err := r.Resolve(p.spec.Params[rn], over); err != nil {
				return err
			}
		}
	}
	return nil
}

// classRuns reports whether the run's class selection includes label.
func classRuns(label string, classes []string) bool {
	canon := model.CanonicalClass(label)
	for _, c := range classes {
		if strings.EqualFold(c, label) || (canon != "" && model.CanonicalClass(c) == canon) {
			return true
		}
	}
	return false
}

func (p *plan) selectEquips(all []Equipment) error {
	classes := p.spec.Classes
	if classes == nil {
		// Every recognised class; the unrecognised ones only when no
		// recognised class is stored (so no rule grades a logger on its
		// roles alone).
		recognised := slices.ContainsFunc(all, func(e Equipment) bool { return model.CanonicalClass(e.Class) != "" })
		for _, e := range all {
			if !recognised || model.CanonicalClass(e.Class) != "" {
				classes = append(classes, e.Class)
			}
		}
	}
	byID := map[string]Equipment{}
	ids := make([]string, 0, len(all))
	for _, e := range all {
		byID[e.Equip] = e
		ids = append(ids, e.Equip)
	}
	if p.spec.Equips == nil {
		for _, e := range all {
			if classRuns(e.Class, classes) {
				p.equips = append(p.equips, e)
			}
		}
		return nil
	}
	var unknown, idle []string
	for _, id := range p.spec.Equips {
		e, ok := byID[id]
		switch {
		case !ok:
			unknown = append(unknown, id)
		case !classRuns(e.Class, classes):
			idle = append(idle, id)
		case !slices.Contains(p.equips, e):
			p.equips = append(p.equips, e)
		}
	}
	if len(unknown) > 0 {
		return &SelectionError{Argument: "equips", Unknown: unknown, Available: ids}
	}
	if len(idle) > 0 {
		return &SelectionError{Argument: "equips", Unknown: idle,
			Reason: "are stored, but the run config runs no rule on them (their class is not in its equipment)"}
	}
	slices.SortFunc(p.equips, func(a, b Equipment) int { return strings.Compare(a.Equip, b.Equip) })
	return nil
}

// sharedRoles are the facility points a weather equipment shares.
var sharedRoles = []model.Role{model.OAT, model.OutdoorRH, model.WetbulbTemp, model.OutdoorCO2}

// loadShared reads the shared facility points: the weather equipment's
// roles, with the topology's per-role sources over them.
func (p *plan) loadShared(ctx context.Context, all []Equipment, src Source) error {
	weather := p.spec.Weather
	if weather == "" {
		for _, e := range all {
			if model.CanonicalClass(e.Class) == model.ClassWeather {
				weather = e.Equip
				break
			}
		}
	}
	from := map[model.Role]string{}
	if weather != "" {
		for _, r := range sharedRoles {
			from[r] = weather
		}
	}
	for r, e := range p.spec.Shared {
		from[r] = e
	}
	byEquip := map[string][]model.Role{}
	for r, e := range from {
		byEquip[e] = append(byEquip[e], r)
	}
	equips := make([]string, 0, len(byEquip))
	for e := range byEquip {
		equips = append(equips, e)
	}
	sort.Strings(equips)
	for _, e := range equips {
		ss, err := src.Series(ctx, e, p.start, p.end)
		if err != nil {
			return fmt.Errorf("read shared points of %s: %w", e, err)
		}
		for _, s := range ss {
			if slices.Contains(byEquip[e], s.Role) {
				p.shared = append(p.shared, s)
			}
		}
	}
	slices.SortStableFunc(p.shared, func(a, b model.Series) int { return strings.Compare(string(a.Role), string(b.Role)) })
	return nil
}
