package demo

import (
	"fmt"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// southAnnex generates facility south-annex: three RTUs, two heat pumps,
// a meter and a weather station, 120 days at 15 minutes from 2025-05-05,
// with every point missing for five days (a controller outage). Compressor
// status is logged at its native interval: 1 minute on RTU-2, 5 minutes
// elsewhere.
func southAnnex(seed uint64) Facility {
	c := clock{start: southStart, step: 15 * time.Minute, n: southDays * 96}
	w := makeWeather(c, chicago, rng(seed, SouthAnnex, "weather"))
	equips := []*equip{weatherEquip(c, w, false)}
	compKW := make([]float64, c.n)
	for n := 1; n <= 3; n++ {
		var cyc *window
		step := 5 * time.Minute
		if n == 2 {
			cyc, step = &wShortCycRTU2, time.Minute
		}
		equips = append(equips, makeRTU(seed, n, c, w, cyc, step, compKW))
	}
	for n := 1; n <= 2; n++ {
		equips = append(equips, makeHeatPump(seed, n, c, w, compKW))
	}
	r := rng(seed, SouthAnnex, "MTR-1")
	m := newEquip("MTR-1", model.ClassMeter, c)
	kw := make([]float64, c.n)
	for i := range c.n {
		occ := b2f(c.occupied(i))
		kw[i] = math.Round((40+60*occ+compKW[i])*(1+r.NormFloat64()*0.015)*10) / 10
	}
	m.add(model.Power, kw)
	equips = append(equips, m)
	from, to := c.index(wSouthGap.from), c.index(wSouthGap.to)
	for _, e := range equips {
		e.gap(from, to)
	}
	return Facility{
		ID: SouthAnnex, Name: "South Annex", TZ: "America/Chicago", Lifecycle: "active",
		Start: c.start, End: c.at(c.n), Series: collect(c, equips),
	}
}

// makeRTU simulates a two-stage packaged rooftop unit on an occupied
// schedule (weekdays 06:00-19:00): an economizer with a 65 °F high limit
// and 20 % minimum OA, stage 1 holding 55 °F supply air when mixed air is
// warmer, stage 2 added above 12 °F of demand. The compressor status and
// stage are logged every step; in cycle the compressor short-cycles 4 min
// on / 4 min off whenever it is called during occupied hours.
func makeRTU(seed uint64, n int, c clock, w weather, cycle *window, step time.Duration, compKW []float64) *equip {
	id := fmt.Sprintf("RTU-%d", n)
	r := rng(seed, SouthAnnex, id)
	e := newEquip(id, model.ClassRTU, c)
	mk := func() []float64 { return make([]float64, c.n) }
	sat, mat, rat, oad, satsp, fs, fdp := mk(), mk(), mk(), mk(), mk(), mk(), mk()
	stage := make([]int, c.n)
	running := false
	for i := range c.n {
		oat := w.oat[i]
		on := ahuFanOn(c, i)
		satsp[i] = 55
		ret := 73 + 0.05*(oat-70) + r.NormFloat64()*0.15
		if !on {
			ret = 74 + 0.12*(oat-70)
			sat[i], mat[i], rat[i] = noisy(r, ret, 0.2, 0.1), noisy(r, ret, 0.2, 0.1), noisy(r, ret, 0.2, 0.1)
			fdp[i] = math.Abs(noisy(r, 0.02, 0.01, 0.01))
			running = false
			continue
		}
		frac := 0.2
		if oat < 65 && oat < ret-1 {
			frac = clamp((ret-54)/(ret-oat), 0.2, 1)
		}
		m := frac*oat + (1-frac)*ret
		need := m + 1 - 55
		if running && need < -0.5 {
			running = false
		} else if !running && need > 0.5 {
			running = true
		}
		air := m + 1
		if running {
			stage[i] = 1
			if need > 12 {
				stage[i] = 2
			}
			air = 55
		}
		sat[i] = noisy(r, air, 0.5, 0.1)
		mat[i] = noisy(r, m, 0.25, 0.1)
		rat[i] = noisy(r, ret, 0.15, 0.1)
		oad[i] = math.Round(clamp(frac*100+r.NormFloat64(), 0, 100)*10) / 10
		fs[i] = 1
		fdp[i] = noisy(r, 0.35+0.1*c.day(i)/120, 0.02, 0.01)
		compKW[i] += float64(stage[i]) * 12
	}
	// Compressor status and stage at their native logging interval.
	per := int(c.step / step)
	var ts []int64
	var st, sg []float64
	for i := range c.n {
		cycling := cycle != nil && cycle.in(c.day(i)) && c.occupied(i) && stage[i] > 0
		for k := range per {
			t := c.ts(i) + int64(k)*int64(step)
			s := stage[i]
			if cycling && (t/int64(4*time.Minute))%2 == 1 {
				s = 0
			}
			ts = append(ts, t)
			st = append(st, b2f(s > 0))
			sg = append(sg, float64(s))
		}
	}
	e.add(model.SupplyAirTemp, sat)
	e.add(model.MixedAirTemp, mat)
	e.add(model.ReturnAirTemp, rat)
	e.add(model.OADamper, oad)
	e.add(model.SupplyAirTempSP, satsp)
	e.add(model.SupplyFanStatus, fs)
	e.add(model.FilterDiffPress, fdp)
	e.addAt(model.CompressorStatus, ts, st)
	e.addAt(model.CompressorStage, ts, sg)
	e.shortGaps(r, 2)
	return e
}

// makeHeatPump simulates a zone heat pump: fan on the occupied schedule,
// cooling above 62 °F OAT, heating (reversing valve 1) below 50 °F, and the
// zone held near 72 °F. Compressor status is logged every 5 minutes.
func makeHeatPump(seed uint64, n int, c clock, w weather, compKW []float64) *equip {
	id := fmt.Sprintf("HP-%d", n)
	r := rng(seed, SouthAnnex, id)
	e := newEquip(id, model.ClassHeatPump, c)
	mk := func() []float64 { return make([]float64, c.n) }
	sat, space, fs, rv := mk(), mk(), mk(), mk()
	comp := make([]float64, c.n)
	zone := 73.0
	mode := 0 // 0 off, 1 cooling, -1 heating
	for i := range c.n {
		oat := w.oat[i]
		on := c.occupied(i)
		if !on {
			zone += (clamp(74+0.15*(oat-70), 63, 79) - zone) * 0.04
			space[i] = noisy(r, zone, 0.15, 0.1)
			sat[i] = noisy(r, zone, 0.3, 0.1)
			if i > 0 {
				rv[i] = rv[i-1]
			}
			mode = 0
			continue
		}
		switch {
		case mode != 1 && oat > 62:
			mode = 1
		case mode != -1 && oat < 50:
			mode = -1
		case mode == 1 && oat < 59, mode == -1 && oat > 53:
			mode = 0
		}
		zone += (72 + 0.3*math.Sin(float64(n)) - zone) * 0.5
		space[i] = noisy(r, zone, 0.15, 0.1)
		fs[i] = 1
		rv[i] = b2f(mode == -1)
		switch mode {
		case 1:
			sat[i], comp[i] = noisy(r, 55, 0.6, 0.1), 1
		case -1:
			sat[i], comp[i] = noisy(r, 95, 1.5, 0.1), 1
		default:
			sat[i] = noisy(r, zone+1, 0.3, 0.1)
		}
		compKW[i] += comp[i] * 5
	}
	var ts []int64
	var st []float64
	for i := range c.n {
		for k := range 3 {
			ts = append(ts, c.ts(i)+int64(k)*int64(5*time.Minute))
			st = append(st, comp[i])
		}
	}
	e.add(model.SupplyAirTemp, sat)
	e.add(model.SpaceTemp, space)
	e.add(model.SupplyFanStatus, fs)
	e.add(model.ReversingValveCmd, rv)
	e.addAt(model.CompressorStatus, ts, st)
	e.shortGaps(r, 1)
	return e
}

// datasetFacility is the facility registered as ingested from the
// research-only catalog entry ashrae-gepiii. Its data is a labelled
// synthetic stand-in (hourly meters and site weather shaped like the
// competition's), generated so the licence refusal has something real to
// refuse.
func datasetFacility(seed uint64) Facility {
	c := clock{start: dsStart, step: time.Hour, n: dsDays * 24}
	w := makeWeather(c, climate{annualMean: 55, annualAmp: 22, peakDOY: 200, diurnalAmp: 7, humidity: 70},
		rng(seed, DatasetFacility, "weather"))
	wx := newEquip("WX-1", model.ClassWeather, c)
	oat := make([]float64, c.n)
	for i := range oat {
		oat[i] = math.Round(w.oat[i]*10) / 10
	}
	wx.add(model.OAT, oat)
	equips := []*equip{wx}
	for b := 1; b <= 3; b++ {
		id := fmt.Sprintf("MTR-%d", b)
		r := rng(seed, DatasetFacility, id)
		e := newEquip(id, model.ClassMeter, c)
		kw := make([]float64, c.n)
		size := 80 + 120*r.Float64()
		for i := range c.n {
			occ := b2f(c.occupied(i))
			heat := math.Max(0, 50-w.oat[i]) * 0.8
			kw[i] = math.Round(size*(0.45+0.4*occ) + heat + r.NormFloat64()*3)
		}
		e.add(model.Power, kw)
		equips = append(equips, e)
	}
	f := Facility{
		ID: DatasetFacility, Name: "ASHRAE GEPIII site (synthetic stand-in)", TZ: "America/New_York",
		Lifecycle: "active", Start: c.start, End: c.at(c.n), Series: collect(c, equips),
	}
	if e, ok := catalog.Lookup("ashrae-gepiii"); ok {
		f.Dataset = &DatasetBlock{ID: e.ID, Licence: e.Licence, Access: e.Access, Redistribution: e.Redistribution}
	} else {
		// The catalog always holds the entry (a test checks it); record the
		// id anyway so the facility still fails closed.
		f.Dataset = &DatasetBlock{ID: "ashrae-gepiii", Licence: catalog.NoAssertion}
	}
	return f
}
