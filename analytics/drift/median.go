package drift

import "math"

// median is the median of x (the mean of the two middle values for an
// even count) in O(n) by selection; x is reordered. An empty x gives NaN.
func median(x []float64) float64 {
	n := len(x)
	if n == 0 {
		return math.NaN()
	}
	k := n / 2
	hi := selectK(x, k)
	if n%2 == 1 {
		return hi
	}
	lo := x[0] // after selection every value left of k is ≤ x[k]
	for _, v := range x[1:k] {
		lo = math.Max(lo, v)
	}
	return (lo + hi) / 2
}

// selectK reorders x so that x[k] holds the value of rank k, smaller
// values before it and larger after (Hoare quickselect, median-of-three
// pivot), and returns it.
func selectK(x []float64, k int) float64 {
	lo, hi := 0, len(x)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
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
