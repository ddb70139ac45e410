package series

import (
	"math"
	"slices"
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
	// Shared names, for each column merged from a facility point, the
	// equipment that point belongs to (the weather station); a role absent
	// here is the equipment's own.
	Shared map[model.Role]string
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

// End is the end of the last slot (ns, exclusive).
func (f *Frame) End() int64 { return f.Start + int64(f.N)*f.Step }

// Slot returns the slot that holds timestamp ts (ns) and whether it lies on
// the grid.
func (f *Frame) Slot(ts int64) (int, bool) {
	if f.Step <= 0 || ts < f.Start || ts >= f.End() {
		return 0, false
	}
	return int((ts - f.Start) / f.Step), true
}

// Roles returns the frame's column roles, sorted.
func (f *Frame) Roles() []model.Role {
	out := make([]model.Role, 0, len(f.Cols))
	for r := range f.Cols {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// Source returns the equipment whose point fills role r's column: the
// shared point's equipment for a merged column, else the frame's own.
func (f *Frame) Source(r model.Role) string {
	if e, ok := f.Shared[r]; ok {
		return e
	}
	return f.Equip
}
