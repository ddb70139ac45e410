package ingest

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// The benchmark export: 100 columns (10 AHUs x 10 roles) at 5 min for
// 2024, 10.5M values in a 67 MB wide CSV (larger than one flush, so the
// peak heap shows the streaming bound), written once into the user cache
// directory.
const (
	benchCols = 100
	benchRows = 366 * 288
)

var benchRoles = []model.Role{
	model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.OAT, model.SupplyAirTempSP,
	model.HeatValve, model.CoolValve, model.OADamper, model.DuctStatic, model.SupplyFanStatus,
}

func benchFiles(b *testing.B) (mapping, data string) {
	b.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "camber-tui-bench", "ingest-wide-v2")
	mapping, data = filepath.Join(dir, "map.csv"), filepath.Join(dir, "data.csv")
	if _, err := os.Stat(data); err == nil {
		return mapping, data
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	m, err := os.Create(mapping + ".tmp")
	if err != nil {
		b.Fatal(err)
	}
	fmt.Fprintln(m, "column,equip,equip_class,role")
	for c := range benchCols {
		fmt.Fprintf(m, "AHU%d %s,AHU-%d,AHU,%s\n", c/10+1, benchRoles[c%10], c/10+1, benchRoles[c%10])
	}
	m.Close()
	f, err := os.Create(data + ".tmp")
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString("Timestamp")
	for c := range benchCols {
		fmt.Fprintf(w, ",AHU%d %s", c/10+1, benchRoles[c%10])
	}
	w.WriteByte('\n')
	rng := rand.New(rand.NewPCG(3, 4))
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range benchRows {
		w.WriteString(t0.Add(time.Duration(i) * 5 * time.Minute).Format("2006-01-02 15:04:05"))
		for c := range benchCols {
			w.WriteByte(',')
			if c%10 == 9 {
				w.WriteString([]string{"Off", "On"}[(i/36)%2])
				continue
			}
			v := 50 + float64(c%10)*3 + 10*math.Sin(float64(i)/288*2*math.Pi) + rng.NormFloat64()
			w.WriteString(strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64))
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	os.Rename(mapping+".tmp", mapping)
	os.Rename(data+".tmp", data)
	return mapping, data
}

// BenchmarkWide ingests the export into a fresh store and reports values
// per second (wall and CPU) and the peak heap of live and not yet swept
// objects during the runs.
func BenchmarkWide(b *testing.B) {
	mapping, data := benchFiles(b)
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() { // runtime/metrics reads without stopping the world
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				metrics.Read(sample)
				if v := sample[0].Value.Uint64(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	defer close(stop)
	cpu := benchcpu.Now()
	for b.Loop() {
		b.StopTimer()
		st, err := store.Create(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		sum, err := Wide(b.Context(), st, Options{Facility: "bench"}, mapping, []string{data})
		if err != nil {
			b.Fatal(err)
		}
		if sum.Rows != benchCols*benchRows {
			b.Fatalf("rows %d", sum.Rows)
		}
	}
	used := benchcpu.Now() - cpu
	b.ReportMetric(float64(benchCols*benchRows)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	if used > 0 {
		b.ReportMetric(float64(benchCols*benchRows)*float64(b.N)/used.Seconds(), "values/cpu-s")
		b.ReportMetric(float64(used.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}
