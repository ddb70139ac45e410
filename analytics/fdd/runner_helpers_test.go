package fdd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Runner tests use rules defined here, so the framework is tested apart
// from the built-in kernels.

var rtT0 = time.Date(2025, 7, 7, 0, 0, 0, 0, time.UTC) // a Monday

// rtSeries makes one series of n samples every step from rtT0.
func rtSeries(equip, class string, role model.Role, n int, step time.Duration, f func(i int, t time.Time) float64) model.Series {
	s := model.Series{Equip: equip, Class: class, Role: role, TS: make([]int64, n), V: make([]float64, n)}
	for i := range n {
		t := rtT0.Add(time.Duration(i) * step)
		s.TS[i] = t.UnixNano()
		s.V[i] = f(i, t)
	}
	return s
}

func rtNoise(seed uint64) func() float64 {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	return rng.NormFloat64
}

func rtF(x float64) *float64 { return &x }

// rtBothOpen flags samples where both coils are open above warn/fault
// shares, like simultaneous_heat_cool.
func rtBothOpen() Rule {
	return Rule{
		Name: "test_both_open", Title: "both coils open", Classes: []string{model.ClassAHU},
		Required: []model.Role{model.HeatValve, model.CoolValve},
		Optional: []model.Role{model.OAT, model.SupplyFanStatus},
		Params: []Param{
			{Name: "warn_pct", Kind: Number, Default: 5.0, Unit: "%", Min: rtF(0), Max: rtF(100), Basis: "practice"},
			{Name: "fault_pct", Kind: Number, Default: 20.0, Unit: "%", Min: rtF(0), Max: rtF(100)},
			{Name: "start_hour", Kind: Int, Default: 0, Min: rtF(0), Max: rtF(23)},
			{Name: "mode", Kind: Choice, Default: "any", Choices: []string{"any", "occupied"}},
			{Name: "strict", Kind: Bool, Default: false},
			{Name: "tiers", Kind: Tiers, Default: map[string]float64{"warn": 1, "fault": 2}, Min: rtF(0)},
			{Name: "co2_setpoint", Kind: Number, Default: nil, Min: rtF(400), Max: rtF(2000)},
		},
		Category: "energy", Standard: "test", Grid: Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			f := in.Frame
			h, c := f.Col(model.HeatValve), f.Col(model.CoolValve)
			judged, flagged := make([]bool, f.N), make([]bool, f.N)
			nj, nf := 0, 0
			for i := range f.N {
				hr, _ := slotClockTest(f, i)
				if math.IsNaN(h[i]) || math.IsNaN(c[i]) || hr < in.Params.Int("start_hour") {
					continue
				}
				judged[i] = true
				nj++
				if h[i] > 5 && c[i] > 5 {
					flagged[i] = true
					nf++
				}
			}
			share := 100 * float64(nf) / float64(max(nj, 1))
			sev := OK
			switch {
			case share >= in.Params.Float("fault_pct"):
				sev = Fault
			case share >= in.Params.Float("warn_pct"):
				sev = Warn
			}
			return Outcome{Severity: sev, Judged: judged, Flagged: flagged, JudgedBasis: "hourly samples",
				Summary: fmt.Sprintf("%s: both coils open in %.1f%% of %d samples", in.Equip, share, nj),
				Metrics: map[string]any{"pct_both_open": share, "judged": nj}, Evidence: "valve_overlap"}, nil
		},
	}
}

func slotClockTest(f *series.Frame, i int) (int, time.Weekday) {
	t := f.Time(i)
	return t.Hour(), t.Weekday()
}

// rtStarts counts compressor starts on its grid: an event rule.
func rtStarts(grid GridKind) Rule {
	return Rule{
		Name: "test_starts", Classes: []string{model.ClassRTU, model.ClassHeatPump},
		Required: []model.Role{model.CompressorStatus},
		Params:   []Param{{Name: "max_starts_per_day", Kind: Int, Default: 12, Min: rtF(1), Max: rtF(1000)}},
		Grid:     grid,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			f := in.Frame
			x := f.Col(model.CompressorStatus)
			starts := 0
			flagged, judged := make([]bool, f.N), make([]bool, f.N)
			for i := 1; i < f.N; i++ {
				judged[i] = !math.IsNaN(x[i])
				if x[i] > 0.5 && x[i-1] <= 0.5 {
					starts++
					flagged[i] = true
				}
			}
			days := float64(f.N) * f.StepHours() / 24
			per := float64(starts) / days
			sev := OK
			if per >= float64(in.Params.Int("max_starts_per_day")) {
				sev = Warn
			}
			return Outcome{Severity: sev, Events: &starts, EventBasis: "compressor starts", Judged: judged, Flagged: flagged,
				JudgedBasis: "logged samples", Summary: fmt.Sprintf("%s: %.1f starts/day", in.Equip, per),
				Metrics: map[string]any{"starts_per_day": per}}, nil
		},
	}
}

// rtDCV reads co2 with an OA signal gate (oa_airflow, else oa_damper).
func rtDCV() Rule {
	return Rule{
		Name: "test_dcv", Classes: []string{model.ClassAHU},
		Required: []model.Role{model.CO2},
		Optional: []model.Role{model.OAAirflow, model.OADamper, model.OAT},
		Gates:    [][]model.Role{{model.OAAirflow, model.OADamper}},
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			return Outcome{Severity: OK, Summary: in.Equip + ": dcv ok", Metrics: map[string]any{"r": nil}}, nil
		},
	}
}

// rtConditions judges two named conditions.
func rtConditions() Rule {
	return Rule{
		Name: "test_conditions", Classes: []string{model.ClassAHU}, Required: []model.Role{model.SupplyAirTemp},
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			f := in.Frame
			sat := f.Col(model.SupplyAirTemp)
			c1 := Condition{Name: "fc1", Label: "SAT too low", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
			c2 := Condition{Name: "fc2", Label: "SAT too high", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
			for i := range f.N {
				if math.IsNaN(sat[i]) {
					continue
				}
				c1.Judged[i], c2.Judged[i] = true, i%2 == 0
				c1.Flagged[i] = sat[i] < 50
				c2.Flagged[i] = c2.Judged[i] && sat[i] > 65
			}
			all := make([]bool, f.N)
			for i := range all {
				all[i] = c1.Judged[i]
			}
			return Outcome{Severity: Warn, Summary: in.Equip + ": conditions", Judged: all, JudgedBasis: "samples",
				Conditions: []Condition{c1, c2}}, nil
		},
	}
}

// rtFleet counts units whose damper sits above 90 %.
func rtFleet() Rule {
	return Rule{
		Name: "test_fleet", Classes: []string{model.ClassVAV}, Required: []model.Role{model.Damper},
		CheckFleet: func(ctx context.Context, in *FleetInput) (Outcome, error) {
			open := 0
			for _, f := range in.Frames {
				d := f.Col(model.Damper)
				s, n := 0.0, 0
				for _, v := range d {
					if !math.IsNaN(v) {
						s += v
						n++
					}
				}
				if n > 0 && s/float64(n) > 90 {
					open++
				}
			}
			sev := OK
			if open > 0 {
				sev = Warn
			}
			return Outcome{Severity: sev, Equip: "VAV-fleet", Summary: fmt.Sprintf("VAV-fleet: %d of %d boxes pinned open", open, len(in.Frames)),
				Metrics: map[string]any{"pinned": open, "units": len(in.Frames)}}, nil
		},
	}
}

func rtPanics() Rule {
	return Rule{Name: "test_panics", Classes: []string{model.ClassAHU}, Required: []model.Role{model.SupplyAirTemp},
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			var m map[string]int
			m["boom"]++
			return Outcome{}, nil
		}}
}

func rtBadMask() Rule {
	return Rule{Name: "test_bad_mask", Classes: []string{model.ClassAHU}, Required: []model.Role{model.SupplyAirTemp},
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			return Outcome{Severity: Warn, Judged: make([]bool, 3)}, nil
		}}
}

func rtCatalog() []Rule {
	return []Rule{rtBothOpen(), rtStarts(Native), rtDCV(), rtConditions(), rtFleet(), rtPanics(), rtBadMask()}
}

// rtSite is a small facility: two AHUs (AHU-2 heats and cools at once in
// the afternoons), an RTU cycling every 10 minutes logged at 5 minutes, a
// weather station, three VAVs (one pinned open) and a data logger.
func rtSite(days int) SeriesMap {
	const step5 = 5 * time.Minute
	n := days * 288
	noise := rtNoise(11)
	oat := func(i int, t time.Time) float64 {
		return 75 + 12*math.Sin(float64(t.Hour()-9)/24*2*math.Pi) + 0.5*noise()
	}
	heat := func(faulty bool) func(int, time.Time) float64 {
		return func(i int, t time.Time) float64 {
			if faulty && t.Hour() >= 12 && t.Hour() < 17 {
				return 35 + 3*noise()
			}
			return 0
		}
	}
	cool := func(i int, t time.Time) float64 {
		if t.Hour() >= 7 && t.Hour() < 19 {
			return 40 + 10*math.Sin(float64(i)/40) + 2*noise()
		}
		return 0
	}
	sat := func(i int, t time.Time) float64 { return 55 + noise() }
	co2 := func(i int, t time.Time) float64 { return 600 + 100*math.Sin(float64(i)/50) + 10*noise() }
	ahu := func(id string, faulty bool) []model.Series {
		return []model.Series{
			rtSeries(id, "AHU", model.HeatValve, n, step5, heat(faulty)),
			rtSeries(id, "AHU", model.CoolValve, n, step5, cool),
			rtSeries(id, "AHU", model.SupplyAirTemp, n, step5, sat),
			rtSeries(id, "AHU", model.CO2, n, step5, co2),
			rtSeries(id, "AHU", model.OADamper, n, step5, func(i int, t time.Time) float64 { return 20 + 10*math.Sin(float64(i)/30) + noise() }),
		}
	}
	vav := func(id string, d float64) []model.Series {
		return []model.Series{
			rtSeries(id, "VAV", model.Damper, n/12, time.Hour, func(i int, t time.Time) float64 { return d + 3*noise() }),
			rtSeries(id, "VAV", model.SpaceTemp, n/12, time.Hour, func(i int, t time.Time) float64 { return 72 + noise() }),
		}
	}
	return SeriesMap{
		"AHU-1": ahu("AHU-1", false),
		"AHU-2": ahu("AHU-2", true),
		"RTU-1": {
			rtSeries("RTU-1", "RTU", model.CompressorStatus, n, step5, func(i int, t time.Time) float64 { return float64(i % 2) }),
			rtSeries("RTU-1", "RTU", model.SupplyAirTemp, n, step5, sat),
		},
		"WX-1":  {rtSeries("WX-1", "Weather Station", model.OAT, n/12, time.Hour, oat)},
		"VAV-1": vav("VAV-1", 50),
		"VAV-2": vav("VAV-2", 55),
		"VAV-3": vav("VAV-3", 97),
		"LOG-1": {rtSeries("LOG-1", "LOGGER", model.SupplyAirTemp, n, step5, sat)},
	}
}
