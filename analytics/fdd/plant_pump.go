package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// Pump differential-pressure reset rules: hw_pump_dp_reset and
// chw_pump_dp_reset. Both judge the hours a variable-speed pump runs (speed
// > 5 %) and name two failure modes as conditions: riding the curve near full
// speed (≥ 90 %: the DP setpoint is too high or never reset) and pinned near
// minimum (≤ 25 %: oversized pump or a DP setpoint too low to matter).
// Fixed thresholds, as CAMBER: warn when near full ≥ 30 % or near minimum ≥
// 50 % of running hours, fault when near full ≥ 60 %.

const (
	pumpRunPct  = 5.0
	pumpFullPct = 90.0
	pumpMinPct  = 25.0
	// dpSPFlatStd is the DP-setpoint standard deviation (psi) under which
	// chw_pump_dp_reset reports the setpoint as never reset.
	dpSPFlatStd = 0.5
)

// hwPumpDPResetRule judges the HW pump speed. hw_pump_speed is not among
// the percent roles the grid rescales, so a trace whose finite values all lie
// in 0..1.5 is read as a 0–1 fraction (×100) and the finding says so.
func hwPumpDPResetRule() Rule {
	return Rule{
		Name:     "hw_pump_dp_reset",
		Title:    "HW pump riding the curve / no DP reset",
		Classes:  []string{model.ClassHotWaterPlant},
		Required: []model.Role{model.HWPumpSpeed},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := ctx.Err(); err != nil {
				return Outcome{}, err
			}
			return pumpOutcome(in, model.HWPumpSpeed, "HW pump", nil), nil
		},
	}
}

// chwPumpDPResetRule judges the CHW pump speed like [hwPumpDPResetRule]
// and, when the DP setpoint is trended, also reports a flat setpoint
// (standard deviation < 0.5 psi over the running hours) as "no DP reset":
// that alone warns, since a fixed DP setpoint is the missing reset CAMBER
// names. Without the setpoint the reset is not checked (caveat, metric nil).
func chwPumpDPResetRule() Rule {
	return Rule{
		Name:     "chw_pump_dp_reset",
		Title:    "CHW pump riding the curve / no DP reset",
		Classes:  []string{model.ClassChilledWaterPlant},
		Required: []model.Role{model.CHWPumpSpeed},
		Optional: []model.Role{model.CHWDiffPressSP},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := ctx.Err(); err != nil {
				return Outcome{}, err
			}
			sp := in.Frame.Col(model.CHWDiffPressSP)
			if !in.Frame.Has(model.CHWDiffPressSP) {
				sp = nil
			}
			return pumpOutcome(in, model.CHWPumpSpeed, "CHW pump", sp), nil
		},
	}
}

// pumpOutcome is the shared pump verdict. sp is the DP setpoint column or
// nil when the rule does not check the reset (HW) or it is not trended.
func pumpOutcome(in *Input, role model.Role, name string, sp []float64) Outcome {
	f := in.Frame
	speed := f.Col(role)
	scale := plantPercentScale(speed)
	unit := sampleNoun(f)
	judged := make([]bool, f.N)
	full := make([]bool, f.N)
	low := make([]bool, f.N)
	for i, v := range speed {
		if math.IsNaN(v) {
			continue
		}
		p := v * scale
		if p > pumpRunPct {
			judged[i] = true
			full[i] = p >= pumpFullPct
			low[i] = p <= pumpMinPct
		}
	}
	var caveats []string
	if scale != 1 {
		caveats = append(caveats, fmt.Sprintf("%s read as a 0–1 fraction and scaled to percent", role))
	}
	if role == model.CHWPumpSpeed && sp == nil {
		caveats = append(caveats, "no chw_diff_press_sp: DP setpoint reset not checked")
	}
	nj, nFull, nLow := count(judged), count(full), count(low)
	basis := "pump-running " + unit
	conds := []Condition{
		{Name: "near_full", Label: fmt.Sprintf("%s at or above %s%% speed", name, plantVal(pumpFullPct)), Judged: judged, Flagged: full},
		{Name: "near_min", Label: fmt.Sprintf("%s at or below %s%% speed", name, plantVal(pumpMinPct)), Judged: judged, Flagged: low},
	}
	union := make([]bool, f.N)
	for i := range union {
		union[i] = full[i] || low[i]
	}
	if !enough(f, nj) {
		out := plantTooFew(f, nj, basis, map[string]any{"near_full_share_pct": nil, "near_min_share_pct": nil, "dp_sp_std_psi": nil},
			fmt.Sprintf("too few hours with the pump above %s%% speed to judge the speed profile", plantVal(pumpRunPct)))
		out.Caveats = append(caveats, out.Caveats...)
		return out
	}
	fullShare, lowShare := pct(nFull, nj), pct(nLow, nj)
	sev := OK
	switch {
	case fullShare >= 60:
		sev = Fault
	case fullShare >= 30 || lowShare >= 50:
		sev = Warn
	}
	summary := fmt.Sprintf("%s: %s near full speed (≥%s%%) in %s%% of running %s and near minimum (≤%s%%) in %s%% (of %s)",
		f.Equip, name, plantVal(pumpFullPct), plantNum(fullShare, 1), unit, plantVal(pumpMinPct), plantNum(lowShare, 1), fmtInt(nj))
	metrics := map[string]any{
		"near_full_share_pct": round(fullShare, 1),
		"near_min_share_pct":  round(lowShare, 1),
		"near_full_samples":   nFull,
		"near_min_samples":    nLow,
		"running_samples":     nj,
		"full_speed_pct":      pumpFullPct,
		"min_speed_pct":       pumpMinPct,
	}
	if role == model.CHWPumpSpeed {
		metrics["dp_sp_std_psi"] = nil
		metrics["dp_reset"] = nil
	}
	if sp != nil {
		std, n := plantStd(sp, judged)
		if enough(f, n) {
			metrics["dp_sp_std_psi"] = round(std, 2)
			metrics["dp_reset"] = std >= dpSPFlatStd
			if std < dpSPFlatStd {
				sev = worse(sev, Warn)
				summary += fmt.Sprintf("; DP setpoint flat (std %s psi, no reset)", plantNum(std, 2))
			}
		} else {
			caveats = append(caveats, "too few running hours with a DP setpoint to check its reset")
		}
	}
	return Outcome{
		Severity:    sev,
		Summary:     summary,
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     union,
		JudgedBasis: basis,
		Conditions:  conds,
		Evidence:    "pump_speed_histogram",
	}
}
