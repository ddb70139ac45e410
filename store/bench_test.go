package store

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/model"
)

// The benchmark facility-year: 100 points (10 AHUs x 10 roles) at 5 min
// for 2024, 105,408 samples each, 10.5M rows.
const (
	benchEquips = 10
	benchStep   = 5 * time.Minute
)

var benchRoles = []model.Role{
	model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.OAT, model.SupplyAirTempSP,
	model.HeatValve, model.CoolValve, model.OADamper, model.DuctStatic, model.SupplyFanSpeed,
}

// benchSeries generates the facility-year deterministically.
func benchSeries() []model.Series {
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	end := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	n := int((end - start) / int64(benchStep))
	rng := rand.New(rand.NewPCG(1, 2))
	var out []model.Series
	for e := range benchEquips {
		for ri, r := range benchRoles {
			s := model.Series{Equip: fmt.Sprintf("AHU-%d", e+1), Class: "AHU", Role: r, TS: make([]int64, n), V: make([]float64, n)}
			for i := range n {
				s.TS[i] = start + int64(i)*int64(benchStep)
				day := float64(i) / 288
				s.V[i] = math.Round((50+float64(ri)*3+10*math.Sin(2*math.Pi*day)+rng.NormFloat64())*100) / 100
			}
			out = append(out, s)
		}
	}
	return out
}

// benchStore returns the facility-year store, written once into the user
// cache directory and reused by later runs.
func benchStore(b *testing.B) *Store {
	b.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "camber-tui-bench", fmt.Sprintf("store-v1-g%d-%d", maxGroupRows, minGroupRows))
	if _, err := os.Stat(filepath.Join(dir, facilityPfx+"bench")); err == nil {
		st, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		return st
	}
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	st, err := Create(tmp)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.Write(context.Background(), "bench", benchSeries(), WriteOptions{}); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		b.Fatal(err)
	}
	st, err = Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	return st
}

func BenchmarkWrite(b *testing.B) {
	series := benchSeries()
	rows := 0
	for _, s := range series {
		rows += len(s.TS)
	}
	cpu := benchcpu.Now()
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		st, err := Create(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := st.Write(b.Context(), "bench", series, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, rows, cpu)
}

// reportRates reports rows/s by wall time and by CPU time, and CPU ms/op.
func reportRates(b *testing.B, rows int, cpu0 time.Duration) {
	cpu := benchcpu.Now() - cpu0
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	if rows > 0 {
		b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		if cpu > 0 {
			b.ReportMetric(float64(rows)*float64(b.N)/cpu.Seconds(), "rows/cpu-s")
		}
	}
}

func BenchmarkReadFull(b *testing.B) {
	st := benchStore(b)
	rows := 0
	cpu := benchcpu.Now()
	for b.Loop() {
		ss, err := st.Read(b.Context(), "bench", Query{})
		if err != nil {
			b.Fatal(err)
		}
		rows = 0
		for _, s := range ss {
			rows += len(s.TS)
		}
	}
	reportRates(b, rows, cpu)
}

// BenchmarkReadWindow reads one equipment's roles for one month.
func BenchmarkReadWindow(b *testing.B) {
	st := benchStore(b)
	q := Query{Equips: []string{"AHU-7"},
		Start: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC).UnixNano(),
		End:   time.Date(2024, 6, 30, 23, 59, 59, 0, time.UTC).UnixNano()}
	cpu := benchcpu.Now()
	for b.Loop() {
		ss, err := st.Read(b.Context(), "bench", q)
		if err != nil {
			b.Fatal(err)
		}
		if len(ss) != len(benchRoles) || len(ss[0].TS) != 30*288 {
			b.Fatalf("got %d series", len(ss))
		}
	}
	reportRates(b, 0, cpu)
}

func BenchmarkStats(b *testing.B) {
	st := benchStore(b)
	cpu := benchcpu.Now()
	for b.Loop() {
		ps, err := st.Stats(b.Context(), "bench", Query{})
		if err != nil {
			b.Fatal(err)
		}
		if len(ps) != benchEquips*len(benchRoles) || ps[0].Interval != int64(benchStep) {
			b.Fatalf("stats %d %+v", len(ps), ps[0])
		}
	}
	reportRates(b, 0, cpu)
}

func BenchmarkPoints(b *testing.B) {
	st := benchStore(b)
	cpu := benchcpu.Now()
	for b.Loop() {
		ps, err := st.Points(b.Context(), "bench")
		if err != nil {
			b.Fatal(err)
		}
		if len(ps) != benchEquips*len(benchRoles) {
			b.Fatalf("points %d", len(ps))
		}
	}
	reportRates(b, 0, cpu)
}
