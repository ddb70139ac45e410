package fdd

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/series"
)

// fleetState collects the units offered to each fleet rule.
type fleetState struct {
	p        *plan
	members  map[string][]fleetMember
	excluded map[string][]string
}

type fleetMember struct {
	e Equipment
	f *series.Frame
}

func newFleetState(p *plan) *fleetState {
	return &fleetState{p: p, members: map[string][]fleetMember{}, excluded: map[string][]string{}}
}

// offer adds a unit that has the rule's required inputs; an untrusted unit
// is left out of the batch and named in the finding's caveat.
func (s *fleetState) offer(o fleetOffer) {
	name := o.rule.Name
	if o.declined {
		s.excluded[name] = append(s.excluded[name], fmt.Sprintf("%s: %s", o.member.e.Equip, trustList(o.below)))
		return
	}
	s.members[name] = append(s.members[name], o.member)
}

// run judges each fleet rule on its members.
func (s *fleetState) run(ctx context.Context, res *RunResult) ([]Finding, error) {
	var out []Finding
	for _, r := range s.p.rules {
		if !r.IsFleet() {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		members, excluded := s.members[r.Name], s.excluded[r.Name]
		if len(members) == 0 && len(excluded) == 0 {
			continue
		}
		vals, used := s.p.vals[r.Name], s.p.used[r.Name]
		frames := make([]*series.Frame, len(members))
		units := make([]string, len(members))
		for i, m := range members {
			frames[i], units[i] = m.f, m.e.Equip
		}
		grid := &series.Frame{Start: s.p.start, Step: s.p.step, N: int((s.p.end - s.p.start + s.p.step - 1) / s.p.step)}
		if len(frames) > 0 {
			grid = frames[0]
		}
		if len(members) == 0 {
			fd, _ := toFinding(r, FleetEquip, "", grid, &Outcome{Severity: Info}, used)
			fd.Summary = fmt.Sprintf("%s: declined -- every unit has an untrusted input (%s)", FleetEquip, strings.Join(excluded, "; "))
			fd.Metrics = map[string]any{"declined": true, "min_trust": s.p.spec.MinTrust, "units_excluded": len(excluded)}
			fd.Caveats = []string{"not judged: no unit's inputs clear the trust floor; a declined check is not a pass"}
			out = append(out, fd)
			continue
		}
		o, err := safeFleet(ctx, r, &FleetInput{Frames: frames, Params: vals})
		var fd Finding
		equip := FleetEquip
		if err == nil {
			if o.Equip != "" {
				equip = o.Equip
			}
			fd, err = toFinding(r, equip, "", grid, &o, used)
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			fd = errorFinding(r, equip, "", grid, used, err)
		}
		fd.Units = units
		if len(excluded) > 0 {
			fd.Caveats = append(fd.Caveats, fmt.Sprintf("%d unit(s) left out for untrusted inputs: %s", len(excluded), strings.Join(excluded, "; ")))
			fd.Metrics["units_excluded"] = len(excluded)
		}
		out = append(out, fd)
	}
	return out, nil
}

func safeFleet(ctx context.Context, r *Rule, in *FleetInput) (o Outcome, err error) {
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("rule %s failed: %v", r.Name, x)
		}
	}()
	return r.CheckFleet(ctx, in)
}
