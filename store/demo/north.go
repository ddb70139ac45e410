package demo

import (
	"math"
	"sort"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// retrofitDay is the day north-campus's lighting retrofit cuts the main
// meter's base and occupied loads: the M&V baseline is the days before it,
// the reporting period the days after.
const retrofitDay = 60

// weatherEquip stores a weather station's points.
func weatherEquip(c clock, w weather, withWB bool) *equip {
	e := newEquip("WX-1", model.ClassWeather, c)
	oat := make([]float64, c.n)
	rh := make([]float64, c.n)
	wb := make([]float64, c.n)
	for i := range c.n {
		oat[i] = math.Round(w.oat[i]*10) / 10
		rh[i] = math.Round(w.rh[i]*10) / 10
		wb[i] = math.Round(w.wb[i]*10) / 10
	}
	e.add(model.OAT, oat)
	e.add(model.OutdoorRH, rh)
	if withWB {
		e.add(model.WetbulbTemp, wb)
	}
	return e
}

// northCampus generates facility north-campus: 120 days at 15 minutes from
// Monday 2025-05-05 in America/Chicago.
func northCampus(seed uint64) Facility {
	c := clock{start: northStart, step: 15 * time.Minute, n: northDays * 96}
	w := makeWeather(c, chicago, rng(seed, NorthCampus, "weather"))
	wx := weatherEquip(c, w, true)
	wx.shortGaps(rng(seed, NorthCampus, "weather-gaps"), 1)
	equips := []*equip{wx}

	ahus := []ahuFaults{
		{coolLeak: &wLeakAHU1, econStuck: &wEconAHU1},
		{simulHeat: &wSimulAHU2, satBias: satBiasAHU2, unmetBox: 3, unmetWindow: &wUnmetVAV23},
		{satStuck: &wStuckAHU3, filterFoul: &wFilterAHU3},
	}
	fanKW := make([]float64, c.n)
	var ahu2SAT []float64
	for k, f := range ahus {
		co2 := map[int]bool{1: true, 2: k == 0}
		burst := 0
		if k == 0 {
			burst = 2 // VAV-1-2's CO2 is logged in bursts
		}
		res := makeAHU(seed, NorthCampus, k+1, c, w, f, 5, co2, burst)
		equips = append(equips, res.equips...)
		for i, v := range res.fanKW {
			fanKW[i] += v
		}
		if k == 1 {
			ahu2SAT = res.trueSAT
		}
	}
	plant := makePlant(seed, NorthCampus, c, w, plantFaults{
		towerApproach: wTowerCT1, condApproach: wCondCH1, boilerSummer: wBoilerHWP1,
	})
	equips = append(equips, plant.equips...)
	equips = append(equips, mainMeter(seed, c, fanKW, plant), ductLogger(seed, c, ahu2SAT))
	return Facility{
		ID: NorthCampus, Name: "North Campus", TZ: "America/Chicago", Lifecycle: "active",
		Start: c.start, End: c.at(c.n), Series: collect(c, equips),
	}
}

// mainMeter is MTR-1: a 24/7 base, an occupied-hours load, the chillers,
// the AHU fans and the pumps. The retrofit at day 60 lowers the base by
// 55 kW and the occupied load by 25 kW.
func mainMeter(seed uint64, c clock, fanKW []float64, p plantResult) *equip {
	r := rng(seed, NorthCampus, "MTR-1")
	e := newEquip("MTR-1", model.ClassMeter, c)
	kw := make([]float64, c.n)
	for i := range c.n {
		base, occLoad := 250.0, 60.0
		if c.day(i) >= retrofitDay {
			base, occLoad = 195, 35
		}
		occ := 0.0
		if c.weekday(i) {
			h := c.hour(i)
			occ = clamp(h-6, 0, 1) * clamp(19-h, 0, 1)
		}
		v := base + occLoad*occ + p.chillKW[i] + fanKW[i] + p.pumpKW[i]
		kw[i] = math.Round(v*(1+r.NormFloat64()*0.012)*10) / 10
	}
	e.add(model.Power, kw)
	e.shortGaps(r, 2)
	return e
}

// ductLogger is LOG-1, a portable logger taped in AHU-2's supply duct:
// the true supply air temperature at 5 minutes for the logger's 30-day
// deployment. Its class is free text CAMBER does not recognise.
func ductLogger(seed uint64, c clock, trueSAT []float64) *equip {
	r := rng(seed, NorthCampus, loggerEquip)
	e := newEquip(loggerEquip, loggerClass, c)
	from, to := c.index(wLoggerAHU2.from), c.index(wLoggerAHU2.to)
	var ts []int64
	var v []float64
	for i := from; i < to; i++ {
		next := trueSAT[min(i+1, c.n-1)]
		for k := range 3 {
			f := float64(k) / 3
			ts = append(ts, c.ts(i)+int64(k)*int64(5*time.Minute))
			v = append(v, math.Round((trueSAT[i]*(1-f)+next*f+r.NormFloat64()*0.15)*10)/10)
		}
	}
	e.addAt(model.SupplyAirTemp, ts, v)
	return e
}

// collect converts equipment to series sorted by equipment then role.
func collect(c clock, equips []*equip) []model.Series {
	grid := gridTS(c)
	var out []model.Series
	for _, e := range equips {
		out = append(out, e.series(grid)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Equip != out[j].Equip {
			return out[i].Equip < out[j].Equip
		}
		return out[i].Role < out[j].Role
	})
	return out
}
