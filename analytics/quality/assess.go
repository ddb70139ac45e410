package quality

import (
	"math"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
)

// Outlier test constants (domain §4.1): modified z = 0.6745·(x−median)/MAD,
// an outlier when |z| > 3.5; with MAD = 0 the mean absolute deviation is
// used instead, z = (x−median)/(1.253314·meanAD).
const (
	madScale    = 0.6745
	meanADScale = 1.253314
	outlierZ    = 3.5
)

// Assessment is the data-quality assessment of one series (domain §4.1).
type Assessment struct {
	// N and Missing count the non-null and null samples as given.
	N       int `json:"n"`
	Missing int `json:"n_missing"`
	// Coverage is N ÷ (N + Missing): on a resampled frame, the share of
	// filled grid slots.
	Coverage float64 `json:"coverage"`
	// Expected is the expected interval: the caller's, else the mode of
	// the successive timestamp differences.
	Expected time.Duration `json:"expected_interval"`
	// Gaps counts successive differences between non-null samples greater
	// than 1.5 × Expected.
	Gaps int `json:"n_gaps"`
	// LongestFlatline is the longest run of identical consecutive non-null
	// values; FlatlineFrac is it ÷ N.
	LongestFlatline int     `json:"longest_flatline"`
	FlatlineFrac    float64 `json:"flatline_frac"`
	// Outliers are robust modified-z outliers; OutlierFrac is ÷ N.
	Outliers    int     `json:"n_outliers"`
	OutlierFrac float64 `json:"outlier_frac"`
	// Duplicates counts repeated timestamps.
	Duplicates int `json:"n_duplicate_ts"`
	// Score = Coverage × (1 − min(2·OutlierFrac, 1)) × (1 − 0.2·FlatlineFrac),
	// clamped to 0..1.
	Score float64 `json:"score"`
}

// Assess scores one series as given: ts ascending (ns), v the same length,
// NaN a missing sample. expected 0 means the mode of the successive
// timestamp differences.
func Assess(ts []int64, v []float64, expected time.Duration) Assessment {
	n := min(len(ts), len(v))
	ts, v = ts[:n], v[:n]
	var a Assessment
	if expected <= 0 {
		expected = time.Duration(series.ModeInterval(ts))
	}
	a.Expected = expected
	limit := float64(expected) * series.GapFactor
	prev := int64(0)
	have := false
	vals := make([]float64, 0, n)
	for i, x := range v {
		if i > 0 && ts[i] == ts[i-1] {
			a.Duplicates++
		}
		if math.IsNaN(x) {
			a.Missing++
			continue
		}
		if have && float64(ts[i]-prev) > limit {
			a.Gaps++
		}
		prev, have = ts[i], true
		vals = append(vals, x)
	}
	finish(&a, vals)
	return a
}

// AssessColumn scores a frame column (one role on the grid): the expected
// interval is the grid step and a gap is any run of empty slots between two
// filled ones.
func AssessColumn(f *series.Frame, col []float64) Assessment {
	var a Assessment
	a.Expected = time.Duration(f.Step)
	last := -1
	vals := make([]float64, 0, len(col))
	for i, x := range col {
		if math.IsNaN(x) {
			a.Missing++
			continue
		}
		if last >= 0 && i-last > 1 {
			a.Gaps++
		}
		last = i
		vals = append(vals, x)
	}
	finish(&a, vals)
	return a
}

// finish fills N, coverage, flatline, outliers and the score from the
// non-null values in order (vals is reordered).
func finish(a *Assessment, vals []float64) {
	a.N = len(vals)
	if total := a.N + a.Missing; total > 0 {
		a.Coverage = float64(a.N) / float64(total)
	}
	if a.N == 0 {
		return
	}
	run := 1
	a.LongestFlatline = 1
	for i := 1; i < len(vals); i++ {
		if vals[i] == vals[i-1] {
			run++
			a.LongestFlatline = max(a.LongestFlatline, run)
		} else {
			run = 1
		}
	}
	a.FlatlineFrac = float64(a.LongestFlatline) / float64(a.N)
	a.Outliers = countOutliers(vals)
	a.OutlierFrac = float64(a.Outliers) / float64(a.N)
	a.Score = clamp01(a.Coverage * (1 - math.Min(2*a.OutlierFrac, 1)) * (1 - 0.2*a.FlatlineFrac))
}

// countOutliers counts robust outliers in vals (reordered).
func countOutliers(vals []float64) int {
	med := median(vals)
	dev := make([]float64, len(vals))
	sumAD := 0.0
	for i, x := range vals {
		dev[i] = math.Abs(x - med)
		sumAD += dev[i]
	}
	// median reorders dev, which the count below does not mind: a sample
	// is an outlier when its deviation exceeds cut.
	var cut float64
	if mad := median(dev); mad > 0 {
		cut = outlierZ * mad / madScale
	} else if meanAD := sumAD / float64(len(vals)); meanAD > 0 {
		cut = outlierZ * meanADScale * meanAD
	} else {
		return 0
	}
	n := 0
	for _, d := range dev {
		if d > cut {
			n++
		}
	}
	return n
}
