package fdd

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/camber-tui/camber-tui/model"
)

// The cohort rules, cohort_airflow and cohort_space_temp, are two instances
// of one statistical rule: each unit's summary of a role (its mean, or
// median) is compared with its peers' by a robust z-score, z = 0.6745 ·
// (x − median) / MAD over the unit summaries (when MAD is 0, (x − median) /
// (1.253314 · mean absolute deviation), as the trust score's outlier test).
// Any unit with |z| > k warns; fewer than min_cohort units with a day of
// data give info. Sample masks: the judged samples are those where at least
// min_cohort units report, the flagged ones those where an outlier unit's
// own reading sits more than k robust standard deviations from the cohort
// median on its outlying side.

const (
	cohortKDefault   = 3.5
	cohortMinDefault = 3
)

// cohortRule builds one cohort instance over role.
func cohortRule(name, title string, role model.Role, classes []string, category string) Rule {
	return Rule{
		Name:     name,
		Title:    title,
		Classes:  classes,
		Required: []model.Role{role},
		Params: []Param{
			{
				Name: "k", Kind: Number, Default: cohortKDefault, Unit: "robust z",
				Min: plantBound(1), Max: plantBound(20),
				Basis:  "Iglewicz and Hoaglin (1993): a modified z-score above 3.5 marks a likely outlier",
				Advice: "raise it for cohorts of unlike units (mixed sizes or exposures); lower it to screen harder",
			},
			{
				Name: "min_cohort", Kind: Int, Default: cohortMinDefault, Unit: "units",
				Min: plantBound(3), Max: plantBound(10000),
				Basis:  "a median and MAD need at least three units to mean anything",
				Advice: "raise it so small cohorts (a few boxes on one floor) are not judged",
			},
			{
				Name: "summary", Kind: Choice, Default: "mean", Choices: []string{"mean", "median"},
				Basis:  "CAMBER summarises each unit by its mean",
				Advice: "use median when units have long excursions that should not move their summary",
			},
		},
		Standard:   "statistical peer comparison (robust z-score, Iglewicz and Hoaglin 1993)",
		Category:   category,
		Grid:       Hourly,
		CheckFleet: func(ctx context.Context, in *FleetInput) (Outcome, error) { return checkCohort(ctx, name, role, in) },
	}
}

func cohortAirflowRule() Rule {
	return cohortRule("cohort_airflow", "Airflow unlike its peers", model.Airflow,
		[]string{model.ClassVAV, model.ClassCAV, model.ClassFCAV}, "comfort")
}

func cohortSpaceTempRule() Rule {
	return cohortRule("cohort_space_temp", "Space temperature unlike its peers", model.SpaceTemp,
		[]string{model.ClassVAV, model.ClassCAV, model.ClassFCAV, model.ClassFCU}, "comfort")
}

// cohortUnit is one unit's summary.
type cohortUnit struct {
	k    int
	name string
	x, z float64
}

func checkCohort(ctx context.Context, rule string, role model.Role, in *FleetInput) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", rule, err)
	}
	k := plantF(in.Params, "k", cohortKDefault)
	minCohort := plantI(in.Params, "min_cohort", cohortMinDefault)
	how := plantS(in.Params, "summary", "mean")
	frames := in.Frames
	equip := fleetEquip(frames)
	al := newFleetAlign(frames)
	unitOf := role.Unit()
	if role.IsTemperature() {
		unitOf = "°F"
	}
	var caveats, thin []string
	if bad := al.misaligned(frames); len(bad) > 0 {
		caveats = append(caveats, "left out, on another time grid: "+plantNames(bad, 5))
	}
	var units []cohortUnit
	for idx, f := range frames {
		c := present(f, role)
		if !al.ok[idx] || c == nil {
			continue
		}
		n, sum := 0, 0.0
		for _, v := range c {
			if known(v) && !math.IsInf(v, 0) {
				n++
				sum += v
			}
		}
		if !enough(f, n) {
			thin = append(thin, f.Equip)
			continue
		}
		x := sum / float64(n)
		if how == "median" {
			x = median(c, nil)
		}
		units = append(units, cohortUnit{k: idx, name: f.Equip, x: x})
	}
	if len(thin) > 0 {
		caveats = append(caveats, "under a day of data, left out: "+plantNames(thin, 5))
	}
	metrics := map[string]any{"units": len(units), "outliers": nil, "k": k, "min_cohort": minCohort, "cohort_median": nil}
	if len(units) < minCohort {
		return Outcome{
			Severity: Info, Equip: equip,
			Summary: fmt.Sprintf("%s: insufficient data: %d units with a day of %s data (needs %d)", equip, len(units), role, minCohort),
			Metrics: metrics, Caveats: append(caveats, "cohort too small to compare units"),
		}, nil
	}
	xs := make([]float64, len(units))
	for i, u := range units {
		xs[i] = u.x
	}
	med, dev := mad(xs, nil)
	scale := dev / 0.6745 // robust σ
	if dev == 0 {
		var ad float64
		for _, x := range xs {
			ad += math.Abs(x - med)
		}
		scale = 1.253314 * ad / float64(len(xs))
	}
	var out []cohortUnit
	for i := range units {
		if scale > 0 {
			units[i].z = (units[i].x - med) / scale
		}
		if math.Abs(units[i].z) > k {
			out = append(out, units[i])
		}
	}
	sort.Slice(out, func(i, j int) bool { return math.Abs(out[i].z) > math.Abs(out[j].z) })
	metrics["outliers"] = len(out)
	metrics["cohort_median"] = round(med, 1)
	// Sample masks on the reference grid.
	ref := al.ref
	judged, flagged := make([]bool, ref.N), make([]bool, ref.N)
	for i := range judged {
		rep := 0
		for _, u := range units {
			f := frames[u.k]
			if j := al.at(u.k, i, f); j >= 0 && known(f.Col(role)[j]) {
				rep++
			}
		}
		if rep < minCohort {
			continue
		}
		judged[i] = true
		for _, u := range out {
			f := frames[u.k]
			j := al.at(u.k, i, f)
			if j < 0 {
				continue
			}
			v := f.Col(role)[j]
			if known(v) && (v-med)*math.Copysign(1, u.z) > k*scale {
				flagged[i] = true
				break
			}
		}
	}
	nj := count(judged)
	bs := basis(ref, "cohort")
	what := fmt.Sprintf("%s %s", how, role)
	if len(out) == 0 {
		return Outcome{
			Severity: OK, Equip: equip,
			Summary: fmt.Sprintf("%s: none of %d units stands out from its peers on %s (cohort median %s %s, |z| ≤ %s)",
				equip, len(units), what, plantNum(med, 1), unitOf, plantVal(k)),
			Metrics: metrics, Caveats: caveats, Judged: judged, Flagged: flagged, JudgedBasis: bs, Evidence: "cohort_strip",
		}, nil
	}
	w := out[0]
	metrics["worst_unit"] = w.name
	metrics["worst_value"] = round(w.x, 1)
	metrics["worst_z"] = round(w.z, 1)
	names := make([]string, len(out))
	for i, u := range out {
		names[i] = u.name
	}
	metrics["outlier_units"] = plantNames(names, 10)
	nf := count(flagged)
	metrics["flagged_samples"] = nf
	metrics["judged_samples"] = nj
	return Outcome{
		Severity: Warn,
		Equip:    equip,
		Summary: fmt.Sprintf("%s: %d of %d units stand out from their peers on %s; worst %s at %s %s (robust z %s, cohort median %s, |z| > %s)",
			equip, len(out), len(units), what, w.name, plantNum(w.x, 1), unitOf, plantNum(w.z, 1), plantNum(med, 1), plantVal(k)),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: bs,
		Evidence:    "cohort_strip",
	}, nil
}
