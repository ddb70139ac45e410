package quality

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// BenchmarkFacilityTrust640: trust for every point of a 640-point
// facility-year at 5 minutes (80 AHUs × 8 roles), scored as the gate and
// sensor_trust score it: each equipment's run frame (hourly grid) built
// from its raw series, then every column scored. Synthesis is not timed.
func BenchmarkFacilityTrust640(b *testing.B) {
	const n = 365 * 24 * 12
	ts := make([]int64, n)
	for i := range ts {
		ts[i] = t0 + int64(i)*int64(5*time.Minute)
	}
	roles := []model.Role{model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.HeatValve,
		model.CoolValve, model.OADamper, model.SupplyFanStatus, model.DuctStatic}
	rng := rand.New(rand.NewPCG(1, 1))
	in := make([]model.Series, len(roles))
	for j, r := range roles {
		in[j] = model.Series{Equip: "AHU", Role: r, TS: ts, V: make([]float64, n)}
	}
	fill := func(e int) {
		for j := range in {
			v := in[j].V
			for i := range v {
				v[i] = 50 + float64(e%7) + 10*math.Sin(float64(i)/288*2*math.Pi) + rng.NormFloat64()
			}
		}
	}
	ctx := context.Background()
	for b.Loop() {
		points := 0
		for e := 0; e < 80; e++ {
			b.StopTimer()
			fill(e)
			b.StartTimer()
			f := series.Build("AHU", "AHU", in, series.Options{})
			s, err := FrameTrust(ctx, f)
			if err != nil {
				b.Fatal(err)
			}
			points += len(s)
		}
		if points != 640 {
			b.Fatalf("%d points scored", points)
		}
	}
}

// BenchmarkTrustRaw5Min: one point-year scored on its raw 5-minute samples.
func BenchmarkTrustRaw5Min(b *testing.B) {
	ts, v := regular(365*24*12, 5*time.Minute, func(i int) float64 { return 55 + math.Sin(float64(i)) })
	for b.Loop() {
		Trust(model.SupplyAirTemp, ts, v, 0)
	}
}

// BenchmarkTrustNative5Min: one point-year at 5 minutes scored as
// sensor_trust's report view scores it, on its native frame (building the
// frame not timed).
func BenchmarkTrustNative5Min(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 3))
	ts, v := regular(365*24*12, 5*time.Minute, func(i int) float64 {
		return 55 + 10*math.Sin(float64(i)/288*2*math.Pi) + rng.NormFloat64()
	})
	f := series.BuildNative("AHU", "AHU", []model.Series{{Equip: "AHU", Role: model.SupplyAirTemp, TS: ts, V: v}}, series.Options{})
	for b.Loop() {
		TrustColumn(f, model.SupplyAirTemp)
	}
}
