package series

import (
	"slices"
	"time"
)

// DefaultInterval is the interval reported for a series with fewer than two
// distinct timestamps.
const DefaultInterval = int64(time.Hour)

// GapFactor is how many expected intervals a timestamp difference must
// exceed to count as a gap.
const GapFactor = 1.5

// positiveDiffs returns the strictly positive successive differences of ts,
// sorted ascending.
func positiveDiffs(ts []int64) []int64 {
	if len(ts) < 2 {
		return nil
	}
	d := make([]int64, 0, len(ts)-1)
	for i := 1; i < len(ts); i++ {
		if x := ts[i] - ts[i-1]; x > 0 {
			d = append(d, x)
		}
	}
	slices.Sort(d)
	return d
}

// MedianInterval is a point's logging interval: the median of the strictly
// positive successive differences of ts (ascending timestamps, ns), or
// [DefaultInterval] when there are none. With an even count it is the
// lower of the two middle values, so it is always an observed difference.
func MedianInterval(ts []int64) int64 {
	d := positiveDiffs(ts)
	if len(d) == 0 {
		return DefaultInterval
	}
	return d[(len(d)-1)/2]
}

// ModeInterval is the expected interval used for gap counting: the most
// frequent strictly positive successive difference of ts (the smallest on a
// tie), or [DefaultInterval] when there is none. Zero differences
// (duplicate timestamps) are left out so duplicates cannot make every
// difference a gap.
func ModeInterval(ts []int64) int64 {
	return modeOf(positiveDiffs(ts))
}

func modeOf(d []int64) int64 {
	if len(d) == 0 {
		return DefaultInterval
	}
	best, bestN := d[0], 0
	for i := 0; i < len(d); {
		j := i
		for j < len(d) && d[j] == d[i] {
			j++
		}
		if j-i > bestN {
			best, bestN = d[i], j-i
		}
		i = j
	}
	return best
}

// Intervals returns both [MedianInterval] and [ModeInterval] of ts with
// one sort.
func Intervals(ts []int64) (median, mode int64) {
	d := positiveDiffs(ts)
	if len(d) == 0 {
		return DefaultInterval, DefaultInterval
	}
	return d[(len(d)-1)/2], modeOf(d)
}

// Gap is a hole in a series: the last sample before it and the first
// after it (ns, naive local time).
type Gap struct {
	From int64
	To   int64
}

// Duration is the gap's length.
func (g Gap) Duration() time.Duration { return time.Duration(g.To - g.From) }

// Gaps returns every successive difference of ts greater than GapFactor ×
// expected (ns). A non-positive expected interval finds no gap.
func Gaps(ts []int64, expected int64) []Gap {
	if expected <= 0 {
		return nil
	}
	limit := float64(expected) * GapFactor
	var out []Gap
	for i := 1; i < len(ts); i++ {
		if float64(ts[i]-ts[i-1]) > limit {
			out = append(out, Gap{From: ts[i-1], To: ts[i]})
		}
	}
	return out
}

// CountGaps is len(Gaps(ts, expected)) without allocating.
func CountGaps(ts []int64, expected int64) int {
	if expected <= 0 {
		return 0
	}
	limit := float64(expected) * GapFactor
	n := 0
	for i := 1; i < len(ts); i++ {
		if float64(ts[i]-ts[i-1]) > limit {
			n++
		}
	}
	return n
}

// nativeSample is how many differences sampledMedianInterval looks at.
const nativeSample = 4096

// sampledMedianInterval is MedianInterval over at most nativeSample
// differences taken at evenly spaced positions (all of them for a shorter
// series).
func sampledMedianInterval(ts []int64) int64 {
	n := len(ts) - 1
	if n <= nativeSample {
		return MedianInterval(ts)
	}
	d := make([]int64, 0, nativeSample)
	for k := 0; k < nativeSample; k++ {
		i := 1 + k*n/nativeSample
		if x := ts[i] - ts[i-1]; x > 0 {
			d = append(d, x)
		}
	}
	if len(d) == 0 {
		return DefaultInterval
	}
	slices.Sort(d)
	return d[(len(d)-1)/2]
}
