package fdd

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Fleet rules: damper_census, zones_heat_cool_census, chiller_staging_fleet
// (the cohort rules are in plant_cohort.go). A fleet finding is named by
// Outcome.Equip, "<class>-fleet" for a fleet of one canonical class
// ("VAV-fleet", "Chiller-fleet") and "zone-fleet" for mixed terminals: a
// plain token a finding id <rule>@<equip> carries. CAMBER used "<fleet>",
// which is not an id. The runner offers every eligible unit of the
// facility, so there is one fleet finding per rule and run. Sample masks
// are on the first frame's grid, which every frame of a run shares; a frame
// on another grid is mapped onto it by time (a unit on a different step is
// left out with a caveat).

const (
	stagingCeiling  = 0.9 // redundancy_ceiling default
	fleetMinChiller = 2
)

// fleetEquip names a fleet finding from its members' classes.
func fleetEquip(frames []*series.Frame) string {
	class := ""
	for i, f := range frames {
		c := model.CanonicalClass(f.Class)
		if c == "" {
			c = f.Class
		}
		if i == 0 {
			class = c
		} else if c != class {
			class = ""
			break
		}
	}
	switch {
	case class != "" && !strings.ContainsAny(class, " @#/"):
		return class + "-fleet"
	case len(frames) > 0 && plantAllTerminal(frames):
		return "zone-fleet"
	}
	return FleetEquip
}

// plantAllTerminal reports whether every frame is a zone class.
func plantAllTerminal(frames []*series.Frame) bool {
	for _, f := range frames {
		c, ok := model.LookupClass(f.Class)
		if !ok || !(c.Terminal || c.Name == model.ClassFCU) {
			return false
		}
	}
	return true
}

// fleetAlign maps each unit's samples onto the reference grid (the first
// frame's). off[k] is unit k's slot offset: reference slot i is unit slot
// i − off[k]; ok[k] is false for a unit on another step or phase.
type fleetAlign struct {
	ref *series.Frame
	off []int
	ok  []bool
}

func newFleetAlign(frames []*series.Frame) fleetAlign {
	a := fleetAlign{off: make([]int, len(frames)), ok: make([]bool, len(frames))}
	if len(frames) == 0 {
		return a
	}
	a.ref = frames[0]
	for k, f := range frames {
		d := f.Start - a.ref.Start
		if f.Step != a.ref.Step || d%a.ref.Step != 0 {
			continue
		}
		a.off[k], a.ok[k] = int(d/a.ref.Step), true
	}
	return a
}

// at returns unit k's slot for reference slot i, or −1.
func (a fleetAlign) at(k, i int, f *series.Frame) int {
	if !a.ok[k] {
		return -1
	}
	j := i - a.off[k]
	if j < 0 || j >= f.N {
		return -1
	}
	return j
}

// misaligned names the units left out for another grid.
func (a fleetAlign) misaligned(frames []*series.Frame) []string {
	var out []string
	for k, f := range frames {
		if !a.ok[k] {
			out = append(out, f.Equip)
		}
	}
	return out
}

// plantNames joins up to n names, with "and N more".
func plantNames(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// chillerStagingFleetRule: more chillers running than the load needs. In
// each hour with two or more chillers running (power ≥ max(2 kW, 10 % of
// the chiller's p99)), the plant is over-staged when the running chillers'
// total power would fit within redundancy_ceiling of the capacity left after
// stopping the smallest running one, capacity being each chiller's p99
// power. Warn at ≥ 20 % of multi-chiller hours, fault at ≥ 50 %; fewer than
// two chillers: info (CAMBER). Power stands in for load, as in CAMBER,
// since it is the one input every chiller has.
func chillerStagingFleetRule() Rule {
	return Rule{
		Name:     "chiller_staging_fleet",
		Title:    "More chillers running than the load needs",
		Classes:  []string{model.ClassChiller},
		Required: []model.Role{model.Power},
		Params: []Param{{
			Name: "redundancy_ceiling", Kind: Number, Default: stagingCeiling, Unit: "fraction",
			Min: plantBound(0.5), Max: plantBound(1),
			Basis:  "PNNL Re-tuning Ch. 8: stage a chiller off when the others can carry the load below about 90 % of their capacity",
			Advice: "lower it where chillers surge or trip at high load; raise it toward 1 for variable-speed machines",
		}},
		Standard:   pnnlPlant,
		Category:   "energy",
		Grid:       Hourly,
		CheckFleet: checkChillerStagingFleet,
	}
}

func checkChillerStagingFleet(ctx context.Context, in *FleetInput) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("chiller_staging_fleet: %w", err)
	}
	ceiling := plantF(in.Params, "redundancy_ceiling", stagingCeiling)
	frames := in.Frames
	equip := fleetEquip(frames)
	al := newFleetAlign(frames)
	var caveats []string
	if bad := al.misaligned(frames); len(bad) > 0 {
		caveats = append(caveats, "left out, on another time grid: "+plantNames(bad, 5))
	}
	type unit struct {
		k       int
		p       []float64
		on, cap float64
	}
	var units []unit
	for k, f := range frames {
		p := present(f, model.Power)
		if !al.ok[k] || p == nil {
			continue
		}
		on := chillerOnThreshold(p)
		running := make([]bool, f.N)
		for i, v := range p {
			running[i] = v >= on
		}
		c := quantile(p, running, chillerPeakQ)
		if !(c > 0) {
			continue
		}
		units = append(units, unit{k: k, p: p, on: on, cap: c})
	}
	metrics := map[string]any{"chillers": len(units), "over_staged_share_pct": nil, "redundancy_ceiling": ceiling, "min_chillers": fleetMinChiller}
	if len(units) < fleetMinChiller {
		return Outcome{
			Severity: Info, Equip: equip,
			Summary: fmt.Sprintf("%s: %d chillers with power data: staging across chillers needs 2", equip, len(units)),
			Metrics: metrics, Caveats: append(caveats, "fewer than two chillers: plant staging not judged"),
		}, nil
	}
	ref := al.ref
	judged, flagged := make([]bool, ref.N), make([]bool, ref.N)
	for i := range judged {
		n := 0
		var load, capSum float64
		capMin := math.Inf(1)
		for _, u := range units {
			j := al.at(u.k, i, frames[u.k])
			if j < 0 || !(u.p[j] >= u.on) {
				continue
			}
			n++
			load += u.p[j]
			capSum += u.cap
			capMin = math.Min(capMin, u.cap)
		}
		if n >= 2 {
			judged[i] = true
			flagged[i] = load <= ceiling*(capSum-capMin)
		}
	}
	nj, nf := count(judged), count(flagged)
	bs := basis(ref, "multi-chiller")
	metrics["multi_chiller_samples"] = nj
	if nj == 0 {
		return Outcome{
			Severity: OK, Equip: equip,
			Summary:     fmt.Sprintf("%s: never more than one of %d chillers running at once (0 multi-chiller %s)", equip, len(units), sampleNoun(ref)),
			Metrics:     metrics,
			Caveats:     caveats,
			Judged:      judged,
			Flagged:     flagged,
			JudgedBasis: bs,
		}, nil
	}
	if !enough(ref, nj) {
		out := plantTooFew(ref, nj, bs, metrics, "too few multi-chiller hours to judge staging")
		out.Summary = strings.Replace(out.Summary, ref.Equip+":", equip+":", 1)
		out.Equip = equip
		out.Caveats = append(caveats, out.Caveats...)
		return out, nil
	}
	share := pct(nf, nj)
	metrics["over_staged_share_pct"] = round(share, 1)
	metrics["over_staged_samples"] = nf
	return Outcome{
		Severity: gradeAtLeast(share, 20, 50),
		Equip:    equip,
		Summary: fmt.Sprintf("%s: more chillers running than the load needs in %s of %s (%s of %s; %d chillers)",
			equip, fmtPct(share), bs, fmtInt(nf), fmtInt(nj), len(units)),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: bs,
		Evidence:    "chiller_staging_timeline",
	}, nil
}
