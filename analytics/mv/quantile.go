package mv

import "github.com/camber-tui/camber-tui/analytics/robust"

// quantile is the p-quantile of sorted x by linear interpolation between
// order statistics at h = (n−1)·p (Hyndman–Fan type 7, the default of R
// and NumPy), so the 0.5 quantile is the usual median. gonum's
// stat.Quantile uses another convention (its LinInterp median of
// {1, 2, 3} is 1.5). An empty x gives NaN.
func quantile(p float64, sorted []float64) float64 { return robust.SortedQuantile(sorted, p) }
