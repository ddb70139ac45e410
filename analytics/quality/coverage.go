package quality

import "math"

// SpanCoverage is the share of grid slots holding a value between a
// column's first and last filled slot (its own span on the run grid), or 0
// for an empty column. It differs from the trust score's coverage, which
// is over the whole run window.
func SpanCoverage(col []float64) float64 {
	first, last, n := -1, -1, 0
	for i, v := range col {
		if math.IsNaN(v) {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
		n++
	}
	if n == 0 {
		return 0
	}
	return float64(n) / float64(last-first+1)
}

// MaskCoverage is the share of the slots marked in mask (an equipment's
// running hours, say) where the column holds a value; 0 when mask marks
// none. mask and col are aligned on one grid; the shorter ends the count.
func MaskCoverage(col []float64, mask []bool) float64 {
	n, have := 0, 0
	for i := 0; i < min(len(col), len(mask)); i++ {
		if !mask[i] {
			continue
		}
		n++
		if !math.IsNaN(col[i]) {
			have++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(have) / float64(n)
}
