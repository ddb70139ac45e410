package fdd

import (
	"context"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// plantBenchFrames are one year at 5 minutes of each plant equipment the
// per-equipment rules read (faulty variants, so every rule does its full
// work): a chiller (7 roles), a CHW plant, a HW plant, a tower, an RTU and a
// heat pump.
func plantBenchFrames() map[string]*series.Frame {
	step := 5 * time.Minute
	env := func(seed uint64) *plantEnv { return newPlantEnv(seed, plantJan, step, 365) }
	hw := hwDeltaTScenario(env(1), true)
	pump := hwPumpScenario(env(2), true)
	hw.Cols[model.HWPumpSpeed] = pump.Col(model.HWPumpSpeed)
	chw := chwPlantScenario(env(3), true)
	cp := chwPumpScenario(env(4), true)
	chw.Cols[model.CHWPumpSpeed], chw.Cols[model.CHWDiffPressSP] = cp.Col(model.CHWPumpSpeed), cp.Col(model.CHWDiffPressSP)
	hp := heatPumpScenario(env(8), true)
	rtu := rtuStageScenario(env(7), true)
	hp.Cols[model.CompressorStage] = rtu.Col(model.CompressorStage)
	return map[string]*series.Frame{
		model.ClassChiller:           chillerScenario(env(5), 1.3, 11),
		model.ClassChilledWaterPlant: chw,
		model.ClassHotWaterPlant:     hw,
		model.ClassCoolingTower:      towerApproachCase(env(6), true),
		model.ClassHeatPump:          hp,
	}
}

// BenchmarkPlantRules runs every per-equipment plant/DX rule once on its
// equipment's 5-minute year (a chiller-year for the chiller rules, and so
// on): one op is all 14 rules.
func BenchmarkPlantRules(b *testing.B) {
	frames := plantBenchFrames()
	type job struct {
		r Rule
		f *series.Frame
	}
	var jobs []job
	for _, r := range plantRules() {
		if r.Check == nil {
			continue
		}
		f := frames[r.Classes[0]]
		if r.Classes[0] == model.ClassRTU {
			f = frames[model.ClassHeatPump]
		}
		jobs = append(jobs, job{r, f})
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, j := range jobs {
			if _, err := j.r.Check(ctx, &Input{Equip: j.f.Equip, Class: j.f.Class, Frame: j.f, Params: plantValues(j.r, nil)}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPlantRule splits [BenchmarkPlantRules] by rule.
func BenchmarkPlantRule(b *testing.B) {
	frames := plantBenchFrames()
	ctx := context.Background()
	for _, r := range plantRules() {
		if r.Check == nil {
			continue
		}
		f := frames[r.Classes[0]]
		if r.Classes[0] == model.ClassRTU {
			f = frames[model.ClassHeatPump]
		}
		b.Run(r.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Check(ctx, &Input{Equip: f.Equip, Class: f.Class, Frame: f, Params: plantValues(r, nil)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPlantChillerYear runs the chiller rules on one chiller-year at 5
// minutes.
func BenchmarkPlantChillerYear(b *testing.B) {
	f := chillerScenario(newPlantEnv(5, plantJan, 5*time.Minute, 365), 1.3, 11)
	var rules []Rule
	for _, r := range plantRules() {
		if r.Check != nil && r.Classes[0] == model.ClassChiller {
			rules = append(rules, r)
		}
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range rules {
			if _, err := r.Check(ctx, &Input{Equip: f.Equip, Frame: f, Params: plantValues(r, nil)}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPlantFleetRules runs the five fleet rules on a year of hourly
// data: 20 VAV boxes (damper, heat valve, airflow and setpoint, space
// temperature and cooling setpoint) and three chillers.
func BenchmarkPlantFleetRules(b *testing.B) {
	e := newPlantEnv(9, plantJan, time.Hour, 365)
	roles := []model.Role{model.Damper, model.HeatValve, model.Airflow, model.AirflowSP, model.SpaceTemp, model.CoolSP}
	vavs := vavFleet(e, 20, roles, func(bx int, r model.Role, i int) float64 {
		switch r {
		case model.Damper:
			return 60 + e.noise(5)
		case model.HeatValve:
			return plantOnOff(bx < 5 && e.occupied(i)) * 40
		case model.Airflow:
			return 500 + e.noise(20)
		case model.AirflowSP:
			return 450
		case model.SpaceTemp:
			return 73 + e.noise(0.5)
		}
		return 75
	})
	chillers := stagingFleetScenario(newPlantEnv(10, plantJan, time.Hour, 365), true)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range plantRules() {
			if r.CheckFleet == nil {
				continue
			}
			fs := vavs
			if r.Name == "chiller_staging_fleet" {
				fs = chillers
			}
			if _, err := r.CheckFleet(ctx, &FleetInput{Frames: fs, Params: plantValues(r, nil)}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
