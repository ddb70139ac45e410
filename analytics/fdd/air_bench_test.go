package fdd

import (
	"context"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// ahuYearRoles are the 12 roles of the benchmark AHU.
var ahuYearRoles = []model.Role{model.OAT, model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp,
	model.HeatValve, model.CoolValve, model.OADamper, model.SupplyAirTempSP, model.DuctStatic,
	model.DuctStaticSP, model.SupplyFanStatus, model.SupplyFanSpeed}

// runnable reports whether f has every required role of r (the runner's
// skip rule).
func runnable(r Rule, f *series.Frame) bool {
	for _, role := range r.Required {
		if !f.Has(role) {
			return false
		}
	}
	return true
}

func benchRules(b *testing.B, f *series.Frame) { benchGrids(b, f, f) }

// benchGrids runs every runnable air-side rule, Hourly rules on hourly and
// Native ones on native.
func benchGrids(b *testing.B, hourly, native *series.Frame) {
	ctx := context.Background()
	type job struct {
		r Rule
		f *series.Frame
	}
	var jobs []job
	for _, r := range airsideRules() {
		f := hourly
		if r.Grid == Native {
			f = native
		}
		if runnable(r, f) {
			jobs = append(jobs, job{r, f})
		}
	}
	params := Values{"area_sqft": 1000.0, "population": 7.0}
	b.ReportMetric(float64(len(jobs)), "rules")
	for b.Loop() {
		for _, j := range jobs {
			in := &Input{Equip: j.f.Equip, Class: j.f.Class, Frame: j.f, Params: withDefaults(params, j.r.Params)}
			if _, err := j.r.Check(ctx, in); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkAirRulesAHUYearRunnerGrids is the same AHU-year as the runner
// grids it: the hourly rules on the 1-hour grid (8,760 slots), the event
// rules (control_hunting, g36_ahu_fault_conditions) on the native 5-minute
// grid.
func BenchmarkAirRulesAHUYearRunnerGrids(b *testing.B) {
	native := only(simAHUDays(5*time.Minute, 365, 1, ahuFaults{}), ahuYearRoles...)
	hourly := only(simAHUDays(time.Hour, 365, 1, ahuFaults{}), ahuYearRoles...)
	benchGrids(b, hourly, native)
}

// BenchmarkAirRulesAHUYear5min runs every air-side rule an AHU with 12 roles
// can run over one year at 5 minutes (105,120 samples), every rule on the
// 5-minute frame (the runner gives hourly rules a 12× smaller grid).
func BenchmarkAirRulesAHUYear5min(b *testing.B) {
	f := only(simAHUDays(5*time.Minute, 365, 1, ahuFaults{}), ahuYearRoles...)
	benchRules(b, f)
}

// BenchmarkAirRulesAllRolesYear5min runs all 21 air-side rules over one
// year at 5 minutes of a frame holding every role any of them reads (AHU,
// zone, CO2, OA flow, filter): an upper bound.
func BenchmarkAirRulesAllRolesYear5min(b *testing.B) {
	f := simAHUDays(5*time.Minute, 365, 1, ahuFaults{})
	z := simZoneDays(5*time.Minute, 365, 1, zoneFaults{})
	for r, c := range z.Cols {
		if _, ok := f.Cols[r]; !ok {
			f.Cols[r] = c
		}
	}
	benchRules(b, f)
}

// BenchmarkAirRule times each air-side rule alone over the all-roles
// 5-minute year.
func BenchmarkAirRule(b *testing.B) {
	f := simAHUDays(5*time.Minute, 365, 1, ahuFaults{})
	z := simZoneDays(5*time.Minute, 365, 1, zoneFaults{})
	for r, c := range z.Cols {
		if _, ok := f.Cols[r]; !ok {
			f.Cols[r] = c
		}
	}
	params := Values{"area_sqft": 1000.0, "population": 7.0}
	for _, r := range airsideRules() {
		b.Run(r.Name, func(b *testing.B) {
			in := &Input{Equip: f.Equip, Class: f.Class, Frame: f, Params: withDefaults(params, r.Params)}
			for b.Loop() {
				if _, err := r.Check(context.Background(), in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
