package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Hot-water plant rules: boiler_summer_lockout, boiler_short_cycle,
// hw_plant_deltat (hw_pump_dp_reset is with the pump rules).

const (
	lockoutOATDefault   = 65.0 // °F, PNNL Re-tuning Ch. 8
	boilerStartsDefault = 6    // starts per running day
	hwDeltaTDefault     = 20.0 // °F, design loop ΔT
	// hwsFlatSlope is the |HWS vs OAT| slope (°F/°F) below which the hot-water
	// supply temperature is reported as not reset (a note, not a verdict).
	hwsFlatSlope = 0.1
)

const pnnlPlant = "PNNL Building Re-tuning Training Guide, Ch. 8 (central plant)"

// boilerSummerLockoutRule: the boiler runs in warm weather. Judged on the
// running hours with a known OAT; warn when ≥ 5 % of them are above the
// lockout OAT, fault at ≥ 20 %. Without an OAT it cannot judge (info, share
// nil). When the HW supply temperature is mapped, the HWS-vs-OAT slope over
// the running hours is reported too, with a caveat when it is flat (no HWS
// reset); with the return temperature too, the median loop ΔT of the
// warm-weather hours is reported (a few °F: firing with no load). Neither
// changes the verdict, as in CAMBER. CAMBER also lists hw_diff_press as
// optional but no verdict or number of this rule reads it; it is left out
// so the trust gate never names an input the rule does not use.
func boilerSummerLockoutRule() Rule {
	return Rule{
		Name:     "boiler_summer_lockout",
		Title:    "Boiler firing in warm weather",
		Classes:  []string{model.ClassHotWaterPlant},
		Required: []model.Role{model.BoilerStatus},
		Optional: []model.Role{model.HWSupplyTemp, model.HWReturnTemp, model.OAT},
		Params: []Param{{
			Name: "summer_lockout_oat_f", Kind: Number, Default: lockoutOATDefault, Unit: "degF",
			Min: plantBound(40), Max: plantBound(90),
			Basis:  "PNNL Re-tuning Ch. 8: lock the boilers out above the building's heating balance point (65 °F typical)",
			Advice: "set to the OAT above which the building needs no heat; check the heating valves' trend against OAT",
		}},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check:    checkBoilerSummerLockout,
	}
}

func checkBoilerSummerLockout(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	limit := plantF(in.Params, "summer_lockout_oat_f", lockoutOATDefault)
	status, oat := f.Col(model.BoilerStatus), f.Col(model.OAT)
	unit := sampleNoun(f)
	running := make([]bool, f.N)
	for i, v := range status {
		running[i] = isOn(v)
	}
	nRun := count(running)
	if !f.Has(model.OAT) {
		return Outcome{
			Severity: Info,
			Summary:  fmt.Sprintf("%s: boiler ran %s %s; no OAT, so warm-weather firing was not judged", f.Equip, fmtInt(nRun), unit),
			Metrics:  map[string]any{"warm_share_pct": nil, "running_samples": nRun, "summer_lockout_oat_f": limit},
			Caveats:  []string{"could not judge warm-weather firing: no oat (outdoor air temperature)"},
		}, nil
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	for i := range running {
		if running[i] && plantFiniteAt(oat, i) {
			judged[i] = true
			flagged[i] = oat[i] > limit
		}
	}
	nj, nf := count(judged), count(flagged)
	basis := "running " + unit + " with OAT"
	if !enough(f, nj) {
		return plantTooFew(f, nj, basis, map[string]any{"warm_share_pct": nil, "summer_lockout_oat_f": limit},
			"too few running hours with OAT to judge warm-weather firing"), nil
	}
	share := pct(nf, nj)
	sev := gradeAtLeast(share, 5, 20)
	metrics := map[string]any{
		"warm_share_pct":       round(share, 1),
		"warm_samples":         nf,
		"running_samples":      nj,
		"summer_lockout_oat_f": limit,
		"hws_oat_slope":        nil,
	}
	summary := fmt.Sprintf("%s: boiler ran above %s °F OAT in %s%% of running %s (%s of %s)",
		f.Equip, plantVal(limit), plantNum(share, 1), unit, fmtInt(nf), fmtInt(nj))
	var caveats []string
	if f.Has(model.HWSupplyTemp) {
		if ft, ok := olsFit(oat, f.Col(model.HWSupplyTemp), judged); ok && enough(f, ft.N) {
			slope := ft.Slope
			metrics["hws_oat_slope"] = round(slope, 2)
			if math.Abs(slope) < hwsFlatSlope {
				caveats = append(caveats, fmt.Sprintf("HW supply temperature is not reset with OAT (slope %s °F/°F)", plantNum(slope, 2)))
			}
		}
	} else {
		caveats = append(caveats, "no hw_supply_temp: HWS reset not checked")
	}
	metrics["warm_median_dt_f"] = nil
	if hws, hwr := present(f, model.HWSupplyTemp), present(f, model.HWReturnTemp); hws != nil && hwr != nil && nf > 0 {
		dts := make([]float64, 0, nf)
		for i := range flagged {
			if flagged[i] && known(hws[i]) && known(hwr[i]) {
				dts = append(dts, hws[i]-hwr[i])
			}
		}
		if len(dts) > 0 {
			med := robust.Quantile(dts, 0.5)
			metrics["warm_median_dt_f"] = round(med, 1)
			summary += fmt.Sprintf("; loop ΔT then %s °F (median)", plantNum(med, 1))
		}
	}
	return Outcome{
		Severity:    sev,
		Summary:     summary,
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Evidence:    "boiler_status_vs_oat",
	}, nil
}

// boilerShortCycleRule: excess boiler starts. Starts per running day ≥
// max_starts_per_day warns, ≥ twice that faults. Fixed quirk: CAMBER counted
// starts on its hourly grid, where a boiler cycling within the hour shows no
// starts; this rule reads the native interval (see [eventOutcome]).
func boilerShortCycleRule() Rule {
	return Rule{
		Name:     "boiler_short_cycle",
		Title:    "Boiler short cycling",
		Classes:  []string{model.ClassHotWaterPlant},
		Required: []model.Role{model.BoilerStatus},
		Params: []Param{{
			Name: "max_starts_per_day", Kind: Int, Default: boilerStartsDefault, Unit: "starts/day",
			Min: plantBound(1), Max: plantBound(200),
			Basis:  "PNNL Re-tuning Ch. 8: more than about six firing cycles a day points to an oversized boiler or a narrow control band",
			Advice: "raise it for modulating condensing boilers with a low turndown; check the burner's minimum fire and the HWS control band",
		}},
		Standard: pnnlPlant,
		Category: "maintenance",
		Grid:     Native,
		Check: eventCheck(model.BoilerStatus, eventStarts, boilerStartsDefault, eventSpec{
			param: "max_starts_per_day", noun: "boiler starts", metric: "starts",
			signal: "boiler status", basis: "boiler starts (off to on)",
		}),
	}
}

// hwPlantDeltaTRule: low hot-water loop ΔT. Judged on boiler-on hours with
// both loop temperatures; warn when ΔT is below the design minimum in ≥ 20 %
// of them, fault at ≥ 50 %. OAT is read only for the evidence chart.
func hwPlantDeltaTRule() Rule {
	return Rule{
		Name:     "hw_plant_deltat",
		Title:    "Low hot-water loop ΔT",
		Classes:  []string{model.ClassHotWaterPlant},
		Required: []model.Role{model.BoilerStatus, model.HWSupplyTemp, model.HWReturnTemp},
		Optional: []model.Role{model.OAT},
		Params: []Param{{
			Name: "design_deltaT_min_f", Kind: Number, Default: hwDeltaTDefault, Unit: "degF",
			Min: plantBound(2), Max: plantBound(80),
			Basis:  "PNNL Re-tuning Ch. 8: hot-water loops are designed for about 20 °F ΔT; a low ΔT means excess flow (pump energy, boiler cycling)",
			Advice: "use the design ΔT from the plant schedule (20 °F conventional, 30–40 °F condensing)",
		}},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check:    checkHWPlantDeltaT,
	}
}

func checkHWPlantDeltaT(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	design := plantF(in.Params, "design_deltaT_min_f", hwDeltaTDefault)
	status, hws, hwr := f.Col(model.BoilerStatus), f.Col(model.HWSupplyTemp), f.Col(model.HWReturnTemp)
	unit := sampleNoun(f)
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	dt := make([]float64, 0, f.N)
	for i := range judged {
		if isOn(status[i]) && plantFiniteAt(hws, i) && plantFiniteAt(hwr, i) {
			judged[i] = true
			d := hws[i] - hwr[i]
			flagged[i] = d < design
			dt = append(dt, d)
		}
	}
	nj, nf := count(judged), count(flagged)
	basis := "boiler-on " + unit
	if !enough(f, nj) {
		return plantTooFew(f, nj, basis+" with both loop temperatures", map[string]any{"low_dt_share_pct": nil, "median_dt_f": nil, "design_deltaT_min_f": design},
			"too few boiler-on hours with HWS and HWR to judge the loop ΔT"), nil
	}
	med := robust.Quantile(dt, 0.5)
	share := pct(nf, nj)
	var caveats []string
	if med < 0 {
		caveats = append(caveats, "return reads warmer than supply: check the HWS/HWR mapping")
	}
	return Outcome{
		Severity: gradeAtLeast(share, 20, 50),
		Summary: fmt.Sprintf("%s: HW loop ΔT below %s °F in %s%% of boiler-on %s (%s of %s; median ΔT %s °F)",
			f.Equip, plantVal(design), plantNum(share, 1), unit, fmtInt(nf), fmtInt(nj), plantNum(med, 1)),
		Metrics: map[string]any{
			"low_dt_share_pct":    round(share, 1),
			"low_dt_samples":      nf,
			"running_samples":     nj,
			"median_dt_f":         round(med, 1),
			"design_deltaT_min_f": design,
		},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Evidence:    "hw_deltat_vs_oat",
	}, nil
}
