package robust

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// samples returns random samples of every size up to 60 and a few larger
// ones, with and without ties.
func samples() [][]float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	var out [][]float64
	for _, n := range []int{1, 2, 3, 4, 5, 10, 11, 59, 60, 101, 1000} {
		for _, ties := range []bool{false, true} {
			x := make([]float64, n)
			for i := range x {
				x[i] = rng.NormFloat64()
				if ties {
					x[i] = math.Round(x[i] * 2)
				}
			}
			out = append(out, x)
		}
	}
	return out
}

func TestSelect(t *testing.T) {
	for _, x := range samples() {
		s := slices.Sorted(slices.Values(x))
		for _, k := range []int{0, len(x) / 3, len(x) / 2, len(x) - 1} {
			a := slices.Clone(x)
			if got := Select(a, k); got != s[k] {
				t.Fatalf("n=%d k=%d: got %v, want %v", len(x), k, got, s[k])
			}
			for i, v := range a {
				if (i < k && v > a[k]) || (i > k && v < a[k]) {
					t.Fatalf("n=%d k=%d: a[%d] = %v is on the wrong side of %v", len(x), k, i, v, a[k])
				}
			}
			if !slices.Equal(slices.Sorted(slices.Values(a)), s) {
				t.Fatalf("n=%d k=%d: the values changed", len(x), k)
			}
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{5, 5, 5, 1, 9, 5}, 5},
		{[]float64{2, 2, 1, 1}, 1.5},
		{[]float64{2, 2, 2, 1}, 2},
		{[]float64{math.Inf(-1), 1, 2, math.Inf(1)}, 1.5},
	} {
		if got := Median(slices.Clone(tc.in)); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	for _, x := range samples() {
		s := slices.Sorted(slices.Values(x))
		n := len(s)
		want := s[n/2]
		if n%2 == 0 {
			want = (s[n/2-1] + s[n/2]) / 2
		}
		if got := Median(slices.Clone(x)); got != want {
			t.Fatalf("n=%d: got %v, want %v", n, got, want)
		}
	}
	// A signed-zero tie gives the same median whatever the input order.
	for _, x := range [][]float64{{0, math.Copysign(0, -1), math.Copysign(0, -1), 1}, {math.Copysign(0, -1), 0, math.Copysign(0, -1), 1}} {
		if got := Median(x); got != 0 || math.Signbit(got) {
			t.Errorf("Median of signed zeros = %v (sign %v), want +0", got, math.Signbit(got))
		}
	}
	if !math.IsNaN(Median(nil)) {
		t.Error("Median(nil) is not NaN")
	}
}

// type7 is the type-7 quantile of sorted s, computed the textbook way.
func type7(s []float64, q float64) float64 {
	pos := q * float64(len(s)-1)
	k := int(pos)
	want := s[k]
	if k+1 < len(s) {
		want += (pos - float64(k)) * (s[k+1] - s[k])
	}
	return want
}

func TestQuantile(t *testing.T) {
	for _, x := range samples() {
		s := slices.Sorted(slices.Values(x))
		for _, q := range []float64{0, 0.02, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 1} {
			want := type7(s, q)
			if got := Quantile(slices.Clone(x), q); math.Abs(got-want) > 1e-12 {
				t.Fatalf("Quantile n=%d q=%v: got %v, want %v", len(x), q, got, want)
			}
			if got := SortedQuantile(s, q); math.Abs(got-want) > 1e-12 {
				t.Fatalf("SortedQuantile n=%d q=%v: got %v, want %v", len(x), q, got, want)
			}
		}
	}
	for _, tc := range []struct {
		p    float64
		x    []float64
		want float64
	}{
		{0.5, []float64{1, 2, 3}, 2},
		{0.5, []float64{1, 2, 3, 4}, 2.5},
		{0.05, []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.5},
		{0.95, []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 9.5},
		{1, []float64{3, 7}, 7},
		{0, []float64{3, 7}, 3},
		{-0.5, []float64{3, 7}, 3},
		{1.5, []float64{3, 7}, 7},
	} {
		if got := SortedQuantile(tc.x, tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("SortedQuantile(%v, %v) = %v, want %v", tc.x, tc.p, got, tc.want)
		}
		if got := Quantile(slices.Clone(tc.x), tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Quantile(%v, %v) = %v, want %v", tc.x, tc.p, got, tc.want)
		}
	}
	for _, x := range [][]float64{nil, {}} {
		if !math.IsNaN(Quantile(x, 0.5)) || !math.IsNaN(SortedQuantile(x, 0.5)) {
			t.Errorf("quantile of %v is not NaN", x)
		}
	}
	if !math.IsNaN(Quantile([]float64{1, 2}, math.NaN())) || !math.IsNaN(SortedQuantile([]float64{1, 2}, math.NaN())) {
		t.Error("the NaN quantile is not NaN")
	}
	s := []float64{1, 2, 3, 4}
	SortedQuantile(s, 0.3)
	if !slices.Equal(s, []float64{1, 2, 3, 4}) {
		t.Errorf("SortedQuantile changed its input: %v", s)
	}
}

func TestMAD(t *testing.T) {
	for _, tc := range []struct {
		name     string
		x        []float64
		med, dev float64
	}{
		{"odd", []float64{1, 2, 3, 4, 100}, 3, 1},
		{"even", []float64{1, 2, 3, 4}, 2.5, 1},
		{"constant", []float64{7, 7, 7}, 7, 0},
		{"one", []float64{-2}, -2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := slices.Clone(tc.x)
			med, dev := MAD(x)
			if med != tc.med || dev != tc.dev {
				t.Errorf("got %v %v, want %v %v", med, dev, tc.med, tc.dev)
			}
			for i, v := range tc.x {
				if !slices.Contains(x, math.Abs(v-tc.med)) {
					t.Errorf("x does not hold the deviation of x[%d] = %v: %v", i, v, x)
				}
			}
		})
	}
	if med, dev := MAD(nil); !math.IsNaN(med) || !math.IsNaN(dev) {
		t.Errorf("MAD(nil) = %v, %v", med, dev)
	}
}
