package mv

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// Project is one M&V evaluation: a meter and an outdoor-air series with
// explicit baseline and reporting windows. The zero values of the optional
// fields are the defaults.
type Project struct {
	// Meter holds power (kW) or energy_rate samples; OAT the outdoor air
	// temperature (°F).
	Meter model.Series
	OAT   model.Series
	// Baseline and Reporting are [Start, End) in ns of naive local time.
	Baseline, Reporting Window
	// Interval is hourly, daily (default) or monthly.
	Interval Interval
	// Confidence is the headline confidence level in percent (default 90);
	// 80, 90 and 95 are always reported too.
	Confidence int
	// RateUnit is the unit of the meter's stored values ("" = the role's:
	// kW for power, kBtu/h for energy_rate); Units the energy unit savings
	// are reported in ("" = the rate's energy unit, kWh for kW).
	RateUnit, Units string
	// ExcludeNonRoutine drops baseline periods whose robust residual z
	// exceeds NonRoutineZ, then refits.
	ExcludeNonRoutine bool
	// Autocorrelation adjusts the baseline count for lag-1 residual
	// autocorrelation, n′ = n(1 − ρ)/(1 + ρ), in the uncertainty.
	Autocorrelation bool
	// Models are the kinds to choose among by BIC (nil = DefaultKinds).
	// The default kinds are fitted as well for comparison.
	Models []Kind
	// MinCoverage is the coverage rule (0 = DefaultMinCoverage).
	MinCoverage float64
}

// MinBaselinePeriods is the fewest usable baseline periods Evaluate
// accepts per interval: two weeks of hours, two weeks of days, or six
// months.
func MinBaselinePeriods(iv Interval) int {
	switch iv {
	case Hourly:
		return 2 * HoursPerWeek
	case Monthly:
		return 6
	}
	return 14
}

// Evaluate runs an M&V project: aggregate, fit and choose a baseline by
// BIC, judge it against Guideline 14, screen non-routine baseline periods,
// project onto the reporting period, and report avoided energy with its
// uncertainty, the CUSUM of savings, step changes, triggers and method
// proposals. Errors wrap ErrInvalid (a malformed project), ErrNoData (a
// window without samples) or ErrTooFewPoints / ErrNoFit, each saying what
// is missing.
func Evaluate(ctx context.Context, pr Project) (*Report, error) {
	if pr.Interval == "" {
		pr.Interval = Daily
	}
	if pr.Confidence == 0 {
		pr.Confidence = 90
	}
	if err := pr.check(); err != nil {
		return nil, err
	}
	unit, factor, err := EnergyUnit(pr.Meter.Role, pr.RateUnit, pr.Units)
	if err != nil {
		return nil, err
	}
	iv := pr.Interval
	rep := &Report{Meter: pointName(pr.Meter), OAT: pointName(pr.OAT), Interval: iv, Units: unit,
		Steps: []Step{}, Triggers: []Advice{}, Proposals: []Advice{}, Caveats: []string{}}
	base, bcov, err := Aggregate(pr.Meter, pr.OAT, pr.Baseline, iv, factor, pr.MinCoverage)
	if err != nil {
		return nil, err
	}
	repo, rcov, err := Aggregate(pr.Meter, pr.OAT, pr.Reporting, iv, factor, pr.MinCoverage)
	if err != nil {
		return nil, err
	}
	rep.Baseline, rep.Reporting = bcov, rcov
	if need := MinBaselinePeriods(iv); len(base) < need {
		return nil, fmt.Errorf("%w: the baseline %s has %d usable %s periods, need at least %d (%s)",
			ErrTooFewPoints, pr.Baseline, len(base), iv, need, dropped(bcov))
	}
	if len(repo) == 0 {
		return nil, fmt.Errorf("%w: the reporting window %s has no usable %s period (%s)", ErrTooFewPoints, pr.Reporting, iv, dropped(rcov))
	}
	requested := pr.Models
	if len(requested) == 0 {
		requested = DefaultKinds(iv)
	}
	kinds := slices.Clone(requested)
	for _, k := range DefaultKinds(iv) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	bd := toData(base, iv)
	fits, reasons, err := fitAll(ctx, kinds, bd)
	if err != nil {
		return nil, err
	}
	chosen := choose(requested, fits)
	if chosen == nil {
		return nil, fmt.Errorf("%w: %s", ErrNoFit, reasonList(requested, reasons))
	}
	// Non-routine screen on the chosen model's residuals.
	nr, keep, err := screen(ctx, chosen, bd, base, pr.ExcludeNonRoutine)
	if err != nil {
		return nil, err
	}
	rep.NonRoutine = nr
	if nr.Excluded > 0 {
		kept := bd.subset(keep)
		var kb []Period
		for i, p := range base {
			if keep[i] {
				kb = append(kb, p)
			}
		}
		if len(kb) < MinBaselinePeriods(iv) {
			return nil, fmt.Errorf("%w: excluding %d non-routine periods leaves %d of the %d the baseline needs",
				ErrTooFewPoints, nr.Excluded, len(kb), MinBaselinePeriods(iv))
		}
		base, bd = kb, kept
		if fits, reasons, err = fitAll(ctx, kinds, bd); err != nil {
			return nil, err
		}
		if chosen = choose(requested, fits); chosen == nil {
			return nil, fmt.Errorf("%w after excluding non-routine periods: %s", ErrNoFit, reasonList(requested, reasons))
		}
	}
	rep.Model = chosen
	if rep.Acceptance, err = Judge(chosen.Stats, iv); err != nil {
		return nil, err
	}
	rep.InformationOnly = !rep.Acceptance.Pass
	rep.Candidates = candidates(kinds, requested, fits, reasons, chosen, iv)
	bResid := residuals(chosen, bd)
	rd := toData(repo, iv)
	rPred := chosen.Predict(rd)
	if rep.Savings, err = savings(pr, unit, chosen, bResid, repo, rPred); err != nil {
		return nil, err
	}
	rep.CUSUM = cusum(repo, rPred, iv)
	advise(rep, pr, fits, requested, base, bResid, repo, rPred)
	return rep, nil
}

func (pr Project) check() error {
	if _, err := LimitsFor(pr.Interval); err != nil {
		return err
	}
	if pr.Meter.Role != model.Power && pr.Meter.Role != model.EnergyRate {
		return fmt.Errorf("%w: meter role %q is not power or energy_rate", ErrInvalid, pr.Meter.Role)
	}
	if pr.OAT.Role != "" && pr.OAT.Role != model.OAT {
		return fmt.Errorf("%w: outdoor-air role %q is not oat", ErrInvalid, pr.OAT.Role)
	}
	for _, w := range []struct {
		name string
		w    Window
	}{{"baseline", pr.Baseline}, {"reporting", pr.Reporting}} {
		if w.w.End <= w.w.Start {
			return fmt.Errorf("%w: the %s window's start %s is not before its end %s", ErrInvalid, w.name, stamp(w.w.Start), stamp(w.w.End))
		}
		for _, s := range []model.Series{pr.Meter, pr.OAT} {
			if a, b := rangeIn(s.TS, w.w.Start, w.w.End); a == b {
				return fmt.Errorf("%w: %s has no sample in the %s window %s%s", ErrNoData, pointName(s), w.name, w.w, span(s))
			}
		}
	}
	if pr.Confidence <= 0 || pr.Confidence >= 100 {
		return fmt.Errorf("%w: confidence %d is not a percentage between 0 and 100", ErrInvalid, pr.Confidence)
	}
	for _, k := range pr.Models {
		if _, ok := ParseKind(string(k)); !ok {
			return fmt.Errorf("%w: unknown model %q (known: %s)", ErrInvalid, k, kindNames())
		}
	}
	return nil
}

func kindNames() string {
	var out []string
	for _, k := range Kinds() {
		out = append(out, string(k))
	}
	return strings.Join(out, ", ")
}

func pointName(s model.Series) string { return strings.TrimSpace(s.Equip + " " + string(s.Role)) }

func span(s model.Series) string {
	if len(s.TS) == 0 {
		return " (the series is empty)"
	}
	return fmt.Sprintf(" (its data spans %s – %s)", stamp(s.TS[0]), stamp(s.TS[len(s.TS)-1]))
}

func dropped(c Coverage) string {
	return fmt.Sprintf("%d periods in the window: %d kept, %d under %.0f%% meter coverage, %d negative, %d without outdoor air",
		c.Periods, c.Kept, c.Incomplete, 100*c.MinCoverage, c.Negative, c.NoOAT)
}

// fitAll fits each kind; a kind that does not fit gets a reason. Only a
// cancelled context is an error.
func fitAll(ctx context.Context, kinds []Kind, d Data) (map[Kind]*Fit, map[Kind]string, error) {
	fits, reasons := map[Kind]*Fit{}, map[Kind]string{}
	for _, k := range kinds {
		f, err := FitModel(ctx, k, d)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			reasons[k] = err.Error()
			continue
		}
		fits[k] = f
	}
	return fits, reasons, nil
}

// choose is the requested fit with the lowest BIC.
func choose(requested []Kind, fits map[Kind]*Fit) *Fit {
	var list []*Fit
	for _, k := range requested {
		list = append(list, fits[k])
	}
	return Best(list)
}

func reasonList(kinds []Kind, reasons map[Kind]string) string {
	var out []string
	for _, k := range kinds {
		if r, ok := reasons[k]; ok {
			out = append(out, string(k)+": "+r)
		}
	}
	return strings.Join(out, "; ")
}

func candidates(kinds, requested []Kind, fits map[Kind]*Fit, reasons map[Kind]string, chosen *Fit, iv Interval) []Candidate {
	out := make([]Candidate, 0, len(kinds))
	for _, k := range kinds {
		c := Candidate{Kind: k, Requested: slices.Contains(requested, k), Reason: reasons[k]}
		if f := fits[k]; f != nil {
			st, b := f.Stats, f.BIC
			acc, _ := Judge(st, iv)
			c.Fitted, c.Chosen, c.Stats, c.BIC, c.Accepted = true, f == chosen, &st, &b, &acc.Pass
		}
		out = append(out, c)
	}
	return out
}

// residuals are y − ŷ of a fit on d (NaN where it cannot predict).
func residuals(f *Fit, d Data) []float64 {
	p := f.Predict(d)
	for i := range p {
		p[i] = d.Y[i] - p[i]
	}
	return p
}

func finiteOnly(x []float64) []float64 {
	out := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			out = append(out, v)
		}
	}
	return out
}

// IsDataError reports whether err is one of the package's data errors
// (no data, too few points, no fit) rather than a malformed project.
func IsDataError(err error) bool {
	return errors.Is(err, ErrNoData) || errors.Is(err, ErrTooFewPoints) || errors.Is(err, ErrNoFit)
}
