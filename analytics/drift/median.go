package drift

import "github.com/camber-tui/camber-tui/analytics/robust"

// median is the median of x (the mean of the two middle values for an
// even count) in O(n) by selection; x is reordered. An empty x gives NaN.
func median(x []float64) float64 { return robust.Median(x) }
