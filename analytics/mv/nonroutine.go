package mv

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// NonRoutineZ is the robust residual z-score above which a baseline
// period is treated as a non-routine event and dropped before the refit.
const NonRoutineZ = 3.5

// RobustZ returns each residual's robust z-score, (r − median)/(1.4826 ·
// MAD); all zeros when the MAD is zero.
func RobustZ(resid []float64) []float64 {
	z := make([]float64, len(resid))
	if len(resid) == 0 {
		return z
	}
	s := slices.Clone(resid)
	slices.Sort(s)
	med := stat.Quantile(0.5, stat.LinInterp, s, nil)
	for i, r := range resid {
		s[i] = math.Abs(r - med)
	}
	slices.Sort(s)
	mad := stat.Quantile(0.5, stat.LinInterp, s, nil) * 1.4826
	if mad == 0 {
		return z
	}
	for i, r := range resid {
		z[i] = (r - med) / mad
	}
	return z
}

// Step is a sustained shift in a residual series: the mean residual before
// and after the split and the two-sample t statistic of the difference.
type Step struct {
	// Where is "baseline" or "reporting".
	Where string `json:"where"`
	// At is the first period after the shift (naive local time).
	At     string  `json:"at"`
	Before float64 `json:"mean_before"`
	After  float64 `json:"mean_after"`
	// Shift is After − Before, report units per nominal period.
	Shift float64 `json:"shift"`
	T     float64 `json:"t"`
	index int
}

// Step detector thresholds: the split must give a two-sample t of at least
// StepMinT and a shift of at least StepMinShift residual standard
// deviations, with at least minSegment periods on each side.
const (
	StepMinT     = 5.0
	StepMinShift = 1.0
)

// minSegment is the shortest side of a step: a week of periods (three for
// monthly data).
func minSegment(iv Interval) int {
	switch iv {
	case Hourly:
		return 168
	case Monthly:
		return 3
	}
	return 7
}

// DetectStep finds the single split of resid that maximises the
// two-sample t statistic of the mean difference (a one-step binary
// segmentation) and reports it when it clears StepMinT and the shift is at
// least StepMinShift × sigma (the baseline RMSE). Each side keeps at least
// minSeg points.
func DetectStep(resid []float64, minSeg int, sigma float64) (Step, bool) {
	n := len(resid)
	if minSeg < 2 || n < 2*minSeg {
		return Step{}, false
	}
	prefix := make([]float64, n+1)
	prefix2 := make([]float64, n+1)
	for i, r := range resid {
		prefix[i+1] = prefix[i] + r
		prefix2[i+1] = prefix2[i] + r*r
	}
	best := Step{}
	found := false
	for k := minSeg; k <= n-minSeg; k++ {
		na, nb := float64(k), float64(n-k)
		ma := prefix[k] / na
		mb := (prefix[n] - prefix[k]) / nb
		ssa := prefix2[k] - na*ma*ma
		ssb := prefix2[n] - prefix2[k] - nb*mb*mb
		pooled := math.Max(ssa+ssb, 0) / (na + nb - 2)
		if pooled <= 0 {
			continue
		}
		t := math.Abs(mb-ma) / math.Sqrt(pooled*(1/na+1/nb))
		if !found || t > best.T {
			best = Step{Before: ma, After: mb, Shift: mb - ma, T: t, index: k}
			found = true
		}
	}
	if !found || best.T < StepMinT || math.Abs(best.Shift) < StepMinShift*sigma {
		return Step{}, false
	}
	return best, true
}

// CUSUMPoint is one point of the cumulative savings curve.
type CUSUMPoint struct {
	// End is the end of the period (or day, for hourly data) the point
	// closes, naive local time.
	End string `json:"end"`
	// Savings are that period's (or day's) avoided energy; Cumulative the
	// running total since the reporting period began.
	Savings    float64 `json:"savings"`
	Cumulative float64 `json:"cumulative"`
}
