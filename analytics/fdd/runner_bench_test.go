package fdd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// benchSource serves nAHU air handlers that share one year of 5-minute
// series (the same slices for every unit, so "reading" costs nothing and
// the benchmark measures grid, trust and rules).
type benchSource struct {
	n      int
	series []model.Series
}

func newBenchSource(nAHU int, roles []model.Role) *benchSource {
	const n = 365 * 24 * 12
	ts := make([]int64, n)
	for i := range ts {
		ts[i] = rtT0.Add(time.Duration(i) * 5 * time.Minute).UnixNano()
	}
	rng := rand.New(rand.NewPCG(9, 9))
	src := &benchSource{n: nAHU}
	for _, r := range roles {
		v := make([]float64, n)
		for i := range v {
			day := float64(i%288) / 288
			switch {
			case r.IsStatus():
				if day > 0.25 && day < 0.75 {
					v[i] = 1
				}
			case r.IsPercent():
				v[i] = math.Max(0, 40+30*math.Sin(2*math.Pi*day)+5*rng.NormFloat64())
			default:
				v[i] = 60 + 10*math.Sin(2*math.Pi*day) + rng.NormFloat64()
			}
		}
		src.series = append(src.series, model.Series{Class: "AHU", Role: r, TS: ts, V: v})
	}
	return src
}

func (s *benchSource) Equipment(context.Context) ([]Equipment, error) {
	out := make([]Equipment, s.n)
	for i := range out {
		out[i] = Equipment{Equip: fmt.Sprintf("AHU-%03d", i+1), Class: "AHU"}
	}
	return out, nil
}

func (s *benchSource) Span(context.Context) (int64, int64, bool, error) {
	ts := s.series[0].TS
	return ts[0], ts[len(ts)-1], true, nil
}

func (s *benchSource) Series(_ context.Context, equip string, _, _ int64) ([]model.Series, error) {
	out := make([]model.Series, len(s.series))
	for i, x := range s.series {
		x.Equip = equip
		out[i] = x
	}
	return out, nil
}

var ahu12 = []model.Role{model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.OAT,
	model.HeatValve, model.CoolValve, model.OADamper, model.SupplyAirTempSP, model.DuctStatic,
	model.DuctStaticSP, model.SupplyFanStatus, model.SupplyFanSpeed}

var ahu8 = []model.Role{model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.HeatValve,
	model.CoolValve, model.OADamper, model.SupplyFanStatus, model.DuctStatic}

// BenchmarkRunnerOverheadAHUYear: one AHU-year at 5 min × 12 roles with
// the runner's own test rules (grid, trust, gate, findings, spans).
func BenchmarkRunnerOverheadAHUYear(b *testing.B) {
	src := newBenchSource(1, ahu12)
	spec := RunSpec{Catalog: []Rule{rtBothOpen(), rtConditions(), rtDCV()}, MinTrust: 0.5}
	for b.Loop() {
		if _, err := Run(context.Background(), spec, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunAllRulesAHUYear: every built-in rule over one AHU-year at
// 5 min × 12 roles, runner included.
func BenchmarkRunAllRulesAHUYear(b *testing.B) {
	src := newBenchSource(1, ahu12)
	for b.Loop() {
		if _, err := Run(context.Background(), RunSpec{MinTrust: 0.5}, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunFacility640: a 640-point facility-year at 5 min (80 AHUs ×
// 8 roles). "grid+trust" runs no rule; "all-rules" runs every built-in
// rule; the difference is the rules' share. Reading is free here (shared
// slices): the store's read time adds to these.
func BenchmarkRunFacility640(b *testing.B) {
	src := newBenchSource(80, ahu8)
	for _, bc := range []struct {
		name  string
		rules []string
	}{{"grid+trust", []string{}}, {"all-rules", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				res, err := Run(context.Background(), RunSpec{Rules: bc.rules, MinTrust: 0.5}, src)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Frames) != 80 {
					b.Fatalf("%d frames", len(res.Frames))
				}
			}
		})
	}
}
