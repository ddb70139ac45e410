package model

// Series is one stored point's samples: an equipment's role over time.
//
// Timestamps are naive local wall-clock time, as CAMBER stores them, held as
// nanoseconds since the Unix epoch of that wall-clock reading taken as UTC
// (time.Unix(0, ts).UTC() prints the local reading). TS is ascending and V
// has the same length; a Series never holds NaN (the store keeps
// observations, not a dense grid).
type Series struct {
	Equip string
	Class string // the stored equip_class label, free text
	Role  Role
	TS    []int64
	V     []float64
}

// Len returns the number of samples.
func (s *Series) Len() int { return len(s.TS) }
