package demo

import (
	"fmt"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// The big preset: one facility, 80 AHUs with 8 points each, one year at
// 5 minutes.
const (
	BigAHUs    = 80
	bigStep    = 5 * time.Minute
	bigRoles   = 8
	bigGapDays = 1 // every AHU numbered 3, 13, 23 ... loses one day of data
)

// Big preset fault windows, days since 2025-01-01.
var (
	bigSimul = window{40, 70}   // AHU-7: heating valve forced open
	bigEcon  = window{160, 200} // AHU-23: OA damper stuck at 70 %
	bigStuck = window{240, 270} // AHU-51: SAT stuck at 64 °F
)

// bigClock is the big preset's grid.
func bigClock() clock {
	return clock{start: bigStart, step: bigStep, n: bigDays * int(24*time.Hour/bigStep)}
}

// BigRows is the number of rows the big preset stores: 80 AHUs × 8 points
// × 105,120 five-minute samples, less one day of samples on the 8 AHUs with
// a gap.
func BigRows() int {
	c := bigClock()
	gapped := 0
	for n := 1; n <= BigAHUs; n++ {
		if bigGapped(n) {
			gapped++
		}
	}
	return BigAHUs*bigRoles*c.n - gapped*bigRoles*bigGapDays*c.perDay()
}

// bigGapped reports whether AHU n has the one-day outage.
func bigGapped(n int) bool { return n%10 == 3 }

// bigLabels are the big preset's injected faults.
func bigLabels() []Label {
	l := func(eq, rule string, w window, note string) Label {
		return Label{Facility: BigFleet, Equip: eq, Rule: rule, Start: stamp(bigStart, w.from), End: stamp(bigStart, w.to), Note: note}
	}
	return []Label{
		l("AHU-7", "simultaneous_heat_cool", bigSimul, "heating valve forced to about 35 % on occupied weekdays 10:00-17:00"),
		l("AHU-23", "economizer_high_limit", bigEcon, "OA damper stuck at 70 % whatever the OAT"),
		l("AHU-51", "supply_air_control", bigStuck, "trended supply_air_temp stuck at 64.0 °F"),
	}
}

// bigWeather is the big preset's shared year of weather.
func bigWeather(seed uint64) (clock, weather) {
	c := bigClock()
	return c, makeWeather(c, chicago, rng(seed, BigFleet, "weather"))
}

// bigAHU generates AHU n of the big preset: the 8 points an AHU trend
// export typically has, with the same controls as the campus AHUs.
func bigAHU(seed uint64, n int, c clock, w weather, grid []int64) []model.Series {
	id := fmt.Sprintf("AHU-%d", n)
	r := rng(seed, BigFleet, id)
	e := newEquip(id, model.ClassAHU, c)
	mk := func() []float64 { return make([]float64, c.n) }
	sat, mat, rat, hv, cv, oad, fs, satsp := mk(), mk(), mk(), mk(), mk(), mk(), mk(), mk()
	in := func(on bool, win window, d float64) bool { return on && win.in(d) }
	lastSP := 63.0
	for i := range c.n {
		d, oat := c.day(i), w.oat[i]
		on := ahuFanOn(c, i)
		ret := 72.4 + 0.06*(oat-70) + r.NormFloat64()*0.15
		if on {
			lastSP = lerp(oat, 58, 78, 63, 58.5)
		}
		satsp[i] = lastSP
		if !on {
			ret = 72 + 0.1*(oat-70)
			sat[i], mat[i], rat[i] = noisy(r, ret, 0.2, 0.1), noisy(r, ret, 0.2, 0.1), noisy(r, ret, 0.15, 0.1)
			continue
		}
		frac := 0.2
		if oat < 65 && oat < ret-1 {
			frac = clamp((ret-(lastSP-1))/(ret-oat), 0.2, 1)
		}
		if in(n == 23, bigEcon, d) {
			frac = 0.7
		}
		m := frac*oat + (1-frac)*ret
		coilIn := m + 1
		var hvv, cvv float64
		air := coilIn
		switch {
		case in(n == 7, bigSimul, d) && c.occupied(i) && c.hour(i) >= 10 && c.hour(i) < 17:
			hvv = clamp(35+r.NormFloat64()*5, 20, 50)
			cvv = clamp((coilIn-lastSP+hvv*0.2)*7, 8, 100)
			air = lastSP
		case coilIn-lastSP > 0.3:
			cvv, air = clamp((coilIn-lastSP)*7+r.NormFloat64()*1.5, 2, 100), lastSP
		case lastSP-coilIn > 0.3:
			hvv, air = clamp((lastSP-coilIn)*8+r.NormFloat64()*1.5, 2, 100), lastSP
		}
		sat[i] = noisy(r, air, 0.25, 0.1)
		if in(n == 51, bigStuck, d) {
			sat[i] = 64
		}
		mat[i], rat[i] = noisy(r, m, 0.25, 0.1), noisy(r, ret, 0.15, 0.1)
		hv[i], cv[i] = math.Round(hvv*10)/10, math.Round(cvv*10)/10
		oad[i] = math.Round(clamp(frac*100+r.NormFloat64(), 0, 100)*10) / 10
		fs[i] = 1
	}
	e.add(model.SupplyAirTemp, sat)
	e.add(model.MixedAirTemp, mat)
	e.add(model.ReturnAirTemp, rat)
	e.add(model.HeatValve, hv)
	e.add(model.CoolValve, cv)
	e.add(model.OADamper, oad)
	e.add(model.SupplyFanStatus, fs)
	e.add(model.SupplyAirTempSP, satsp)
	if bigGapped(n) {
		from := c.index(float64(10 + 30*(n/10)))
		e.gap(from, from+bigGapDays*c.perDay())
	}
	return e.series(grid)
}
