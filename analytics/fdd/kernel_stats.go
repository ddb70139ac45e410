package fdd

import (
	"math"

	"gonum.org/v1/gonum/stat"

	"github.com/camber-tui/camber-tui/analytics/robust"
)

// Robust statistics, regression and psychrometrics shared by the rule
// kernels. Every function skips NaN and returns NaN (or ok = false) when
// there is nothing to compute on; none panics on data.

// finite copies the known values of x (where mask is nil or true) into a new
// slice.
func finite(x []float64, mask []bool) []float64 {
	out := make([]float64, 0, len(x))
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) || (mask != nil && !mask[i]) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// quantile returns the q-quantile of the known values of x where mask is nil
// or true.
func quantile(x []float64, mask []bool, q float64) float64 {
	return robust.Quantile(finite(x, mask), q)
}

// median returns the median of the known values of x where mask is nil or
// true, NaN when there are none.
func median(x []float64, mask []bool) float64 { return quantile(x, mask, 0.5) }

// mad returns the median and the (unscaled) median absolute deviation of the
// known values of x where mask is nil or true. Multiply by 1.4826 for a
// normal-consistent σ; the modified z-score is 0.6745·(x−median)/MAD.
func mad(x []float64, mask []bool) (med, dev float64) {
	return robust.MAD(finite(x, mask))
}

// fit is an ordinary least-squares line y = Intercept + Slope·x.
type fit struct {
	Slope, Intercept float64
	R2               float64
	// SE is the slope's standard error; T = Slope/SE.
	SE, T float64
	N     int
}

// olsFit fits y on x by ordinary least squares (gonum/stat) over the samples
// where both are known and mask is nil or true. ok is false with fewer than
// three pairs or when x does not vary.
func olsFit(x, y []float64, mask []bool) (fit, bool) {
	xs := make([]float64, 0, len(x))
	ys := make([]float64, 0, len(x))
	for i := range x {
		if i >= len(y) {
			break
		}
		if (mask != nil && !mask[i]) || math.IsNaN(x[i]) || math.IsNaN(y[i]) ||
			math.IsInf(x[i], 0) || math.IsInf(y[i], 0) {
			continue
		}
		xs = append(xs, x[i])
		ys = append(ys, y[i])
	}
	n := len(xs)
	if n < 3 {
		return fit{N: n}, false
	}
	mx := stat.Mean(xs, nil)
	var sxx float64
	for _, v := range xs {
		sxx += (v - mx) * (v - mx)
	}
	if sxx <= 1e-12*float64(n) {
		return fit{N: n}, false
	}
	alpha, beta := stat.LinearRegression(xs, ys, nil, false)
	var ssr, sst float64
	my := stat.Mean(ys, nil)
	for i, v := range xs {
		r := ys[i] - (alpha + beta*v)
		ssr += r * r
		sst += (ys[i] - my) * (ys[i] - my)
	}
	out := fit{Slope: beta, Intercept: alpha, N: n}
	if sst > 0 {
		out.R2 = 1 - ssr/sst
	}
	out.SE = math.Sqrt(ssr / float64(n-2) / sxx)
	switch {
	case out.SE > 0:
		out.T = beta / out.SE
	case beta != 0:
		out.T = math.Inf(int(math.Copysign(1, beta)))
	}
	return out, true
}

// correlation returns Pearson's r between x and y over the samples where both
// are known and mask is nil or true, and the number of pairs. r is NaN with
// fewer than three pairs or when either side is constant.
func correlation(x, y []float64, mask []bool) (r float64, n int) {
	xs := make([]float64, 0, len(x))
	ys := make([]float64, 0, len(x))
	for i := range x {
		if i >= len(y) {
			break
		}
		if (mask != nil && !mask[i]) || math.IsNaN(x[i]) || math.IsNaN(y[i]) {
			continue
		}
		xs = append(xs, x[i])
		ys = append(ys, y[i])
	}
	n = len(xs)
	if n < 3 || stat.Variance(xs, nil) == 0 || stat.Variance(ys, nil) == 0 {
		return math.NaN(), n
	}
	return stat.Correlation(xs, ys, nil), n
}

// wetBulbStull estimates the wet-bulb temperature (°F) from dry-bulb tF (°F)
// and relative humidity rh (%) with Stull's 2011 empirical formula (valid for
// RH 5–99 % and −20–50 °C at sea-level pressure; error within about ±1 °C).
// NaN when either input is missing or RH is outside 0–100.
func wetBulbStull(tF, rh float64) float64 {
	if math.IsNaN(tF) || math.IsNaN(rh) || rh < 0 || rh > 100 {
		return math.NaN()
	}
	t := (tF - 32) / 1.8
	tw := t*math.Atan(0.151977*math.Sqrt(rh+8.313659)) +
		math.Atan(t+rh) - math.Atan(rh-1.676331) +
		0.00391838*math.Pow(rh, 1.5)*math.Atan(0.023101*rh) - 4.686035
	return tw*1.8 + 32
}
