package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Ventilation rules driven by CO2: the CO2 ventilation proxy and demand-
// controlled ventilation verification. ventilation_rate_62_1 is in
// air_vrp.go.

// defaultOutdoorCO2 is the outdoor CO2 assumed without an outdoor_co2 point.
const defaultOutdoorCO2 = 420.0

// co2Ventilation uses zone CO2 above outdoor as a ventilation proxy (ASHRAE
// 62.1): over occupied samples, CO2 more than high_delta_ppm above outdoor
// is under-ventilation (≥ 5 % warns, ≥ 20 % is a fault); within
// low_delta_ppm of outdoor in ≥ 60 % of occupied samples is
// over-ventilation (warn). Outdoor CO2 is 420 ppm when no point is mapped.
func co2Ventilation() Rule {
	params := []Param{
		numParam("high_delta_ppm", 700.0, "ppm", &zero, bound(3000), "CAMBER / 62.1 proxy: indoor − outdoor > 700 ppm", "Lower it for spaces designed to tighter CO2 (e.g. 500 ppm above outdoor)."),
		numParam("low_delta_ppm", 150.0, "ppm", &zero, bound(1000), "CAMBER: within 150 ppm of outdoor is over-ventilated", "Raise it for sparsely occupied spaces."),
		numParam("outdoor_co2_ppm", defaultOutdoorCO2, "ppm", bound(300), bound(1000), "CAMBER: 420 ppm outdoor when not measured", "Set to the local outdoor level (urban sites run higher)."),
		pctParam("under_warn_pct", 5, "CAMBER: ≥5 % warns", "Share of occupied samples under-ventilated that warns."),
		pctParam("under_fault_pct", 20, "CAMBER: ≥20 % is a fault", "Share that is a fault."),
		pctParam("over_warn_pct", 60, "CAMBER: ≥60 % warns", "Share of occupied samples over-ventilated that warns."),
	}
	return Rule{
		Name:     "co2_ventilation",
		Title:    "Under- or over-ventilation (CO2 proxy)",
		Classes:  []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV, model.ClassFCU, model.ClassAHU},
		Required: []model.Role{model.CO2},
		Optional: []model.Role{model.OutdoorCO2, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "ASHRAE 62.1 (CO2 proxy)",
		Category: "ventilation",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "co2_ventilation"); err != nil {
				return Outcome{}, err
			}
			return checkCO2(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkCO2(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"under_pct", "over_pct", "occupied_samples"}
	co2 := present(f, model.CO2)
	if co2 == nil {
		return declineOutcome(f, "no CO2 data", keys)
	}
	out := present(f, model.OutdoorCO2)
	defOut := p.Float("outdoor_co2_ppm")
	caveats := occCaveat(f)
	if out == nil {
		caveats = append(caveats, fmt.Sprintf("no outdoor_co2: outdoor CO2 taken as %.0f ppm", defOut))
	}
	hi, lo := p.Float("high_delta_ppm"), p.Float("low_delta_ppm")
	judged := occupiedMask(f)
	under := Condition{Name: "under_ventilation", Label: "CO2 far above outdoor", Judged: judged, Flagged: make([]bool, f.N)}
	over := Condition{Name: "over_ventilation", Label: "CO2 near outdoor", Judged: judged, Flagged: make([]bool, f.N)}
	for i := range judged {
		judged[i] = judged[i] && known(co2[i])
		if !judged[i] {
			continue
		}
		o := defOut
		if out != nil && known(out[i]) {
			o = out[i]
		}
		under.Flagged[i] = co2[i] > o+hi
		over.Flagged[i] = co2[i] < o+lo
	}
	nj := count(judged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	nu, no := count(under.Flagged), count(over.Flagged)
	pu, po := pct(nu, nj), pct(no, nj)
	sev := gradeAtLeast(pu, p.Float("under_warn_pct"), p.Float("under_fault_pct"))
	if po >= p.Float("over_warn_pct") {
		sev = worse(sev, Warn)
	}
	return Outcome{
		Severity: sev,
		Summary: fmt.Sprintf("%s: CO2 more than %.0f ppm above outdoor in %s; within %.0f ppm of outdoor in %s",
			f.Equip, hi, shareText(f, nu, nj, "occupied"), lo, fmtPct(po)),
		Metrics: map[string]any{"under_pct": r1(pu), "under_samples": nu, "over_pct": r1(po), "over_samples": no,
			"occupied_samples": nj, "median_co2_ppm": r1(median(co2, judged))},
		Caveats:     caveats,
		Conditions:  []Condition{under, over},
		Judged:      judged,
		Flagged:     or2(under.Flagged, over.Flagged),
		JudgedBasis: basis(f, "occupied"),
		Evidence:    "co2",
	}
}

// dcvFlatCO2ppm is the least CO2 spread (98th − 2nd percentile) that shows
// demand varying; below it DCV cannot be tested.
const dcvFlatCO2ppm = 100.0

// dcvVerification checks that outdoor air follows demand (ASHRAE 62.1 DCV /
// G36): the OA signal (oa_airflow, else oa_damper — it gates the check, seed
// 000) must modulate (spread (p98 − p2) / p98 ≥ min_modulation) and correlate
// with CO2 (Pearson r ≥ min_corr), else warn. With co2_setpoint configured,
// CO2 above it while the OA sits at its minimum (within 10 % of its high above
// its low) in ≥ setpoint_fault_pct of judged samples is a fault. Flagged
// samples are high-CO2 samples (above the setpoint, else the CO2 75th
// percentile) with OA at its minimum. Flat CO2 (spread < 100 ppm) gives no
// demand to test: info.
func dcvVerification() Rule {
	params := []Param{
		numParam("min_corr", 0.3, "r", bound(-1), bound(1), "CAMBER: r < 0.3 is uncorrelated", "Lower it where OA responds to occupancy sensors more than CO2."),
		numParam("min_modulation", 0.1, "fraction", &zero, bound(1), "CAMBER: range/max < 0.1 is static", "The least relative OA spread that counts as modulating."),
		numParam("co2_setpoint", nil, "ppm", bound(400), bound(5000), "CAMBER: none (the setpoint test is off)", "Set the DCV CO2 setpoint (often 1,000–1,100 ppm) to test OA response at high CO2."),
		{Name: "occupied_only", Kind: Bool, Default: true, Basis: "CAMBER: judge occupied hours", Advice: "Turn off for spaces occupied around the clock."},
		pctParam("setpoint_fault_pct", 10, "CAMBER: ≥10 % of hours above setpoint at minimum OA", "Share of judged samples that is a fault."),
	}
	return Rule{
		Name:     "dcv_verification",
		Title:    "Demand-controlled ventilation not responding",
		Classes:  []string{model.ClassAHU, model.ClassDOAS, model.ClassVAV, model.ClassCAV, model.ClassFCAV},
		Required: []model.Role{model.CO2},
		Optional: []model.Role{model.OAAirflow, model.OADamper, model.Occupancy, model.Warmup, model.Cooldown},
		Gates:    [][]model.Role{{model.OAAirflow, model.OADamper}},
		Params:   params,
		Standard: "ASHRAE 62.1 §6.2.7 (DCV); ASHRAE Guideline 36",
		Category: "ventilation",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "dcv_verification"); err != nil {
				return Outcome{}, err
			}
			return checkDCV(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkDCV(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"correlation", "modulation", "high_co2_at_min_pct", "judged_samples"}
	co2 := present(f, model.CO2)
	if co2 == nil {
		return declineOutcome(f, "no CO2 data", keys)
	}
	oaRole := model.OAAirflow
	oa := present(f, oaRole)
	if oa == nil {
		oaRole, oa = model.OADamper, present(f, model.OADamper)
	}
	if oa == nil {
		return declineOutcome(f, "declined -- needs an OA signal (oa_airflow or oa_damper) and a demand signal", keys,
			"no oa_airflow or oa_damper: DCV not evaluated")
	}
	var judged []bool
	label := "occupied"
	var caveats []string
	if p.Bool("occupied_only") {
		judged = occupiedMask(f)
		caveats = occCaveat(f)
	} else {
		judged, label = make([]bool, f.N), "logged"
		for i := range judged {
			judged[i] = true
		}
	}
	for i := range judged {
		judged[i] = judged[i] && known(co2[i]) && known(oa[i])
	}
	nj := count(judged)
	if !enough(f, nj) {
		return tooFew(f, nj, label+" "+sampleNoun(f), keys, caveats...)
	}
	oaVals := finite(oa, judged)
	oaLo, oaHi := robust.Quantile(oaVals, 0.02), robust.Quantile(oaVals, 0.98)
	co2Vals := finite(co2, judged)
	coLo, coHi, co75 := robust.Quantile(co2Vals, 0.02), robust.Quantile(co2Vals, 0.98), robust.Quantile(co2Vals, 0.75)
	modulation := 0.0
	if oaHi > 0 {
		modulation = (oaHi - oaLo) / oaHi
	}
	r, _ := correlation(co2, oa, judged)
	sp, hasSP := optFloat(p, "co2_setpoint")
	line := co75
	if hasSP {
		line = sp
	}
	atMin := oaLo + 0.1*math.Max(oaHi, 0)
	flagged := make([]bool, f.N)
	for i, j := range judged {
		flagged[i] = j && co2[i] > line && oa[i] <= atMin
	}
	nf := count(flagged)
	share := pct(nf, nj)
	m := map[string]any{"correlation": nilIfNaN(r2(r)), "modulation": round(modulation, 3), "high_co2_at_min_pct": r1(share),
		"high_co2_at_min_samples": nf, "judged_samples": nj, "oa_signal": string(oaRole), "co2_line_ppm": r1(line)}
	out := Outcome{Metrics: m, Caveats: caveats, Judged: judged, Flagged: flagged, JudgedBasis: basis(f, label), Evidence: "co2_vs_oa"}
	lineText := fmt.Sprintf("the CO2 75th percentile %.0f ppm", line)
	if hasSP {
		lineText = fmt.Sprintf("the %.0f ppm setpoint", line)
	}
	atMinText := fmt.Sprintf("OA at minimum with CO2 above %s in %s", lineText, shareText(f, nf, nj, label))
	if coHi-coLo < dcvFlatCO2ppm {
		m["correlation"] = nil
		out.Severity = Info
		out.Summary = fmt.Sprintf("%s: CO2 barely varies (%.0f–%.0f ppm over %s %s): no demand to test DCV against",
			f.Equip, coLo, coHi, fmtInt(nj), basis(f, label))
		out.Caveats = append(out.Caveats, "flat CO2: DCV response not evaluated")
		out.Flagged = make([]bool, f.N)
		return out
	}
	static := modulation < p.Float("min_modulation")
	uncorrelated := math.IsNaN(r) || r < p.Float("min_corr")
	rText := "r n/a"
	if !math.IsNaN(r) {
		rText = fmt.Sprintf("r %.2f", r)
	}
	switch {
	case hasSP && share >= p.Float("setpoint_fault_pct"):
		out.Severity = Fault
		out.Summary = fmt.Sprintf("%s: %s (%s %s, modulation %.2f)", f.Equip, atMinText, oaRole, rText, modulation)
	case static || uncorrelated:
		out.Severity = Warn
		why := fmt.Sprintf("%s does not follow CO2 (%s, min %.2f)", oaRole, rText, p.Float("min_corr"))
		if static {
			why = fmt.Sprintf("%s is static (modulation %.3f < %.3f; %s)", oaRole, modulation, p.Float("min_modulation"), rText)
		}
		out.Summary = fmt.Sprintf("%s: %s; %s", f.Equip, why, atMinText)
	default:
		out.Severity = OK
		out.Summary = fmt.Sprintf("%s: %s follows CO2 (%s, modulation %.2f); %s", f.Equip, oaRole, rText, modulation, atMinText)
	}
	if !hasSP {
		out.Caveats = append(out.Caveats, "no co2_setpoint configured: the setpoint response test is off")
	}
	return out
}
