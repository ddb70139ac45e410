package series

import (
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// Frame is one equipment's trends on a regular time grid: the shape every
// rule reads. Slot i covers [Start+i*Step, Start+(i+1)*Step). A missing
// value is NaN. Timestamps are naive local time held as UTC (see
// model.Series).
type Frame struct {
	Equip string
	Class string // the stored class label
	Start int64  // ns, slot 0
	Step  int64  // ns, > 0
	N     int
	Cols  map[model.Role][]float64
}

// Col returns role r's column, or nil when the frame lacks it.
func (f *Frame) Col(r model.Role) []float64 { return f.Cols[r] }

// Has reports whether the frame has a column for r with at least one value.
func (f *Frame) Has(r model.Role) bool {
	for _, v := range f.Cols[r] {
		if !math.IsNaN(v) {
			return true
		}
	}
	return false
}

// Time returns the start of slot i as a UTC-located time whose wall clock is
// the naive local reading (so Weekday and Hour are local).
func (f *Frame) Time(i int) time.Time { return time.Unix(0, f.Start+int64(i)*f.Step).UTC() }

// StepHours is the grid step in hours.
func (f *Frame) StepHours() float64 { return float64(f.Step) / float64(time.Hour) }
