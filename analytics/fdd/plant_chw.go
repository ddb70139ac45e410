package fdd

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Chilled-water plant reset (chw_pump_dp_reset is with the pump rules).

const (
	chwRunLo     = 38.0 // °F: the plant counts as running while CHWST is within 38–58 °F
	chwRunHi     = 58.0
	chwLowDT     = 8.0  // °F: loop ΔT below this is "low ΔT"
	chwFlatSlope = 0.05 // °F/°F: |CHWST vs OAT| slope below this = no reset
	// chwMildOAT is the OAT (°F) below which a CHWST reset would raise the
	// supply temperature; the no-reset condition flags running hours below it.
	chwMildOAT = 70.0
	// plantMinSDF is the least standard deviation (°F) of OAT or wet-bulb
	// over the judged hours for a reset slope to mean anything (about an
	// 8 °F p10–p90 spread for a normal spread of weather).
	plantMinSDF = 3.0
)

// chwPlantResetRule: no CHW supply-temperature reset, and low loop ΔT.
// Running hours are those with CHWST within 38–58 °F (fixed, as CAMBER).
// Two named conditions: low_delta_t (CHWR − CHWST < 8 °F; needs
// chw_return_temp) and no_reset (|slope of CHWST vs OAT| < 0.05 °F/°F over
// running hours; needs oat; the setpoint trend is used instead of the
// sensor when mapped, since the reset acts on the setpoint). Verdict as
// CAMBER: low-ΔT share ≥ 20 % warns (a flat CHWST also warns), ≥ 50 %
// faults. A check whose input is missing is reported as nil with a caveat;
// with neither it returns info. When the reset is flat, the no_reset
// condition flags the running hours with OAT below 70 °F — the mild hours a
// reset would have raised CHWST in.
func chwPlantResetRule() Rule {
	return Rule{
		Name:     "chw_plant_reset",
		Title:    "No CHW supply reset / low loop ΔT",
		Classes:  []string{model.ClassChilledWaterPlant},
		Required: []model.Role{model.CHWSupplyTemp},
		Optional: []model.Role{model.CHWReturnTemp, model.CHWSupplyTempSP, model.OAT},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check:    checkCHWPlantReset,
	}
}

func checkCHWPlantReset(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	unit := sampleNoun(f)
	chws := f.Col(model.CHWSupplyTemp)
	running := make([]bool, f.N)
	for i, v := range chws {
		running[i] = v >= chwRunLo && v <= chwRunHi
	}
	nRun := count(running)
	metrics := map[string]any{
		"running_samples":  nRun,
		"low_dt_f":         chwLowDT,
		"flat_slope":       chwFlatSlope,
		"low_dt_share_pct": nil,
		"median_dt_f":      nil,
		"chwst_oat_slope":  nil,
		"chwst_reset":      nil,
	}
	basis := "running " + unit
	if !enough(f, nRun) {
		return plantTooFew(f, nRun, basis, metrics, "too few running hours (CHWST 38–58 °F) to judge the plant"), nil
	}
	var caveats, parts []string
	var conds []Condition
	sev := OK
	judgedAny := false
	union := make([]bool, f.N)

	if f.Has(model.CHWReturnTemp) {
		chwr := f.Col(model.CHWReturnTemp)
		j := make([]bool, f.N)
		fl := make([]bool, f.N)
		dts := make([]float64, 0, nRun)
		for i := range j {
			if running[i] && plantFiniteAt(chwr, i) {
				j[i] = true
				d := chwr[i] - chws[i]
				fl[i] = d < chwLowDT
				union[i] = union[i] || fl[i]
				dts = append(dts, d)
			}
		}
		nj, nf := count(j), count(fl)
		conds = append(conds, Condition{Name: "low_delta_t", Label: fmt.Sprintf("CHW loop ΔT below %s °F", plantVal(chwLowDT)), Judged: j, Flagged: fl})
		if enough(f, nj) {
			judgedAny = true
			share := pct(nf, nj)
			med := robust.Quantile(dts, 0.5)
			metrics["low_dt_share_pct"] = round(share, 1)
			metrics["low_dt_samples"] = nf
			metrics["median_dt_f"] = round(med, 1)
			sev = gradeAtLeast(share, 20, 50)
			parts = append(parts, fmt.Sprintf("loop ΔT below %s °F in %s%% of running %s (%s of %s; median %s °F)",
				plantVal(chwLowDT), plantNum(share, 1), unit, fmtInt(nf), fmtInt(nj), plantNum(med, 1)))
		} else {
			caveats = append(caveats, "too few running hours with CHWR to judge the loop ΔT")
		}
	} else {
		caveats = append(caveats, "no chw_return_temp: loop ΔT not checked")
	}

	if f.Has(model.OAT) {
		oat := f.Col(model.OAT)
		y, yName := chws, "CHWST"
		if f.Has(model.CHWSupplyTempSP) {
			y, yName = f.Col(model.CHWSupplyTempSP), "CHWST setpoint"
		}
		j := make([]bool, f.N)
		for i := range j {
			j[i] = running[i] && plantFiniteAt(oat, i) && plantFiniteAt(y, i)
		}
		sd, _ := plantStd(oat, j)
		ft, ok := olsFit(oat, y, j)
		fl := make([]bool, f.N)
		conds = append(conds, Condition{Name: "no_reset", Label: "CHWST not reset with OAT (running hours below 70 °F OAT)", Judged: j, Flagged: fl})
		if ok && enough(f, ft.N) && sd >= plantMinSDF {
			judgedAny = true
			slope := ft.Slope
			metrics["chwst_oat_slope"] = round(slope, 2)
			flat := math.Abs(slope) < chwFlatSlope
			metrics["chwst_reset"] = !flat
			if flat {
				sev = worse(sev, Warn)
				for i := range fl {
					fl[i] = j[i] && oat[i] < chwMildOAT
					union[i] = union[i] || fl[i]
				}
				parts = append(parts, fmt.Sprintf("%s not reset with OAT (slope %s °F/°F, flat below %s)", yName, plantNum(slope, 2), plantVal(chwFlatSlope)))
			} else {
				parts = append(parts, fmt.Sprintf("%s reset with OAT (slope %s °F/°F)", yName, plantNum(slope, 2)))
			}
		} else {
			caveats = append(caveats, fmt.Sprintf("OAT over running hours too steady (standard deviation %s °F, needs %s) to check the CHWST reset", plantNum(sd, 1), plantVal(plantMinSDF)))
		}
	} else {
		caveats = append(caveats, "no oat: CHWST reset not checked")
	}

	if !judgedAny {
		return Outcome{
			Severity: Info,
			Summary:  fmt.Sprintf("%s: could not judge the CHW plant: neither loop ΔT nor CHWST reset could be checked", f.Equip),
			Metrics:  metrics,
			Caveats:  caveats,
		}, nil
	}
	return Outcome{
		Severity:    sev,
		Summary:     f.Equip + ": " + strings.Join(parts, "; "),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      running,
		Flagged:     union,
		JudgedBasis: basis,
		Conditions:  conds,
		Evidence:    "chwst_vs_oat",
	}, nil
}
