package demo

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/camber-tui/camber-tui/model"
)

// ahuFaults are the faults one AHU and its boxes carry, as windows in days.
type ahuFaults struct {
	simulHeat   *window // heating valve forced open while the coil cools
	econStuck   *window // OA damper stuck at 70 % above the high limit
	coolLeak    *window // chilled-water valve leaks: 5 °F drop with the valve shut
	satStuck    *window // trended SAT flat at 64.0 °F
	filterFoul  *window // filter loading from the window start
	satBias     float64 // trended SAT minus the true air temperature, °F
	unmetBox    int     // 1-based box whose damper sticks (0 = none) ...
	unmetWindow *window // ... in this window
}

// ahuResult is what the plant and meter need from an AHU.
type ahuResult struct {
	equips []*equip
	fanKW  []float64
	// trueSAT is the air leaving the coil, for the duct logger.
	trueSAT []float64
}

// ahuFanOn is the AHU schedule: weekdays 06:00-19:00 (an hour of optimal
// start before occupancy and an hour after).
func ahuFanOn(c clock, i int) bool {
	h := c.hour(i)
	return c.weekday(i) && h >= 6 && h < 19
}

// makeAHU simulates one AHU with boxes VAV boxes. Controls: SAT setpoint
// reset from 63 °F (OAT ≤ 58) to 58.5 °F (OAT ≥ 78); an economizer with a
// 65 °F high limit modulating the OA damper to the mixed-air target,
// minimum OA 20 %; cooling and heating valves sequenced with a deadband;
// duct static setpoint trimmed with box demand.
func makeAHU(seed uint64, fac string, n int, c clock, w weather, f ahuFaults, boxes int, co2Boxes map[int]bool, burstBox int) ahuResult {
	id := fmt.Sprintf("AHU-%d", n)
	r := rng(seed, fac, id)
	e := newEquip(id, model.ClassAHU, c)
	mk := func() []float64 { return make([]float64, c.n) }
	sat, mat, rat, hv, cv, oad, satsp := mk(), mk(), mk(), mk(), mk(), mk(), mk()
	ds, dssp, fs, fsp, occ, fdp := mk(), mk(), mk(), mk(), mk(), mk()
	res := ahuResult{fanKW: mk(), trueSAT: mk()}

	vavs := make([]*vav, boxes)
	for b := range boxes {
		vavs[b] = newVAV(seed, fac, n, b+1, c, co2Boxes[b+1], b+1 == burstBox)
		if b+1 == f.unmetBox {
			vavs[b].stuck = f.unmetWindow
		}
	}

	lastSP := 63.0
	for i := range c.n {
		d := c.day(i)
		oat := w.oat[i]
		on := ahuFanOn(c, i)
		in := func(win *window) bool { return win != nil && win.in(d) }
		// Boxes first: their demand sets the AHU's airflow and static.
		demand := 0.0
		for _, v := range vavs {
			demand += v.step(i, on, oat, w.dailyMean[i])
		}
		demand /= float64(boxes)

		retT := 72.6 + 0.06*(oat-70) + r.NormFloat64()*0.15
		if !on {
			retT = 73 + 0.12*(oat-70)
		}
		if on {
			lastSP = lerp(oat, 58, 78, 63, 58.5)
		}
		sp := lastSP
		satsp[i] = sp
		occ[i] = b2f(c.occupied(i))
		filter := 0.45 + 0.1*d/120
		if in(f.filterFoul) {
			filter = lerp(d, f.filterFoul.from, f.filterFoul.from+15, 0.55, 1.9) + 0.3*math.Max(0, d-f.filterFoul.from-15)/70
		}
		if !on {
			sat[i] = noisy(r, retT+f.satBias, 0.2, 0.1)
			mat[i] = noisy(r, retT, 0.2, 0.1)
			rat[i] = noisy(r, retT, 0.15, 0.1)
			res.trueSAT[i] = retT
			ds[i] = math.Abs(noisy(r, 0.01, 0.01, 0.01))
			dssp[i] = 0.8
			fdp[i] = math.Abs(noisy(r, 0.02, 0.01, 0.01))
			continue
		}
		// The controller holds the sensor it reads at the setpoint; with a
		// biased sensor the true air sits bias below.
		target := sp - f.satBias
		leak := 0.0
		if in(f.coolLeak) {
			leak = 5
		}
		frac := 0.2
		if oat < 65 && oat < retT-1 {
			frac = clamp((retT-(target-1+leak))/(retT-oat), 0.2, 1)
		}
		if in(f.econStuck) {
			frac = 0.7
		}
		m := frac*oat + (1-frac)*retT
		coilIn := m + 1 - leak // fan heat, then the leak
		coolNeed := coilIn - target
		heatNeed := target - coilIn
		var hvv, cvv float64
		air := coilIn
		switch {
		case in(f.simulHeat) && c.occupied(i) && c.hour(i) >= 10 && c.hour(i) < 17:
			hvv = clamp(35+r.NormFloat64()*5, 20, 50)
			cvv = clamp((coolNeed+hvv*0.2)*7+r.NormFloat64()*2, 8, 100)
			air = target
		case coolNeed > 0.3:
			cvv = clamp(coolNeed*7+r.NormFloat64()*1.5, 2, 100)
			air = target
		case heatNeed > 0.3:
			hvv = clamp(heatNeed*8+r.NormFloat64()*1.5, 2, 100)
			air = target
		}
		res.trueSAT[i] = air
		sat[i] = noisy(r, air+f.satBias, 0.25, 0.1)
		if in(f.satStuck) {
			sat[i] = 64.0
		}
		mat[i] = noisy(r, m, 0.25, 0.1)
		rat[i] = noisy(r, retT, 0.15, 0.1)
		hv[i] = math.Round(hvv*10) / 10
		cv[i] = math.Round(cvv*10) / 10
		oad[i] = math.Round(clamp(frac*100+r.NormFloat64(), 0, 100)*10) / 10
		dssp[i] = math.Round((0.8+0.7*demand)*100) / 100
		ds[i] = noisy(r, dssp[i], 0.03, 0.01)
		fs[i] = 1
		fsp[i] = math.Round(clamp(35+60*demand+r.NormFloat64(), 20, 100)*10) / 10
		fdp[i] = noisy(r, filter*math.Pow(fsp[i]/80, 2), 0.02, 0.01)
		res.fanKW[i] = 40 * math.Pow(fsp[i]/100, 3)
	}
	e.add(model.SupplyAirTemp, sat)
	e.add(model.MixedAirTemp, mat)
	e.add(model.ReturnAirTemp, rat)
	e.add(model.HeatValve, hv)
	e.add(model.CoolValve, cv)
	e.add(model.OADamper, oad)
	e.add(model.SupplyAirTempSP, satsp)
	e.add(model.DuctStatic, ds)
	e.add(model.DuctStaticSP, dssp)
	e.add(model.SupplyFanStatus, fs)
	e.add(model.SupplyFanSpeed, fsp)
	e.add(model.Occupancy, occ)
	e.add(model.FilterDiffPress, fdp)
	e.shortGaps(r, 2)
	res.equips = append(res.equips, e)
	for _, v := range vavs {
		res.equips = append(res.equips, v.finish())
	}
	return res
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// vav is one VAV box with reheat under an AHU.
type vav struct {
	e      *equip
	r      *rand.Rand
	c      clock
	maxCFM float64
	offset float64 // the zone's own comfort bias, °F
	co2    bool
	burst  bool
	stuck  *window // damper stuck at 40 %: the zone overheats

	space, load, co2ppm                       float64
	st, dmp, hv, flow, flowSP, csp, hsp, co2v []float64
}

func newVAV(seed uint64, fac string, ahu, box int, c clock, co2, burst bool) *vav {
	id := fmt.Sprintf("VAV-%d-%d", ahu, box)
	r := rng(seed, fac, id)
	mk := func() []float64 { return make([]float64, c.n) }
	v := &vav{
		e: newEquip(id, model.ClassVAV, c), r: r, c: c,
		maxCFM: math.Round(700 + 600*r.Float64()),
		offset: (r.Float64() - 0.5) * 1.2,
		co2:    co2, burst: burst,
		space: 73, co2ppm: 450,
		st: mk(), dmp: mk(), hv: mk(), flow: mk(), flowSP: mk(), csp: mk(), hsp: mk(),
	}
	if co2 {
		v.co2v = mk()
	}
	return v
}

// step advances the box one sample and returns its airflow demand as a
// fraction of maximum (what the AHU's static reset reads).
func (v *vav) step(i int, fanOn bool, oat, dailyMean float64) float64 {
	c, r := v.c, v.r
	occ := c.occupied(i)
	h := c.hour(i)
	cool, heat := 80.0, 62.0
	if occ || (fanOn && h >= 6) {
		cool, heat = 74, 70
	}
	v.csp[i], v.hsp[i] = cool, heat
	// Cooling demand: weather, internal gains while occupied, an afternoon
	// solar bump, and a slow random walk.
	gain := 0.0
	if occ {
		gain = 0.25
	}
	v.load = 0.9*v.load + 0.1*(r.NormFloat64()*0.3)
	load := 0.25 + 0.02*(oat-65) + 0.004*(dailyMean-65) + gain +
		0.1*math.Max(0, math.Sin(math.Pi*(h-9)/10)) + v.load*0.3
	d := c.day(i)
	stuck := v.stuck != nil && v.stuck.in(d)
	if !fanOn {
		drift := clamp(75+0.15*(oat-70)+v.offset, heat+1, cool-1)
		v.space += (drift - v.space) * 0.04
		v.dmp[i] = 55
		if stuck {
			v.dmp[i] = 40
		}
		v.st[i] = noisy(r, v.space, 0.15, 0.1)
		v.co2Step(i, false)
		return 0
	}
	frac := clamp(load, 0.3, 1)
	reheat := 0.0
	if load < 0.2 {
		reheat = clamp((0.2-load)*200, 0, 60)
	}
	target := 72.2 + v.offset + (clamp(load, 0, 1)-0.5)*0.8
	flowFrac := frac
	dmp := 45 + 45*frac
	if stuck {
		flowFrac = 0.42
		dmp = 40
		if load > 0.42 && occ {
			target = cool + 2.5 + 2*math.Min(1, (load-0.42)*2)
		}
	}
	v.space += (target - v.space) * 0.5
	v.st[i] = noisy(r, v.space, 0.15, 0.1)
	v.flowSP[i] = math.Round(frac * v.maxCFM)
	v.flow[i] = math.Round(flowFrac * v.maxCFM * (1 + r.NormFloat64()*0.03))
	v.dmp[i] = math.Round(clamp(dmp+r.NormFloat64(), 0, 88)*10) / 10
	v.hv[i] = math.Round(reheat*10) / 10
	v.co2Step(i, occ)
	return frac
}

// co2Step moves the zone CO2 towards its occupied level or lets it decay
// while the building is empty (slowly with the fans off).
func (v *vav) co2Step(i int, occ bool) {
	if !v.co2 {
		return
	}
	target, rate := 500.0, 0.03
	if occ {
		target, rate = 780+40*v.offset, 0.25
	}
	v.co2ppm += (target - v.co2ppm) * rate
	v.co2v[i] = math.Round(v.co2ppm + v.r.NormFloat64()*12)
}

// finish stores the box's points.
func (v *vav) finish() *equip {
	e := v.e
	e.add(model.SpaceTemp, v.st)
	e.add(model.Damper, v.dmp)
	e.add(model.HeatValve, v.hv)
	e.add(model.Airflow, v.flow)
	e.add(model.AirflowSP, v.flowSP)
	e.add(model.CoolSP, v.csp)
	e.add(model.HeatSP, v.hsp)
	if v.co2 {
		if v.burst {
			ts, vals := burstLog(v.c, v.co2v, v.r)
			e.addAt(model.CO2, ts, vals)
		} else {
			e.add(model.CO2, v.co2v)
		}
	}
	e.shortGaps(v.r, 1)
	return e
}

// burstLog resamples a grid series as a logger that records one-minute
// samples for an hour at 09:00 and 14:00 each day and nothing in between.
func burstLog(c clock, v []float64, r *rand.Rand) ([]int64, []float64) {
	var ts []int64
	var out []float64
	per := c.step.Minutes()
	for i := range c.n {
		h := c.hour(i)
		if (h < 9 || h >= 10) && (h < 14 || h >= 15) {
			continue
		}
		next := v[i]
		if i+1 < c.n {
			next = v[i+1]
		}
		for m := 0; m < int(per); m++ {
			f := float64(m) / per
			ts = append(ts, c.ts(i)+int64(m)*60e9)
			out = append(out, math.Round(v[i]*(1-f)+next*f+r.NormFloat64()*8))
		}
	}
	return ts, out
}
