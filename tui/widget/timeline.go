package widget

import (
	"strings"
	"time"
)

// Span is a closed time interval.
type Span struct{ Start, End time.Time }

// The timeline glyphs: a flagged cell and a clear one.
const (
	BarOn  = '█'
	BarOff = '·'
)

// Timeline draws spans over the window [start, end] as a bar of w cells:
// a cell is on when any span overlaps the time it covers. A span outside
// the window is clipped; an empty window gives an empty bar.
func Timeline(start, end time.Time, spans []Span, w int) string {
	if w <= 0 {
		return ""
	}
	total := end.Sub(start)
	if total <= 0 {
		return strings.Repeat(string(BarOff), w)
	}
	on := make([]bool, w)
	cell := func(t time.Time) int {
		f := float64(t.Sub(start)) / float64(total) * float64(w)
		return min(max(int(f), 0), w-1)
	}
	for _, s := range spans {
		if s.End.Before(start) || s.Start.After(end) || s.End.Before(s.Start) {
			continue
		}
		for i := cell(s.Start); i <= cell(s.End); i++ {
			on[i] = true
		}
	}
	var b strings.Builder
	for _, x := range on {
		if x {
			b.WriteRune(BarOn)
		} else {
			b.WriteRune(BarOff)
		}
	}
	return b.String()
}

// Axis returns a w-cell line with the start label at the left and the end
// label at the right (only the start when both do not fit).
func Axis(startLabel, endLabel string, w int) string {
	gap := w - Width(startLabel) - Width(endLabel)
	if gap < 1 {
		return Truncate(startLabel, w)
	}
	return startLabel + strings.Repeat(" ", gap) + endLabel
}
