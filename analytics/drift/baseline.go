package drift

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/camber-tui/camber-tui/analytics/series"
)

// Baseline guards (domain §6).
const (
	// MinBaselineSamples is the fewest guarded samples a baseline fit
	// needs.
	MinBaselineSamples = 30
	// MinCurrentSamples is the fewest guarded samples a period statistic
	// needs.
	MinCurrentSamples = 10
	// EnvelopeShare is the share of current samples outside the fitted
	// load envelope above which a result is an extrapolation.
	EnvelopeShare = 0.10
	// daysPerMonth converts a per-day residual slope to per month.
	daysPerMonth = 30.4375
)

// Baseline is a load-normalised baseline, metric = Intercept + Slope ×
// load, with its residual σ (n − 2 dof) and the load envelope and period
// it covers. Its fields are CAMBER's LoadBaseline; TonsMin and TonsMax
// hold the envelope in the family's load unit (tons for the chiller and
// tower families).
type Baseline struct {
	N             int     `json:"n"`
	Slope         float64 `json:"slope"`
	Intercept     float64 `json:"intercept"`
	Sigma         float64 `json:"sigma"`
	R2            float64 `json:"r2"`
	TonsMin       float64 `json:"tons_min"`
	TonsMax       float64 `json:"tons_max"`
	CoverageStart int64   `json:"-"`
	CoverageEnd   int64   `json:"-"`
}

// MarshalJSON writes the baseline with its coverage as naive local times.
func (b Baseline) MarshalJSON() ([]byte, error) {
	type plain Baseline
	return json.Marshal(struct {
		plain
		CoverageStart string `json:"coverage_start"`
		CoverageEnd   string `json:"coverage_end"`
	}{plain(b), stamp(b.CoverageStart), stamp(b.CoverageEnd)})
}

// Predict is the baseline metric at load x.
func (b Baseline) Predict(x float64) float64 { return b.Intercept + b.Slope*x }

func stamp(ns int64) string { return time.Unix(0, ns).UTC().Format(series.TimeLayout) }

// samples are the guarded (load, metric) pairs of one signal in a window,
// in time order.
type samples struct {
	ts   []int64
	x, y []float64
}

func (s *samples) add(ts int64, x, y float64) {
	s.ts = append(s.ts, ts)
	s.x = append(s.x, x)
	s.y = append(s.y, y)
}

// FitBaseline fits metric = intercept + slope × load by OLS (gonum
// stat.LinearRegression) over guarded samples: at least
// MinBaselineSamples, a load span of at least minSpan and one residual
// degree of freedom, else an error saying which guard failed. With
// constant true a narrow span fits a constant (slope 0, σ on n − 1 dof)
// instead of failing.
func FitBaseline(ts []int64, load, metric []float64, minSpan float64, constant bool) (Baseline, error) {
	s := samples{ts: ts, x: load, y: metric}
	return fitBaseline(&s, minSpan, constant)
}

func fitBaseline(s *samples, minSpan float64, constant bool) (Baseline, error) {
	n := len(s.x)
	if n < MinBaselineSamples {
		return Baseline{}, fmt.Errorf("%d guarded baseline samples (need %d)", n, MinBaselineSamples)
	}
	lo, hi := slices.Min(s.x), slices.Max(s.x)
	b := Baseline{N: n, TonsMin: lo, TonsMax: hi, CoverageStart: s.ts[0], CoverageEnd: s.ts[n-1]}
	dof := n - 2
	if hi-lo < minSpan {
		if !constant {
			return Baseline{}, fmt.Errorf("load spans %.1f in the baseline (need %.0f)", hi-lo, minSpan)
		}
		b.Intercept = stat.Mean(s.y, nil)
		dof = n - 1
	} else {
		b.Intercept, b.Slope = stat.LinearRegression(s.x, s.y, nil, false)
		b.R2 = stat.RSquared(s.x, s.y, nil, b.Intercept, b.Slope)
		if math.IsNaN(b.R2) {
			b.R2 = 0
		}
	}
	if dof < 1 {
		return Baseline{}, fmt.Errorf("no residual degree of freedom")
	}
	if !finiteAll(b.Intercept, b.Slope) {
		return Baseline{}, fmt.Errorf("the baseline fit is not finite (extreme values)")
	}
	sse := 0.0
	for i, x := range s.x {
		r := s.y[i] - b.Predict(x)
		sse += r * r
	}
	b.Sigma = math.Sqrt(sse / float64(dof))
	if !finiteAll(b.Sigma) {
		return Baseline{}, fmt.Errorf("the baseline residual σ is not finite (extreme values)")
	}
	// An exact fit's σ is rounding noise: call it zero so the magnitude
	// floor alone judges.
	if b.Sigma <= 1e-9*(1+math.Abs(stat.Mean(s.y, nil))) {
		b.Sigma = 0
	}
	return b, nil
}

// Period is the current window's statistic against a baseline.
type Period struct {
	N int `json:"n"`
	// Drift is the median residual, in the family's unit.
	Drift float64 `json:"drift"`
	// DriftSigma is Drift ÷ σ; nil when σ is zero.
	DriftSigma *float64 `json:"drift_sigma"`
	// SlopePerMonth is the OLS slope of residual against time × 30.4375
	// days.
	SlopePerMonth float64 `json:"slope_per_month"`
	// PctOutside2Sigma is the percentage of residuals beyond 2σ; nil when
	// σ is zero.
	PctOutside2Sigma *float64 `json:"pct_outside_2sigma"`
	// PctOutsideEnvelope is the percentage of current samples whose load
	// lies outside the baseline's envelope; Extrapolated marks more than
	// EnvelopeShare.
	PctOutsideEnvelope float64 `json:"pct_outside_envelope"`
	Extrapolated       bool    `json:"extrapolated"`
	// CWSupplyShift and LiftShift are the head-pressure family's current
	// minus baseline medians of condenser water supply (°F) and of
	// discharge − suction pressure (psi); nil when not mapped.
	CWSupplyShift *float64 `json:"cw_supply_shift_f,omitempty"`
	LiftShift     *float64 `json:"lift_shift_psi,omitempty"`
	resid         []float64
}

// periodStats compares the current samples with the baseline.
func periodStats(s *samples, b Baseline) (Period, error) {
	n := len(s.x)
	if n < MinCurrentSamples {
		return Period{}, fmt.Errorf("%d guarded samples in the current window (need %d)", n, MinCurrentSamples)
	}
	p := Period{N: n, resid: make([]float64, n)}
	days := make([]float64, n)
	out2, outEnv := 0, 0
	for i, x := range s.x {
		r := s.y[i] - b.Predict(x)
		p.resid[i] = r
		days[i] = float64(s.ts[i]-s.ts[0]) / float64(24*time.Hour)
		if math.Abs(r) > 2*b.Sigma {
			out2++
		}
		if x < b.TonsMin || x > b.TonsMax {
			outEnv++
		}
	}
	p.Drift = median(slices.Clone(p.resid))
	if b.Sigma > 0 && !math.IsNaN(b.Sigma) {
		ds := p.Drift / b.Sigma
		pct := 100 * float64(out2) / float64(n)
		p.DriftSigma, p.PctOutside2Sigma = &ds, &pct
	}
	if days[n-1] > 0 {
		_, slope := stat.LinearRegression(days, p.resid, nil, false)
		p.SlopePerMonth = slope * daysPerMonth
	}
	p.PctOutsideEnvelope = 100 * float64(outEnv) / float64(n)
	p.Extrapolated = float64(outEnv) > EnvelopeShare*float64(n)
	return p, nil
}

func finiteAll(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
