package mv

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// truth generates energy from known change-point coefficients.
type truth struct {
	kind     Kind
	b0       float64 // base load
	heat     float64 // heating slope (per °F below tl)
	cool     float64 // cooling slope (per °F above th)
	tl, th   float64 // change points (tl = th for 3P/4P)
	below    float64 // 4P slope below tc
	above    float64 // 4P slope above tc
	noise    float64 // normal noise σ
	slope2P  float64
	n        int
	tmin     float64
	tmax     float64
	wantBest Kind
}

func (tr truth) energy(t float64) float64 {
	switch tr.kind {
	case Kind2P:
		return tr.b0 + tr.slope2P*t
	case Kind4P:
		return tr.b0 + tr.below*math.Min(0, t-tr.tl) + tr.above*math.Max(0, t-tr.tl)
	}
	return tr.b0 + tr.heat*math.Max(0, tr.tl-t) + tr.cool*math.Max(0, t-tr.th)
}

func (tr truth) data(seed uint64) Data {
	r := rand.New(rand.NewPCG(seed, 7))
	d := Data{}
	for range tr.n {
		t := tr.tmin + (tr.tmax-tr.tmin)*r.Float64()
		d.Temp = append(d.Temp, t)
		d.Y = append(d.Y, tr.energy(t)+tr.noise*r.NormFloat64())
		d.DayTemps = append(d.DayTemps, []float64{t})
	}
	return d
}

var truths = []truth{
	{kind: Kind2P, b0: 200, slope2P: 6, noise: 8, n: 365, tmin: 10, tmax: 95},
	{kind: Kind3PC, b0: 500, cool: 12, tl: 65, th: 65, noise: 10, n: 365, tmin: 20, tmax: 95},
	{kind: Kind3PH, b0: 400, heat: 9, tl: 55, th: 55, noise: 10, n: 365, tmin: 0, tmax: 90},
	{kind: Kind4P, b0: 450, below: -7, above: 15, tl: 60, noise: 10, n: 365, tmin: 5, tmax: 95},
	{kind: Kind5P, b0: 350, heat: 8, cool: 14, tl: 50, th: 70, noise: 10, n: 365, tmin: 0, tmax: 98},
}

func TestFitModel_RecoversCoefficients(t *testing.T) {
	ctx := t.Context()
	for _, tr := range truths {
		t.Run(string(tr.kind), func(t *testing.T) {
			d := tr.data(1)
			f, err := FitModel(ctx, tr.kind, d)
			if err != nil {
				t.Fatal(err)
			}
			near := func(name string, got, want, tol float64) {
				t.Helper()
				if math.Abs(got-want) > tol {
					t.Errorf("%s = %.4f, want %.4f ± %.4f", name, got, want, tol)
				}
			}
			coef := func(name string) float64 {
				v, ok := f.Coef(name)
				if !ok {
					t.Fatalf("fit has no %s: %+v", name, f.Coefficients)
				}
				return v
			}
			switch tr.kind {
			case Kind2P:
				near("intercept", coef("intercept"), tr.b0, 3)
				near("slope", coef("slope"), tr.slope2P, 0.06)
			case Kind3PC:
				near("base", coef("base"), tr.b0, 4)
				near("cooling_slope", coef("cooling_slope"), tr.cool, 0.3)
				near("tc", f.ChangePoints[0].Value, tr.th, 1)
			case Kind3PH:
				near("base", coef("base"), tr.b0, 4)
				near("heating_slope", coef("heating_slope"), tr.heat, 0.3)
				near("tc", f.ChangePoints[0].Value, tr.tl, 1)
			case Kind4P:
				near("base", coef("base"), tr.b0, 5)
				near("slope_below", coef("slope_below"), tr.below, 0.3)
				near("slope_above", coef("slope_above"), tr.above, 0.3)
				near("tc", f.ChangePoints[0].Value, tr.tl, 1)
			case Kind5P:
				near("base", coef("base"), tr.b0, 5)
				near("heating_slope", coef("heating_slope"), tr.heat, 0.4)
				near("cooling_slope", coef("cooling_slope"), tr.cool, 0.4)
				near("tl", f.ChangePoints[0].Value, tr.tl, 1.5)
				near("th", f.ChangePoints[1].Value, tr.th, 1.5)
			}
			// The residual spread is the generating noise.
			near("rmse", f.Stats.RMSE, tr.noise, 0.15*tr.noise)
			if f.Stats.P != paramCount(tr.kind) || f.Stats.N != tr.n {
				t.Errorf("n, p = %d, %d; want %d, %d", f.Stats.N, f.Stats.P, tr.n, paramCount(tr.kind))
			}
		})
	}
}

func TestFitModel_ExactDataIsExact(t *testing.T) {
	// Noise-free 3PC data whose change point lies between grid points: the
	// refining pass must land on it closely.
	tr := truth{kind: Kind3PC, b0: 500, cool: 12, tl: 64.3, th: 64.3, n: 200, tmin: 30, tmax: 95}
	f, err := FitModel(t.Context(), Kind3PC, tr.data(3))
	if err != nil {
		t.Fatal(err)
	}
	if tc := f.ChangePoints[0].Value; math.Abs(tc-64.3) > 0.1 {
		t.Errorf("tc = %.3f, want 64.3 ± 0.1", tc)
	}
	if f.Stats.R2 < 0.9999 {
		t.Errorf("R² = %.6f on noise-free data", f.Stats.R2)
	}
}

func TestBest_PicksGeneratingModelByBIC(t *testing.T) {
	ctx := t.Context()
	for _, tr := range truths {
		t.Run(string(tr.kind), func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				d := tr.data(seed)
				var fits []*Fit
				for _, k := range []Kind{Kind2P, Kind3PC, Kind3PH, Kind4P, Kind5P} {
					f, err := FitModel(ctx, k, d)
					if err == nil {
						fits = append(fits, f)
					}
				}
				if b := Best(fits); b == nil || b.Kind != tr.kind {
					var got Kind
					if b != nil {
						got = b.Kind
					}
					t.Errorf("seed %d: BIC picks %s, want %s", seed, got, tr.kind)
				}
			}
		})
	}
}

func TestFitModel_DegreeDay(t *testing.T) {
	// Daily data from base + a·HDD(55) + b·CDD(68).
	r := rand.New(rand.NewPCG(4, 4))
	var d Data
	for range 400 {
		tm := 5 + 90*r.Float64()
		y := 300 + 7*math.Max(0, 55-tm) + 11*math.Max(0, tm-68) + 6*r.NormFloat64()
		d.Y, d.Temp, d.DayTemps = append(d.Y, y), append(d.Temp, tm), append(d.DayTemps, []float64{tm})
	}
	f, err := FitModel(t.Context(), KindDegreeDay, d)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"base": 300, "hdd_slope": 7, "cdd_slope": 11}
	tol := map[string]float64{"base": 4, "hdd_slope": 0.3, "cdd_slope": 0.3}
	for name, w := range want {
		if v, _ := f.Coef(name); math.Abs(v-w) > tol[name] {
			t.Errorf("%s = %.3f, want %.1f", name, v, w)
		}
	}
	if hb := f.ChangePoints[0].Value; math.Abs(hb-55) > 1 {
		t.Errorf("heating balance %.0f, want 55", hb)
	}
	if cb := f.ChangePoints[1].Value; math.Abs(cb-68) > 1 {
		t.Errorf("cooling balance %.0f, want 68", cb)
	}
}

func TestFitModel_Errors(t *testing.T) {
	ctx := t.Context()
	flat := Data{}
	for i := range 30 {
		flat.Y = append(flat.Y, 100+float64(i%3))
		flat.Temp = append(flat.Temp, 70)
	}
	cases := []struct {
		name string
		kind Kind
		d    Data
		is   error
		text string
	}{
		{"TooFewPoints", Kind5P, Data{Y: []float64{1, 2, 3}, Temp: []float64{1, 2, 3}}, ErrTooFewPoints, "5P needs at least 8 periods, have 3"},
		{"Mismatched", Kind2P, Data{Y: []float64{1, 2, 3}, Temp: []float64{1, 2}}, ErrInvalid, "2 temperatures for 3 energy values"},
		{"NotFinite", Kind2P, Data{Y: []float64{1, math.NaN(), 3, 4, 5}, Temp: []float64{1, 2, 3, 4, 5}}, ErrInvalid, "row 1 is not finite"},
		{"NarrowTemps", Kind3PC, flat, nil, "too narrow to search a change point"},
		{"TOWTNeedsHourly", KindTOWT, truths[1].data(1), nil, "TOWT needs hourly data"},
		{"DegreeDayNeedsDays", KindDegreeDay, Data{Y: flat.Y, Temp: flat.Temp}, nil, "needs daily or monthly data"},
		{"UnknownKind", Kind("7P"), truths[1].data(1), ErrInvalid, `unknown model "7P"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := FitModel(ctx, c.kind, c.d)
			if err == nil {
				t.Fatal("no error")
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("error %v is not %v", err, c.is)
			}
			if !strings.Contains(err.Error(), c.text) {
				t.Errorf("error %q does not say %q", err, c.text)
			}
		})
	}
}

func TestFitModel_Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := FitModel(ctx, Kind5P, truths[4].data(1)); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestParseKind(t *testing.T) {
	for in, want := range map[string]Kind{"3pc": Kind3PC, "towt": KindTOWT, "Degree-Day": KindDegreeDay, "5PZ": Kind5PZ} {
		if got, ok := ParseKind(in); !ok || got != want {
			t.Errorf("ParseKind(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseKind("6P"); ok {
		t.Error("ParseKind(6P) ok")
	}
}

func TestFitModel_ZeroBase(t *testing.T) {
	// Zero-base cooling load: E = 20·(T − 60)+ with no base.
	r := rand.New(rand.NewPCG(8, 8))
	var d Data
	for range 300 {
		tm := 30 + 70*r.Float64()
		d.Y = append(d.Y, 20*math.Max(0, tm-60)+r.NormFloat64())
		d.Temp = append(d.Temp, tm)
	}
	f, err := FitModel(t.Context(), Kind3PCZ, d)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Coef("base"); ok || f.Stats.P != 2 {
		t.Errorf("zero-base fit has a base or p %d: %+v", f.Stats.P, f.Coefficients)
	}
	if c, _ := f.Coef("cooling_slope"); math.Abs(c-20) > 0.3 || math.Abs(f.ChangePoints[0].Value-60) > 0.5 {
		t.Errorf("3PCZ %+v %+v", f.Coefficients, f.ChangePoints)
	}
}
