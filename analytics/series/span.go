package series

import (
	"encoding/json"
	"time"
)

// TimeLayout is how spans and windows print naive local time: no zone,
// because the store's timestamps carry none.
const TimeLayout = "2006-01-02T15:04:05"

// Span is a run of flagged samples: Start is the first flagged slot's
// start, End the end of the last flagged slot (exclusive), Samples how many
// flagged samples it holds.
type Span struct {
	Start   time.Time
	End     time.Time
	Samples int
}

// Hours is the span's length in hours.
func (s Span) Hours() float64 { return s.End.Sub(s.Start).Hours() }

// MarshalJSON writes {"start","end","samples","hours"} with naive local
// times (no zone suffix).
func (s Span) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Start   string  `json:"start"`
		End     string  `json:"end"`
		Samples int     `json:"samples"`
		Hours   float64 `json:"hours"`
	}{s.Start.Format(TimeLayout), s.End.Format(TimeLayout), s.Samples, s.Hours()})
}

// Spans groups the flagged samples of mask (len f.N; a shorter mask is read
// as false beyond its end) into spans: runs of flagged samples with no gap
// longer than 1.5 grid intervals between successive ones. On the regular
// grid that is a run of adjacent flagged slots.
func Spans(mask []bool, f *Frame) []Span {
	var out []Span
	n := min(len(mask), f.N)
	for i := 0; i < n; {
		if !mask[i] {
			i++
			continue
		}
		j := i
		for j < n && mask[j] {
			j++
		}
		out = append(out, Span{Start: f.Time(i), End: f.Time(j), Samples: j - i})
		i = j
	}
	return out
}

// Count returns how many entries of mask are true.
func Count(mask []bool) int {
	n := 0
	for _, b := range mask {
		if b {
			n++
		}
	}
	return n
}
