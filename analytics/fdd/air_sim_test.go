package fdd

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Synthetic air-side equipment for the accuracy tests: a physically
// consistent AHU (economizer, G36 supply-air reset, coils by load) and a VAV
// reheat zone, with diurnal and weekly OAT, weekday occupancy, sensor noise
// (seeded) and one switch per injected fault. Controls act on the true
// values; sensors add noise (temperatures σ 0.15 °F, the scatter of
// averaged BAS trends).

// simStart is Monday 2025-03-03 00:00 (naive local time).
var simStart = time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC)

const simDays = 28

// tempNoise is the temperature sensors' noise σ, °F.
const tempNoise = 0.15

// weather is the shared outdoor temperature model: a 28-day swing of ±20 °F
// around 56 °F over the span, a ±10 °F diurnal cycle peaking at 15:00 and day-to-day
// fronts.
type weather struct {
	front []float64
	days  float64 // one seasonal swing over the span
}

func newWeather(rng *rand.Rand, days int) weather {
	w := weather{front: make([]float64, days+2), days: float64(days)}
	for d := range w.front {
		w.front[d] = rng.NormFloat64() * 3
	}
	return w
}

// oat is the true OAT at t hours after simStart.
func (w weather) oat(hours float64) float64 {
	day := hours / 24
	d := int(day)
	fr := w.front[d] + (day-float64(d))*(w.front[d+1]-w.front[d])
	return 56 + 20*math.Sin(2*math.Pi*day/w.days) + 10*math.Sin(2*math.Pi*(hours-9)/24) + fr
}

// ahuFaults switches the injected AHU faults.
type ahuFaults struct {
	fixedSAT     bool // SAT setpoint held at 55 °F (no reset)
	bothOpen     bool // heating valve at 35 % on occupied afternoons while cooling
	chwLeak      bool // SAT 6 °F below MAT + fan heat with the cooling valve shut
	coolLoss     bool // cooling valve pinned at 100 % and SAT 6 °F above setpoint
	econStuckMin bool // economizer held at minimum OA
	econNoLimit  bool // economizer stays open above the high limit
	excessOA     bool // OA fraction 60 % above 70 °F OAT
	fan247       bool // fan never stops
	fixedStatic  bool // duct static setpoint fixed at 1.5 inWC
	dirtyFilter  bool // filter drop 1.3 inWC
	huntCool     bool // cooling valve oscillates ±15 % each sample
	satOffset    bool // SAT 4 °F above setpoint on occupied afternoons
}

// simAHU simulates an AHU at step for simDays days.
func simAHU(step time.Duration, seed uint64, o ahuFaults) *series.Frame {
	return simAHUDays(step, simDays, seed, o)
}

// simAHUDays simulates an AHU at step for days days.
func simAHUDays(step time.Duration, days int, seed uint64, o ahuFaults) *series.Frame {
	rng := rand.New(rand.NewPCG(seed, 0xA4))
	w := newWeather(rng, days)
	n := int(time.Duration(days) * 24 * time.Hour / step)
	roles := []model.Role{model.OAT, model.SupplyAirTemp, model.MixedAirTemp, model.ReturnAirTemp, model.HeatValve,
		model.CoolValve, model.OADamper, model.SupplyAirTempSP, model.DuctStatic, model.DuctStaticSP,
		model.SupplyFanStatus, model.SupplyFanSpeed, model.Occupancy, model.FilterDiffPress}
	f := &series.Frame{Equip: "AHU-1", Class: model.ClassAHU, Start: simStart.UnixNano(), Step: int64(step), N: n, Cols: map[model.Role][]float64{}}
	for _, r := range roles {
		f.Cols[r] = make([]float64, n)
	}
	noise := func(s float64) float64 { return rng.NormFloat64() * s }
	const fanHeat, minOA, highLimit = 1.5, 0.2, 65.0
	for i := range n {
		t := f.Time(i)
		hours := float64(i) * step.Hours()
		h := float64(t.Hour()) + float64(t.Minute())/60
		weekday := t.Weekday() >= time.Monday && t.Weekday() <= time.Friday
		occ := weekday && h >= 7 && h < 18
		fanOn := occ || (weekday && h >= 6 && h < 7) || o.fan247
		oat := w.oat(hours)
		rat := 72 + 0.8*math.Sin(2*math.Pi*(h-8)/24)
		satsp := 55.0
		if !o.fixedSAT {
			satsp = 65 - 10*math.Min(math.Max((oat-60)/10, 0), 1)
		}
		var sat, mat, hv, cv, frac, load float64
		if fanOn {
			target := satsp - fanHeat
			frac = minOA
			if !o.econStuckMin && oat < highLimit && oat < rat {
				frac = math.Min(math.Max((rat-target)/(rat-oat), minOA), 1)
			}
			if o.econNoLimit && oat >= highLimit {
				frac = 1
			}
			if o.excessOA && oat > 70 {
				frac = 0.6
			}
			mat = frac*oat + (1-frac)*rat
			need := satsp - (mat + fanHeat)
			sat = mat + fanHeat
			switch {
			case need > 0.3:
				hv, sat = math.Min(need*6, 100), satsp
			case need < -0.3:
				cv, sat = math.Min(-need*3.5, 100), satsp
			}
			load = math.Min(math.Abs(need)/20, 1)
			if o.coolLoss && cv > 5 {
				cv, sat = 100, satsp+6
			}
			if o.bothOpen && occ && h >= 12 && h < 17 && cv > 5 {
				hv = 35
			}
			if o.chwLeak && cv <= 5 {
				sat -= 6
			}
			if o.satOffset && occ && h >= 12 && h < 17 {
				sat = satsp + 4
			}
			if o.huntCool {
				cv = math.Max(cv, 20) + 15*float64(1-2*(i%2))
			}
		} else {
			mat = 70 + 0.1*(oat-70)
			sat, rat = mat, mat
		}
		dspsp := 0.8 + 0.7*load
		if o.fixedStatic {
			dspsp = 1.5
		}
		c := f.Cols
		c[model.OAT][i] = oat + noise(tempNoise)
		c[model.SupplyAirTemp][i] = sat + noise(tempNoise)
		c[model.MixedAirTemp][i] = mat + noise(tempNoise)
		c[model.ReturnAirTemp][i] = rat + noise(tempNoise)
		c[model.HeatValve][i] = math.Max(hv+noise(0.2), 0)
		c[model.CoolValve][i] = math.Max(cv+noise(0.2), 0)
		c[model.OADamper][i] = 0
		c[model.SupplyAirTempSP][i] = satsp
		c[model.DuctStaticSP][i] = dspsp
		c[model.DuctStatic][i] = noise(0.01)
		c[model.SupplyFanStatus][i] = b2f(fanOn)
		c[model.SupplyFanSpeed][i] = 0
		c[model.Occupancy][i] = b2f(occ)
		c[model.FilterDiffPress][i] = 0.01 + noise(0.005)
		if fanOn {
			c[model.OADamper][i] = 100*frac + noise(0.5)
			c[model.DuctStatic][i] = dspsp + noise(0.02)
			c[model.SupplyFanSpeed][i] = 45 + 40*load
			dp := 0.45
			if o.dirtyFilter {
				dp = 1.3
			}
			c[model.FilterDiffPress][i] = dp + noise(0.03)
		}
	}
	return f
}

// zoneFaults switches the injected VAV zone faults.
type zoneFaults struct {
	reheatWarm  bool // reheat valve 40 % on occupied afternoons whatever the weather
	overcoolMin bool // min flow too high: 2.5 °F below heating setpoint with full reheat
	coldMorning bool // 3.5 °F below heating setpoint 07:00–10:00
	reheatFlow  bool // airflow 1.5 × setpoint while reheating
	tooWarm     bool // 3 °F above cooling setpoint 13:00–17:00
	flowStuck   bool // airflow stuck at 300 cfm
	co2High     bool // CO2 peaks at outdoor + 1,000 ppm
	dcvStatic   bool // OA flow fixed at 85 cfm whatever CO2
	underVent   bool // OA flow 55 cfm
	huntDamper  bool // damper oscillates ±20 % each sample
}

// simZone simulates a VAV reheat box and its zone at step for simDays days.
func simZone(step time.Duration, seed uint64, o zoneFaults) *series.Frame {
	return simZoneDays(step, simDays, seed, o)
}

// simZoneDays simulates a VAV reheat box and its zone at step for days days.
func simZoneDays(step time.Duration, days int, seed uint64, o zoneFaults) *series.Frame {
	rng := rand.New(rand.NewPCG(seed, 0x5A))
	w := newWeather(rng, days)
	n := int(time.Duration(days) * 24 * time.Hour / step)
	roles := []model.Role{model.OAT, model.SpaceTemp, model.CoolSP, model.HeatSP, model.Damper, model.HeatValve,
		model.Airflow, model.AirflowSP, model.Occupancy, model.CO2, model.OAAirflow}
	f := &series.Frame{Equip: "VAV-1-1", Class: model.ClassVAV, Start: simStart.UnixNano(), Step: int64(step), N: n, Cols: map[model.Role][]float64{}}
	for _, r := range roles {
		f.Cols[r] = make([]float64, n)
	}
	noise := func(s float64) float64 { return rng.NormFloat64() * s }
	const minFlow, maxFlow = 300.0, 1000.0
	for i := range n {
		t := f.Time(i)
		hours := float64(i) * step.Hours()
		h := float64(t.Hour()) + float64(t.Minute())/60
		weekday := t.Weekday() >= time.Monday && t.Weekday() <= time.Friday
		occ := weekday && h >= 7 && h < 18
		active := weekday && h >= 6 && h < 18
		oat := w.oat(hours)
		bell := 0.0
		if occ {
			bell = math.Sin(math.Pi * (h - 7) / 11)
		}
		hsp, csp := 62.0, 82.0
		if occ {
			hsp, csp = 70, 74
		}
		var space, flow, rh float64
		// Zone load as a fraction of the box's cooling capacity at maximum
		// flow (negative: heating): envelope plus people, lights and sun.
		load := 0.02 * (oat - 62)
		if occ {
			load += 0.15 + 0.2*bell
		}
		switch {
		case !active:
			space = 68 + 0.15*(oat-60)
		case load >= 0:
			flow = minFlow + math.Min(load, 1)*(maxFlow-minFlow)
			space = csp - 0.6 + 4*math.Max(load-1, 0)
		default:
			flow = minFlow
			rh = math.Min(-load*180, 100)
			space = hsp + 0.4
		}
		if active {
			if o.overcoolMin && load < 0 {
				rh, space = 100, hsp-2.5
			}
			if o.reheatWarm && occ && h >= 12 && h < 17 {
				rh = 40
			}
			if o.coldMorning && occ && h < 10 {
				space = hsp - 3.5
			}
			if o.tooWarm && occ && h >= 13 && h < 17 {
				space = csp + 3
			}
		}
		af := flow * (1 + noise(0.03))
		if o.reheatFlow && rh > 5 {
			af = 1.5 * flow
		}
		if o.flowStuck && active {
			af = 300 + noise(5)
		}
		damper := 80*flow/maxFlow + noise(0.5)
		if o.huntDamper && active {
			damper += 20 * float64(1-2*(i%2))
		}
		co2 := 430 + 450*bell
		if o.co2High {
			co2 = 430 + 1000*bell
		}
		oa := 60 + 0.12*(co2-420)
		switch {
		case o.dcvStatic:
			oa = 85
		case o.underVent:
			oa = 55
		}
		c := f.Cols
		c[model.OAT][i] = oat + noise(tempNoise)
		c[model.SpaceTemp][i] = space + noise(0.2)
		c[model.CoolSP][i], c[model.HeatSP][i] = csp, hsp
		c[model.Damper][i] = math.Max(damper, 0)
		c[model.HeatValve][i] = math.Max(rh+noise(0.2), 0)
		c[model.Airflow][i] = math.Max(af, 0)
		c[model.AirflowSP][i] = flow
		c[model.Occupancy][i] = b2f(occ)
		c[model.CO2][i] = co2 + noise(15)
		c[model.OAAirflow][i] = 0
		if active {
			c[model.OAAirflow][i] = oa + noise(2)
		}
	}
	return f
}

// only returns a copy of f keeping the given roles.
func only(f *series.Frame, roles ...model.Role) *series.Frame {
	g := *f
	g.Cols = map[model.Role][]float64{}
	for _, r := range roles {
		if c, ok := f.Cols[r]; ok {
			g.Cols[r] = c
		}
	}
	return &g
}

// without returns a copy of f lacking the given roles.
func without(f *series.Frame, roles ...model.Role) *series.Frame {
	g := *f
	g.Cols = map[model.Role][]float64{}
	for r, c := range f.Cols {
		g.Cols[r] = c
	}
	for _, r := range roles {
		delete(g.Cols, r)
	}
	return &g
}

// head returns the first n samples of f.
func head(f *series.Frame, n int) *series.Frame {
	g := *f
	g.N = n
	g.Cols = map[model.Role][]float64{}
	for r, c := range f.Cols {
		g.Cols[r] = c[:n]
	}
	return &g
}

// allNaN returns a copy of f whose every column is NaN.
func allNaN(f *series.Frame) *series.Frame {
	g := *f
	g.Cols = map[model.Role][]float64{}
	for r := range f.Cols {
		c := make([]float64, f.N)
		for i := range c {
			c[i] = math.NaN()
		}
		g.Cols[r] = c
	}
	return &g
}

// airRule returns the air-side rule named name.
func airRule(t testing.TB, name string) Rule {
	t.Helper()
	for _, r := range airsideRules() {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no air-side rule %q", name)
	return Rule{}
}

// runAir runs rule name on f with parameter overrides and checks the
// outcome's invariants.
func runAir(t testing.TB, name string, f *series.Frame, params Values) Outcome {
	t.Helper()
	r := airRule(t, name)
	out, err := r.Check(context.Background(), &Input{Equip: f.Equip, Class: f.Class, Frame: f, Params: params})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	checkOutcome(t, name, f, out)
	return out
}
