package quality

import (
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
)

// median returns the median of x (the mean of the two middle values for an
// even count) and reorders x. An empty x gives NaN.
func median(x []float64) float64 { return robust.Median(x) }

// round4 rounds to 4 decimal places.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}
