package quality

import (
	"math"
	"testing"
)

func TestCoverage(t *testing.T) {
	nan := math.NaN()
	col := []float64{nan, nan, 1, nan, 2, 3, nan}
	if got := SpanCoverage(col); got != 0.75 {
		t.Errorf("SpanCoverage = %v, want 3 of 4 = 0.75", got)
	}
	if got := SpanCoverage([]float64{nan, nan}); got != 0 {
		t.Errorf("empty SpanCoverage = %v", got)
	}
	mask := []bool{true, false, true, true, false, false, true}
	if got := MaskCoverage(col, mask); got != 0.25 {
		t.Errorf("MaskCoverage = %v, want 1 of 4", got)
	}
	if got := MaskCoverage(col, make([]bool, 7)); got != 0 {
		t.Errorf("empty mask = %v", got)
	}
}
