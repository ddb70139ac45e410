// Package robust computes order statistics of float64 samples by selection
// (O(n) on average, no sort): the k-th smallest value, the median, the
// type-7 quantile and the median absolute deviation, plus the type-7
// quantile of data already sorted.
//
// The selection functions reorder their argument in place, and a caller
// that still needs the order passes a copy. They expect values without NaN
// (a caller filters its missing samples first). [Median], [Quantile],
// [SortedQuantile] and [MAD] never panic: an empty sample or a NaN
// probability gives NaN.
package robust

import "math"

// Select reorders x so that x[k] holds the value of rank k (0-based), every
// value before it ≤ it and every value after ≥ it, and returns it (Hoare
// quickselect with a median-of-three pivot). k must be in [0, len(x)).
func Select(x []float64, k int) float64 {
	lo, hi := 0, len(x)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		// Median of three to x[mid].
		if x[mid] < x[lo] {
			x[mid], x[lo] = x[lo], x[mid]
		}
		if x[hi] < x[lo] {
			x[hi], x[lo] = x[lo], x[hi]
		}
		if x[hi] < x[mid] {
			x[hi], x[mid] = x[mid], x[hi]
		}
		p := x[mid]
		i, j := lo, hi
		for i <= j {
			for x[i] < p {
				i++
			}
			for x[j] > p {
				j--
			}
			if i <= j {
				x[i], x[j] = x[j], x[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return x[k]
		}
	}
	return x[k]
}

// Median returns the median of x, the mean (lo+hi)/2 of the two middle
// values for an even count, and reorders x. An empty x gives NaN.
//
// For an even count it is not bit-for-bit Quantile(x, 0.5), which
// interpolates as lo + 0.5·(hi−lo): the two can differ in the last place.
func Median(x []float64) float64 {
	n := len(x)
	if n == 0 {
		return math.NaN()
	}
	k := n / 2
	hi := Select(x, k)
	if n%2 == 1 {
		return hi
	}
	// After selection every value left of k is ≤ x[k]; the lower middle is
	// their maximum.
	lo := x[0]
	for _, v := range x[1:k] {
		lo = math.Max(lo, v)
	}
	return (lo + hi) / 2
}

// Quantile returns the q-quantile of x by linear interpolation between
// order statistics at h = (n−1)·q (Hyndman–Fan type 7, the default of R
// and NumPy), and reorders x. q is clamped to [0, 1]; an empty x or a NaN
// q gives NaN.
func Quantile(x []float64, q float64) float64 {
	n := len(x)
	if n == 0 || math.IsNaN(q) {
		return math.NaN()
	}
	q = math.Min(math.Max(q, 0), 1)
	pos := q * float64(n-1)
	k := int(pos)
	lo := Select(x, k)
	frac := pos - float64(k)
	if frac == 0 || k+1 >= n {
		return lo
	}
	// The next order statistic is the least value right of k.
	hi := x[k+1]
	for _, v := range x[k+2:] {
		if v < hi {
			hi = v
		}
	}
	return lo + frac*(hi-lo)
}

// SortedQuantile returns the p-quantile (type 7, as [Quantile]) of sorted,
// which must be in ascending order and is left as it is. p below 0 reads
// as 0 and above 1 as 1; an empty sorted or a NaN p gives NaN. gonum's
// stat.Quantile uses another convention (its LinInterp median of {1, 2, 3}
// is 1.5).
func SortedQuantile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 || math.IsNaN(p) {
		return math.NaN()
	}
	if p < 0 {
		p = 0
	}
	h := float64(n-1) * p
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// MAD returns the median of x and the (unscaled) median absolute deviation
// from it, both as Quantile(·, 0.5), and overwrites x with the absolute
// deviations. Multiply the deviation by 1.4826 for a normal-consistent σ;
// the modified z-score is 0.6745·(x−median)/MAD. An empty x gives NaN, NaN.
func MAD(x []float64) (med, dev float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	med = Quantile(x, 0.5)
	for i, v := range x {
		x[i] = math.Abs(v - med)
	}
	return med, Quantile(x, 0.5)
}
