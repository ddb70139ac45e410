package quality

import (
	"errors"
	"fmt"
	"math"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// MinPairedSamples is the fewest paired samples a reference comparison
// judges.
const MinPairedSamples = 10

// ErrNotComparable marks a reference comparison that could not be made (no
// overlap, too few paired samples, bad thresholds); the error text says why.
var ErrNotComparable = errors.New("reference not comparable")

// Thresholds are the |bias| levels, in the point's unit, at which a
// comparison is warn and fault (0 < Warn ≤ Fault).
type Thresholds struct {
	Warn  float64
	Fault float64
}

// Comparison is a point compared with a reference sensor over their paired
// samples.
type Comparison struct {
	// Bias is the median of point − reference: positive means the point
	// reads high.
	Bias float64 `json:"bias"`
	// Sign is "high", "low" or "none" (bias exactly 0).
	Sign string  `json:"sign"`
	RMSE float64 `json:"rmse"`
	// Correlation is Pearson's r; nil when either side is constant.
	Correlation *float64 `json:"correlation"`
	// Samples counts the paired samples (grid slots where both have a value).
	Samples int `json:"samples"`
	// Step is the pairing grid's step.
	Step time.Duration `json:"-"`
	// OverlapStart..OverlapEnd is the span both sensors cover.
	OverlapStart time.Time `json:"-"`
	OverlapEnd   time.Time `json:"-"`
	// OverlapHours is its length.
	OverlapHours float64 `json:"overlap_hours"`
	// Verdict is ok, warn (|bias| ≥ Warn) or fault (|bias| ≥ Fault).
	Verdict string `json:"verdict"`
}

// CompareReference pairs point with ref on a common grid over the span both
// cover and compares them. step 0 means the coarser of the two series'
// median intervals; both are mean-resampled (percent roles rescaled as on
// the run grid). The error wraps ErrNotComparable when the two do not
// overlap, have fewer than MinPairedSamples pairs, or the thresholds are
// not 0 < warn ≤ fault.
func CompareReference(point, ref model.Series, step time.Duration, th Thresholds) (Comparison, error) {
	var c Comparison
	if !(th.Warn > 0 && th.Fault >= th.Warn) || math.IsInf(th.Fault, 0) {
		return c, fmt.Errorf("%w: thresholds warn %g, fault %g are not 0 < warn ≤ fault", ErrNotComparable, th.Warn, th.Fault)
	}
	if len(point.TS) == 0 || len(ref.TS) == 0 {
		side := "point"
		if len(point.TS) > 0 {
			side = "reference"
		}
		return c, fmt.Errorf("%w: the %s has no samples", ErrNotComparable, side)
	}
	lo := max(point.TS[0], ref.TS[0])
	hi := min(point.TS[len(point.TS)-1], ref.TS[len(ref.TS)-1])
	if hi < lo {
		return c, fmt.Errorf("%w: no overlap (point %s..%s, reference %s..%s)", ErrNotComparable,
			stamp(point.TS[0]), stamp(point.TS[len(point.TS)-1]), stamp(ref.TS[0]), stamp(ref.TS[len(ref.TS)-1]))
	}
	if step <= 0 {
		step = time.Duration(max(series.MedianInterval(point.TS), series.MedianInterval(ref.TS)))
	}
	opt := series.Options{Step: step, Start: lo, End: hi + 1}
	p := series.Build("point", "", []model.Series{point}, opt).Col(point.Role)
	r := series.Build("reference", "", []model.Series{withRole(ref, point.Role)}, opt).Col(point.Role)
	var diffs, xs, ys []float64
	sq := 0.0
	for i := range p {
		if math.IsNaN(p[i]) || math.IsNaN(r[i]) {
			continue
		}
		d := p[i] - r[i]
		diffs = append(diffs, d)
		xs = append(xs, p[i])
		ys = append(ys, r[i])
		sq += d * d
	}
	c.Samples = len(diffs)
	c.Step = step
	c.OverlapStart, c.OverlapEnd = time.Unix(0, lo).UTC(), time.Unix(0, hi).UTC()
	c.OverlapHours = c.OverlapEnd.Sub(c.OverlapStart).Hours()
	if c.Samples < MinPairedSamples {
		return c, fmt.Errorf("%w: %d paired samples (needs %d)", ErrNotComparable, c.Samples, MinPairedSamples)
	}
	c.Bias = median(diffs)
	c.RMSE = math.Sqrt(sq / float64(c.Samples))
	if cor := stat.Correlation(xs, ys, nil); !math.IsNaN(cor) && !math.IsInf(cor, 0) {
		c.Correlation = &cor
	}
	switch {
	case c.Bias > 0:
		c.Sign = "high"
	case c.Bias < 0:
		c.Sign = "low"
	default:
		c.Sign = "none"
	}
	switch ab := math.Abs(c.Bias); {
	case ab >= th.Fault:
		c.Verdict = "fault"
	case ab >= th.Warn:
		c.Verdict = "warn"
	default:
		c.Verdict = "ok"
	}
	return c, nil
}

func withRole(s model.Series, r model.Role) model.Series {
	s.Role = r
	return s
}

func stamp(ns int64) string { return time.Unix(0, ns).UTC().Format(series.TimeLayout) }
