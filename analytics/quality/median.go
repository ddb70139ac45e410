package quality

import (
	"math"
	"math/rand/v2"

	"github.com/camber-tui/camber-tui/analytics/robust"
)

// Narrowed selection (Floyd and Rivest's idea): the median of a long
// sample is found by selecting, from a pseudo-random subsample, two values
// that bracket it with near certainty, counting the values below the
// bracket and gathering the few inside it in one pass, and selecting the
// median among those. The pass is cheap and predictable where a full
// quickselect partitions the whole sample several times.
const (
	// narrowMin is the shortest sample narrowed; shorter ones are selected
	// whole.
	narrowMin = 16 << 10
	// narrowSample is the subsample's size, and narrowSlack how many of
	// its ranks the bracket reaches past the median's on each side
	// (about 4 standard deviations of the median's rank in it).
	narrowSample = 4096
	narrowSlack  = 128
)

// medianOf returns the median of the values src holds — src[i] itself,
// or with dev set |src[i] − center| — as [robust.Median] returns it (the
// mean of the two middle values for an even count): the same value, but a
// zero median's sign may differ. src is left as it is; scratch, at least
// len(src) long, is overwritten. An empty src gives NaN.
func medianOf(src, scratch []float64, center float64, dev bool) float64 {
	n := len(src)
	if n >= narrowMin {
		if m, ok := narrowedMedian(src, scratch, center, dev, narrowSlack); ok {
			return m
		}
	}
	s := scratch[:n]
	copy(s, src)
	if dev {
		for i, x := range s {
			s[i] = math.Abs(x - center)
		}
	}
	return robust.Median(s)
}

// narrowedMedian is medianOf by narrowed selection, the bracket reaching
// slack subsample ranks past the middle ones; ok is false when it missed a
// middle value (scratch is then spoilt, src is not).
func narrowedMedian(src, scratch []float64, center float64, dev bool, slack int) (float64, bool) {
	n := len(src)
	val := func(x float64) float64 {
		if dev {
			return math.Abs(x - center)
		}
		return x
	}
	// The middle ranks: hi, and lo = hi-1 for an even count.
	khi := n / 2
	klo := khi
	if n%2 == 0 {
		klo--
	}
	sample := scratch[:narrowSample] // the gathering below reuses it
	rng := rand.New(rand.NewPCG(uint64(n), 0x9e3779b97f4a7c15))
	for i := range sample {
		sample[i] = val(src[rng.IntN(n)])
	}
	rlo := max(klo*narrowSample/n-slack, 0)
	rhi := min(khi*narrowSample/n+slack, narrowSample-1)
	a := robust.Select(sample, rlo)
	b := robust.Select(sample[rlo:], rhi-rlo)
	if a == b {
		return singleBracket(src, center, dev, a, klo, khi)
	}
	// One pass: count the values below a, gather those in [a, b].
	below, in := 0, scratch[:0]
	if dev {
		for _, x := range src {
			v := math.Abs(x - center)
			below += b2i(v < a)
			if b2i(v >= a)&b2i(v <= b) != 0 {
				in = append(in, v)
			}
		}
	} else {
		for _, v := range src {
			below += b2i(v < a)
			if b2i(v >= a)&b2i(v <= b) != 0 {
				in = append(in, v)
			}
		}
	}
	if klo < below || khi >= below+len(in) {
		return 0, false
	}
	hi := robust.Select(in, khi-below)
	if klo == khi {
		return hi, true
	}
	// The values left of hi's rank in the bracket are ≤ it; the lower
	// middle (rank klo ≥ below, so in the bracket too) is their maximum.
	lo := in[0]
	for _, v := range in[1 : khi-below] {
		lo = math.Max(lo, v)
	}
	return (lo + hi) / 2, true
}

// singleBracket finishes narrowedMedian when the bracket is the one value
// a (a value most of the sample shares, such as a closed valve's 0): a
// count of the values below it and equal to it says whether both middle
// values are a.
func singleBracket(src []float64, center float64, dev bool, a float64, klo, khi int) (float64, bool) {
	below, equal := 0, 0
	for _, x := range src {
		v := x
		if dev {
			v = math.Abs(x - center)
		}
		below += b2i(v < a)
		equal += b2i(v == a)
	}
	if klo < below || khi >= below+equal {
		return 0, false
	}
	if klo == khi {
		return a, true
	}
	return (a + a) / 2, true
}

// b2i is 1 for true, else 0 (compiled without a branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
