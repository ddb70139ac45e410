package quality

import (
	"math"
	"time"

	"github.com/camber-tui/camber-tui/analytics/robust"
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
	for i, x := range col {
		if math.IsNaN(x) {
			a.Missing++
			continue
		}
		if last >= 0 && i-last > 1 {
			a.Gaps++
		}
		last = i
	}
	vals := col // a full column is read as it is
	if a.Missing > 0 {
		vals = make([]float64, 0, len(col)-a.Missing)
		for _, x := range col {
			if !math.IsNaN(x) {
				vals = append(vals, x)
			}
		}
	}
	finish(&a, vals)
	return a
}

// finish fills N, coverage, flatline, outliers and the score from the
// non-null values in order (vals is only read).
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

// localHalfWidth is the half-width, in samples, of the neighbourhood a
// global outlier must also stand out from (see countOutliers).
const localHalfWidth = 6

// countOutliers counts robust outliers in vals, which are in time order
// (vals is only read).
//
// CAMBER counts a sample as an outlier when its modified z against the whole
// series exceeds 3.5. That also fires on every sample of a healthy signal
// with two regimes — a supply-air temperature with the fan on and off, a
// filter pressure drop that reads ~0 while the fan is stopped — so such a
// trend scored untrusted and declined every check it gated (domain §4.2 and
// §13 item 11). We fix it knowingly: a sample is an outlier only when it is
// a global outlier AND it stands out, by the same modified-z test, from its
// own neighbourhood (the ±6 samples around it, a Hampel filter). A spike
// stays an outlier; a regime the signal dwells in does not.
//
// The median and the MAD are found by narrowed selection (medianOf). When
// the MAD is 0 the cut comes from the mean absolute deviation, summed in
// the order a whole-sample selection leaves the values, as it always was
// (so the sum rounds alike); a sample whose median is not finite takes the
// whole-sample path throughout.
func countOutliers(vals []float64) int {
	med, cut, ok := globalCut(vals)
	if !ok {
		return 0
	}
	return countLocal(vals, med, cut)
}

// globalCut returns the median of vals and the absolute deviation from it
// beyond which a sample is a global outlier; ok is false when every value
// equals the median.
func globalCut(vals []float64) (med, cut float64, ok bool) {
	scratch := make([]float64, len(vals))
	med = medianOf(vals, scratch, 0, false)
	if math.IsInf(med, 0) || math.IsNaN(med) {
		return wholeCut(vals, scratch)
	}
	if mad := medianOf(vals, scratch, med, true); mad > 0 {
		return med, outlierZ * mad / madScale, true
	}
	copy(scratch, vals)
	robust.Select(scratch, len(scratch)/2) // the order median(vals) leaves
	sumAD := 0.0
	for _, x := range scratch {
		sumAD += math.Abs(x - med)
	}
	if meanAD := sumAD / float64(len(scratch)); meanAD > 0 {
		return med, outlierZ * meanADScale * meanAD, true
	}
	return med, 0, false
}

// wholeCut is globalCut by whole-sample selections of the values and
// their deviations; scratch (len(vals) long) is overwritten.
func wholeCut(vals, scratch []float64) (med, cut float64, ok bool) {
	dev := scratch
	copy(dev, vals)
	med = median(dev)
	sumAD := 0.0
	for i, x := range dev {
		dev[i] = math.Abs(x - med)
		sumAD += dev[i]
	}
	cut, ok = outlierCut(dev, sumAD)
	return med, cut, ok
}

// outlierCut returns the absolute deviation beyond which a sample is an
// outlier: 3.5 MAD/0.6745, or with MAD = 0 the mean-absolute-deviation form;
// ok is false when every value equals the median. dev is reordered.
func outlierCut(dev []float64, sumAD float64) (float64, bool) {
	if mad := median(dev); mad > 0 {
		return outlierZ * mad / madScale, true
	}
	if meanAD := sumAD / float64(len(dev)); meanAD > 0 {
		return outlierZ * meanADScale * meanAD, true
	}
	return 0, false
}
