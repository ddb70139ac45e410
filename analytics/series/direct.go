package series

import (
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// fillDirect fills col (f.N slots) from one series when each of its
// samples in f's window lies in a slot of its own, later than the previous
// sample's: the common case of a trend logged at a fixed interval on a grid
// of that interval (BuildNative), or of an hourly point on the hourly grid.
// It reports false, leaving col unspecified, as soon as two in-window
// samples share a slot or go back in time; the caller then aggregates.
//
// A slot's value is then its one finite sample, scaled. The aggregating
// path computes the same bits: the mean of one sample is 0 + v (a sum
// started at +0, so a -0 sample reads +0) divided by 1, and the status
// maximum of one sample is v itself.
func fillDirect(col []float64, f *Frame, s *model.Series, scale float64, status bool) bool {
	lo, hi, step := f.Start, f.End(), f.Step
	n := min(len(s.TS), len(s.V))
	ts, vs := s.TS[:n], s.V[:n]
	nan := math.NaN()
	for i := range col {
		col[i] = nan
	}
	// next is the end of the previous sample's slot: a sample before it
	// shares that slot or goes backwards. A regular trend's next sample
	// lies in the very next slot, found without a division.
	k, next := int64(-1), lo
	for i, t := range ts {
		if t < lo || t >= hi {
			continue
		}
		switch {
		case t < next:
			return false
		case t < next+step:
			k++
			next += step
		default:
			k = (t - lo) / step
			next = lo + (k+1)*step
		}
		v := vs[i]
		if v-v != 0 { // NaN or ±Inf: the slot stays empty unless filled
			continue
		}
		v *= scale
		if !status {
			v = addZero(v)
		}
		col[k] = v
	}
	return true
}

// addZero returns 0 + v, as a mean's sum starting at +0 does: the same
// value, but -0 becomes +0.
func addZero(v float64) float64 {
	sum := 0.0
	sum += v
	return sum
}
