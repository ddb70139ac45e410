package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Cooling tower and condenser-water rules: cooling_tower_approach and
// condenser_water_reset. Both need a wet-bulb temperature: the wetbulb_temp
// point, else Stull's formula from OAT and outdoor RH. That source gates the
// check like a required input (seed 000), expressed as two gate groups,
// {wetbulb_temp, oat} and {wetbulb_temp, outdoor_rh}: with a wet-bulb point
// both groups resolve to it; without one they need OAT and RH together.

const (
	towerApproachDefault = 7.0  // °F, CTI design approach
	towerFullFanDefault  = 90.0 // % fan speed at which the tower is at capacity
	cwResetFlatDefault   = 0.3  // °F/°F: CWS rising less than this per °F wet-bulb is "not reset"
	towerMinRangeF       = 1.0  // °F: CWR − CWS at or above this = the tower rejects heat
	towerFanRunPct       = 5.0  // % fan speed above which the tower counts as running
	// cwMissedResetF is how far (°F) above the approach of the warmest
	// quarter of hours a CWS reading must sit for condenser_water_reset to
	// flag it as a missed reset hour.
	cwMissedResetF = 3.0
)

// towerGates is the wet-bulb source gate shared by both tower rules.
func towerGates() [][]model.Role {
	return [][]model.Role{{model.WetbulbTemp, model.OAT}, {model.WetbulbTemp, model.OutdoorRH}}
}

// towerOptional is the optional inputs of both tower rules.
func towerOptional() []model.Role {
	return []model.Role{model.WetbulbTemp, model.OAT, model.OutdoorRH, model.CWReturnTemp, model.TowerFanSpeed}
}

// plantWetBulb returns the frame's wet-bulb column and names its source:
// the wetbulb_temp point when it has data, else Stull from OAT and outdoor
// RH (RH in 0..1.5 is read as a fraction), else nil and "".
func plantWetBulb(f *series.Frame) ([]float64, string) {
	if f.Has(model.WetbulbTemp) {
		return f.Col(model.WetbulbTemp), "measured"
	}
	if !f.Has(model.OAT) || !f.Has(model.OutdoorRH) {
		return nil, ""
	}
	oat, rh := f.Col(model.OAT), f.Col(model.OutdoorRH)
	scale := plantPercentScale(rh)
	wb := make([]float64, f.N)
	for i := range wb {
		wb[i] = wetBulbStull(oat[i], rh[i]*scale)
	}
	return wb, "Stull from OAT and RH"
}

// towerRunning marks the samples where the tower rejects heat: CWR − CWS ≥
// 1 °F when cw_return_temp is mapped, else fan speed > 5 % when the fan is,
// else every sample with CWS and wet-bulb (the third is caveated). It
// returns them with their judged basis ("running hours", or "hours with
// CWS and wet-bulb" for the third) and the caveats.
func towerRunning(f *series.Frame, cws, wb []float64) ([]bool, string, []string) {
	unit := sampleNoun(f)
	run := make([]bool, f.N)
	switch {
	case f.Has(model.CWReturnTemp):
		cwr := f.Col(model.CWReturnTemp)
		for i := range run {
			run[i] = plantFiniteAt(cws, i) && plantFiniteAt(wb, i) && cwr[i]-cws[i] >= towerMinRangeF
		}
		return run, "running " + unit, nil
	case f.Has(model.TowerFanSpeed):
		fan := f.Col(model.TowerFanSpeed)
		scale := plantPercentScale(fan)
		for i := range run {
			run[i] = plantFiniteAt(cws, i) && plantFiniteAt(wb, i) && fan[i]*scale > towerFanRunPct
		}
		return run, "running " + unit, nil
	}
	for i := range run {
		run[i] = plantFiniteAt(cws, i) && plantFiniteAt(wb, i)
	}
	return run, unit + " with CWS and wet-bulb", []string{"no cw_return_temp or tower_fan_speed: idle hours could not be told apart"}
}

// towerNoWetBulb is the outcome when no wet-bulb source is present (the
// runner normally declines first through the gates).
func towerNoWetBulb(f *series.Frame, metrics map[string]any) Outcome {
	return Outcome{
		Severity: Info,
		Summary:  f.Equip + ": declined -- needs a wet-bulb source (wetbulb_temp, or oat and outdoor_rh)",
		Metrics:  metrics,
		Caveats:  []string{"no wet-bulb source: wetbulb_temp, or oat with outdoor_rh, is needed"},
	}
}

// coolingTowerApproachRule: approach (CWS − wet-bulb) above design. Judged
// on running hours; the median approach ÷ design warns at ≥ 1.3, faults at
// ≥ 1.7 (CAMBER). Flagged are the judged hours at 1.3 × design or more.
// Fixed quirk: CAMBER judged every hour, but while the fans are throttled
// the approach is whatever the CW setpoint asks for (a 70 °F floor in mild
// weather reads as a 20 °F approach), not what the tower can do. When
// tower_fan_speed is mapped, only hours with the fans at full_fan_pct or
// more are judged (the tower at capacity); a tower whose fans never get
// there is not judged (info). Without the fan speed every running hour is
// judged, as CAMBER, and a fault is capped at warn with a caveat (the
// confirming input is missing). tower_fan_speed is not rescaled by the grid,
// so a 0–1 trace is read as a fraction.
func coolingTowerApproachRule() Rule {
	return Rule{
		Name:     "cooling_tower_approach",
		Title:    "Cooling tower approach above design",
		Classes:  []string{model.ClassCoolingTower},
		Required: []model.Role{model.CWSupplyTemp},
		Optional: towerOptional(),
		Gates:    towerGates(),
		Params: []Param{
			{
				Name: "design_approach_f", Kind: Number, Default: towerApproachDefault, Unit: "degF",
				Min: plantBound(2), Max: plantBound(25),
				Basis:  "CTI / ASHRAE Handbook HVAC Systems and Equipment ch. 40: towers are typically selected for a 7 °F approach at design wet-bulb",
				Advice: "use the tower's selection approach from the submittal (5–10 °F typical)",
			},
			{
				Name: "full_fan_pct", Kind: Number, Default: towerFullFanDefault, Unit: "%",
				Min: plantBound(30), Max: plantBound(100),
				Basis:  "a tower is at capacity only with its fans at (near) full speed; below that the approach is the CW setpoint's choice",
				Advice: "lower it if the fans are limited by a VFD maximum below 90 %",
			},
		},
		Standard: "CTI ATC-105 / ASHRAE Handbook HVAC Systems and Equipment ch. 40",
		Category: "energy",
		Grid:     Hourly,
		Check:    checkCoolingTowerApproach,
	}
}

func checkCoolingTowerApproach(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	unit := sampleNoun(f)
	design := plantF(in.Params, "design_approach_f", towerApproachDefault)
	fullFan := plantF(in.Params, "full_fan_pct", towerFullFanDefault)
	metrics := map[string]any{"median_approach_f": nil, "ratio_to_design": nil, "design_approach_f": design, "wetbulb_source": nil}
	wb, source := plantWetBulb(f)
	if wb == nil {
		return towerNoWetBulb(f, metrics), nil
	}
	metrics["wetbulb_source"] = source
	cws := f.Col(model.CWSupplyTemp)
	judged, basis, caveats := towerRunning(f, cws, wb)
	withFan := f.Has(model.TowerFanSpeed)
	if withFan {
		fan := f.Col(model.TowerFanSpeed)
		scale := plantPercentScale(fan)
		if scale != 1 {
			caveats = append(caveats, "tower_fan_speed read as a 0–1 fraction and scaled to percent")
		}
		for i := range judged {
			judged[i] = judged[i] && fan[i]*scale >= fullFan
		}
		basis = "full-fan " + basis
	} else {
		caveats = append(caveats, "no tower_fan_speed: hours with throttled fans are judged too, so the verdict is capped at warn")
	}
	flagged := make([]bool, f.N)
	app := make([]float64, 0, f.N)
	for i := range judged {
		if judged[i] {
			a := cws[i] - wb[i]
			flagged[i] = a >= 1.3*design
			app = append(app, a)
		}
	}
	nj, nf := len(app), count(flagged)
	metrics["judged_samples"] = nj
	if !enough(f, nj) {
		out := plantTooFew(f, nj, basis, metrics, "approach not judged: too few hours with the tower at capacity")
		if withFan {
			metrics["full_fan_pct"] = fullFan
			out.Summary = fmt.Sprintf("%s: tower capacity not tested: fans at %s%% or more in only %s running %s (needs %s h)",
				f.Equip, plantVal(fullFan), fmtInt(nj), unit, plantVal(minJudgedHours))
		}
		out.Caveats = append(caveats, out.Caveats...)
		return out, nil
	}
	med := robust.Quantile(app, 0.5)
	ratio := med / design
	share := pct(nf, nj)
	sev := gradeAtLeast(ratio, 1.3, 1.7)
	if !withFan {
		sev = capWarn(sev)
	}
	metrics["median_approach_f"] = round(med, 1)
	metrics["ratio_to_design"] = round(ratio, 2)
	metrics["excess_approach_f"] = round(math.Max(0, med-design), 1)
	metrics["high_approach_share_pct"] = round(share, 1)
	metrics["high_approach_samples"] = nf
	metrics["high_ratio"] = 1.3
	return Outcome{
		Severity: sev,
		Summary: fmt.Sprintf("%s: median approach %s °F is %s× design %s °F over %s %s (%s%% of them at 1.3× design or more)",
			f.Equip, plantNum(med, 1), plantNum(ratio, 2), plantVal(design), fmtInt(nj), basis, plantNum(share, 1)),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Evidence:    "approach_vs_wetbulb",
	}, nil
}

// condenserWaterResetRule: CW supply not reset with wet-bulb. Judged on
// running hours (CWR − CWS ≥ 1 °F, else fan > 5 %, else every hour with a
// caveat); the OLS slope of CWS on wet-bulb below reset_slope_flat warns,
// else ok (CAMBER). A wet-bulb standard deviation under 3 °F cannot show a
// reset: info. When not reset, the flagged hours are those whose approach
// sits more than 3 °F above the median approach of the warmest quarter of
// hours — the hours a reset would have lowered CWS in.
func condenserWaterResetRule() Rule {
	return Rule{
		Name:     "condenser_water_reset",
		Title:    "Condenser water not reset with wet-bulb",
		Classes:  []string{model.ClassCoolingTower},
		Required: []model.Role{model.CWSupplyTemp},
		Optional: towerOptional(),
		Gates:    towerGates(),
		Params: []Param{{
			Name: "reset_slope_flat", Kind: Number, Default: cwResetFlatDefault, Unit: "degF/degF",
			Min: plantBound(0), Max: plantBound(1),
			Basis:  "ASHRAE 90.1 §6.5.5 / condenser-water reset practice: a wet-bulb-following CWS setpoint moves close to 1 °F per °F; under 0.3 it is effectively fixed",
			Advice: "lower it where the chillers' minimum condenser temperature clips the reset over much of the year",
		}},
		Standard: "ASHRAE 90.1 (condenser water reset)",
		Category: "energy",
		Grid:     Hourly,
		Check:    checkCondenserWaterReset,
	}
}

func checkCondenserWaterReset(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	flat := plantF(in.Params, "reset_slope_flat", cwResetFlatDefault)
	metrics := map[string]any{"cws_wetbulb_slope": nil, "reset_slope_flat": flat, "wetbulb_source": nil}
	wb, source := plantWetBulb(f)
	if wb == nil {
		return towerNoWetBulb(f, metrics), nil
	}
	metrics["wetbulb_source"] = source
	cws := f.Col(model.CWSupplyTemp)
	judged, basis, caveats := towerRunning(f, cws, wb)
	nj := count(judged)
	metrics["judged_samples"] = nj
	flagged := make([]bool, f.N)
	sd, _ := plantStd(wb, judged)
	ft, ok := olsFit(wb, cws, judged)
	if !ok || !enough(f, nj) || !(sd >= plantMinSDF) {
		metrics["wetbulb_sd_f"] = round(sd, 1)
		metrics["min_sd_f"] = plantMinSDF
		metrics["min_judged_hours"] = minJudgedHours
		return Outcome{
			Severity: Info,
			Summary: fmt.Sprintf("%s: could not judge the CW reset: %s %s with a wet-bulb standard deviation of %s °F (needs %s and %s °F)",
				f.Equip, fmtInt(nj), basis, plantNum(sd, 1), plantNeed(), plantVal(plantMinSDF)),
			Metrics: metrics,
			Caveats: append(caveats, "wet-bulb range too narrow or too few running hours to fit a reset slope"),
		}, nil
	}
	slope := ft.Slope
	metrics["cws_wetbulb_slope"] = round(slope, 2)
	if slope >= flat {
		return Outcome{
			Severity: OK,
			Summary: fmt.Sprintf("%s: CW supply follows wet-bulb (slope %s °F/°F, flat below %s) over %s %s",
				f.Equip, plantNum(slope, 2), plantVal(flat), fmtInt(nj), basis),
			Metrics:     metrics,
			Caveats:     caveats,
			Judged:      judged,
			Flagged:     flagged,
			JudgedBasis: basis,
			Evidence:    "cws_vs_wetbulb",
		}, nil
	}
	// Reference approach: the median over the warmest quarter of wet-bulb
	// hours, where a fixed setpoint and a reset agree best.
	p75 := quantile(wb, judged, 0.75)
	warm := make([]float64, 0, nj/4+1)
	for i := range judged {
		if judged[i] && wb[i] >= p75 {
			warm = append(warm, cws[i]-wb[i])
		}
	}
	ref := robust.Quantile(warm, 0.5)
	for i := range judged {
		flagged[i] = judged[i] && cws[i]-wb[i] > ref+cwMissedResetF
	}
	nf := count(flagged)
	share := pct(nf, nj)
	metrics["missed_reset_share_pct"] = round(share, 1)
	metrics["missed_reset_samples"] = nf
	metrics["reference_approach_f"] = round(ref, 1)
	metrics["missed_reset_margin_f"] = cwMissedResetF
	return Outcome{
		Severity: Warn,
		Summary: fmt.Sprintf("%s: CW supply not reset with wet-bulb (slope %s °F/°F, flat below %s); approach over %s °F above the warm-weather %s °F in %s%% of %s %s",
			f.Equip, plantNum(slope, 2), plantVal(flat), plantVal(cwMissedResetF), plantNum(ref, 1), plantNum(share, 1), fmtInt(nj), basis),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Evidence:    "cws_vs_wetbulb",
	}, nil
}
