package fdd

import (
	"context"
	"fmt"
	"slices"

	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// applies reports whether rule r is written for an equipment of canonical
// class canon. An equipment whose class the model does not recognise (it
// runs only when the run names its class) is judged on its roles alone:
// every rule whose required roles it all has.
func applies(r *Rule, canon string, f *series.Frame) bool {
	if canon != "" {
		return len(r.Classes) == 0 || slices.Contains(r.Classes, canon)
	}
	if len(r.Required) == 0 {
		return false
	}
	for _, role := range r.Required {
		if !f.Has(role) {
			return false
		}
	}
	return true
}

// missingRequired lists r's required roles absent from f.
func missingRequired(r *Rule, f *series.Frame) []model.Role {
	var out []model.Role
	for _, role := range r.Required {
		if !f.Has(role) {
			out = append(out, role)
		}
	}
	return out
}

// inputs are the roles rule r reads on f (required, optional, gate roles),
// present on the frame, without repeats, and the gated ones among them:
// every required role and the first present role of each gate group.
func inputs(r *Rule, f *series.Frame) (reads []model.Role, gated map[model.Role]bool) {
	gated = map[model.Role]bool{}
	add := func(role model.Role) {
		if f.Has(role) && !slices.Contains(reads, role) {
			reads = append(reads, role)
		}
	}
	for _, role := range r.Required {
		add(role)
		gated[role] = true
	}
	for _, g := range r.Gates {
		for _, role := range g {
			if f.Has(role) {
				gated[role] = true
				break
			}
		}
	}
	for _, role := range r.Optional {
		add(role)
	}
	for _, g := range r.Gates {
		for _, role := range g {
			add(role)
		}
	}
	return reads, gated
}

// gate checks rule r's inputs on the run frame against the trust floor:
// below lists every input read below it (in reading order) and declined
// says whether a gated one is among them.
func (p *plan) gate(r *Rule, f *series.Frame, trust map[model.Role]quality.TrustScore) (below []RoleTrust, declined bool) {
	floor := p.spec.MinTrust
	if floor <= 0 {
		return nil, false
	}
	reads, gated := inputs(r, f)
	for _, role := range reads {
		s, ok := trust[role]
		if !ok || s.Score >= floor {
			continue
		}
		below = append(below, RoleTrust{Role: role, Equip: f.Source(role), Trust: s.Score})
		if gated[role] {
			declined = true
		}
	}
	return below, declined
}

// params returns the values and usage of rule r on equipment equip.
func (p *plan) params(r *Rule, equip string) (Values, []ParamUsed, error) {
	if over, ok := p.spec.EquipParams[equip][r.Name]; ok {
		return r.Resolve(p.spec.Params[r.Name], over)
	}
	return p.vals[r.Name], p.used[r.Name], nil
}

// equipResult is what one equipment's pass produced.
type equipResult struct {
	frame    *series.Frame
	trust    map[model.Role]quality.TrustScore
	findings []Finding
	skips    []Skip
	offers   []fleetOffer
}

// fleetOffer is a unit offered to a fleet rule.
type fleetOffer struct {
	rule     *Rule
	member   fleetMember
	below    []RoleTrust
	declined bool
}

// nativeRoles are the roles the native-grid rules written for this
// equipment read, so the native frame holds only those.
func (p *plan) nativeRoles(canon string, f *series.Frame) map[model.Role]bool {
	var out map[model.Role]bool
	for _, r := range p.rules {
		if r.Grid != Native || !applies(r, canon, f) {
			continue
		}
		if out == nil {
			out = map[model.Role]bool{}
		}
		for _, role := range r.Required {
			out[role] = true
		}
		for _, role := range r.Optional {
			out[role] = true
		}
		for _, g := range r.Gates {
			for _, role := range g {
				out[role] = true
			}
		}
	}
	return out
}

func filterRoles(ss []model.Series, keep map[model.Role]bool) []model.Series {
	out := make([]model.Series, 0, len(ss))
	for _, s := range ss {
		if keep[s.Role] {
			out = append(out, s)
		}
	}
	return out
}

// runEquip loads one equipment, builds its frames and trust scores, and
// runs every per-equipment rule written for it; fleet rules get the unit
// offered. It touches no shared state, so equipment run in parallel.
func (p *plan) runEquip(ctx context.Context, e Equipment) (*equipResult, error) {
	ss, err := p.src.Series(ctx, e.Equip, p.start, p.end)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", e.Equip, err)
	}
	opt := series.Options{Step: durationOf(p.step), Start: p.start, End: p.end, Shared: p.shared}
	f := series.Build(e.Equip, e.Class, ss, opt)
	trust, err := quality.FrameTrust(ctx, f)
	if err != nil {
		return nil, err
	}
	res := &equipResult{frame: f, trust: trust}
	canon := model.CanonicalClass(e.Class)
	var native *series.Frame
	nativeFrame := func() *series.Frame {
		if native == nil {
			keep := p.nativeRoles(canon, f)
			nopt := opt
			nopt.Shared = filterRoles(p.shared, keep)
			native = series.BuildNative(e.Equip, e.Class, filterRoles(ss, keep), nopt)
		}
		return native
	}
	for _, r := range p.rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !applies(r, canon, f) {
			continue
		}
		if missing := missingRequired(r, f); len(missing) > 0 {
			res.skips = append(res.skips, Skip{Rule: r.Name, Equip: e.Equip, Missing: missing})
			continue
		}
		grid := f
		if r.Grid == Native {
			grid = nativeFrame()
		}
		below, declined := p.gate(r, f, trust)
		if r.IsFleet() {
			res.offers = append(res.offers, fleetOffer{rule: r, member: fleetMember{e: e, f: grid}, below: below, declined: declined})
			continue
		}
		vals, used, err := p.params(r, e.Equip)
		if err != nil {
			return nil, err
		}
		if declined {
			res.findings = append(res.findings, p.decline(r, e.Equip, e.Class, grid, below, used))
			continue
		}
		fd, err := p.check(ctx, r, e, grid, f, vals, used)
		if err != nil {
			return nil, err
		}
		if len(below) > 0 {
			fd.Untrusted = below
			fd.Caveats = append(fd.Caveats, "ran without trusting optional input(s) below the trust floor: "+trustList(below))
		}
		res.findings = append(res.findings, fd)
	}
	return res, nil
}

// decline is the info finding of a check the trust gate declined.
func (p *plan) decline(r *Rule, equip, class string, grid *series.Frame, below []RoleTrust, used []ParamUsed) Finding {
	roles := make([]string, len(below))
	for i, b := range below {
		roles[i] = string(b.Role)
	}
	fd, _ := toFinding(r, equip, class, grid, &Outcome{Severity: Info}, used)
	fd.Summary = declineSummary(equip, below)
	fd.Metrics = map[string]any{"declined": true, "min_trust": p.spec.MinTrust, "untrusted_roles": roles}
	fd.Caveats = []string{fmt.Sprintf("not judged: an input the check needs scores below the trust floor %s; a declined check is not a pass", formatTrust(p.spec.MinTrust))}
	fd.Untrusted = below
	return fd
}

// check runs a per-equipment kernel and turns its outcome into a finding.
// A kernel error or panic becomes an info finding; only cancellation
// stops the run.
func (p *plan) check(ctx context.Context, r *Rule, e Equipment, grid, run *series.Frame, vals Values, used []ParamUsed) (Finding, error) {
	o, err := safeCheck(ctx, r, &Input{Equip: e.Equip, Class: e.Class, Frame: grid, Params: vals})
	if err == nil {
		var fd Finding
		if fd, err = toFinding(r, e.Equip, e.Class, grid, &o, used); err == nil {
			fd.MissingOptional = missingOptional(r, grid)
			fd.ConditionalOn = p.conditional(r, run)
			return fd, nil
		}
	}
	if ctx.Err() != nil {
		return Finding{}, ctx.Err()
	}
	return errorFinding(r, e.Equip, e.Class, grid, used, err), nil
}

func safeCheck(ctx context.Context, r *Rule, in *Input) (o Outcome, err error) {
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("rule %s failed: %v", r.Name, x)
		}
	}()
	if r.Check == nil {
		return o, fmt.Errorf("rule %s has no per-equipment check", r.Name)
	}
	return r.Check(ctx, in)
}

// errorFinding reports a kernel that could not evaluate.
func errorFinding(r *Rule, equip, class string, grid *series.Frame, used []ParamUsed, err error) Finding {
	fd, _ := toFinding(r, equip, class, grid, &Outcome{Severity: Info}, used)
	fd.Summary = fmt.Sprintf("%s: could not evaluate -- %v", equip, err)
	fd.Metrics = map[string]any{"error": err.Error()}
	fd.Caveats = []string{"the rule failed on this equipment's data; no verdict was reached"}
	return fd
}

// missingOptional lists r's optional roles absent from f.
func missingOptional(r *Rule, f *series.Frame) []model.Role {
	var out []model.Role
	for _, role := range r.Optional {
		if !f.Has(role) {
			out = append(out, role)
		}
	}
	return out
}

// conditional lists the disagreeing sensor references of the inputs rule r
// reads on the run frame: same equipment (the shared point's own
// equipment for a merged column) and role, at warn or fault.
func (p *plan) conditional(r *Rule, f *series.Frame) []Conditional {
	if len(p.spec.References) == 0 {
		return nil
	}
	reads, _ := inputs(r, f)
	var out []Conditional
	for _, ref := range p.spec.References {
		if ref.Verdict != string(Warn) && ref.Verdict != string(Fault) {
			continue
		}
		if slices.Contains(reads, ref.Role) && f.Source(ref.Role) == ref.Equip {
			out = append(out, ref)
		}
	}
	return out
}

func trustList(below []RoleTrust) string {
	s := ""
	for i, b := range below {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s (trust %s)", b.Role, formatTrust(b.Trust))
	}
	return s
}
