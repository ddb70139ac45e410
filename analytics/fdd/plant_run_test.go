package fdd

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// plantStored turns a scenario frame into stored series (NaN dropped), as a
// store would hand them to the runner.
func plantStored(f *series.Frame, roles ...model.Role) []model.Series {
	var out []model.Series
	for r, c := range f.Cols {
		if len(roles) > 0 && !plantHasRole(roles, r) {
			continue
		}
		s := model.Series{Equip: f.Equip, Class: f.Class, Role: r}
		for i, v := range c {
			if !math.IsNaN(v) {
				s.TS = append(s.TS, f.Start+int64(i)*f.Step)
				s.V = append(s.V, v)
			}
		}
		out = append(out, s)
	}
	return out
}

func plantHasRole(rs []model.Role, r model.Role) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// TestPlantRulesThroughRunner runs the plant rules through the runner on a
// small summer site: shared weather (OAT and RH only, so the tower rules
// take Stull's wet-bulb through their gates), a boiler and an RTU cycling
// faster than the hourly grid can show, a fouled tower, and three
// over-staged chillers.
func TestPlantRulesThroughRunner(t *testing.T) {
	const days = 45
	site := SeriesMap{}
	wx := newPlantEnv(81, plantJun, 15*time.Minute, days)
	oat, rh := wx.oat(), wx.rh()
	site["WX-1"] = plantStored(wx.frame("WX-1", "Weather", map[model.Role][]float64{model.OAT: oat, model.OutdoorRH: rh}))

	ct := towerApproachCase(newPlantEnv(82, plantJun, 15*time.Minute, days), true)
	ct.Class = "CoolingTower"
	site["CT-1"] = plantStored(ct, model.CWSupplyTemp, model.CWReturnTemp, model.TowerFanSpeed)

	hw := boilerCycleScenario(newPlantEnv(83, plantJun, 5*time.Minute, days), true)
	site["HWP-1"] = append(plantStored(hw, model.BoilerStatus),
		model.Series{Equip: "HWP-1", Class: hw.Class, Role: model.HWSupplyTemp, TS: []int64{hw.Start, hw.Start + int64(days*24*time.Hour) - 1}, V: []float64{150, 150}})

	rtu := rtuCycleScenario(newPlantEnv(84, plantJun, time.Minute, days), true)
	site["RTU-1"] = plantStored(rtu, model.CompressorStatus, model.SupplyAirTemp)

	for _, f := range stagingFleetScenario(newPlantEnv(85, plantJun, 15*time.Minute, days), true) {
		site[f.Equip] = plantStored(f)
	}

	res, err := Run(context.Background(), RunSpec{
		Rules:    []string{"boiler_short_cycle", "compressor_short_cycle", "cooling_tower_approach", "condenser_water_reset", "chiller_staging_fleet", "chiller_staging"},
		MinTrust: 0.5,
	}, site)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Finding{}
	for _, f := range append(res.Findings, res.Below...) {
		byID[f.ID] = f
		t.Logf("%s %s: %s", f.ID, f.Severity, f.Summary)
	}
	for _, tc := range []struct {
		id    string
		fires bool
		grid  string
	}{
		{"boiler_short_cycle@HWP-1", true, "native"},
		{"compressor_short_cycle@RTU-1", true, "native"},
		{"cooling_tower_approach@CT-1", true, "hourly"},
		{"chiller_staging_fleet@Chiller-fleet", true, "hourly"},
		// All three sharing a load two could carry: each runs at low part load.
		{"chiller_staging@CH-1", true, "native"},
	} {
		f, ok := byID[tc.id]
		if !ok {
			t.Errorf("no finding %s (skipped: %v)", tc.id, res.Skipped)
			continue
		}
		if fires := f.Severity == Warn || f.Severity == Fault; fires != tc.fires {
			t.Errorf("%s: %s %q", tc.id, f.Severity, f.Summary)
		}
		if f.Grid != tc.grid {
			t.Errorf("%s: grid %q, want %q", tc.id, f.Grid, tc.grid)
		}
		if f.Share == nil || f.JudgedBasis == "" {
			t.Errorf("%s: no share (judged %d %q)", tc.id, f.JudgedSamples, f.JudgedBasis)
		}
	}
	if f := byID["cooling_tower_approach@CT-1"]; f.Metrics["wetbulb_source"] != "Stull from OAT and RH" {
		t.Errorf("tower wet-bulb source %v", f.Metrics["wetbulb_source"])
	}
	if f := byID["compressor_short_cycle@RTU-1"]; f.Events == nil || *f.Events < days*30 || f.Interval != "1m0s" && f.Interval != "1m" {
		t.Errorf("compressor events %v interval %q", f.Events, f.Interval)
	}
	if f := byID["chiller_staging_fleet@Chiller-fleet"]; len(f.Units) != 3 {
		t.Errorf("fleet units %v", f.Units)
	}
}
