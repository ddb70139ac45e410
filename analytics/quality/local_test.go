package quality

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestNeighbourhood: the sorted neighbourhood, slid along a series or
// built afresh, gives every neighbourhood's median and cut as selections
// of it do (the cut bit for bit), at full width and the shorter, even or
// odd, widths at the ends; on decimals, few distinct values (MAD 0, where
// the mean deviation's summing order shows), signed zeros and infinities.
func TestNeighbourhood(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	gens := map[string]func() float64{
		"decimals":    func() float64 { return 20 + rng.NormFloat64()*3.1 },
		"few values":  func() float64 { return []float64{0.1, 0.1, 0.1, 0.7, 0.3, 1e-3}[rng.IntN(6)] },
		"mostly one":  func() float64 { return []float64{19.7, 19.7, 19.7, 19.7, 21.9, 0.2 * rng.Float64()}[rng.IntN(6)] },
		"zeros":       func() float64 { return []float64{0, math.Copysign(0, -1), 1}[rng.IntN(3)] },
		"infinities":  func() float64 { return []float64{math.Inf(1), math.Inf(-1), 2, 3}[rng.IntN(4)] },
		"spiky":       func() float64 { return float64(rng.IntN(3)) + float64(rng.IntN(50)/49)*1e6 },
		"tied pairs":  func() float64 { return float64(rng.IntN(4)) / 3 },
		"wide spread": func() float64 { return math.Ldexp(rng.Float64(), rng.IntN(200)-100) },
	}
	checked, madZero := 0, 0
	for name, gen := range gens {
		for round := range 40 {
			vals := make([]float64, 1+rng.IntN(60))
			for i := range vals {
				vals[i] = gen()
			}
			var nb neighbourhood
			for i := range vals {
				if round%2 == 1 && rng.IntN(3) == 0 {
					continue // a jump: the next neighbourhood is built afresh
				}
				lo, hi := max(0, i-localHalfWidth), min(len(vals), i+localHalfWidth+1)
				nb.move(vals, lo, hi)
				wmed, wcut, wok := selectedCut(vals[lo:hi])
				lmed := nb.median()
				if math.IsInf(lmed, 0) || math.IsNaN(lmed) {
					if !(lmed == wmed || math.IsNaN(lmed) && math.IsNaN(wmed)) {
						t.Fatalf("%s %v [%d:%d]: median %v, want %v", name, vals, lo, hi, lmed, wmed)
					}
					continue
				}
				cut, ok := nb.cut(vals[lo:hi], lmed)
				if lmed != wmed || ok != wok || math.Float64bits(cut) != math.Float64bits(wcut) {
					t.Fatalf("%s %v [%d:%d]: median %v cut %v (%#x) %v; want %v %v (%#x) %v", name, vals, lo, hi,
						lmed, cut, math.Float64bits(cut), ok, wmed, wcut, math.Float64bits(wcut), wok)
				}
				checked++
				dev := make([]float64, hi-lo)
				for j, y := range vals[lo:hi] {
					dev[j] = math.Abs(y - wmed)
				}
				if ok && median(dev) == 0 {
					madZero++
				}
			}
		}
	}
	if checked < 1000 || madZero < 100 {
		t.Errorf("only %d neighbourhoods checked, %d of them with a MAD of 0", checked, madZero)
	}
}
