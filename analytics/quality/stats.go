package quality

import "math"

// median returns the median of x (the mean of the two middle values for an
// even count) and reorders x. An empty x gives NaN.
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
	// After selection every value left of k is ≤ x[k]; the lower middle is
	// their maximum.
	lo := x[0]
	for _, v := range x[1:k] {
		if v > lo {
			lo = v
		}
	}
	return (lo + hi) / 2
}

// selectK reorders x so that x[k] is the value of rank k, smaller values
// before it and larger after, and returns it (Hoare quickselect with a
// median-of-three pivot).
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

// round4 rounds to 4 decimal places.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}
