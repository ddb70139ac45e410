package quality

import "math"

// countLocal counts the samples of vals (time order) farther than cut
// from med that also stand out, by the same modified-z test, from their
// own neighbourhood (the ±localHalfWidth samples around them).
//
// Global outliers come in runs (a regime the signal dwells in), so the
// neighbourhood is kept sorted from one sample to the next: the sample
// leaving it is taken out and the one entering put in, and its median and
// the median of its absolute deviations are read off the sorted values.
// The values are those whole-neighbourhood selections give (a zero
// median's sign aside, which no deviation sees); a neighbourhood with an
// infinite median, whose deviations are NaN, is selected as it always was.
func countLocal(vals []float64, med, cut float64) int {
	n := 0
	var nb neighbourhood
	for i, x := range vals {
		if math.Abs(x-med) <= cut {
			continue
		}
		lo, hi := max(0, i-localHalfWidth), min(len(vals), i+localHalfWidth+1)
		nb.move(vals, lo, hi)
		lmed := nb.median()
		var lcut float64
		var ok bool
		if math.IsInf(lmed, 0) || math.IsNaN(lmed) {
			lmed, lcut, ok = selectedCut(vals[lo:hi])
		} else {
			lcut, ok = nb.cut(vals[lo:hi], lmed)
		}
		if ok && math.Abs(x-lmed) > lcut {
			n++
		}
	}
	return n
}

// neighbourhood is a sorted copy of vals[lo:hi].
type neighbourhood struct {
	lo, hi int
	n      int
	w      [2*localHalfWidth + 1]float64
}

// move makes the neighbourhood vals[lo:hi]: by one step from the one
// before when both are full width and adjacent, else sorted afresh.
func (nb *neighbourhood) move(vals []float64, lo, hi int) {
	const full = 2*localHalfWidth + 1
	if nb.n == full && hi-lo == full && lo == nb.lo+1 {
		nb.remove(vals[nb.lo])
		nb.insert(vals[hi-1])
		nb.lo, nb.hi = lo, hi
		return
	}
	nb.lo, nb.hi, nb.n = lo, hi, 0
	for _, v := range vals[lo:hi] {
		nb.insert(v)
	}
}

// insert puts v in order.
func (nb *neighbourhood) insert(v float64) {
	j := nb.n
	for ; j > 0 && nb.w[j-1] > v; j-- {
		nb.w[j] = nb.w[j-1]
	}
	nb.w[j] = v
	nb.n++
}

// remove takes out one value equal to v (there is one: v entered the
// neighbourhood and has not left).
func (nb *neighbourhood) remove(v float64) {
	w := nb.w[:nb.n]
	for j, x := range w {
		if x == v {
			copy(w[j:], w[j+1:])
			nb.n--
			return
		}
	}
}

// median is the neighbourhood's median (the mean of the two middle values
// for an even count).
func (nb *neighbourhood) median() float64 {
	w, m := nb.w[:nb.n], nb.n/2
	if nb.n%2 == 1 {
		return w[m]
	}
	return (w[m-1] + w[m]) / 2
}

// cut is outlierCut of the neighbourhood's absolute deviations from a
// finite lmed: their median is read by merging the deviations below and
// above lmed, each side ascending away from it; the mean absolute
// deviation, needed only when that median is 0, is summed over tw (the
// neighbourhood in time order) as outlierCut's caller sums it.
func (nb *neighbourhood) cut(tw []float64, lmed float64) (float64, bool) {
	w, n := nb.w[:nb.n], nb.n
	// l walks down from the last value ≤ lmed, r up from the first above.
	r := 0
	for r < n && w[r] <= lmed {
		r++
	}
	l := r - 1
	next := func() float64 {
		var d float64
		if r >= n || l >= 0 && math.Abs(w[l]-lmed) <= math.Abs(w[r]-lmed) {
			d = math.Abs(w[l] - lmed)
			l--
		} else {
			d = math.Abs(w[r] - lmed)
			r++
		}
		return d
	}
	k := n / 2
	var prev, d float64
	for range k + 1 {
		prev, d = d, next()
	}
	mad := d
	if n%2 == 0 {
		mad = (prev + d) / 2
	}
	if mad > 0 {
		return outlierZ * mad / madScale, true
	}
	sum := 0.0
	for _, y := range tw {
		sum += math.Abs(y - lmed)
	}
	if meanAD := sum / float64(n); meanAD > 0 {
		return outlierZ * meanADScale * meanAD, true
	}
	return 0, false
}

// selectedCut is a neighbourhood's median and cut by whole selections.
func selectedCut(tw []float64) (lmed, cut float64, ok bool) {
	var win, wdev [2*localHalfWidth + 1]float64
	w := win[:copy(win[:], tw)]
	lmed = median(w)
	wd := wdev[:len(tw)]
	sum := 0.0
	for j, y := range tw {
		wd[j] = math.Abs(y - lmed)
		sum += wd[j]
	}
	cut, ok = outlierCut(wd, sum)
	return lmed, cut, ok
}
