package mv

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestFitStats_HandComputed(t *testing.T) {
	// y = 10, 12, 14, 13 and ŷ = 11, 11, 13, 12 with p = 2:
	//   residuals −1, +1, +1, +1   → SSE = 4, Σr = 2
	//   ȳ = 49/4 = 12.25           → SST = 2.25² + 0.25² + 1.75² + 0.75² = 8.75
	//   R² = 1 − 4/8.75            = 0.542857…
	//   RMSE = √(4/(4−2))          = 1.414214…
	//   CV(RMSE) = 1.414214/12.25  = 0.115446…
	//   NMBE = 2/((4−2)·12.25)     = 0.081633…
	//   F = ((8.75−4)/1)/(4/2)     = 2.375
	s := FitStats([]float64{10, 12, 14, 13}, []float64{11, 11, 13, 12}, 2)
	want := map[string][2]float64{
		"sse": {s.SSE, 4}, "mean": {s.Mean, 12.25}, "r2": {s.R2, 0.5428571428571429},
		"rmse": {s.RMSE, 1.4142135623730951}, "cv_rmse": {s.CVRMSE, 0.11544600509168123},
		"nmbe": {s.NMBE, 0.08163265306122448}, "f": {*s.F, 2.375},
	}
	for name, gw := range want {
		if math.Abs(gw[0]-gw[1]) > 1e-12 {
			t.Errorf("%s = %.15g, want %.15g", name, gw[0], gw[1])
		}
	}
	if s.N != 4 || s.P != 2 {
		t.Errorf("n, p = %d, %d", s.N, s.P)
	}

	tests := []struct {
		iv      Interval
		pass    bool
		failing []string
	}{
		// Hourly: CV 0.115 ≤ 0.30 and |NMBE| 0.082 ≤ 0.10 pass; R² fails.
		{Hourly, false, []string{"r2 0.543 < 0.75"}},
		{Daily, false, []string{"r2 0.543 < 0.75"}},
		// Monthly: CV 0.115 ≤ 0.15 passes; |NMBE| 0.082 > 0.05 fails.
		{Monthly, false, []string{"|nmbe| 0.082 > 0.05", "r2 0.543 < 0.75"}},
	}
	for _, tc := range tests {
		t.Run(string(tc.iv), func(t *testing.T) {
			a, err := Judge(s, tc.iv)
			if err != nil {
				t.Fatal(err)
			}
			if a.Pass != tc.pass {
				t.Errorf("pass = %v", a.Pass)
			}
			if diff := cmp.Diff(tc.failing, a.Failing); diff != "" {
				t.Errorf("failing (-want +got):\n%s", diff)
			}
			if len(a.Criteria) != 3 || a.Limits.Name == "" {
				t.Errorf("criteria %+v, limits %+v", a.Criteria, a.Limits)
			}
		})
	}
	if _, err := Judge(s, "weekly"); err == nil {
		t.Error("Judge(weekly) gave no error")
	}
}

func TestFitStats_Undefined(t *testing.T) {
	// A perfect fit has no F; p = 1 has none either; NaN predictions are
	// skipped.
	s := FitStats([]float64{1, 2, 3, 9}, []float64{1, 2, 3, math.NaN()}, 2)
	if s.N != 3 || s.SSE != 0 || s.F != nil || s.R2 != 1 {
		t.Errorf("perfect fit stats %+v", s)
	}
	if s := FitStats([]float64{1, 2, 3}, []float64{2, 2, 2}, 1); s.F != nil {
		t.Errorf("p = 1 has F %v", *s.F)
	}
}

func TestUncertainty_WorkedExample(t *testing.T) {
	// Worked example (Guideline 14 Annex B simplified form):
	//   n = 63 baseline days, p = 3, m = 60 reporting days, CV(RMSE) = 0.05,
	//   Σ projected = 1 000 000 kWh, avoided = 100 000 kWh (F = 0.10).
	//   t(0.95, 60 dof) = 1.670649 (90 % two-sided)
	//   √((n/n′)(1 + 2/n′)/m) = √(1 · 1.031746 / 60) = 0.1311326
	//   band = 1.670649 · 1.26 · 0.05 · 0.1311326 · 1e6 = 13 801.8 kWh
	//   FSU  = 13 801.8 / 100 000 = 0.138018
	// With ρ = 0.5: n′ = 63 · 0.5/1.5 = 21 and
	//   √((63/21)(1 + 2/21)/60) = 0.2340126 → band 24 630.0 kWh.
	in := UncertaintyInput{CVRMSE: 0.05, N: 63, P: 3, NPrime: 63, M: 60, Projected: 1e6, Avoided: 1e5}
	l, err := Uncertainty(in, 90)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(l.T-1.670649) > 1e-5 {
		t.Errorf("t = %.6f, want 1.670649", l.T)
	}
	if math.Abs(l.AbsUncertainty-13801.8) > 0.2 || math.Abs(*l.FSU-0.138018) > 2e-6 {
		t.Errorf("band %.1f fsu %.6f, want 13801.8 and 0.138018", l.AbsUncertainty, *l.FSU)
	}
	if math.Abs(l.Low-(1e5-l.AbsUncertainty)) > 1e-9 || math.Abs(l.High-(1e5+l.AbsUncertainty)) > 1e-9 {
		t.Errorf("low/high %v %v", l.Low, l.High)
	}
	in.NPrime = EffectiveN(63, 0.5)
	if in.NPrime != 21 {
		t.Fatalf("n' = %v, want 21", in.NPrime)
	}
	l, _ = Uncertainty(in, 90)
	if math.Abs(l.AbsUncertainty-24630.0) > 0.2 {
		t.Errorf("autocorrelated band %.1f, want 24630.0", l.AbsUncertainty)
	}
	// Large samples approach the normal values Guideline 14 quotes.
	for conf, z := range map[int]float64{80: 1.282, 90: 1.645, 95: 1.960} {
		if tv, _ := TValue(conf, 100000); math.Abs(tv-z) > 1e-3 {
			t.Errorf("t(%d%%, ∞) = %.4f, want %.3f", conf, tv, z)
		}
	}
	// Zero savings: the band stays defined, FSU does not.
	in.Avoided = 0
	if l, _ := Uncertainty(in, 95); l.FSU != nil || !(l.AbsUncertainty > 0) {
		t.Errorf("zero savings: %+v", l)
	}
	if _, err := Uncertainty(UncertaintyInput{N: 3, P: 3, NPrime: 3, M: 5}, 90); err == nil {
		t.Error("no residual dof gave no error")
	}
}

func TestEffectiveNAndLag1(t *testing.T) {
	if EffectiveN(100, -0.3) != 100 {
		t.Error("negative rho must not raise n")
	}
	// An AR(1) series with φ = 0.7 has lag-1 autocorrelation near 0.7.
	r := rand.New(rand.NewPCG(9, 9))
	x := make([]float64, 20000)
	for i := 1; i < len(x); i++ {
		x[i] = 0.7*x[i-1] + r.NormFloat64()
	}
	if rho := Lag1(x); math.Abs(rho-0.7) > 0.03 {
		t.Errorf("lag-1 = %.3f, want 0.7", rho)
	}
}

// weekly builds hourly rows from an occupancy schedule (07:00–19:00 every
// day: 84 of the 168 bins) and known temperature responses.
func weekly(weeks int, seed uint64) Data {
	r := rand.New(rand.NewPCG(seed, 11))
	var d Data
	for h := range weeks * HoursPerWeek {
		how := h % HoursPerWeek
		hod := how % 24
		temp := 60 + 12*math.Sin(2*math.Pi*float64(hod-9)/24) + 8*math.Sin(2*math.Pi*float64(h)/(24*17)) + r.NormFloat64()
		var y float64
		if hod >= 7 && hod < 19 {
			y = 300 + 5*float64(how/24) + 4*temp
		} else {
			y = 120 + 1.5*temp
		}
		d.Y = append(d.Y, y+3*r.NormFloat64())
		d.Temp = append(d.Temp, temp)
		d.HourOfWeek = append(d.HourOfWeek, how)
	}
	return d
}

func TestFitModel_TOWT(t *testing.T) {
	ctx := t.Context()
	d := weekly(8, 1)
	f, err := FitModel(ctx, KindTOWT, d)
	if err != nil {
		t.Fatal(err)
	}
	det := f.TOWT
	if det.OccupiedBins != 84 || det.SeenBins != 168 {
		t.Errorf("occupied %d seen %d, want 84 and 168", det.OccupiedBins, det.SeenBins)
	}
	// The load is linear in temperature in each mode, so every segment with
	// enough data in that mode has the generating slope.
	var rows [2][TOWTSegments]int
	for i, tm := range d.Temp {
		hod := d.HourOfWeek[i] % 24
		m := modeOf(hod >= 7 && hod < 19)
		s := 0
		for s < len(det.Knots) && tm > det.Knots[s] {
			s++
		}
		rows[m][s]++
	}
	for m, slopes := range [][]*float64{det.OccupiedSlopes, det.UnoccupiedSlopes} {
		want := []float64{4, 1.5}[m]
		for s, v := range slopes {
			if v != nil && rows[m][s] >= 100 && math.Abs(*v-want) > 0.25 {
				t.Errorf("mode %d slope %d = %.3f over %d rows, want %.1f", m, s+1, *v, rows[m][s], want)
			}
		}
	}
	if f.Stats.CVRMSE > 0.02 || f.Stats.R2 < 0.99 {
		t.Errorf("TOWT stats %+v", f.Stats)
	}
	// Held-out weeks are predicted to the noise level.
	test := weekly(2, 2)
	pred := f.Predict(test)
	if st := FitStats(test.Y, pred, 0); st.RMSE > 4.5 {
		t.Errorf("held-out RMSE %.2f, want about 3", st.RMSE)
	}
	// A schedule-driven load is better modelled by TOWT than any
	// temperature-only shape.
	var fits []*Fit
	for _, k := range DefaultKinds(Hourly) {
		if f, err := FitModel(ctx, k, d); err == nil {
			fits = append(fits, f)
		}
	}
	if b := Best(fits); b.Kind != KindTOWT {
		t.Errorf("BIC picks %s on a weekly pattern", b.Kind)
	}
	// An hour of the week never seen cannot be predicted.
	short := Data{Y: d.Y[:100], Temp: d.Temp[:100], HourOfWeek: d.HourOfWeek[:100]}
	f2, err := FitModel(ctx, KindTOWT, short)
	if err != nil {
		t.Fatal(err)
	}
	if p := f2.Predict(Data{Y: []float64{0}, Temp: []float64{60}, HourOfWeek: []int{150}}); !math.IsNaN(p[0]) {
		t.Errorf("unseen bin predicted %v", p[0])
	}
}

func TestRobustZAndStep(t *testing.T) {
	r := make([]float64, 40)
	for i := range r {
		r[i] = float64(i%5) - 2
	}
	r[7] = 30
	z := RobustZ(r)
	if !(z[7] > NonRoutineZ) || math.Abs(z[0]) > NonRoutineZ {
		t.Errorf("z = %v", z)
	}
	if _, ok := DetectStep(r, 7, 1); ok {
		t.Error("a single outlier is not a step")
	}
	step := slices.Clone(r)
	step[7] = 0
	for i := 25; i < len(step); i++ {
		step[i] += 10
	}
	st, ok := DetectStep(step, 7, 1)
	if !ok || st.index != 25 || math.Abs(st.Shift-10) > 0.5 {
		t.Errorf("step %+v %v, want at 25 with shift 10", st, ok)
	}
	if _, ok := DetectStep(step, 7, 20); ok {
		t.Error("a shift below StepMinShift·σ must not count")
	}
}

func TestAggregate(t *testing.T) {
	day := int64(24 * time.Hour)
	start := time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC).UnixNano() // a Monday
	meter := seriesOf("MTR", "power", start, 15*time.Minute, 4*96, func(i int) float64 { return 100 })
	oat := seriesOf("WX", "oat", start, time.Hour, 4*24, func(i int) float64 { return float64(50 + i%24) })
	// Day 1: a 3-hour gap (87.5 % coverage); day 2: negative readings.
	meter = drop(meter, start+day+6*int64(time.Hour), start+day+9*int64(time.Hour))
	for i, ts := range meter.TS {
		if ts >= start+2*day && ts < start+3*day {
			meter.V[i] = -5
		}
	}
	w := Window{start, start + 4*day}
	ps, cov, err := Aggregate(meter, oat, w, Daily, 0.001, 0) // kWh → MWh
	if err != nil {
		t.Fatal(err)
	}
	want := Coverage{Window: w, Periods: 4, Kept: 2, Incomplete: 1, Negative: 1, MinCoverage: DefaultMinCoverage}
	if diff := cmp.Diff(want, cov); diff != "" {
		t.Errorf("coverage (-want +got):\n%s", diff)
	}
	if len(ps) != 2 || math.Abs(ps[0].Energy-2.4) > 1e-12 || math.Abs(ps[0].Temp-61.5) > 1e-12 || ps[1].Start != start+3*day {
		t.Errorf("periods %+v", ps)
	}
	// A lower coverage rule keeps the gappy day, integrating at its mean.
	ps, _, _ = Aggregate(meter, oat, w, Daily, 1, 0.8)
	if len(ps) != 3 || ps[1].Energy != 2400 || ps[1].Coverage != 0.875 {
		t.Errorf("with 80 %% rule: %+v", ps)
	}
	// Hourly periods carry their hour of the week; monthly ones their
	// daily temperatures and a per-day Y.
	hs, _, _ := Aggregate(meter, oat, Window{start + 3*day + 5*int64(time.Hour), start + 3*day + 7*int64(time.Hour)}, Hourly, 1, 0)
	if len(hs) != 2 || hs[0].HourOfWeek != 3*24+5 || hs[0].Y != 100 {
		t.Errorf("hourly %+v", hs)
	}
	ms, _, _ := Aggregate(meter, oat, w, Monthly, 1, 0.5)
	if len(ms) != 1 || len(ms[0].DayTemps) != 4 || ms[0].Scale != 4 {
		t.Errorf("monthly %+v", ms)
	}
}

func TestEnergyUnit(t *testing.T) {
	tests := []struct {
		role, rate, want, unit string
		factor                 float64
		bad                    bool
	}{
		{"power", "", "", "kWh", 1, false},
		{"power", "W", "kWh", "kWh", 0.001, false},
		{"energy_rate", "", "", "kBtu", 1, false},
		{"energy_rate", "", "therms", "therms", 0.01, false},
		{"power", "kW", "MMBtu", "MMBtu", 3.412 / 1000, false},
		{"power", "degF", "", "", 0, true},
		{"power", "kW", "gallons", "", 0, true},
	}
	for _, tc := range tests {
		u, f, err := EnergyUnit(roleOf(tc.role), tc.rate, tc.want)
		if tc.bad != (err != nil) || u != tc.unit || math.Abs(f-tc.factor) > 1e-12 {
			t.Errorf("EnergyUnit(%s, %q, %q) = %q, %v, %v", tc.role, tc.rate, tc.want, u, f, err)
		}
	}
}

func TestQuantile(t *testing.T) {
	tests := []struct {
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
	}
	for _, tc := range tests {
		if got := quantile(tc.p, tc.x); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("quantile(%v, %v) = %v, want %v", tc.p, tc.x, got, tc.want)
		}
	}
	if !math.IsNaN(quantile(0.5, nil)) {
		t.Error("empty quantile is not NaN")
	}
}
