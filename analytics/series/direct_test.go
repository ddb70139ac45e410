package series

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// aggregated builds f as the aggregating path alone does: the reference
// the direct fill must match bit for bit.
func aggregated(equip string, in []model.Series, opt Options, native bool) *Frame {
	step := int64(opt.Step)
	if step <= 0 {
		step = int64(DefaultStep)
	}
	if native {
		step = nativeGridStep(in, opt)
	}
	var b builder
	return b.build(equip, "AHU", in, opt, step)
}

// sameFrame reports how a differs from b, comparing values bit for bit
// (NaN payloads and the sign of zero included), or "".
func sameFrame(a, b *Frame) string {
	if a.Start != b.Start || a.Step != b.Step || a.N != b.N || len(a.Cols) != len(b.Cols) || len(a.Shared) != len(b.Shared) {
		return fmt.Sprintf("grid %d/%d/%d with %d cols, %d shared; want %d/%d/%d with %d cols, %d shared",
			a.Start, a.Step, a.N, len(a.Cols), len(a.Shared), b.Start, b.Step, b.N, len(b.Cols), len(b.Shared))
	}
	for r, want := range b.Cols {
		got, ok := a.Cols[r]
		if !ok || len(got) != len(want) {
			return fmt.Sprintf("column %s missing or of another length", r)
		}
		for i := range want {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				return fmt.Sprintf("%s slot %d = %v (%#x), want %v (%#x)", r, i, got[i], math.Float64bits(got[i]), want[i], math.Float64bits(want[i]))
			}
		}
	}
	for r, e := range b.Shared {
		if a.Shared[r] != e {
			return fmt.Sprintf("shared %s from %q, want %q", r, a.Shared[r], e)
		}
	}
	return ""
}

// trend is one series of role r: n samples every interval from start,
// each moved by up to ±jitter, with value v(i); drop(i) leaves sample i
// out and dup(i) logs it twice.
type trend struct {
	role     model.Role
	start    int64
	n        int
	interval time.Duration
	jitter   time.Duration
	v        func(i int) float64
	drop     func(i int) bool
	dup      func(i int) bool
}

func (tr trend) series(equip string, rng *rand.Rand) model.Series {
	s := model.Series{Equip: equip, Class: "AHU", Role: tr.role}
	last := int64(math.MinInt64)
	for i := range tr.n {
		if tr.drop != nil && tr.drop(i) {
			continue
		}
		t := tr.start + int64(i)*int64(tr.interval)
		if tr.jitter > 0 {
			t += rng.Int64N(2*int64(tr.jitter)+1) - int64(tr.jitter)
		}
		t = max(t, last) // timestamps ascend, as the store returns them
		last = t
		reps := 1
		if tr.dup != nil && tr.dup(i) {
			reps = 2
		}
		v := tr.v(i)
		for r := range reps {
			s.TS = append(s.TS, t)
			s.V = append(s.V, v)
			v += float64(r + 1) // a duplicate reads another value
		}
	}
	return s
}

// TestBuild_DirectMatchesAggregated: the direct fill gives the frames the
// aggregating path gives, bit for bit, on regular, jittered, gappy,
// duplicated, status, percent, shared, repeated-role and odd-valued data,
// on the hourly grid, a 5-minute grid and the native grid, with and
// without a window.
func TestBuild_DirectMatchesAggregated(t *testing.T) {
	const day = 288
	noisy := func(seed uint64) func(int) float64 {
		rng := rand.New(rand.NewPCG(seed, 9))
		return func(i int) float64 { return 55 + 10*math.Sin(float64(i)/day*2*math.Pi) + rng.NormFloat64() }
	}
	onOff := func(i int) float64 { return float64(i / 7 % 2) }
	fraction := func(i int) float64 { return float64(i%101) / 100 }
	odd := func(i int) float64 {
		return []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e-320, 42.125}[i%8]
	}
	five, hour := 5*time.Minute, time.Hour
	sat := func(tr trend) trend { tr.role = model.SupplyAirTemp; return tr }
	reg := func(r model.Role, iv time.Duration, v func(int) float64) trend {
		return trend{role: r, start: t0, n: 3 * day, interval: iv, v: v}
	}
	cases := map[string][]trend{
		"regular":          {reg(model.SupplyAirTemp, five, noisy(1)), reg(model.ReturnAirTemp, five, noisy(2))},
		"regular hourly":   {reg(model.SupplyAirTemp, hour, noisy(3))},
		"off grid phase":   {{role: model.SupplyAirTemp, start: t0 + int64(97*time.Second), n: 3 * day, interval: five, v: noisy(4)}},
		"jittered":         {sat(trend{start: t0, n: 3 * day, interval: five, jitter: 40 * time.Second, v: noisy(5)})},
		"jittered in slot": {sat(trend{start: t0 + int64(2*time.Minute), n: 3 * day, interval: five, jitter: 40 * time.Second, v: noisy(15)})},
		"jitter past slot": {sat(trend{start: t0, n: 3 * day, interval: five, jitter: 4 * time.Minute, v: noisy(6)})},
		"gappy": {sat(trend{start: t0, n: 3 * day, interval: five, v: noisy(7),
			drop: func(i int) bool { return i%50 > 30 || i%7 == 3 }})},
		"duplicated": {sat(trend{start: t0, n: 3 * day, interval: five, v: noisy(8), dup: func(i int) bool { return i == 400 }})},
		"status":     {reg(model.SupplyFanStatus, five, onOff), reg(model.CompressorStatus, 15*time.Minute, onOff)},
		"status gappy": {{role: model.SupplyFanStatus, start: t0, n: 3 * day, interval: five, v: onOff,
			drop: func(i int) bool { return i%40 > 10 }}},
		"percent fraction": {reg(model.CoolValve, five, fraction), reg(model.OADamper, five, func(i int) float64 { return 40 })},
		"odd values":       {reg(model.SupplyAirTemp, five, odd), reg(model.SupplyFanStatus, five, odd), reg(model.HeatValve, five, odd)},
		"repeated role":    {reg(model.SpaceTemp, five, noisy(10)), reg(model.SpaceTemp, five, noisy(11))},
		"mixed intervals": {reg(model.SupplyAirTemp, five, noisy(12)), reg(model.MixedAirTemp, time.Minute, noisy(13)),
			reg(model.SupplyFanStatus, hour, onOff)},
		"single sample": {{role: model.SupplyAirTemp, start: t0, n: 1, interval: five, v: noisy(14)}},
	}
	// direct are the cases whose own series all take the direct fill on
	// the 5-minute grid.
	direct := map[string]bool{"regular": true, "regular hourly": true, "off grid phase": true, "jittered in slot": true,
		"gappy": true, "status gappy": true, "percent fraction": true, "odd values": true, "single sample": true}
	shared := []trend{
		{role: model.OAT, start: t0, n: 72, interval: hour, v: noisy(20), drop: func(i int) bool { return i%10 == 4 || i%10 == 5 }},
		{role: model.OutdoorRH, start: t0 + int64(2*time.Minute), n: 3 * day, interval: five, v: fraction},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	windows := map[string][2]int64{"own span": {}, "window": {t0 + int64(7*time.Hour+3*time.Minute), t0 + int64(50*time.Hour)}}
	for name, trends := range cases {
		var in []model.Series
		for _, tr := range trends {
			in = append(in, tr.series("AHU-1", rng))
		}
		var wx []model.Series
		for _, tr := range shared {
			wx = append(wx, tr.series("WX-1", rng))
		}
		for wname, w := range windows {
			for _, grid := range []struct {
				name   string
				step   time.Duration
				native bool
			}{{"hourly", 0, false}, {"5m", five, false}, {"native", 0, true}} {
				t.Run(name+"/"+wname+"/"+grid.name, func(t *testing.T) {
					opt := Options{Step: grid.step, Start: w[0], End: w[1], Shared: wx}
					got := Build("AHU-1", "AHU", in, opt)
					if grid.native {
						got = BuildNative("AHU-1", "AHU", in, opt)
					}
					if d := sameFrame(got, aggregated("AHU-1", in, opt, grid.native)); d != "" {
						t.Fatal(d)
					}
					if grid.step == five && direct[name] {
						for i := range in {
							if !fillDirect(make([]float64, got.N), got, &in[i], 1, false) {
								t.Fatalf("%s did not fill directly: the case does not test the direct fill", in[i].Role)
							}
						}
					}
				})
			}
		}
	}
}

// TestFillDirect: which series the direct fill takes.
func TestFillDirect(t *testing.T) {
	f := &Frame{Start: at(0), Step: int64(5 * time.Minute), N: 6}
	for _, tc := range []struct {
		name string
		s    model.Series
		ok   bool
	}{
		{"on the grid", ser("A", model.SupplyAirTemp, 0, 1, 5, 2, 10, 3), true},
		{"off the slot start", ser("A", model.SupplyAirTemp, 1, 1, 6, 2, 14, 3), true},
		{"a gap", ser("A", model.SupplyAirTemp, 0, 1, 25, 2), true},
		{"outside the window", ser("A", model.SupplyAirTemp, -5, 1, 0, 2, 30, 3, 35, 4), true},
		{"two in a slot", ser("A", model.SupplyAirTemp, 0, 1, 2, 2), false},
		{"a duplicate timestamp", ser("A", model.SupplyAirTemp, 0, 1, 5, 2, 5, 3), false},
		{"a NaN sharing a slot", ser("A", model.SupplyAirTemp, 0, nan, 1, 2), false},
		{"backwards", ser("A", model.SupplyAirTemp, 10, 1, 5, 2), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			col := make([]float64, f.N)
			if ok := fillDirect(col, f, &tc.s, 1, false); ok != tc.ok {
				t.Fatalf("fillDirect = %v, want %v", ok, tc.ok)
			}
		})
	}
}
