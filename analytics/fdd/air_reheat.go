package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Terminal reheat rules: reheat in warm weather, overcooling at minimum flow,
// G36 reheat minimisation.

// reheatPenalty flags a terminal box reheating in warm weather (PNNL
// Re-tuning Ch. 7): the share of occupied samples with the reheat valve open
// (> 5 %) while OAT is above reheat_oat_f; without OAT, while the supply air
// (an AHU's SAT merged onto the box) is below cold_sat_f. ≥ 5 % warns, ≥ 20 %
// is a fault. With space temperature and cooling setpoint mapped it also
// reports the reheat hours spent above the cooling setpoint.
func reheatPenalty() Rule {
	params := append([]Param{
		numParam("reheat_oat_f", 65.0, "°F", bound(40), bound(100), "CAMBER: reheat above 65 °F OAT is a penalty", "Lower it in humid climates only if reheat is not used for dehumidification."),
		numParam("cold_sat_f", 60.0, "°F", bound(40), bound(80), "CAMBER: supply below 60 °F is cold", "Without OAT: set just above the design SAT."),
		pctParam("valve_open_pct", valveOpenPct, "CAMBER: 5 %", "Raise it for valves that never read exactly 0."),
	}, gradeParams(5, 20, "CAMBER: % occupied hours reheating in warm weather ≥5 warn / ≥20 fault")...)
	return Rule{
		Name:     "reheat_penalty",
		Title:    "Reheat in warm weather",
		Classes:  terminalClasses,
		Required: []model.Role{model.HeatValve},
		Optional: []model.Role{model.OAT, model.SpaceTemp, model.SupplyAirTemp, model.HeatSP, model.CoolSP, model.Airflow,
			model.AirflowSP, model.Damper, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 7",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "reheat_penalty"); err != nil {
				return Outcome{}, err
			}
			return checkReheatPenalty(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkReheatPenalty(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"reheat_pct", "reheat_samples", "occupied_samples"}
	hv := present(f, model.HeatValve)
	if hv == nil {
		return declineOutcome(f, "no reheat valve data", keys)
	}
	oat, sat := present(f, model.OAT), present(f, model.SupplyAirTemp)
	if oat == nil && sat == nil {
		return declineOutcome(f, "declined -- needs OAT or a supply-air temperature to tell warm-weather reheat", keys,
			"no oat or supply_air_temp: warm-weather reheat not evaluated")
	}
	thr := p.Float("valve_open_pct")
	warmOAT, coldSAT := p.Float("reheat_oat_f"), p.Float("cold_sat_f")
	caveats := occCaveat(f)
	cond := fmt.Sprintf("OAT above %.0f °F", warmOAT)
	if oat == nil {
		cond = fmt.Sprintf("supply air below %.0f °F", coldSAT)
		caveats = append(caveats, "no OAT: judged reheat with cold supply air instead of warm weather")
	}
	judged := occupiedMask(f)
	flagged := make([]bool, f.N)
	for i := range judged {
		if oat != nil {
			judged[i] = judged[i] && known(hv[i]) && known(oat[i])
			flagged[i] = judged[i] && hv[i] > thr && oat[i] > warmOAT
		} else {
			judged[i] = judged[i] && known(hv[i]) && known(sat[i])
			flagged[i] = judged[i] && hv[i] > thr && sat[i] < coldSAT
		}
	}
	nj, nf := count(judged), count(flagged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	share := pct(nf, nj)
	m := map[string]any{"reheat_pct": r1(share), "reheat_samples": nf, "occupied_samples": nj, "reheat_above_cool_sp_samples": nil}
	if st, csp := present(f, model.SpaceTemp), present(f, model.CoolSP); st != nil && csp != nil {
		n := 0
		for i, fl := range flagged {
			if fl && st[i] > csp[i] {
				n++
			}
		}
		m["reheat_above_cool_sp_samples"] = n
	}
	return Outcome{
		Severity:    gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary:     fmt.Sprintf("%s: reheating with %s in %s", f.Equip, cond, shareText(f, nf, nj, "occupied")),
		Metrics:     m,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "occupied"),
		Evidence:    "reheat_vs_oat",
	}
}

// overcoolingMinFlow flags a terminal box whose minimum airflow overcools its
// zone (PNNL Re-tuning Ch. 7): at minimum flow (airflow within flow_margin ×
// its setpoint, and the damper at or below damper_min_pct when mapped) the
// zone sits below its heating setpoint by more than overcool_tol_f — with the
// reheat valve open when one is mapped (the reheat fights the minimum flow).
// The share of occupied samples ≥ 5 % warns, ≥ 15 % is a fault. Without a
// damper the minimum-flow test has no confirmation: fault is capped at warn.
// CAMBER does not say which temperature is "overcooled"; we take the heating
// setpoint minus 1 °F, or, without heat_sp, the cooling setpoint minus
// band_f (5 °F, the G36 default occupied band) minus 1 °F — so a healthy box
// holding its heating setpoint with reheat in winter is not flagged.
func overcoolingMinFlow() Rule {
	params := append([]Param{
		numParam("flow_margin", 1.15, "×", bound(1), bound(3), "CAMBER: flow within +15 % of setpoint is at minimum", "Widen for boxes with noisy flow stations."),
		pctParam("damper_min_pct", 30, "CAMBER: damper at or below 30 % is at minimum", "Set to the damper position at design minimum flow."),
		numParam("overcool_tol_f", 1.0, "°F", &zero, bound(10), "practice: 1 °F below the heating setpoint", "Raise it for zones with slow sensors."),
		numParam("band_f", 5.0, "°F", &zero, bound(15), "G36 default occupied band 70–75 °F", "The site's cooling−heating setpoint band, used without heat_sp."),
	}, gradeParams(5, 15, "CAMBER: ≥5 warn / ≥15 fault")...)
	return Rule{
		Name:     "overcooling_min_flow",
		Title:    "Zone overcooled at minimum airflow",
		Classes:  terminalClasses,
		Required: []model.Role{model.SpaceTemp, model.CoolSP},
		Optional: []model.Role{model.Airflow, model.AirflowSP, model.Damper, model.HeatValve, model.HeatSP, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 7",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "overcooling_min_flow"); err != nil {
				return Outcome{}, err
			}
			return checkOvercoolMin(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkOvercoolMin(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"overcool_pct", "overcool_samples", "occupied_samples"}
	st, csp := present(f, model.SpaceTemp), present(f, model.CoolSP)
	if st == nil || csp == nil {
		return declineOutcome(f, "no space temperature or cooling setpoint data", keys)
	}
	af, afsp, dmp := present(f, model.Airflow), present(f, model.AirflowSP), present(f, model.Damper)
	hasFlow := af != nil && afsp != nil
	if !hasFlow && dmp == nil {
		return declineOutcome(f, "declined -- needs airflow and airflow_sp, or a damper, to tell minimum flow", keys,
			"no airflow/airflow_sp or damper: minimum flow unknown, overcooling not evaluated")
	}
	hv, hsp := present(f, model.HeatValve), present(f, model.HeatSP)
	margin, dmin := p.Float("flow_margin"), p.Float("damper_min_pct")
	tol, band := p.Float("overcool_tol_f"), p.Float("band_f")
	caveats := occCaveat(f)
	if dmp == nil {
		caveats = append(caveats, "no damper: minimum flow from airflow alone, fault capped at warn")
	}
	if hsp == nil {
		caveats = append(caveats, fmt.Sprintf("no heat_sp: overcooled means %.0f °F below the cooling setpoint", band+tol))
	}
	judged := occupiedMask(f)
	flagged := make([]bool, f.N)
	for i := range judged {
		if !judged[i] || !known(st[i]) || !known(csp[i]) {
			judged[i] = false
			continue
		}
		atMin, ok := true, false
		if hasFlow && known(af[i]) && known(afsp[i]) {
			atMin, ok = af[i] <= margin*afsp[i], true
		}
		if dmp != nil && known(dmp[i]) {
			atMin, ok = atMin && dmp[i] <= dmin, true
		}
		line := csp[i] - band - tol
		if hsp != nil {
			if !known(hsp[i]) {
				judged[i] = false
				continue
			}
			line = hsp[i] - tol
		}
		if hv != nil && !known(hv[i]) {
			ok = false
		}
		judged[i] = ok
		flagged[i] = ok && atMin && st[i] < line && (hv == nil || isOpen(hv[i]))
	}
	nj, nf := count(judged), count(flagged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	share := pct(nf, nj)
	sev := gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct"))
	if dmp == nil {
		sev = capWarn(sev)
	}
	what := "overcooled at minimum flow"
	if hv != nil {
		what = "overcooled at minimum flow with reheat on"
	} else {
		caveats = append(caveats, "no heat_valve: judged overcooling at minimum flow without reheat")
	}
	return Outcome{
		Severity:    sev,
		Summary:     fmt.Sprintf("%s: %s in %s", f.Equip, what, shareText(f, nf, nj, "occupied")),
		Metrics:     map[string]any{"overcool_pct": r1(share), "overcool_samples": nf, "occupied_samples": nj, "with_reheat": hv != nil},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "occupied"),
		Evidence:    "zone_temp_vs_flow",
	}
}

// reheatMinimizationG36 flags a terminal box that reheats at more airflow
// than it needs (G36 §5.6.5): of occupied samples with the reheat valve above
// valve_thr, the share with airflow above flow_margin × its setpoint ≥ 15 %
// warns, ≥ 40 % is a fault. (The root-cause chain's name for this rule is
// the framework's concern.)
func reheatMinimizationG36() Rule {
	params := append([]Param{
		pctParam("valve_thr", 5, "CAMBER: reheat valve above 5 % is reheating", "Raise it for valves that never read exactly 0."),
		numParam("flow_margin", 1.2, "×", bound(1), bound(3), "CAMBER: airflow above 1.2 × setpoint", "Widen for boxes with noisy flow stations."),
	}, gradeParams(15, 40, "CAMBER: % reheat hours ≥15 warn / ≥40 fault")...)
	return Rule{
		Name:     "reheat_minimization_g36",
		Title:    "Reheating at more than minimum airflow",
		Classes:  terminalClasses,
		Required: []model.Role{model.HeatValve, model.Airflow, model.AirflowSP},
		Optional: modeRoles,
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.6.5",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "reheat_minimization_g36"); err != nil {
				return Outcome{}, err
			}
			return checkReheatMin(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkReheatMin(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"high_flow_pct", "high_flow_samples", "reheat_samples"}
	hv, af, sp := present(f, model.HeatValve), present(f, model.Airflow), present(f, model.AirflowSP)
	if hv == nil || af == nil || sp == nil {
		return declineOutcome(f, "no reheat valve, airflow or airflow setpoint data", keys)
	}
	thr, margin := p.Float("valve_thr"), p.Float("flow_margin")
	judged := occupiedMask(f)
	flagged := make([]bool, f.N)
	for i := range judged {
		judged[i] = judged[i] && hv[i] > thr && known(af[i]) && sp[i] > 0
		flagged[i] = judged[i] && af[i] > margin*sp[i]
	}
	nj, nf := count(judged), count(flagged)
	caveats := occCaveat(f)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied reheat "+sampleNoun(f), keys, caveats...)
	}
	share := pct(nf, nj)
	medRatio := math.NaN()
	if nf > 0 {
		ratio := make([]float64, 0, nf)
		for i, fl := range flagged {
			if fl {
				ratio = append(ratio, af[i]/sp[i])
			}
		}
		medRatio = robust.Quantile(ratio, 0.5)
	}
	return Outcome{
		Severity: gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary: fmt.Sprintf("%s: airflow above %.2g× setpoint in %s", f.Equip, margin,
			shareText(f, nf, nj, "reheat")),
		Metrics:     map[string]any{"high_flow_pct": r1(share), "high_flow_samples": nf, "reheat_samples": nj, "median_flow_ratio_flagged": nilIfNaN(r2(medRatio))},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "reheat"),
		Evidence:    "airflow_vs_setpoint",
	}
}
