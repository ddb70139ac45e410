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

// Candidate is one model kind's outcome on the baseline.
type Candidate struct {
	Kind Kind `json:"kind"`
	// Requested marks the kinds the choice is made among; the others are
	// fitted for comparison only.
	Requested bool `json:"requested"`
	Fitted    bool `json:"fitted"`
	Chosen    bool `json:"chosen"`
	// Reason says why the kind was not fitted.
	Reason string   `json:"reason,omitempty"`
	Stats  *Stats   `json:"stats,omitempty"`
	BIC    *float64 `json:"bic,omitempty"`
	// Accepted is the Guideline 14 verdict of the kind's fit.
	Accepted *bool `json:"accepted,omitempty"`
}

// NonRoutine reports the non-routine-event screen of the baseline.
type NonRoutine struct {
	Enabled   bool    `json:"enabled"`
	Threshold float64 `json:"z_threshold"`
	// Flagged counts the baseline periods over the threshold on the first
	// fit; Excluded those dropped (Flagged when enabled, else 0).
	Flagged  int              `json:"flagged"`
	Excluded int              `json:"excluded"`
	Periods  []ExcludedPeriod `json:"periods"`
	// Note says why flagged periods were not excluded.
	Note string `json:"note,omitempty"`
}

// ExcludedPeriod is one flagged baseline period.
type ExcludedPeriod struct {
	Start    string  `json:"start"`
	Residual float64 `json:"residual"`
	Z        float64 `json:"z"`
}

// Savings are the avoided energy over the reporting period and its
// uncertainty, in Units.
type Savings struct {
	Units             string  `json:"units"`
	BaselineProjected float64 `json:"baseline_projected"`
	ReportingActual   float64 `json:"reporting_actual"`
	// Avoided = BaselineProjected − ReportingActual; Fraction = Avoided ÷
	// BaselineProjected (Percent = 100 × Fraction).
	Avoided  float64 `json:"avoided"`
	Fraction float64 `json:"fraction"`
	Percent  float64 `json:"percent"`
	// N, P and M are the baseline points, model parameters and reporting
	// points; NPrime the effective baseline points; Rho the lag-1
	// autocorrelation of the baseline residuals.
	N               int     `json:"n"`
	P               int     `json:"p"`
	NPrime          float64 `json:"n_prime"`
	M               int     `json:"m"`
	Rho             float64 `json:"rho"`
	Autocorrelation bool    `json:"autocorrelation_adjusted"`
	// Confidence and the fields after it are the headline level.
	Confidence     int      `json:"confidence"`
	T              float64  `json:"t"`
	TBasis         string   `json:"t_basis"`
	FSU            *float64 `json:"fsu"`
	AbsUncertainty float64  `json:"abs_uncertainty"`
	Low            float64  `json:"low"`
	High           float64  `json:"high"`
	// Levels are the 80, 90 and 95 % results.
	Levels []Level `json:"levels"`
	// Unpredicted counts reporting periods the model could not predict
	// (left out of both sums).
	Unpredicted int `json:"unpredicted"`
	// OutsideBaselineTemps is the share of reporting periods whose
	// temperature lies outside the baseline's range.
	OutsideBaselineTemps float64 `json:"outside_baseline_temps"`
}

// Advice is a trigger or a method proposal, as data.
type Advice struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Values  map[string]any `json:"values,omitempty"`
}

// Report is the outcome of [Evaluate].
type Report struct {
	Meter    string   `json:"meter"`
	OAT      string   `json:"oat"`
	Interval Interval `json:"interval"`
	Units    string   `json:"units"`
	// Baseline and Reporting say what aggregation kept in each window.
	Baseline   Coverage    `json:"baseline"`
	Reporting  Coverage    `json:"reporting"`
	Model      *Fit        `json:"model"`
	Candidates []Candidate `json:"candidates"`
	Acceptance Acceptance  `json:"acceptance"`
	// InformationOnly is set when the baseline fails acceptance: the
	// savings are then for information only.
	InformationOnly bool         `json:"information_only"`
	NonRoutine      NonRoutine   `json:"non_routine"`
	Savings         Savings      `json:"savings"`
	CUSUM           []CUSUMPoint `json:"cusum"`
	Steps           []Step       `json:"steps"`
	Triggers        []Advice     `json:"triggers"`
	Proposals       []Advice     `json:"proposals"`
	Caveats         []string     `json:"caveats"`
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

// screenRounds bounds the trimming rounds of the non-routine screen.
const screenRounds = 10

// screen flags non-routine baseline periods by trimming in rounds: each
// round drops the periods whose robust residual z exceeds both
// NonRoutineZ and half the largest |z|, then refits the chosen kind, until
// no |z| exceeds NonRoutineZ. Dropping the gross outliers first keeps them
// from bending the fit and flagging sound periods. It returns the rows to
// keep (all when exclusion is off; the flags are reported either way).
func screen(ctx context.Context, f *Fit, d Data, ps []Period, enabled bool) (NonRoutine, []bool, error) {
	nr := NonRoutine{Enabled: enabled, Threshold: NonRoutineZ, Periods: []ExcludedPeriod{}}
	keep := make([]bool, d.Len())
	for i := range keep {
		keep[i] = true
	}
	cur := f
	for range screenRounds {
		rows := make([]int, 0, len(keep))
		r := make([]float64, 0, len(keep))
		for i := range keep {
			if keep[i] {
				rows = append(rows, i)
				r = append(r, d.Y[i]-cur.predict(d, i))
			}
		}
		z := RobustZ(r)
		top := 0.0
		for _, v := range z {
			top = math.Max(top, math.Abs(v))
		}
		if top <= NonRoutineZ {
			break
		}
		cut := math.Max(NonRoutineZ, top/2)
		for k, i := range rows {
			if math.Abs(z[k]) > cut {
				keep[i] = false
				nr.Periods = append(nr.Periods, ExcludedPeriod{Start: stamp(ps[i].Start), Residual: r[k], Z: z[k]})
			}
		}
		next, err := FitModel(ctx, f.Kind, d.subset(keep))
		if err != nil {
			if ctx.Err() != nil {
				return nr, nil, ctx.Err()
			}
			break
		}
		cur = next
	}
	slices.SortFunc(nr.Periods, func(a, b ExcludedPeriod) int { return strings.Compare(a.Start, b.Start) })
	nr.Flagged = len(nr.Periods)
	if float64(nr.Flagged) > MaxNonRoutineShare*float64(d.Len()) {
		nr.Note = fmt.Sprintf("%d of %d baseline periods exceed |z| %.1f, more than %.0f %%: the model misses a pattern (a schedule, another variable) rather than isolated events, so none is excluded",
			nr.Flagged, d.Len(), NonRoutineZ, 100*MaxNonRoutineShare)
		enabled = false
	}
	if !enabled {
		for i := range keep {
			keep[i] = true
		}
	} else {
		nr.Excluded = nr.Flagged
	}
	return nr, keep, nil
}

// savings projects the baseline onto the reporting periods and computes
// the avoided energy and its uncertainty.
func savings(pr Project, unit string, f *Fit, bResid []float64, repo []Period, pred []float64) (Savings, error) {
	s := Savings{Units: unit, N: f.Stats.N, P: f.Stats.P, Confidence: pr.Confidence, Autocorrelation: pr.Autocorrelation}
	lo, hi := f.TempRange[0], f.TempRange[1]
	outside := 0
	for i, p := range repo {
		if math.IsNaN(pred[i]) {
			s.Unpredicted++
			continue
		}
		s.M++
		s.BaselineProjected += pred[i] * p.Scale
		s.ReportingActual += p.Energy
		if p.Temp < lo || p.Temp > hi {
			outside++
		}
	}
	if s.M == 0 {
		return s, fmt.Errorf("%w: the model predicts none of the %d reporting periods", ErrTooFewPoints, len(repo))
	}
	s.OutsideBaselineTemps = float64(outside) / float64(s.M)
	s.Avoided = s.BaselineProjected - s.ReportingActual
	if s.BaselineProjected != 0 {
		s.Fraction = s.Avoided / s.BaselineProjected
		s.Percent = 100 * s.Fraction
	}
	s.Rho = Lag1(finiteOnly(bResid))
	s.NPrime = float64(s.N)
	if pr.Autocorrelation {
		s.NPrime = EffectiveN(s.N, s.Rho)
	}
	in := UncertaintyInput{CVRMSE: f.Stats.CVRMSE, N: s.N, P: s.P, NPrime: s.NPrime, M: s.M,
		Projected: s.BaselineProjected, Avoided: s.Avoided}
	levels := ConfidenceLevels()
	if !slices.Contains(levels, pr.Confidence) {
		levels = append(levels, pr.Confidence)
		slices.Sort(levels)
	}
	for _, c := range levels {
		l, err := Uncertainty(in, c)
		if err != nil {
			return s, err
		}
		s.Levels = append(s.Levels, l)
		if c == pr.Confidence {
			s.T, s.FSU, s.AbsUncertainty, s.Low, s.High = l.T, l.FSU, l.AbsUncertainty, l.Low, l.High
		}
	}
	s.TBasis = fmt.Sprintf("Student t, two-sided, n − p = %d degrees of freedom", s.N-s.P)
	return s, nil
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
