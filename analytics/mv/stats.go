package mv

import (
	"fmt"
	"math"
)

// Stats are a baseline model's goodness-of-fit statistics (ASHRAE
// Guideline 14 definitions). CVRMSE and NMBE are fractions (0.12 = 12 %).
type Stats struct {
	N int `json:"n"`
	// P is the number of model parameters, change points included.
	P int `json:"p"`
	// Mean is ȳ, the mean observed energy per period.
	Mean float64 `json:"mean"`
	SSE  float64 `json:"sse"`
	// R2 is 1 − SSE/SST (0 when every observation is equal).
	R2 float64 `json:"r2"`
	// RMSE = √(SSE/(n−p)).
	RMSE float64 `json:"rmse"`
	// CVRMSE = RMSE/ȳ.
	CVRMSE float64 `json:"cv_rmse"`
	// NMBE = Σ(y − ŷ)/((n−p)·ȳ).
	NMBE float64 `json:"nmbe"`
	// F = (SSR/(p−1)) / (SSE/(n−p)); nil when p = 1 or SSE = 0.
	F *float64 `json:"f"`
}

// FitStats computes the statistics of predictions yhat of observations y
// for a model with p parameters. Rows where yhat is NaN are skipped. With
// n ≤ p the RMSE-based statistics are NaN-free zeros and R2 is still
// reported; callers fit only when n ≥ MinPoints.
func FitStats(y, yhat []float64, p int) Stats {
	s := Stats{P: p}
	var sum float64
	for i := range y {
		if math.IsNaN(yhat[i]) {
			continue
		}
		s.N++
		sum += y[i]
	}
	if s.N == 0 {
		return s
	}
	s.Mean = sum / float64(s.N)
	var sst, resid float64
	for i := range y {
		if math.IsNaN(yhat[i]) {
			continue
		}
		r := y[i] - yhat[i]
		s.SSE += r * r
		resid += r
		dy := y[i] - s.Mean
		sst += dy * dy
	}
	if sst > 0 {
		s.R2 = 1 - s.SSE/sst
	}
	dof := float64(s.N - p)
	if dof <= 0 {
		return s
	}
	s.RMSE = math.Sqrt(s.SSE / dof)
	if s.Mean != 0 {
		s.CVRMSE = s.RMSE / s.Mean
		s.NMBE = resid / (dof * s.Mean)
	}
	if p > 1 && s.SSE > 0 {
		f := ((sst - s.SSE) / float64(p-1)) / (s.SSE / dof)
		s.F = &f
	}
	return s
}

// Interval is the aggregation interval of an M&V analysis.
type Interval string

// The intervals.
const (
	Hourly  Interval = "hourly"
	Daily   Interval = "daily"
	Monthly Interval = "monthly"
)

// Limits are one acceptance criterion set.
type Limits struct {
	// Name says which set judged: "ASHRAE Guideline 14-2014 hourly".
	Name      string  `json:"name"`
	MaxCVRMSE float64 `json:"max_cv_rmse"`
	MaxNMBE   float64 `json:"max_abs_nmbe"`
	MinR2     float64 `json:"min_r2"`
	// Basis explains where the limits come from.
	Basis string `json:"basis"`
}

// MinR2 is the coefficient-of-determination floor applied at every
// interval.
const MinR2 = 0.75

// LimitsFor returns the acceptance limits of an interval:
//
//   - monthly: Guideline 14's monthly calibration limits, CV(RMSE) ≤ 15 %
//     and |NMBE| ≤ 5 %;
//   - hourly: Guideline 14's hourly limits, CV(RMSE) ≤ 30 % and |NMBE| ≤
//     10 %;
//   - daily: Guideline 14 states no daily limits. Daily totals keep the
//     day-to-day operating noise (occupancy, schedules) that monthly
//     totals average away, so they are judged by the hourly set, CV(RMSE)
//     ≤ 30 % and |NMBE| ≤ 10 % — the same 30 % CAMBER's interval-aware
//     limit uses for daily data. The monthly set would reject most sound
//     daily baselines.
//
// Every set adds R² ≥ 0.75.
func LimitsFor(iv Interval) (Limits, error) {
	switch iv {
	case Monthly:
		return Limits{Name: "ASHRAE Guideline 14-2014 monthly", MaxCVRMSE: 0.15, MaxNMBE: 0.05, MinR2: MinR2,
			Basis: "Guideline 14 monthly calibration limits"}, nil
	case Hourly:
		return Limits{Name: "ASHRAE Guideline 14-2014 hourly", MaxCVRMSE: 0.30, MaxNMBE: 0.10, MinR2: MinR2,
			Basis: "Guideline 14 hourly calibration limits"}, nil
	case Daily:
		return Limits{Name: "ASHRAE Guideline 14-2014 hourly limits applied to daily data", MaxCVRMSE: 0.30, MaxNMBE: 0.10, MinR2: MinR2,
			Basis: "Guideline 14 states no daily limits; daily totals carry operating noise monthly totals average away, so the hourly set judges them"}, nil
	}
	return Limits{}, fmt.Errorf("%w: interval %q is not one of: hourly, daily, monthly", ErrInvalid, iv)
}

// Criterion is one acceptance test and its outcome.
type Criterion struct {
	// Name is cv_rmse, nmbe or r2.
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Limit float64 `json:"limit"`
	// Test reads "value <= limit", "|value| <= limit" or "value >= limit".
	Test string `json:"test"`
	Pass bool   `json:"pass"`
}

// Acceptance is a baseline's Guideline 14 verdict: every criterion with its
// value, the set that judged them, and the failing ones named.
type Acceptance struct {
	Interval Interval    `json:"interval"`
	Limits   Limits      `json:"limits"`
	Pass     bool        `json:"pass"`
	Criteria []Criterion `json:"criteria"`
	// Failing names each failing criterion with its value and limit
	// ("cv_rmse 0.342 > 0.30").
	Failing []string `json:"failing"`
}

// Judge applies the interval's limits to s.
func Judge(s Stats, iv Interval) (Acceptance, error) {
	lim, err := LimitsFor(iv)
	if err != nil {
		return Acceptance{}, err
	}
	a := Acceptance{Interval: iv, Limits: lim, Failing: []string{}}
	add := func(c Criterion, failText string) {
		a.Criteria = append(a.Criteria, c)
		if !c.Pass {
			a.Failing = append(a.Failing, failText)
		}
	}
	add(Criterion{Name: "cv_rmse", Value: s.CVRMSE, Limit: lim.MaxCVRMSE, Test: "value <= limit", Pass: s.CVRMSE <= lim.MaxCVRMSE},
		fmt.Sprintf("cv_rmse %.3f > %.2f", s.CVRMSE, lim.MaxCVRMSE))
	add(Criterion{Name: "nmbe", Value: s.NMBE, Limit: lim.MaxNMBE, Test: "|value| <= limit", Pass: math.Abs(s.NMBE) <= lim.MaxNMBE},
		fmt.Sprintf("|nmbe| %.3f > %.2f", math.Abs(s.NMBE), lim.MaxNMBE))
	add(Criterion{Name: "r2", Value: s.R2, Limit: lim.MinR2, Test: "value >= limit", Pass: s.R2 >= lim.MinR2},
		fmt.Sprintf("r2 %.3f < %.2f", s.R2, lim.MinR2))
	a.Pass = len(a.Failing) == 0
	return a, nil
}
