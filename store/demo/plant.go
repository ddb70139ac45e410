package demo

import (
	"math"
	"sort"

	"github.com/camber-tui/camber-tui/model"
)

// plantFaults are the north-campus plant faults, as windows in days.
type plantFaults struct {
	towerApproach window // approach rises 6 °F (a tower cell's fan lost)
	condApproach  window // CH-1 condenser approach climbs 0 -> 4 °F
	boilerSummer  window // boiler left enabled through summer weather
}

// plantResult carries what the main meter adds up.
type plantResult struct {
	equips  []*equip
	chillKW []float64
	pumpKW  []float64
}

const (
	chillerTons = 450.0  // each chiller's capacity
	condGPM     = 1200.0 // condenser water flow per running chiller
)

// r134aSat is the R-134a saturation pressure table (°F, psig).
var r134aSat = [][2]float64{
	{20, 18.4}, {30, 26.1}, {40, 35.0}, {50, 45.4}, {60, 57.4}, {70, 71.1},
	{80, 86.7}, {90, 104.3}, {100, 124.1}, {110, 146.3}, {120, 171.1}, {130, 198.7},
}

// psat interpolates the R-134a saturation pressure at t °F, psig.
func psat(t float64) float64 {
	k := sort.Search(len(r134aSat), func(i int) bool { return r134aSat[i][0] >= t })
	k = max(1, min(k, len(r134aSat)-1))
	a, b := r134aSat[k-1], r134aSat[k]
	return a[1] + (t-a[0])*(b[1]-a[1])/(b[0]-a[0])
}

// makePlant simulates the chilled-water plant (CHWP-1 with chillers CH-1,
// CH-2 and tower CT-1) and the hot-water plant HWP-1. The campus cooling
// load (tons) follows OAT, occupancy and a 24/7 lab base load; CH-2 stages
// on above CH-1's capacity and off below 95 % of it (so two never run where one could carry the load under the 90 % staging ceiling); CHWST resets from 48 °F (OAT ≤ 60)
// to 44 °F (OAT ≥ 80); the tower holds an approach that grows with load,
// with condenser water no colder than 50 °F.
func makePlant(seed uint64, fac string, c clock, w weather, f plantFaults) plantResult {
	r := rng(seed, fac, "plant")
	mk := func() []float64 { return make([]float64, c.n) }
	type chiller struct {
		e                                                    *equip
		pw, chws, chwr, flow, sp, ca, ea, sub, sup, dis, suc []float64
	}
	chs := make([]*chiller, 2)
	for k := range chs {
		id := []string{"CH-1", "CH-2"}[k]
		chs[k] = &chiller{e: newEquip(id, model.ClassChiller, c),
			pw: mk(), chws: mk(), chwr: mk(), flow: mk(), sp: mk(), ca: mk(), ea: mk(),
			sub: mk(), sup: mk(), dis: mk(), suc: mk()}
	}
	pl := newEquip("CHWP-1", model.ClassChilledWaterPlant, c)
	pchws, pchwr, pchwsp, pdp, pdpsp := mk(), mk(), mk(), mk(), mk()
	ct := newEquip("CT-1", model.ClassCoolingTower, c)
	cws, cwr, tfan := mk(), mk(), mk()
	hw := newEquip("HWP-1", model.ClassHotWaterPlant, c)
	boiler, hws, hwr, hwp, hwdp := mk(), mk(), mk(), mk(), mk()
	res := plantResult{chillKW: mk(), pumpKW: mk()}

	noise := 0.0
	two := false
	boilerOn := true
	hwTemp := 150.0
	for i := range c.n {
		d := c.day(i)
		oat, wb := w.oat[i], w.wb[i]
		occ := 0.0
		if c.weekday(i) {
			h := c.hour(i)
			occ = clamp(h-6, 0, 1) * clamp(19-h, 0, 1)
		}
		noise = 0.9*noise + r.NormFloat64()*4
		tons := clamp(200+18*math.Max(0, oat-52)+3*math.Max(0, w.dailyMean[i]-60)+30*occ+noise, 150, 2*chillerTons*0.97)
		if two && tons < 0.95*chillerTons {
			two = false
		} else if !two && tons > chillerTons {
			two = true
		}
		nOn := 1.0
		if two {
			nOn = 2
		}
		per := tons / nOn
		lf := per / chillerTons
		sp := lerp(oat, 60, 80, 48, 44)
		pchwsp[i] = math.Round(sp*10) / 10

		// Tower: condenser water leaves at wet-bulb plus the approach.
		app := 3.8 + 3.2*(tons/(2*chillerTons)) + r.NormFloat64()*0.25
		fanSpd := clamp(25+75*tons/(2*chillerTons)+1.5*(wb-65), 15, 100)
		if f.towerApproach.in(d) {
			app += lerp(d, f.towerApproach.from, f.towerApproach.from+4, 0, 6)
			fanSpd = 100
		}
		cwsT := math.Max(wb+app, 50+r.NormFloat64()*0.2)
		cws[i] = math.Round(cwsT*10) / 10
		tfan[i] = math.Round(fanSpd*10) / 10

		var flowSum, retSum, rangeSum float64
		for k, ch := range chs {
			running := k == 0 || two
			ch.sp[i] = pchwsp[i]
			if !running {
				loop := 52 + r.NormFloat64()*0.2
				ch.pw[i] = math.Round(math.Abs(r.NormFloat64()*0.3)*10) / 10
				ch.chws[i], ch.chwr[i] = math.Round(loop*10)/10, math.Round((loop+0.3)*10)/10
				ch.ca[i], ch.ea[i] = noisy(r, 0.5, 0.2, 0.1), noisy(r, 0.5, 0.2, 0.1)
				ch.sub[i], ch.sup[i] = noisy(r, 1, 0.3, 0.1), noisy(r, 1, 0.3, 0.1)
				ch.dis[i], ch.suc[i] = noisy(r, psat(cwsT+2), 0.5, 0.1), noisy(r, psat(cwsT+2)-1, 0.5, 0.1)
				continue
			}
			drift := 0.0
			if k == 0 && f.condApproach.in(d) {
				drift = lerp(d, f.condApproach.from, f.condApproach.to, 0, 4)
			}
			kwt := 0.5 + 0.25*(lf-0.75)*(lf-0.75) + 0.005*(cwsT-75) + 0.015*drift
			kw := per * kwt * (1 + r.NormFloat64()*0.01)
			flow := math.Max(250, per*24/11) * (1 + r.NormFloat64()*0.01)
			chwsT := sp + r.NormFloat64()*0.2
			chwrT := chwsT + per*24/flow
			cwRange := (per*12000 + kw*3412) / (500 * condGPM)
			cwrT := cwsT + cwRange
			ca := 2.2 + 2.5*lf + drift + r.NormFloat64()*0.2
			ea := 1.5 + 1.5*lf + r.NormFloat64()*0.15
			ch.pw[i] = math.Round(kw*10) / 10
			ch.flow[i] = math.Round(flow)
			ch.chws[i], ch.chwr[i] = math.Round(chwsT*10)/10, math.Round(chwrT*10)/10
			ch.ca[i], ch.ea[i] = math.Round(ca*10)/10, math.Round(ea*10)/10
			ch.sub[i] = noisy(r, 8+2*lf, 0.3, 0.1)
			ch.sup[i] = noisy(r, 4+lf, 0.3, 0.1)
			ch.dis[i] = noisy(r, psat(cwrT+ca), 0.8, 0.1)
			ch.suc[i] = noisy(r, psat(chwsT-ea), 0.4, 0.1)
			res.chillKW[i] += kw
			flowSum += flow
			retSum += flow * chwrT
			rangeSum += cwRange
		}
		cwr[i] = math.Round((cwsT+rangeSum/nOn)*10) / 10
		pchws[i] = noisy(r, sp, 0.15, 0.1)
		pchwr[i] = noisy(r, retSum/flowSum, 0.15, 0.1)
		pdpsp[i] = math.Round((8+6*tons/(2*chillerTons))*10) / 10
		pdp[i] = noisy(r, pdpsp[i], 0.2, 0.1)
		res.pumpKW[i] = 15 + 0.04*tons

		// Hot-water plant: enabled below 58 °F, locked out above 62 °F.
		heat := clamp((58-oat)/30, 0, 1)
		if boilerOn && oat > 62 {
			boilerOn = false
		} else if !boilerOn && oat < 58 {
			boilerOn = true
		}
		on := boilerOn || f.boilerSummer.in(d)
		if on {
			hwsp := lerp(oat, 20, 60, 180, 140)
			hwTemp += (hwsp - hwTemp) * 0.5
			dt := 21.5 + 4*heat + r.NormFloat64()*0.8
			pump := 40 + 25*heat
			if f.boilerSummer.in(d) && !boilerOn {
				dt = 4 + r.NormFloat64()*0.8 // running with no load
				pump = 36
			}
			boiler[i] = 1
			hws[i] = noisy(r, hwTemp, 0.5, 0.1)
			hwr[i] = noisy(r, hwTemp-dt, 0.5, 0.1)
			hwp[i] = math.Round(clamp(pump+r.NormFloat64(), 0, 100)*10) / 10
			hwdp[i] = noisy(r, 8+4*heat, 0.2, 0.1)
			res.pumpKW[i] += 4
		} else {
			hwTemp += (85 - hwTemp) * 0.02
			hws[i] = noisy(r, hwTemp, 0.4, 0.1)
			hwr[i] = noisy(r, hwTemp-0.5, 0.4, 0.1)
			hwdp[i] = noisy(r, 0.3, 0.1, 0.1)
		}
	}
	for _, ch := range chs {
		e := ch.e
		e.add(model.Power, ch.pw)
		e.add(model.CHWSupplyTemp, ch.chws)
		e.add(model.CHWReturnTemp, ch.chwr)
		e.add(model.CHWFlow, ch.flow)
		e.add(model.CHWSupplyTempSP, ch.sp)
		e.add(model.CondApproachTemp, ch.ca)
		e.add(model.EvapApproachTemp, ch.ea)
		e.add(model.SubcoolingTemp, ch.sub)
		e.add(model.SuperheatTemp, ch.sup)
		e.add(model.DischargePressure, ch.dis)
		e.add(model.SuctionPressure, ch.suc)
		e.shortGaps(r, 1)
		res.equips = append(res.equips, e)
	}
	pl.add(model.CHWSupplyTemp, pchws)
	pl.add(model.CHWReturnTemp, pchwr)
	pl.add(model.CHWSupplyTempSP, pchwsp)
	pl.add(model.CHWDiffPress, pdp)
	pl.add(model.CHWDiffPressSP, pdpsp)
	ct.add(model.CWSupplyTemp, cws)
	ct.add(model.CWReturnTemp, cwr)
	ct.add(model.TowerFanSpeed, tfan)
	hw.add(model.BoilerStatus, boiler)
	hw.add(model.HWSupplyTemp, hws)
	hw.add(model.HWReturnTemp, hwr)
	hw.add(model.HWPumpSpeed, hwp)
	hw.add(model.HWDiffPress, hwdp)
	for _, e := range []*equip{pl, ct, hw} {
		e.shortGaps(r, 1)
		res.equips = append(res.equips, e)
	}
	return res
}
