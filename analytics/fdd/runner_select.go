package fdd

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

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
