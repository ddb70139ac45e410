package mv

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
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
	med := quantile(0.5, s)
	for i, r := range resid {
		s[i] = math.Abs(r - med)
	}
	slices.Sort(s)
	mad := quantile(0.5, s) * 1.4826
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
