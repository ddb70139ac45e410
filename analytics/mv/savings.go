package mv

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// ConfidenceLevels are the confidence levels (percent) savings
// uncertainty is always reported at.
func ConfidenceLevels() []int { return []int{80, 90, 95} }

// TValue is the two-sided Student t quantile t(1 − α/2, dof) for a
// confidence level in percent. Guideline 14's simplified method quotes the
// normal values 1.282 / 1.645 / 1.960; the t quantile is what they
// approximate and is wider for short baselines.
func TValue(confidence int, dof int) (float64, error) {
	if confidence <= 0 || confidence >= 100 {
		return 0, fmt.Errorf("%w: confidence %d is not a percentage between 0 and 100", ErrInvalid, confidence)
	}
	if dof < 1 {
		return 0, fmt.Errorf("%w: %d residual degrees of freedom", ErrTooFewPoints, dof)
	}
	a := 1 - float64(confidence)/100
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(dof)}.Quantile(1 - a/2), nil
}

// Lag1 is the lag-1 autocorrelation of residuals in time order,
// Σ r_i·r_{i+1} / Σ r_i², or 0 for fewer than 3 values.
func Lag1(resid []float64) float64 {
	if len(resid) < 3 {
		return 0
	}
	var num, den float64
	for i, r := range resid {
		den += r * r
		if i+1 < len(resid) {
			num += r * resid[i+1]
		}
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// EffectiveN is the autocorrelation-adjusted number of baseline points,
// n' = n(1 − ρ)/(1 + ρ); a non-positive ρ leaves n unchanged.
func EffectiveN(n int, rho float64) float64 {
	if rho <= 0 {
		return float64(n)
	}
	return float64(n) * (1 - rho) / (1 + rho)
}

// Level is the savings uncertainty at one confidence level.
type Level struct {
	Confidence int     `json:"confidence"`
	T          float64 `json:"t"`
	// FSU is the fractional savings uncertainty (0.25 = ±25 % of the
	// avoided energy); nil when the avoided energy is zero.
	FSU *float64 `json:"fsu"`
	// AbsUncertainty is the ± band on the avoided energy, report units.
	AbsUncertainty float64 `json:"abs_uncertainty"`
	Low            float64 `json:"low"`
	High           float64 `json:"high"`
}

// UncertaintyInput is what the fractional savings uncertainty needs.
type UncertaintyInput struct {
	// CVRMSE is the baseline model's CV(RMSE) (fraction).
	CVRMSE float64
	// N is the number of baseline points, P the model's parameters.
	N, P int
	// NPrime is the effective number of baseline points (N without
	// autocorrelation adjustment).
	NPrime float64
	// M is the number of reporting points.
	M int
	// Projected is Σ baseline projection over the reporting period and
	// Avoided the avoided energy (projected − actual), report units.
	Projected, Avoided float64
}

// Uncertainty computes the savings uncertainty at a confidence level by
// ASHRAE Guideline 14-2014 Annex B (the simplified Reddy–Claridge form):
//
//	FSU = t · 1.26 · CV(RMSE) · √((n/n′)·(1 + 2/n′)·(1/m)) / F
//
// with F = avoided ÷ projected the savings fraction, t the Student t
// quantile at n − p degrees of freedom ([TValue]), n baseline points, n′
// their autocorrelation-adjusted count and m reporting points. The ± band
// is FSU·|avoided| = t·1.26·CV·√(…)·projected, so it stays defined when F
// is 0.
func Uncertainty(in UncertaintyInput, confidence int) (Level, error) {
	if in.M < 1 {
		return Level{}, fmt.Errorf("%w: no reporting points", ErrTooFewPoints)
	}
	if !(in.NPrime > 0) {
		return Level{}, fmt.Errorf("%w: effective baseline points %v", ErrTooFewPoints, in.NPrime)
	}
	t, err := TValue(confidence, in.N-in.P)
	if err != nil {
		return Level{}, err
	}
	np := in.NPrime
	root := math.Sqrt(float64(in.N) / np * (1 + 2/np) / float64(in.M))
	abs := t * 1.26 * in.CVRMSE * root * math.Abs(in.Projected)
	l := Level{Confidence: confidence, T: t, AbsUncertainty: abs, Low: in.Avoided - abs, High: in.Avoided + abs}
	if in.Avoided != 0 {
		fsu := abs / math.Abs(in.Avoided)
		l.FSU = &fsu
	}
	return l, nil
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
