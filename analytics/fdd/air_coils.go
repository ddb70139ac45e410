package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// Coil rules: simultaneous heating and cooling, leaking valves.

// simultaneousHeatCool flags an AHU whose heating and cooling coils are both
// open (> 5 %) in occupied hours (PNNL Re-tuning Ch. 5). The share is of
// occupied samples where both valves report; ≥ 1 % warns, ≥ 5 % is a fault.
// CAMBER's fixed valve threshold and grades are parameters here with the same
// defaults.
func simultaneousHeatCool() Rule {
	params := append([]Param{
		pctParam("valve_open_pct", valveOpenPct, "CAMBER: a valve command above 5 % is open",
			"Raise it if a valve reports a few percent while its actuator is shut."),
	}, gradeParams(1, 5, "CAMBER: % of occupied intervals with both coils open, ≥1 warn / ≥5 fault")...)
	return Rule{
		Name:     "simultaneous_heat_cool",
		Title:    "Simultaneous heating and cooling",
		Classes:  ahuClasses,
		Required: []model.Role{model.HeatValve, model.CoolValve},
		Optional: []model.Role{model.OAT, model.ReturnAirTemp, model.OADamper, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 5",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "simultaneous_heat_cool"); err != nil {
				return Outcome{}, err
			}
			return checkSimultaneous(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkSimultaneous(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"both_open_pct", "both_open_samples", "occupied_samples"}
	hv, cv := present(f, model.HeatValve), present(f, model.CoolValve)
	if hv == nil || cv == nil {
		return declineOutcome(f, "no heating or cooling valve data", keys)
	}
	thr := p.Float("valve_open_pct")
	judged := occupiedMask(f)
	flagged := make([]bool, f.N)
	for i := range judged {
		judged[i] = judged[i] && known(hv[i]) && known(cv[i])
		flagged[i] = judged[i] && hv[i] > thr && cv[i] > thr
	}
	nj, nf := count(judged), count(flagged)
	caveats := occCaveat(f)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	share := pct(nf, nj)
	m := map[string]any{"both_open_pct": r1(share), "both_open_samples": nf, "occupied_samples": nj,
		"median_oat_both_open_f": nil}
	if oat := present(f, model.OAT); oat != nil && nf > 0 {
		m["median_oat_both_open_f"] = nilIfNaN(r1(median(oat, flagged)))
	}
	return Outcome{
		Severity:    gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary:     fmt.Sprintf("%s: both coils open in %s", f.Equip, shareText(f, nf, nj, "occupied")),
		Metrics:     m,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "occupied"),
		Evidence:    "valve_overlap",
	}
}

// leakingValve flags an AHU coil that changes the air temperature while its
// valve is shut (PNNL Re-tuning Ch. 5/7): with the cooling valve closed
// (≤ 5 %) the supply air should be the mixed air plus about 1 °F of fan heat;
// more than 3 °F colder is a chilled-water leak, more than 3 °F warmer with
// both valves closed a hot-water leak. The worst leak share ≥ 10 % warns,
// ≥ 30 % is a fault.
//
// Fixed CAMBER quirk: CAMBER judged all hours, so night hours with the fan
// off (no airflow, SAT meaningless) diluted a real leak below the threshold.
// We judge only the samples when the coil could act: the supply fan runs, or,
// without a fan signal, occupied hours.
func leakingValve() Rule {
	params := append([]Param{
		pctParam("closed_pct", valveOpenPct, "CAMBER: a valve at or below 5 % is shut", "Raise it for valves that never report exactly 0."),
		numParam("fan_heat_f", 1.0, "°F", &zero, bound(10), "CAMBER: 1 °F supply fan heat", "Set to the measured SAT−MAT rise with both coils off (draw-through fans add 1–3 °F)."),
		numParam("leak_delta_f", 3.0, "°F", &zero, bound(20), "CAMBER: more than 3 °F across a shut coil", "Raise it when MAT is a single-point sensor with stratification."),
	}, gradeParams(10, 30, "CAMBER: worst leak share ≥10 warn / ≥30 fault")...)
	return Rule{
		Name:     "leaking_valve",
		Title:    "Leaking heating or cooling valve",
		Classes:  ahuClasses,
		Required: []model.Role{model.CoolValve, model.MixedAirTemp, model.SupplyAirTemp},
		Optional: append([]model.Role{model.HeatValve}, append(fanRoles, modeRoles...)...),
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 5/7",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "leaking_valve"); err != nil {
				return Outcome{}, err
			}
			return checkLeak(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkLeak(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"chw_leak_pct", "hw_leak_pct"}
	cv, mat, sat := present(f, model.CoolValve), present(f, model.MixedAirTemp), present(f, model.SupplyAirTemp)
	if cv == nil || mat == nil || sat == nil {
		return declineOutcome(f, "no cooling valve, mixed-air or supply-air data", keys)
	}
	hv := present(f, model.HeatValve)
	shut, fanHeat, delta := p.Float("closed_pct"), p.Float("fan_heat_f"), p.Float("leak_delta_f")
	run, label := runningMask(f)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours as the hours the coils could act")
	}
	chw := Condition{Name: "chw_leak", Label: "SAT below MAT with the cooling valve shut", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	hw := Condition{Name: "hw_leak", Label: "SAT above MAT with both valves shut", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	for i := range run {
		if !run[i] || !known(mat[i]) || !known(sat[i]) || !(cv[i] <= shut) {
			continue
		}
		heatShut := hv == nil || hv[i] <= shut
		if !heatShut {
			continue // heating masks a chilled-water leak and is no hot-water leak test
		}
		expect := mat[i] + fanHeat
		chw.Judged[i] = true
		chw.Flagged[i] = expect-sat[i] > delta
		if hv != nil {
			hw.Judged[i] = true
			hw.Flagged[i] = sat[i]-expect > delta
		}
	}
	conds := []Condition{chw}
	if hv != nil {
		conds = append(conds, hw)
	} else {
		caveats = append(caveats, "no heat_valve: hot-water leak not evaluated")
	}
	warn, fault := p.Float("warn_pct"), p.Float("fault_pct")
	jb := basis(f, label) + " with the cooling valve shut"
	if hv != nil {
		jb = basis(f, label) + " with both valves shut"
	}
	m := nilMetrics("chw_leak_pct", "chw_leak_samples", "chw_judged_samples", "hw_leak_pct", "hw_leak_samples", "hw_judged_samples")
	sev := OK
	judgedAny := false
	var parts []string
	for _, c := range conds {
		nj, nf := count(c.Judged), count(c.Flagged)
		prefix := c.Name[:len(c.Name)-len("_leak")]
		name := map[string]string{"chw": "chilled-water", "hw": "hot-water"}[prefix]
		if !enough(f, nj) {
			caveats = append(caveats, fmt.Sprintf("%s leak not evaluated: only %s with the valve shut", name, fmtHours(hoursOf(f, nj))))
			continue
		}
		judgedAny = true
		share := pct(nf, nj)
		m[prefix+"_leak_pct"], m[prefix+"_leak_samples"], m[prefix+"_judged_samples"] = r1(share), nf, nj
		sev = worse(sev, gradeAtLeast(share, warn, fault))
		parts = append(parts, fmt.Sprintf("%s leak in %s", name, shareOf(nf, nj, jb)))
	}
	if !judgedAny {
		return Outcome{Severity: Info, Summary: f.Equip + ": insufficient data -- too few " + label + " hours with the valves shut",
			Metrics: m, Caveats: caveats}
	}
	out := Outcome{
		Severity:    sev,
		Summary:     f.Equip + ": " + joinParts(parts),
		Metrics:     m,
		Caveats:     caveats,
		Conditions:  conds,
		Judged:      chw.Judged,
		Flagged:     or2(chw.Flagged, hw.Flagged),
		JudgedBasis: jb,
		Evidence:    "coil_delta_t",
	}
	if len(conds) == 1 {
		out.Conditions = nil
	}
	return out
}

// joinParts joins clauses with "; ".
func joinParts(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += "; "
		}
		s += p
	}
	return s
}

// supplyAirControl flags an AHU whose supply-air temperature does not track
// its setpoint (G36 §5.16): the share of fan-on samples with |SAT − SP| above
// tol_F, ≥ 10 % warns, ≥ 25 % is a fault. Without a fan signal the rule
// cannot tell running hours and returns info with its metrics unset.
func supplyAirControl() Rule {
	params := append([]Param{
		numParam("tol_F", 2.0, "°F", &zero, bound(20), "CAMBER / G36 §5.16.14 εSAT 2 °F", "Widen for units with coarse staging (DX) or a slow loop."),
	}, gradeParams(10, 25, "CAMBER: % running hours off setpoint ≥10 warn / ≥25 fault")...)
	return Rule{
		Name:     "supply_air_control",
		Title:    "Supply-air temperature not tracking setpoint",
		Classes:  []string{model.ClassAHU, model.ClassRTU, model.ClassDOAS},
		Required: []model.Role{model.SupplyAirTemp, model.SupplyAirTempSP},
		Optional: fanRoles,
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.16",
		Category: "comfort",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "supply_air_control"); err != nil {
				return Outcome{}, err
			}
			return checkSATControl(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkSATControl(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"off_sp_pct", "off_sp_samples", "fan_on_samples", "median_abs_error_f"}
	sat, sp := present(f, model.SupplyAirTemp), present(f, model.SupplyAirTempSP)
	if sat == nil || sp == nil {
		return declineOutcome(f, "no supply-air temperature or setpoint data", keys)
	}
	fan, _ := fanOnMask(f)
	if fan == nil {
		return declineOutcome(f, "declined -- needs a supply fan signal to judge running hours", keys,
			"no supply_fan_status or supply_fan_speed: running hours unknown, SAT control not evaluated")
	}
	tol := p.Float("tol_F")
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	errs := make([]float64, f.N)
	for i := range judged {
		errs[i] = math.NaN()
		if fan[i] && known(sat[i]) && known(sp[i]) {
			judged[i] = true
			e := math.Abs(sat[i] - sp[i])
			errs[i] = e
			flagged[i] = e > tol
		}
	}
	nj, nf := count(judged), count(flagged)
	if !enough(f, nj) {
		return tooFew(f, nj, "fan-on "+sampleNoun(f), keys)
	}
	share := pct(nf, nj)
	medErr := median(errs, nil)
	return Outcome{
		Severity: gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary: fmt.Sprintf("%s: SAT more than %.1f °F off setpoint in %s; median error %.1f °F",
			f.Equip, tol, shareText(f, nf, nj, "fan-on"), medErr),
		Metrics:     map[string]any{"off_sp_pct": r1(share), "off_sp_samples": nf, "fan_on_samples": nj, "median_abs_error_f": r1(medErr), "tol_f": tol},
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "fan-on"),
		Evidence:    "sat_vs_setpoint",
	}
}
