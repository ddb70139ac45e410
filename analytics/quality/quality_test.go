package quality

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

var t0 = time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC).UnixNano()

func regular(n int, step time.Duration, f func(i int) float64) ([]int64, []float64) {
	ts := make([]int64, n)
	v := make([]float64, n)
	for i := range n {
		ts[i] = t0 + int64(i)*int64(step)
		v[i] = f(i)
	}
	return ts, v
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{5, 5, 5, 1, 9, 5}, 5},
		{[]float64{2, 2, 1, 1}, 1.5},
	}
	for _, tc := range tests {
		if got := median(slices.Clone(tc.in)); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n < 60; n++ {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(rng.IntN(7))
		}
		s := slices.Sorted(slices.Values(x))
		want := s[n/2]
		if n%2 == 0 {
			want = (s[n/2-1] + s[n/2]) / 2
		}
		if got := median(x); got != want {
			t.Fatalf("median of %v = %v, want %v", s, got, want)
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median(nil) is not NaN")
	}
}

func TestAssess(t *testing.T) {
	step := 5 * time.Minute
	tests := []struct {
		name     string
		ts       []int64
		v        []float64
		expected time.Duration
		want     Assessment
	}{
		{
			name: "constant series: one flatline, no outliers",
			ts:   []int64{t0, t0 + 300e9, t0 + 600e9, t0 + 900e9},
			v:    []float64{5, 5, 5, 5},
			want: Assessment{N: 4, Coverage: 1, Expected: step, LongestFlatline: 4, FlatlineFrac: 1, Score: 0.8},
		},
		{
			name: "missing samples and a gap",
			ts:   []int64{t0, t0 + 300e9, t0 + 600e9, t0 + 1800e9, t0 + 2100e9},
			v:    []float64{1, math.NaN(), 2, 3, 4},
			want: Assessment{N: 4, Missing: 1, Coverage: 0.8, Expected: step, Gaps: 2, LongestFlatline: 1, FlatlineFrac: 0.25, Score: 0.8 * (1 - 0.05)},
		},
		{
			name: "duplicate timestamps",
			ts:   []int64{t0, t0, t0 + 300e9, t0 + 600e9},
			v:    []float64{1, 2, 3, 4},
			want: Assessment{N: 4, Coverage: 1, Expected: step, Duplicates: 1, LongestFlatline: 1, FlatlineFrac: 0.25, Score: 0.95},
		},
		{
			name: "MAD outlier",
			ts:   func() []int64 { ts, _ := regular(10, step, nil0); return ts }(),
			v:    []float64{10, 11, 10, 12, 11, 10, 11, 12, 10, 90},
			want: Assessment{N: 10, Coverage: 1, Expected: step, LongestFlatline: 1, FlatlineFrac: 0.1, Outliers: 1, OutlierFrac: 0.1, Score: 0.8 * 0.98},
		},
		{
			name: "MAD zero falls back to mean absolute deviation",
			ts:   func() []int64 { ts, _ := regular(20, step, nil0); return ts }(),
			v:    func() []float64 { v := make([]float64, 20); v[5], v[14] = 100, 100; return v }(),
			want: Assessment{N: 20, Coverage: 1, Expected: step, LongestFlatline: 8, FlatlineFrac: 0.4, Outliers: 2, OutlierFrac: 0.1, Score: 0.8 * 0.92},
		},
		{
			// CAMBER counted the dwell at 100 as 2 outliers; a step the
			// signal stays on is a regime, not a spike (fixed quirk).
			name: "a step to a new level is not an outlier",
			ts:   func() []int64 { ts, _ := regular(20, step, nil0); return ts }(),
			v:    append(make([]float64, 18), 100, 100),
			want: Assessment{N: 20, Coverage: 1, Expected: step, LongestFlatline: 18, FlatlineFrac: 0.9, Score: 0.82},
		},
		{
			name:     "caller's expected interval",
			ts:       []int64{t0, t0 + 600e9, t0 + 1200e9},
			v:        []float64{1, 2, 3},
			expected: step,
			want:     Assessment{N: 3, Coverage: 1, Expected: step, Gaps: 2, LongestFlatline: 1, FlatlineFrac: 1.0 / 3, Score: 1 - 0.2/3},
		},
		{
			name: "empty",
			want: Assessment{Expected: time.Hour},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Assess(tc.ts, tc.v, tc.expected)
			w := tc.want
			if got.N != w.N || got.Missing != w.Missing || got.Gaps != w.Gaps || got.Duplicates != w.Duplicates ||
				got.LongestFlatline != w.LongestFlatline || got.Outliers != w.Outliers || got.Expected != w.Expected ||
				!near(got.Coverage, w.Coverage) || !near(got.FlatlineFrac, w.FlatlineFrac) ||
				!near(got.OutlierFrac, w.OutlierFrac) || !near(got.Score, w.Score) {
				t.Errorf("got  %+v\nwant %+v", got, w)
			}
		})
	}
}

func nil0(int) float64 { return 0 }

// onOffValve is a healthy heating valve logged at 5 minutes: shut at night
// and on weekends, cycling fully open / shut on cold weekday mornings.
func onOffValve(days int) ([]int64, []float64) {
	rng := rand.New(rand.NewPCG(7, 8))
	open := false
	return regular(days*288, 5*time.Minute, func(i int) float64 {
		tm := time.Unix(0, t0+int64(i)*int64(5*time.Minute)).UTC()
		h, wd := tm.Hour(), tm.Weekday()
		if wd == time.Saturday || wd == time.Sunday || h < 6 || h >= 11 {
			open = false
		} else if rng.Float64() < 0.15 {
			open = !open
		}
		if open {
			return 100
		}
		return 0
	})
}

func TestTrust(t *testing.T) {
	step := 5 * time.Minute
	rng := rand.New(rand.NewPCG(1, 2))
	noisy := func(i int) float64 { return 55 + 3*math.Sin(float64(i)/288*2*math.Pi) + 0.3*rng.NormFloat64() }
	tests := []struct {
		name    string
		role    model.Role
		ts      []int64
		v       []float64
		verdict string
		flags   []string
		check   func(t *testing.T, s TrustScore)
	}{
		{
			name: "healthy analog sensor", role: model.SupplyAirTemp,
			ts: must(regular(2016, step, noisy)), v: vals(regular(2016, step, noisy)),
			verdict: Trusted, flags: []string{},
		},
		{
			name: "stuck analog sensor is halved", role: model.SupplyAirTemp,
			ts: must(regular(500, step, nil0)), v: vals(regular(500, step, func(int) float64 { return 55 })),
			verdict: Untrusted, flags: []string{FlagStuck},
			check: func(t *testing.T, s TrustScore) {
				if s.Score != 0.4 {
					t.Errorf("score %v, want 0.8 × 0.5 = 0.4", s.Score)
				}
			},
		},
		{
			name: "flat setpoint is not stuck", role: model.CoolSP,
			ts: must(regular(500, step, nil0)), v: vals(regular(500, step, func(int) float64 { return 74 })),
			verdict: Trusted, flags: []string{},
		},
		{
			name: "out-of-range sensor", role: model.SupplyAirTemp,
			ts: must(regular(1000, step, nil0)),
			v: vals(regular(1000, step, func(i int) float64 {
				if i%5 == 0 {
					return 250 // a disconnected thermistor
				}
				return 55 + float64(i%7)
			})),
			verdict: Untrusted, flags: []string{FlagOutliers, FlagOutOfRange},
			check: func(t *testing.T, s TrustScore) {
				if !near(s.RangeViolationFrac, 0.2) {
					t.Errorf("range violation %v, want 0.2", s.RangeViolationFrac)
				}
			},
		},
		{
			name: "healthy on/off valve, raw 5-minute trace", role: model.HeatValve,
			ts: must(onOffValve(56)), v: vals(onOffValve(56)),
			check: func(t *testing.T, s TrustScore) {
				t.Logf("on/off valve raw: score %v verdict %s flags %v outliers %.3f", s.Score, s.Verdict, s.Flags, s.Quality.OutlierFrac)
				if s.Score < DefaultMinTrust {
					t.Errorf("score %v is below the default floor %v: a healthy valve would be declined", s.Score, DefaultMinTrust)
				}
			},
		},
		{
			name: "role without bounds is not range-checked", role: model.CO2,
			ts: must(regular(100, step, nil0)), v: vals(regular(100, step, func(i int) float64 { return 1e6 + float64(i%5) })),
			verdict: Trusted, flags: []string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Trust(tc.role, tc.ts, tc.v, 0)
			if tc.verdict != "" && s.Verdict != tc.verdict {
				t.Errorf("verdict %s (score %v), want %s", s.Verdict, s.Score, tc.verdict)
			}
			if tc.flags != nil && !slices.Equal(s.Flags, tc.flags) {
				t.Errorf("flags %v, want %v", s.Flags, tc.flags)
			}
			if s.Score != round4(s.Score) || s.Score < 0 || s.Score > 1 {
				t.Errorf("score %v not in 0..1 at 4 dp", s.Score)
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}

func must(ts []int64, _ []float64) []int64  { return ts }
func vals(_ []int64, v []float64) []float64 { return v }

func TestFrameTrustOnRunGrid(t *testing.T) {
	// The on/off valve on the hourly run grid is not declined at 0.5.
	ts, v := onOffValve(56)
	valve := model.Series{Equip: "AHU-1", Role: model.HeatValve, TS: ts, V: v}
	// A burst-logged SAT: every stored sample is sound but it covers 1 hour
	// in 12 of the run grid.
	var burst model.Series
	burst.Equip, burst.Role = "AHU-1", model.SupplyAirTemp
	for i := 0; i < len(ts); i++ {
		if (i/12)%12 == 0 {
			burst.TS = append(burst.TS, ts[i])
			burst.V = append(burst.V, 55+float64(i%3))
		}
	}
	f := series.Build("AHU-1", "AHU", []model.Series{valve, burst}, series.Options{Start: ts[0], End: ts[len(ts)-1] + 1})
	got, err := FrameTrust(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("on/off valve on the grid: %v %v; burst: %v", got[model.HeatValve].Score, got[model.HeatValve].Flags, got[model.SupplyAirTemp].Score)
	if s := got[model.HeatValve]; s.Score < DefaultMinTrust {
		t.Errorf("on/off valve on the run grid scores %v (%v): below the default floor", s.Score, s.Flags)
	}
	b := got[model.SupplyAirTemp]
	if b.Score >= DefaultMinTrust || !slices.Contains(b.Flags, FlagLowCoverage) || !slices.Contains(b.Flags, FlagGaps) {
		t.Errorf("burst-logged point scores %v %v, want below the floor with low_coverage and gaps", b.Score, b.Flags)
	}
	if s := TrustColumn(f, model.SupplyAirTemp); s.Score != b.Score {
		t.Errorf("TrustColumn %v differs from FrameTrust %v", s.Score, b.Score)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := FrameTrust(ctx, f); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled FrameTrust err = %v", err)
	}
}

func TestVerdictBands(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{{1, Trusted}, {0.8, Trusted}, {0.7999, Suspect}, {0.5, Suspect}, {0.4999, Untrusted}, {0, Untrusted}} {
		if got := Verdict(tc.s); got != tc.want {
			t.Errorf("Verdict(%v) = %s, want %s", tc.s, got, tc.want)
		}
	}
	if _, _, ok := Bounds(model.DuctStaticSP); ok {
		t.Error("duct_static_sp has bounds; domain §4.2 lists it as not range-checked")
	}
	if lo, hi, ok := Bounds(model.HWSupplyTemp); !ok || lo != 60 || hi != 250 {
		t.Errorf("hw_supply_temp bounds %v..%v", lo, hi)
	}
}

func TestMixing(t *testing.T) {
	rep := func(n int, x float64) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = x
		}
		return out
	}
	mat := func(bad int) []float64 {
		m := rep(100, 65)
		for i := 0; i < bad; i++ {
			m[i] = 95 // above both OAT 50 and RAT 72 by more than 5
		}
		return m
	}
	tests := []struct {
		name    string
		mat     []float64
		verdict string
		share   float64
	}{
		{"consistent", mat(0), "ok", 0},
		{"4 % just under warn", mat(4), "ok", 0.04},
		{"5 % warn", mat(5), "warn", 0.05},
		{"20 % fault", mat(20), "fault", 0.2},
		{"too few samples", []float64{65, 95, 95}, "info", 2.0 / 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Mixing(tc.mat, rep(100, 50), rep(100, 72))
			if r.Verdict != tc.verdict || r.Share == nil || !near(*r.Share, tc.share) {
				t.Errorf("got %s share %v, want %s %v", r.Verdict, r.Share, tc.verdict, tc.share)
			}
			if r.Summary == "" {
				t.Error("no summary")
			}
		})
	}
	nan := math.NaN()
	if r := Mixing([]float64{nan}, []float64{1}, []float64{1}); r.Samples != 0 || r.Share != nil || r.Verdict != "info" {
		t.Errorf("all-missing mixing = %+v", r)
	}
}

func TestCompareReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	mk := func(equip string, n int, step time.Duration, off float64) model.Series {
		s := model.Series{Equip: equip, Role: model.SupplyAirTemp}
		for i := range n {
			s.TS = append(s.TS, t0+int64(i)*int64(step))
			s.V = append(s.V, 55+5*math.Sin(float64(i)*float64(step)/float64(24*time.Hour)*2*math.Pi)+off+0.05*rng.NormFloat64())
		}
		return s
	}
	th := Thresholds{Warn: 1, Fault: 3}
	tests := []struct {
		name    string
		point   model.Series
		ref     model.Series
		verdict string
		sign    string
		bias    float64
	}{
		{"agrees", mk("AHU-1", 2000, 5*time.Minute, 0), mk("LOG", 500, 15*time.Minute, 0), "ok", "", 0},
		{"reads 2 °F high", mk("AHU-1", 2000, 5*time.Minute, 2), mk("LOG", 500, 15*time.Minute, 0), "warn", "high", 2},
		{"reads 4 °F low", mk("AHU-1", 2000, 5*time.Minute, -4), mk("LOG", 500, 15*time.Minute, 0), "fault", "low", -4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := CompareReference(tc.point, tc.ref, 0, th)
			if err != nil {
				t.Fatal(err)
			}
			if c.Verdict != tc.verdict || math.Abs(c.Bias-tc.bias) > 0.1 || (tc.sign != "" && c.Sign != tc.sign) {
				t.Errorf("verdict %s bias %v sign %s, want %s %v %s", c.Verdict, c.Bias, c.Sign, tc.verdict, tc.bias, tc.sign)
			}
			if c.Step != 15*time.Minute || c.Samples < 400 || c.Correlation == nil || *c.Correlation < 0.99 {
				t.Errorf("step %v samples %d correlation %v", c.Step, c.Samples, c.Correlation)
			}
			if math.Abs(c.RMSE-math.Abs(tc.bias)) > 0.2 {
				t.Errorf("rmse %v, want about %v", c.RMSE, math.Abs(tc.bias))
			}
		})
	}
	late := mk("LOG", 10, time.Hour, 0)
	for i := range late.TS {
		late.TS[i] += int64(400 * 24 * time.Hour)
	}
	bad := []struct {
		name string
		ref  model.Series
		th   Thresholds
	}{
		{"no overlap", late, th},
		{"too few pairs", mk("LOG", 3, time.Hour, 0), th},
		{"empty reference", model.Series{Role: model.SupplyAirTemp}, th},
		{"warn above fault", mk("LOG", 500, 15*time.Minute, 0), Thresholds{Warn: 3, Fault: 1}},
		{"zero threshold", mk("LOG", 500, 15*time.Minute, 0), Thresholds{Warn: 0, Fault: 1}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CompareReference(mk("AHU-1", 2000, 5*time.Minute, 0), tc.ref, 0, tc.th)
			if !errors.Is(err, ErrNotComparable) {
				t.Fatalf("err = %v, want ErrNotComparable", err)
			}
		})
	}
	flat := mk("LOG", 500, 15*time.Minute, 0)
	for i := range flat.V {
		flat.V[i] = 55
	}
	c, err := CompareReference(mk("AHU-1", 2000, 5*time.Minute, 0), flat, 0, th)
	if err != nil || c.Correlation != nil {
		t.Errorf("constant reference: correlation %v err %v, want nil", c.Correlation, err)
	}
}

// TestTwoRegimeSignalIsTrusted: a supply-air temperature that sits near 55 °F
// while the fan runs (~40 % of hours) and drifts near the space temperature
// while it is off is healthy; CAMBER's global MAD test called every fan-on
// hour an outlier and scored it untrusted. A real spike is still counted.
func TestTwoRegimeSignalIsTrusted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ts, v := regular(24*90, time.Hour, func(i int) float64 {
		h, day := i%24, (i/24)%7
		if day < 5 && h >= 7 && h < 17 {
			return 55 + rng.NormFloat64()*0.3
		}
		return 72 + rng.NormFloat64()*0.3
	})
	got := Trust(model.SupplyAirTemp, ts, v, 0)
	if got.Score < 0.8 || got.Quality.Outliers > 0 {
		t.Fatalf("two-regime SAT: score %v, %d outliers; want trusted with no outliers", got.Score, got.Quality.Outliers)
	}
	v[500] = 140 // a spike inside a regime
	if got := Trust(model.SupplyAirTemp, ts, v, 0); got.Quality.Outliers != 1 {
		t.Fatalf("spike: %d outliers, want 1", got.Quality.Outliers)
	}
}
