package fdd

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestQuantileMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 10, 101, 1000} {
		for _, dup := range []bool{false, true} {
			x := make([]float64, n)
			for i := range x {
				x[i] = rng.NormFloat64()
				if dup {
					x[i] = math.Round(x[i] * 2)
				}
			}
			s := slices.Clone(x)
			slices.Sort(s)
			for _, q := range []float64{0, 0.02, 0.25, 0.5, 0.9, 0.98, 1} {
				pos := q * float64(n-1)
				k := int(pos)
				want := s[k]
				if k+1 < n {
					want += (pos - float64(k)) * (s[k+1] - s[k])
				}
				if got := quantile(x, nil, q); math.Abs(got-want) > 1e-12 {
					t.Fatalf("n=%d dup=%v q=%v: got %v want %v", n, dup, q, got, want)
				}
			}
		}
	}
}

func TestMedianMAD(t *testing.T) {
	for _, tc := range []struct {
		name     string
		x        []float64
		mask     []bool
		med, dev float64
	}{
		{"odd", []float64{1, 2, 3, 4, 100}, nil, 3, 1},
		{"even", []float64{1, 2, 3, 4}, nil, 2.5, 1},
		{"NaN skipped", []float64{nan, 5, nan, 7}, nil, 6, 1},
		{"masked", []float64{1, 2, 3, 50}, []bool{true, true, true, false}, 2, 1},
		{"empty", []float64{nan}, nil, nan, nan},
	} {
		t.Run(tc.name, func(t *testing.T) {
			med, dev := mad(tc.x, tc.mask)
			if !sameFloat(med, tc.med) || !sameFloat(dev, tc.dev) {
				t.Errorf("got %v %v, want %v %v", med, dev, tc.med, tc.dev)
			}
			if m := median(tc.x, tc.mask); !sameFloat(m, tc.med) {
				t.Errorf("median = %v", m)
			}
		})
	}
}

func sameFloat(a, b float64) bool {
	return (math.IsNaN(a) && math.IsNaN(b)) || math.Abs(a-b) < 1e-9
}

func TestOLSFit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 500
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		x[i] = float64(i) / 10
		y[i] = 2 - 0.5*x[i] + rng.NormFloat64()*0.1
	}
	y[7] = nan
	got, ok := olsFit(x, y, nil)
	if !ok || math.Abs(got.Slope+0.5) > 0.01 || math.Abs(got.Intercept-2) > 0.05 || got.R2 < 0.99 ||
		got.N != n-1 || got.T > -100 {
		t.Errorf("fit = %+v ok %v", got, ok)
	}
	if _, ok := olsFit([]float64{1, 1, 1, 1}, []float64{1, 2, 3, 4}, nil); ok {
		t.Error("constant x must not fit")
	}
	if _, ok := olsFit([]float64{1, 2}, []float64{1, 2}, nil); ok {
		t.Error("two points must not fit")
	}
	mask := make([]bool, n)
	for i := range 100 {
		mask[i] = true
	}
	if f, _ := olsFit(x, y, mask); f.N != 99 {
		t.Errorf("masked N = %d", f.N)
	}
	exact, ok := olsFit([]float64{0, 1, 2, 3}, []float64{1, 3, 5, 7}, nil)
	if !ok || exact.Slope != 2 || !math.IsInf(exact.T, 1) {
		t.Errorf("exact fit = %+v", exact)
	}
}

func TestCorrelation(t *testing.T) {
	r, n := correlation([]float64{1, 2, 3, 4, nan}, []float64{2, 4, 6, 8, 1}, nil)
	if n != 4 || math.Abs(r-1) > 1e-12 {
		t.Errorf("r = %v n = %d", r, n)
	}
	if r, _ := correlation([]float64{1, 1, 1}, []float64{1, 2, 3}, nil); !math.IsNaN(r) {
		t.Errorf("constant side r = %v, want NaN", r)
	}
}

func TestWetBulbStull(t *testing.T) {
	for _, tc := range []struct {
		tF, rh, want, tol float64
	}{
		// Stull (2011): 20 °C at 50 % RH gives 13.7 °C (56.7 °F).
		{68, 50, 56.7, 0.2},
		// Saturated air: wet-bulb ≈ dry-bulb.
		{77, 99, 76.9, 0.5},
		// Hot and dry: 95 °F, 20 % RH ≈ 66 °F.
		{95, 20, 66.0, 1.0},
		{nan, 50, nan, 0},
		{70, 120, nan, 0},
	} {
		got := wetBulbStull(tc.tF, tc.rh)
		if math.IsNaN(tc.want) {
			if !math.IsNaN(got) {
				t.Errorf("wb(%v,%v) = %v, want NaN", tc.tF, tc.rh, got)
			}
			continue
		}
		if math.Abs(got-tc.want) > tc.tol {
			t.Errorf("wb(%v,%v) = %.2f, want %.2f±%.1f", tc.tF, tc.rh, got, tc.want, tc.tol)
		}
	}
}
