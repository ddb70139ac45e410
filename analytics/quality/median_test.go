package quality

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/robust"
)

// refCut is the global median and cut as countOutliers found them
// before narrowed selection (whole-sample selections of the values and
// their deviations): the reference the faster one must match. vals is
// reordered.
func refCut(vals []float64) (med, cut float64, ok bool) {
	med = median(vals)
	dev := make([]float64, len(vals))
	sumAD := 0.0
	for i, x := range vals {
		dev[i] = math.Abs(x - med)
		sumAD += dev[i]
	}
	cut, ok = outlierCut(dev, sumAD)
	return med, cut, ok
}

// refCountOutliers is countOutliers as it was before narrowed selection
// and sorted neighbourhood medians. vals is reordered.
func refCountOutliers(vals []float64) int {
	ordered := append([]float64(nil), vals...)
	med, cut, ok := refCut(vals)
	if !ok {
		return 0
	}
	n := 0
	var win [2*localHalfWidth + 1]float64
	var wdev [2*localHalfWidth + 1]float64
	for i, x := range ordered {
		if math.Abs(x-med) <= cut {
			continue
		}
		lo, hi := max(0, i-localHalfWidth), min(len(ordered), i+localHalfWidth+1)
		w := win[:copy(win[:], ordered[lo:hi])]
		lmed := median(w)
		wd := wdev[:len(w)]
		sum := 0.0
		for j, y := range ordered[lo:hi] {
			wd[j] = math.Abs(y - lmed)
			sum += wd[j]
		}
		if lcut, ok := outlierCut(wd, sum); ok && math.Abs(x-lmed) > lcut {
			n++
		}
	}
	return n
}

// medianSamples are value series of many shapes and lengths (around the
// narrowing threshold, odd and even): noisy daily cycles, spikes, coarse
// quantisation, two regimes, mostly one value (MAD 0), constant, sorted
// both ways, a sawtooth whose period aliases a stride, and ±Inf.
func medianSamples() map[string][]float64 {
	rng := rand.New(rand.NewPCG(5, 6))
	gen := func(n int, f func(i int) float64) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = f(i)
		}
		return x
	}
	out := map[string][]float64{}
	for _, n := range []int{1, 2, 13, 1000, 8760, narrowMin - 1, narrowMin, narrowMin + 1, 50_001, 105_120} {
		add := func(name string, f func(i int) float64) { out[fmt.Sprintf("%s/%d", name, n)] = gen(n, f) }
		add("noisy cycle", func(i int) float64 { return 55 + 10*math.Sin(float64(i)/288*2*math.Pi) + rng.NormFloat64() })
		add("spikes", func(i int) float64 {
			if rng.IntN(200) == 0 {
				return 500 * rng.Float64()
			}
			return 72 + 0.2*rng.NormFloat64()
		})
		add("quantised", func(i int) float64 { return math.Round(4*(70+3*rng.NormFloat64())) / 4 })
		add("two regimes", func(i int) float64 {
			if i/144%2 == 0 {
				return 55 + 0.3*rng.NormFloat64()
			}
			return 78 + 0.3*rng.NormFloat64()
		})
		add("mostly zero", func(i int) float64 {
			if rng.IntN(10) < 7 {
				return 0
			}
			return 100 * rng.Float64()
		})
		add("signed zeros", func(i int) float64 {
			if i%3 == 0 {
				return math.Copysign(0, -1)
			}
			return float64(i%5) - 2
		})
		add("constant", func(int) float64 { return 42.5 })
		add("ascending", func(i int) float64 { return float64(i) * 0.1 })
		add("descending", func(i int) float64 { return -float64(i) })
		add("sawtooth", func(i int) float64 { return float64(i % 4096) })
		add("inf runs", func(i int) float64 {
			switch {
			case i%500 < 9:
				return math.Inf(1)
			case i%500 < 16:
				return math.Inf(-1)
			}
			return 20 + rng.NormFloat64()
		})
		add("mostly one reading", func(i int) float64 {
			if rng.IntN(10) < 6 {
				return 20.3
			}
			return 20.3 + 0.1*math.Round(30*rng.NormFloat64())
		})
		add("with inf", func(i int) float64 {
			switch i % 97 {
			case 0:
				return math.Inf(1)
			case 1:
				return math.Inf(-1)
			}
			return rng.NormFloat64()
		})
	}
	return out
}

// TestMedianOf: medianOf is robust.Median's value (a zero's sign aside)
// for the values and for their absolute deviations, and leaves its source
// as it was.
func TestMedianOf(t *testing.T) {
	for name, x := range medianSamples() {
		t.Run(name, func(t *testing.T) {
			src := slices.Clone(x)
			scratch := make([]float64, len(x))
			want := robust.Median(slices.Clone(x))
			if got := medianOf(src, scratch, 0, false); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("median = %v, want %v", got, want)
			}
			if math.IsInf(want, 0) || math.IsNaN(want) {
				return
			}
			dev := slices.Clone(x)
			for i, v := range dev {
				dev[i] = math.Abs(v - want)
			}
			wantDev := robust.Median(dev)
			if got := medianOf(src, scratch, want, true); got != wantDev && !(math.IsNaN(got) && math.IsNaN(wantDev)) {
				t.Fatalf("median deviation = %v, want %v", got, wantDev)
			}
			if !slices.EqualFunc(src, x, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				t.Fatal("medianOf changed its source")
			}
		})
	}
}

// TestNarrowedMedian_Miss: with no slack the bracket often misses a middle
// value; narrowedMedian then says so, and when it does not miss it is
// exact.
func TestNarrowedMedian_Miss(t *testing.T) {
	missed := 0
	for name, x := range medianSamples() {
		if len(x) < narrowMin || slices.ContainsFunc(x, func(v float64) bool { return math.IsInf(v, 0) }) {
			continue
		}
		want := robust.Median(slices.Clone(x))
		got, ok := narrowedMedian(x, make([]float64, len(x)), 0, false, 0)
		if !ok {
			missed++
			continue
		}
		if got != want {
			t.Errorf("%s: narrowed median without slack = %v, want %v", name, got, want)
		}
	}
	if missed == 0 {
		t.Error("no bracket without slack missed: the fallback is untested")
	}
}

// TestCountOutliers_SameAsWholeSelection: narrowed selection finds the
// same median and the same cut (bit for bit) as whole-sample selection,
// and counts the same outliers; vals is only read.
func TestCountOutliers_SameAsWholeSelection(t *testing.T) {
	counted := 0 // long samples with outliers: the narrowed path judged some
	for name, x := range medianSamples() {
		t.Run(name, func(t *testing.T) {
			src := slices.Clone(x)
			wmed, wcut, wok := refCut(slices.Clone(x))
			med, cut, ok := globalCut(src)
			if ok != wok || math.Float64bits(cut) != math.Float64bits(wcut) || med != wmed && !(math.IsNaN(med) && math.IsNaN(wmed)) {
				t.Fatalf("median %v, cut %v (%#x), %v; want %v, %v (%#x), %v", med, cut, math.Float64bits(cut), ok,
					wmed, wcut, math.Float64bits(wcut), wok)
			}
			want := refCountOutliers(slices.Clone(x))
			if want > 0 && len(x) >= narrowMin {
				counted++
			}
			if got := countOutliers(src); got != want {
				t.Fatalf("%d outliers, want %d", got, want)
			}
			if !slices.EqualFunc(src, x, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				t.Fatal("countOutliers changed vals")
			}
		})
	}
	if counted == 0 {
		t.Error("no long sample has an outlier: the test proves nothing")
	}
}
