//go:build unix

package builtin_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

// BenchmarkMVSummaryHourly is one mv_summary call on hourly meter data
// (every default model, TOWT included, the non-routine screen and the
// autocorrelation adjustment): a year of data (baseline January-August,
// reporting September-December), and two years (a year of each). Budget:
// 300 ms.
func BenchmarkMVSummaryHourly(b *testing.B) {
	for _, tc := range []struct {
		name                string
		days                int
		baseline, reporting []any
	}{
		{"year", 365, []any{"2025-01-01", "2025-08-31"}, []any{"2025-09-01", "2025-12-31"}},
		{"two-years", 730, []any{"2025-01-01", "2025-12-31"}, []any{"2026-01-01", "2026-12-31"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			dir := meterStore(b, tc.days, 243, true)
			cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}, Configs: []string{hqConfig(b, map[string]any{
				"meter": map[string]any{"equip": "MTR-1", "role": "power"}, "oat": map[string]any{"equip": "WX-1", "role": "oat"},
				"baseline": tc.baseline, "reporting": tc.reporting, "interval": "hourly", "non_routine": true})}}
			benchCalls(b, "mv_summary", map[string]any{"facility_id": "hq"}, cc, func(res *registry.Result) bool {
				return dataOf(res)["model"].(map[string]any)["kind"] == "TOWT"
			})
		})
	}
}

// BenchmarkDriftPlantYear is one drift call on 4 chillers and their tower
// over a year at 15 minutes (the run config's resample), every family:
// read, grid, fit, judge. CH-1's condenser approach fouls from day 200.
// Budget: 1 s.
func BenchmarkDriftPlantYear(b *testing.B) {
	dir, cfg := plantStore(b)
	cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"plant"}, Configs: []string{cfg}}
	benchCalls(b, "drift", map[string]any{"facility_id": "plant"}, cc, func(res *registry.Result) bool {
		for _, f := range listOf(res, "findings") {
			if f["finding_id"] == "chiller:approach_drift@CH-1" {
				return f["severity"] == "warn" || f["severity"] == "fault"
			}
		}
		return false
	})
}

// benchCalls times warm calls of name, checking the first result with
// ok, and reports CPU time per call beside wall time.
func benchCalls(b *testing.B, name string, args map[string]any, cc *registry.CallContext, ok func(*registry.Result) bool) {
	reg := newDefault(b)
	res, err := reg.Call(b.Context(), name, args, cc)
	if err != nil {
		b.Fatal(err)
	}
	if !ok(res) {
		b.Fatalf("%s: unexpected result: %s", name, res.Text)
	}
	start := benchcpu.Now()
	for b.Loop() {
		if _, err := reg.Call(b.Context(), name, args, cc); err != nil {
			b.Fatal(err)
		}
	}
	benchcpu.Report(b, start)
}

// plantStore writes facility plant: chillers CH-1..CH-4 (load wandering
// 40-420 tons, each refrigerant and condenser metric linear in load plus
// noise; CH-1's condenser approach rising 3 °F over 60 days from day 200)
// and tower CT-1 (approach growing with the summed load against a
// measured wet-bulb), a year at 15 minutes from 2025-01-01, and a run
// config that resamples at 15 minutes with a drift section (baseline the
// first quarter, current the rest).
func plantStore(b *testing.B) (dir, config string) {
	b.Helper()
	dir = filepath.Join(b.TempDir(), "store")
	st, err := store.Create(dir)
	if err != nil {
		b.Fatal(err)
	}
	const n = 365 * 96
	step := int64(15 * time.Minute)
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	ts := make([]int64, n)
	for i := range ts {
		ts[i] = t0 + int64(i)*step
	}
	var all []model.Series
	add := func(equip, class string, r model.Role, v []float64) {
		all = append(all, model.Series{Equip: equip, Class: class, Role: r, TS: ts, V: v})
	}
	load := make([]float64, n)
	for k, equip := range []string{"CH-1", "CH-2", "CH-3", "CH-4"} {
		r := rand.New(rand.NewPCG(uint64(20+k), 1))
		cols := map[model.Role][]float64{}
		for _, role := range []model.Role{model.CHWFlow, model.CHWSupplyTemp, model.CHWReturnTemp, model.CondApproachTemp,
			model.EvapApproachTemp, model.SubcoolingTemp, model.SuperheatTemp, model.DischargePressure, model.SuctionPressure,
			model.CWSupplyTemp, model.CWReturnTemp} {
			cols[role] = make([]float64, n)
		}
		for i := range n {
			h := float64(i) / 4
			d := h / 24
			tons := 230 + 150*math.Sin(2*math.Pi*h/24) + 40*math.Sin(2*math.Pi*h/(24*9.3)) + 5*r.NormFloat64()
			foul := 0.0
			if k == 0 && d >= 200 {
				foul = 3 * math.Min(1, (d-200)/60)
			}
			load[i] += tons
			flow := 900 + 15*r.NormFloat64()
			cols[model.CHWFlow][i] = flow
			cols[model.CHWSupplyTemp][i] = 44 + 0.2*r.NormFloat64()
			cols[model.CHWReturnTemp][i] = cols[model.CHWSupplyTemp][i] + tons*24/flow
			cols[model.CondApproachTemp][i] = 2 + 0.006*tons + 0.15*r.NormFloat64() + foul
			cols[model.EvapApproachTemp][i] = 1.5 + 0.004*tons + 0.12*r.NormFloat64()
			cols[model.SubcoolingTemp][i] = 8 + 0.004*tons + 0.25*r.NormFloat64()
			cols[model.SuperheatTemp][i] = 4 + 0.003*tons + 0.4*r.NormFloat64()
			cols[model.CWSupplyTemp][i] = 80 + 0.3*r.NormFloat64()
			cols[model.CWReturnTemp][i] = cols[model.CWSupplyTemp][i] + 2 + 0.02*tons + 0.2*r.NormFloat64()
			cols[model.DischargePressure][i] = 120 + 0.05*tons + r.NormFloat64()
			cols[model.SuctionPressure][i] = 35 + 0.5*r.NormFloat64()
		}
		for role, v := range cols {
			add(equip, "Chiller", role, v)
		}
	}
	r := rand.New(rand.NewPCG(30, 2))
	cws, cwr, wb := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		h := float64(i) / 4
		wb[i] = 68 + 6*math.Sin(2*math.Pi*(h-9)/24) + 4*math.Sin(2*math.Pi*h/(24*5))
		cws[i] = wb[i] + 4 + 0.004*load[i]/4 + 0.25*r.NormFloat64()
		cwr[i] = cws[i] + 8
	}
	add("CT-1", "CoolingTower", model.CWSupplyTemp, cws)
	add("CT-1", "CoolingTower", model.CWReturnTemp, cwr)
	add("CT-1", "CoolingTower", model.WetbulbTemp, wb)
	if _, err := st.Write(b.Context(), "plant", all, store.WriteOptions{}); err != nil {
		b.Fatal(err)
	}
	cfg, err := json.Marshal(map[string]any{
		"source": map[string]any{"facility": "plant"}, "resample": "15min",
		"drift": map[string]any{"baseline": []any{"2025-01-01", "2025-03-31"}, "current": []any{"2025-04-01", "2025-12-31"}},
	})
	if err != nil {
		b.Fatal(err)
	}
	config = filepath.Join(b.TempDir(), "plant.json")
	if err := os.WriteFile(config, cfg, 0o644); err != nil {
		b.Fatal(err)
	}
	return dir, config
}
