package series

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// ahuYear synthesises one AHU-year at 5 minutes with 12 roles.
func ahuYear() []model.Series {
	roles := []model.Role{model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.OAT,
		model.HeatValve, model.CoolValve, model.OADamper, model.SupplyAirTempSP, model.DuctStatic,
		model.DuctStaticSP, model.SupplyFanStatus, model.SupplyFanSpeed}
	const n = 365 * 24 * 12
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]model.Series, len(roles))
	for j, r := range roles {
		s := model.Series{Equip: "AHU-1", Class: "AHU", Role: r, TS: make([]int64, n), V: make([]float64, n)}
		for i := range n {
			s.TS[i] = t0 + int64(i)*int64(5*time.Minute)
			s.V[i] = 50 + 10*math.Sin(float64(i)/288*2*math.Pi) + rng.NormFloat64()
		}
		out[j] = s
	}
	return out
}

// BenchmarkBuildAHUYear5Min: one equipment-year at 5 min × 12 roles onto
// the hourly run grid.
func BenchmarkBuildAHUYear5Min(b *testing.B) {
	in := ahuYear()
	b.ResetTimer()
	for b.Loop() {
		f := Build("AHU-1", "AHU", in, Options{})
		if f.N != 8760 {
			b.Fatalf("N = %d", f.N)
		}
	}
}

// BenchmarkBuildNativeAHUYear5Min: the same at the native 5-minute interval.
func BenchmarkBuildNativeAHUYear5Min(b *testing.B) {
	in := ahuYear()
	b.ResetTimer()
	for b.Loop() {
		f := BuildNative("AHU-1", "AHU", in, Options{})
		if f.N != 105120 {
			b.Fatalf("N = %d", f.N)
		}
	}
}
