package mv

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/camber-tui/camber-tui/model"
)

// yearsHourly is an hourly meter and OAT over the given years: a
// weather-driven load with an occupancy schedule, cut 8 % after the first
// year.
func yearsHourly(years int) (meter, oat model.Series) {
	r := rand.New(rand.NewPCG(5, 5))
	meter = model.Series{Equip: "MTR-1", Role: model.Power}
	oat = model.Series{Equip: "WX-1", Role: model.OAT}
	for h := range years * 8760 {
		ts := y0 + int64(h)*hour
		d := float64(h) / 24
		t := 55 + 25*math.Sin(2*math.Pi*(d-100)/365) + 8*math.Sin(2*math.Pi*float64(h%24-9)/24) + 3*r.NormFloat64()
		how := h % HoursPerWeek
		occ := how < 5*24 && how%24 >= 7 && how%24 < 19
		kw := 300 + 9*math.Max(0, t-62) + 2*math.Max(0, 45-t)
		if occ {
			kw += 150
		}
		if h >= 8760 {
			kw *= 0.92
		}
		meter.TS, meter.V = append(meter.TS, ts), append(meter.V, kw*(1+0.03*r.NormFloat64()))
		oat.TS, oat.V = append(oat.TS, ts), append(oat.V, t)
	}
	return meter, oat
}

// BenchmarkEvaluateHourlyYear runs the whole project on a year of hourly
// baseline and a year of hourly reporting data, every default model (TOWT
// included) and the non-routine screen. Budget: 300 ms.
func BenchmarkEvaluateHourlyYear(b *testing.B) {
	m, o := yearsHourly(2)
	pr := Project{Meter: m, OAT: o, Interval: Hourly, ExcludeNonRoutine: true, Autocorrelation: true,
		Baseline: Window{y0, y0 + 365*day}, Reporting: Window{y0 + 365*day, y0 + 730*day}}
	ctx := b.Context()
	for b.Loop() {
		rep, err := Evaluate(ctx, pr)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Model.Kind != KindTOWT {
			b.Fatalf("chose %s", rep.Model.Kind)
		}
	}
}

// BenchmarkFitTOWTYear fits TOWT alone to a year of hourly rows.
func BenchmarkFitTOWTYear(b *testing.B) {
	m, o := yearsHourly(1)
	ps, _, err := Aggregate(m, o, Window{y0, y0 + 365*day}, Hourly, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	d := toData(ps, Hourly)
	for b.Loop() {
		if _, err := FitModel(b.Context(), KindTOWT, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit5PYear fits 5P (the 2-D grid) to a year of hourly rows.
func BenchmarkFit5PYear(b *testing.B) {
	m, o := yearsHourly(1)
	ps, _, _ := Aggregate(m, o, Window{y0, y0 + 365*day}, Hourly, 1, 0)
	d := toData(ps, Hourly)
	for b.Loop() {
		if _, err := FitModel(b.Context(), Kind5P, d); err != nil {
			b.Fatal(err)
		}
	}
}
