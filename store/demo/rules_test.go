package demo

import (
	"math"
	"sort"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// These tests judge the generated campus with simplified forms of the
// domain §3.2 rules on an hourly grid, so a change to the generator that
// would hide an injected fault or make clean equipment look faulty fails
// here rather than in the later accuracy run.

// grid is one facility's points on an hourly mean grid (status roles: max).
type grid struct {
	f     Facility
	hours int
	pts   map[string][]float64
}

var campusCache *Campus

func testCampus(t testing.TB) *Campus {
	t.Helper()
	if campusCache == nil {
		c, err := Generate(Options{Seed: DefaultSeed})
		if err != nil {
			t.Fatal(err)
		}
		campusCache = c
	}
	return campusCache
}

func hourlyGrid(t testing.TB, id string) *grid {
	t.Helper()
	for _, f := range testCampus(t).Facilities {
		if f.ID != id {
			continue
		}
		g := &grid{f: f, hours: int(f.End.Sub(f.Start).Hours()), pts: map[string][]float64{}}
		t0 := f.Start.UnixNano()
		for _, s := range f.Series {
			sum := make([]float64, g.hours)
			n := make([]float64, g.hours)
			out := make([]float64, g.hours)
			for k, ts := range s.TS {
				h := int((ts - t0) / int64(time.Hour))
				if s.Role.IsStatus() {
					sum[h] = math.Max(sum[h], s.V[k])
					n[h] = 1
					continue
				}
				sum[h] += s.V[k]
				n[h]++
			}
			for h := range out {
				out[h] = math.NaN()
				if n[h] > 0 {
					out[h] = sum[h]
					if !s.Role.IsStatus() {
						out[h] = sum[h] / n[h]
					}
				}
			}
			g.pts[s.Equip+"/"+string(s.Role)] = out
		}
		return g
	}
	t.Fatalf("no facility %s", id)
	return nil
}

func (g *grid) p(equip string, r model.Role) []float64 {
	v, ok := g.pts[equip+"/"+string(r)]
	if !ok {
		panic("no point " + equip + "/" + string(r))
	}
	return v
}

func (g *grid) occupied(h int) bool {
	t := g.f.Start.Add(time.Duration(h) * time.Hour)
	wd := t.Weekday()
	return wd != time.Saturday && wd != time.Sunday && t.Hour() >= 7 && t.Hour() < 18
}

// share returns 100 × flagged/judged over the hours where judged holds.
func share(hours int, judged, flagged func(h int) bool) float64 {
	j, f := 0, 0
	for h := range hours {
		if judged(h) {
			j++
			if flagged(h) {
				f++
			}
		}
	}
	if j == 0 {
		return math.NaN()
	}
	return 100 * float64(f) / float64(j)
}

func median(x []float64) float64 {
	var v []float64
	for _, a := range x {
		if !math.IsNaN(a) {
			v = append(v, a)
		}
	}
	sort.Float64s(v)
	if len(v) == 0 {
		return math.NaN()
	}
	return v[len(v)/2]
}

func ok(v float64) bool { return !math.IsNaN(v) }

// check fails when got is on the wrong side of the warn threshold.
func check(t *testing.T, what string, got, warn float64, wantFlag bool) {
	t.Helper()
	if math.IsNaN(got) {
		t.Errorf("%s: nothing judged", what)
		return
	}
	t.Logf("%s = %.2f (warn %.2f, want flagged %v)", what, got, warn, wantFlag)
	if (got >= warn) != wantFlag {
		t.Errorf("%s = %.2f, warn at %.2f, want flagged=%v", what, got, warn, wantFlag)
	}
}

func TestRules_AHUs(t *testing.T) {
	g := hourlyGrid(t, NorthCampus)
	oat := g.p("WX-1", model.OAT)
	for _, ahu := range []string{"AHU-1", "AHU-2", "AHU-3"} {
		hv, cv := g.p(ahu, model.HeatValve), g.p(ahu, model.CoolValve)
		sat, mat, rat := g.p(ahu, model.SupplyAirTemp), g.p(ahu, model.MixedAirTemp), g.p(ahu, model.ReturnAirTemp)
		sp, fan, fdp := g.p(ahu, model.SupplyAirTempSP), g.p(ahu, model.SupplyFanStatus), g.p(ahu, model.FilterDiffPress)
		on := func(h int) bool { return fan[h] > 0.5 }

		simul := share(g.hours, g.occupied, func(h int) bool { return hv[h] > 5 && cv[h] > 5 })
		check(t, ahu+" simultaneous_heat_cool %", simul, 1, ahu == "AHU-2")
		if ahu == "AHU-2" && simul < 5 {
			t.Errorf("AHU-2 simultaneous_heat_cool %.1f %% below the fault tier", simul)
		}

		oaf := func(h int) float64 { return 100 * (mat[h] - rat[h]) / (oat[h] - rat[h]) }
		econ := share(g.hours, func(h int) bool {
			return on(h) && oat[h] > 65 && math.Abs(oat[h]-rat[h]) >= 5 && ok(mat[h]) && ok(rat[h])
		}, func(h int) bool { return oaf(h) > 25 })
		check(t, ahu+" economizer_high_limit %", econ, 10, ahu == "AHU-1")
		excess := share(g.hours, func(h int) bool {
			return on(h) && oat[h] > 70 && math.Abs(oat[h]-rat[h]) >= 5 && ok(mat[h]) && ok(rat[h])
		}, func(h int) bool { return oaf(h) > 25 })
		check(t, ahu+" outdoor_air_fraction excess %", excess, 20, ahu == "AHU-1")

		leak := share(g.hours, func(h int) bool {
			return on(h) && cv[h] <= 5 && hv[h] <= 5 && ok(sat[h]) && ok(mat[h])
		}, func(h int) bool { return mat[h]+1-sat[h] > 3 || sat[h]-(mat[h]+1) > 3 })
		check(t, ahu+" leaking_valve %", leak, 10, ahu == "AHU-1")

		ctl := share(g.hours, func(h int) bool { return on(h) && ok(sat[h]) && ok(sp[h]) },
			func(h int) bool { return math.Abs(sat[h]-sp[h]) > 2 })
		check(t, ahu+" supply_air_control %", ctl, 10, ahu == "AHU-3")

		var onDP []float64
		for h := range g.hours {
			if on(h) {
				onDP = append(onDP, fdp[h])
			}
		}
		check(t, ahu+" filter_fouling median", median(onDP), 1.0, ahu == "AHU-3")

		occRun := share(g.hours, g.occupied, on)
		unoccRun := share(g.hours, func(h int) bool { return !g.occupied(h) }, on)
		if unoccRun >= 0.5*occRun {
			t.Errorf("%s night_weekend_setback: unoccupied run %.1f %% vs occupied %.1f %%", ahu, unoccRun, occRun)
		}
		lowSAT := share(g.hours, func(h int) bool { return on(h) && cv[h] > 5 }, func(h int) bool { return sat[h] < 58 })
		check(t, ahu+" supply_air_reset cold-SAT %", lowSAT, 50, false)
		free := share(g.hours, func(h int) bool { return oat[h] < 60 && ok(cv[h]) }, func(h int) bool { return cv[h] > 0.05 })
		check(t, ahu+" free_cooling_missed %", free, 10, false)
	}
}

func TestRules_VAVs(t *testing.T) {
	g := hourlyGrid(t, NorthCampus)
	for a := 1; a <= 3; a++ {
		for b := 1; b <= 5; b++ {
			id := "VAV-" + string(rune('0'+a)) + "-" + string(rune('0'+b))
			st, csp, hsp := g.p(id, model.SpaceTemp), g.p(id, model.CoolSP), g.p(id, model.HeatSP)
			flow, fsp, dmp := g.p(id, model.Airflow), g.p(id, model.AirflowSP), g.p(id, model.Damper)
			faulty := id == "VAV-2-3"
			unmet := share(g.hours, func(h int) bool { return g.occupied(h) && ok(st[h]) },
				func(h int) bool { return st[h] > csp[h]+1.5 || st[h] < hsp[h]-1.5 })
			check(t, id+" unmet_setpoint_hours %", unmet, 5, faulty)
			track := share(g.hours, func(h int) bool { return fsp[h] > 0 && ok(flow[h]) },
				func(h int) bool { return math.Abs(flow[h]-fsp[h])/fsp[h] > 0.2 })
			check(t, id+" airflow_tracking %", track, 10, faulty)
			if m := median(dmp); m < 50 || m > 90 {
				t.Errorf("%s damper median %.1f outside the census band 50-90", id, m)
			}
		}
	}
}

func TestRules_Plant(t *testing.T) {
	g := hourlyGrid(t, NorthCampus)
	oat, wb := g.p("WX-1", model.OAT), g.p("WX-1", model.WetbulbTemp)
	cws := g.p("CT-1", model.CWSupplyTemp)
	app := make([]float64, g.hours)
	for h := range app {
		app[h] = cws[h] - wb[h]
	}
	check(t, "CT-1 cooling_tower_approach ratio", median(app)/7, 1.3, true)

	boiler, hws, hwr := g.p("HWP-1", model.BoilerStatus), g.p("HWP-1", model.HWSupplyTemp), g.p("HWP-1", model.HWReturnTemp)
	run := func(h int) bool { return boiler[h] > 0.5 }
	check(t, "HWP-1 boiler_summer_lockout %", share(g.hours, run, func(h int) bool { return oat[h] > 65 }), 5, true)
	check(t, "HWP-1 hw_plant_deltat %", share(g.hours, run, func(h int) bool { return hws[h]-hwr[h] < 20 }), 20, true)
	outside := func(h int) bool { return run(h) && !wBoilerHWP1.in(float64(h)/24) }
	check(t, "HWP-1 summer running outside the fault %", share(g.hours, outside, func(h int) bool { return oat[h] > 65 }), 5, false)
	check(t, "HWP-1 low ΔT outside the fault %", share(g.hours, outside, func(h int) bool { return hws[h]-hwr[h] < 20 }), 20, false)

	for _, ch := range []string{"CH-1", "CH-2"} {
		pw, s, r, fl := g.p(ch, model.Power), g.p(ch, model.CHWSupplyTemp), g.p(ch, model.CHWReturnTemp), g.p(ch, model.CHWFlow)
		var kwt []float64
		for h := range g.hours {
			tons := fl[h] * (r[h] - s[h]) / 24
			if tons >= 5 && pw[h] >= 2 {
				kwt = append(kwt, pw[h]/tons)
			}
		}
		check(t, ch+" chiller_efficiency ratio", median(kwt)/0.85, 1.2, false)
		check(t, ch+" chiller_approach_fouling ratio", median(g.p(ch, model.CondApproachTemp))/5, 1.5, false)
	}
	ps, pr := g.p("CHWP-1", model.CHWSupplyTemp), g.p("CHWP-1", model.CHWReturnTemp)
	check(t, "CHWP-1 chw_plant_reset low-ΔT %", share(g.hours, func(h int) bool { return ok(ps[h]) && ok(pr[h]) },
		func(h int) bool { return pr[h]-ps[h] < 8 }), 20, false)
}

// TestRules_Drift fits CH-1's condenser approach against load in the clean
// baseline window and checks the drift in the last month clears the fault
// floors (2 °F and 3 σ), as chiller_approach_drift would; the tower's
// approach is checked the same way against its floors (3 °F and 4 σ).
func TestRules_Drift(t *testing.T) {
	g := hourlyGrid(t, NorthCampus)
	pw, s, r, fl, ca := g.p("CH-1", model.Power), g.p("CH-1", model.CHWSupplyTemp), g.p("CH-1", model.CHWReturnTemp),
		g.p("CH-1", model.CHWFlow), g.p("CH-1", model.CondApproachTemp)
	tons := make([]float64, g.hours)
	for h := range tons {
		tons[h] = fl[h] * (r[h] - s[h]) / 24
		if pw[h] < 2 {
			tons[h] = math.NaN()
		}
	}
	driftCheck(t, "CH-1 cond approach", tons, ca, wDriftBaseline, window{90, 120}, 2, 3)
	wb, cws := g.p("WX-1", model.WetbulbTemp), g.p("CT-1", model.CWSupplyTemp)
	app := make([]float64, g.hours)
	plantTons := make([]float64, g.hours)
	pw2, s2, r2, fl2 := g.p("CH-2", model.Power), g.p("CH-2", model.CHWSupplyTemp), g.p("CH-2", model.CHWReturnTemp), g.p("CH-2", model.CHWFlow)
	for h := range app {
		app[h] = cws[h] - wb[h]
		plantTons[h] = tons[h]
		if pw2[h] >= 2 {
			plantTons[h] += fl2[h] * (r2[h] - s2[h]) / 24
		}
	}
	driftCheck(t, "CT-1 approach", plantTons, app, wDriftBaseline, window{90, 120}, 3, 4)
}

func driftCheck(t *testing.T, what string, x, y []float64, base, cur window, floorF, floorSigma float64) {
	t.Helper()
	var bx, by []float64
	for h := range x {
		d := float64(h) / 24
		if base.in(d) && ok(x[h]) && ok(y[h]) && x[h] >= 5 {
			bx = append(bx, x[h])
			by = append(by, y[h])
		}
	}
	a, b := ols(bx, by)
	var ss float64
	for i := range bx {
		e := by[i] - (a + b*bx[i])
		ss += e * e
	}
	sigma := math.Sqrt(ss / float64(len(bx)-2))
	var res []float64
	for h := range x {
		d := float64(h) / 24
		if cur.in(d) && ok(x[h]) && ok(y[h]) && x[h] >= 5 {
			res = append(res, y[h]-(a+b*x[h]))
		}
	}
	drift := median(res)
	if drift < floorF || drift/sigma < floorSigma {
		t.Errorf("%s drift %.2f °F (%.1f σ, σ %.2f), want ≥ %.0f °F and ≥ %.0f σ", what, drift, drift/sigma, sigma, floorF, floorSigma)
	}
}

func ols(x, y []float64) (a, b float64) {
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= float64(len(x))
	my /= float64(len(x))
	var sxy, sxx float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
	}
	b = sxy / sxx
	return my - b*mx, b
}

// TestRules_Compressors counts compressor starts per observed day on the
// native series, as compressor_short_cycle does (warn at 12/day), and stage
// changes per day (compressor_staging, warn at 24/day).
func TestRules_Compressors(t *testing.T) {
	for _, f := range testCampus(t).Facilities {
		if f.ID != SouthAnnex {
			continue
		}
		for _, s := range f.Series {
			if s.Role != model.CompressorStatus && s.Role != model.CompressorStage {
				continue
			}
			days := map[int64]bool{}
			events := 0
			for k := range s.V {
				days[s.TS[k]/int64(24*time.Hour)] = true
				if k == 0 {
					continue
				}
				switch {
				case s.Role == model.CompressorStatus && s.V[k] > 0.5 && s.V[k-1] <= 0.5:
					events++
				case s.Role == model.CompressorStage && s.V[k] != s.V[k-1]:
					events++
				}
			}
			perDay := float64(events) / float64(len(days))
			warn := 12.0
			if s.Role == model.CompressorStage {
				warn = 24
			}
			check(t, s.Equip+" "+string(s.Role)+" events/day", perDay, warn, s.Equip == "RTU-2")
		}
	}
}

// TestRules_MV fits the main meter's daily energy against daily mean OAT
// over the 60-day baseline with a three-parameter cooling change-point
// model and checks it meets ASHRAE Guideline 14's daily acceptance (CV(RMSE)
// ≤ 20 %, R² ≥ 0.75), and that the retrofit shows as savings.
func TestRules_MV(t *testing.T) {
	g := hourlyGrid(t, NorthCampus)
	kw, oat := g.p("MTR-1", model.Power), g.p("WX-1", model.OAT)
	days := g.hours / 24
	var e, temp []float64
	for d := range days {
		var sumE, sumT float64
		n := 0
		for h := d * 24; h < d*24+24; h++ {
			if ok(kw[h]) && ok(oat[h]) {
				sumE += kw[h]
				sumT += oat[h]
				n++
			}
		}
		e = append(e, sumE*24/float64(n))
		temp = append(temp, sumT/float64(n))
	}
	best := math.Inf(1)
	var bestA, bestB, bestTc float64
	for tc := 50.0; tc <= 75; tc += 0.5 {
		x := make([]float64, retrofitDay)
		for i := range x {
			x[i] = math.Max(0, temp[i]-tc)
		}
		a, b := ols(x, e[:retrofitDay])
		var sse float64
		for i := range x {
			r := e[i] - (a + b*x[i])
			sse += r * r
		}
		if sse < best {
			best, bestA, bestB, bestTc = sse, a, b, tc
		}
	}
	var mean, sst float64
	for _, v := range e[:retrofitDay] {
		mean += v
	}
	mean /= retrofitDay
	for _, v := range e[:retrofitDay] {
		sst += (v - mean) * (v - mean)
	}
	cv := math.Sqrt(best/float64(retrofitDay-3)) / mean
	r2 := 1 - best/sst
	t.Logf("3PC: base %.0f kWh/day, slope %.0f kWh/°F-day, Tc %.1f °F, CV(RMSE) %.3f, R² %.3f", bestA, bestB, bestTc, cv, r2)
	if cv > 0.20 || r2 < 0.75 {
		t.Errorf("baseline fails G14 daily acceptance: CV(RMSE) %.3f, R² %.3f", cv, r2)
	}
	var proj, act float64
	for d := retrofitDay; d < days; d++ {
		proj += bestA + bestB*math.Max(0, temp[d]-bestTc)
		act += e[d]
	}
	if sav := (proj - act) / proj; sav < 0.03 {
		t.Errorf("retrofit savings %.1f %%, want a visible step", 100*sav)
	} else {
		t.Logf("savings %.1f %%", 100*sav)
	}
}
