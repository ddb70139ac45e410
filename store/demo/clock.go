package demo

import (
	"math"
	"time"
)

// clock is a regular time grid of naive local timestamps.
type clock struct {
	start time.Time // naive local time, held in UTC
	step  time.Duration
	n     int
}

// ts returns sample i's timestamp in nanoseconds (naive local as UTC).
func (c clock) ts(i int) int64 { return c.start.Add(time.Duration(i) * c.step).UnixNano() }

// at returns sample i's time.
func (c clock) at(i int) time.Time { return c.start.Add(time.Duration(i) * c.step) }

// hour returns the fractional hour of day of sample i.
func (c clock) hour(i int) float64 {
	t := c.at(i)
	return float64(t.Hour()) + float64(t.Minute())/60
}

// day returns the fractional day since the start of sample i.
func (c clock) day(i int) float64 { return float64(i) * c.step.Hours() / 24 }

// weekday reports whether sample i falls Monday to Friday.
func (c clock) weekday(i int) bool {
	wd := c.at(i).Weekday()
	return wd != time.Saturday && wd != time.Sunday
}

// occupied reports whether sample i is in the default occupied schedule,
// Monday to Friday 07:00-18:00.
func (c clock) occupied(i int) bool {
	h := c.hour(i)
	return c.weekday(i) && h >= 7 && h < 18
}

// index returns the first sample at or after day d (fractional days).
func (c clock) index(d float64) int {
	i := int(math.Ceil(d * 24 / c.step.Hours()))
	return max(0, min(i, c.n))
}

// perDay is the number of samples in a day.
func (c clock) perDay() int { return int(24 * time.Hour / c.step) }

// window is a labelled fault window in days since the facility's start,
// [from, to).
type window struct{ from, to float64 }

// in reports whether day d lies in w.
func (w window) in(d float64) bool { return d >= w.from && d < w.to }

// clamp limits x to [lo, hi].
func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// lerp maps x in [x0, x1] linearly onto [y0, y1], clamped at the ends.
func lerp(x, x0, x1, y0, y1 float64) float64 {
	f := clamp((x-x0)/(x1-x0), 0, 1)
	return y0 + f*(y1-y0)
}
