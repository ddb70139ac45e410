package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// Economizer rules: outdoor-air fraction, the economizer high limit and
// missed free cooling.

// oaFraction is the outdoor-air fraction in % from the mixing balance,
// 100·(MAT−RAT)/(OAT−RAT), clipped to 0–100; NaN when an input is missing or
// |OAT−RAT| < denomMin (the balance is too sensitive to sensor error there).
func oaFraction(mat, rat, oat, denomMin float64) float64 {
	d := oat - rat
	if math.IsNaN(mat) || math.IsNaN(d) || math.Abs(d) < denomMin {
		return math.NaN()
	}
	return math.Min(math.Max(100*(mat-rat)/d, 0), 100)
}

// oafDenomMinF is the least |OAT − RAT| for the outdoor_air_fraction balance
// (fixed in CAMBER).
const oafDenomMinF = 5.0

// outdoorAirFraction judges an AHU's outdoor-air fraction from the mixing
// balance over running samples (PNNL Re-tuning Ch. 5): excess OA in cooling
// weather (OAT above cooling_cutoff_f with OAF above min_oa_pct + 5) in ≥ 20 %
// of cooling hours warns, ≥ 50 % is a fault; under-ventilation (median OAF
// below min_oa_pct − 5) warns, below half the minimum is a fault; the worse
// wins. OAT gates the check (seed 000): without it there is no balance.
// Running samples are fan-on samples, else occupied hours (CAMBER used every
// hour with a computable fraction; fan-off hours have no mixing to judge).
func outdoorAirFraction() Rule {
	params := []Param{
		pctParam("min_oa_pct", 20, "CAMBER / ASHRAE 62.1 typical design minimum OA fraction", "Set to the design minimum OA fraction (design OA cfm ÷ design supply cfm)."),
		numParam("cooling_cutoff_f", 70.0, "°F", bound(40), bound(110), "CAMBER: cooling weather above 70 °F", "Set near the economizer high limit plus a few degrees."),
		pctParam("margin_pct", 5, "CAMBER: ±5 points around the minimum (fixed there)", "Widen it where MAT is a single-point sensor."),
	}
	return Rule{
		Name:     "outdoor_air_fraction",
		Title:    "Outdoor-air fraction off its minimum",
		Classes:  ahuClasses,
		Required: []model.Role{model.MixedAirTemp, model.ReturnAirTemp},
		Optional: append([]model.Role{model.OAT, model.OADamper}, append(fanRoles, modeRoles...)...),
		Gates:    [][]model.Role{{model.OAT}},
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 5; ASHRAE 62.1",
		Category: "ventilation",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "outdoor_air_fraction"); err != nil {
				return Outcome{}, err
			}
			return checkOAF(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkOAF(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"excess_pct", "excess_samples", "cooling_samples", "median_oaf_pct", "under_pct", "valid_samples"}
	mat, rat, oat := present(f, model.MixedAirTemp), present(f, model.ReturnAirTemp), present(f, model.OAT)
	if mat == nil || rat == nil {
		return declineOutcome(f, "no mixed-air or return-air data", keys)
	}
	if oat == nil {
		return declineOutcome(f, "declined -- needs OAT for the outdoor-air balance", keys, "no OAT: outdoor-air fraction not evaluated")
	}
	minOA, cutoff, margin := p.Float("min_oa_pct"), p.Float("cooling_cutoff_f"), p.Float("margin_pct")
	run, label := runningMask(f)
	oafs := make([]float64, f.N)
	excess := Condition{Name: "excess_oa", Label: "OA fraction above minimum in cooling weather", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	under := Condition{Name: "under_ventilation", Label: "OA fraction below minimum", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	for i := range oafs {
		oafs[i] = math.NaN()
		if !run[i] {
			continue
		}
		x := oaFraction(mat[i], rat[i], oat[i], oafDenomMinF)
		if math.IsNaN(x) {
			continue
		}
		oafs[i] = x
		under.Judged[i] = true
		under.Flagged[i] = x < minOA-margin
		if oat[i] > cutoff {
			excess.Judged[i] = true
			excess.Flagged[i] = x > minOA+margin
		}
	}
	caveats := []string{}
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours")
	}
	nv := count(under.Judged)
	if !enough(f, nv) {
		return tooFew(f, nv, label+" "+sampleNoun(f)+" with a usable mixing balance", keys, caveats...)
	}
	m := nilMetrics(keys...)
	med := median(oafs, nil)
	nu := count(under.Flagged)
	m["median_oaf_pct"], m["under_pct"], m["under_samples"], m["valid_samples"] = r1(med), r1(pct(nu, nv)), nu, nv
	sev := OK
	switch {
	case med < minOA/2:
		sev = Fault
	case med < minOA-margin:
		sev = Warn
	}
	parts := []string{fmt.Sprintf("median OA fraction %.1f%% vs %.0f%% minimum, below %.0f%% in %s",
		med, minOA, minOA-margin, shareText(f, nu, nv, label))}
	conds := []Condition{under}
	nc, ne := count(excess.Judged), count(excess.Flagged)
	if enough(f, nc) {
		share := pct(ne, nc)
		m["excess_pct"], m["excess_samples"], m["cooling_samples"] = r1(share), ne, nc
		sev = worse(sev, gradeAtLeast(share, 20, 50))
		parts = append([]string{fmt.Sprintf("OA fraction above %.0f%% in %s", minOA+margin,
			shareOf(ne, nc, fmt.Sprintf("%s above %.0f °F OAT", basis(f, label), cutoff)))}, parts...)
		conds = append([]Condition{excess}, conds...)
	} else {
		caveats = append(caveats, fmt.Sprintf("excess OA not evaluated: only %s of cooling weather above %.0f °F", fmtHours(hoursOf(f, nc)), cutoff))
	}
	if d := present(f, model.OADamper); d != nil {
		m["median_oa_damper_pct"] = nilIfNaN(r1(median(d, under.Judged)))
	}
	return Outcome{
		Severity:    sev,
		Summary:     f.Equip + ": " + joinParts(parts),
		Metrics:     m,
		Caveats:     caveats,
		Conditions:  conds,
		Judged:      under.Judged,
		Flagged:     or2(under.Flagged, excess.Flagged),
		JudgedBasis: basis(f, label),
		Evidence:    "oa_fraction",
	}
}

// economizerHighLimit flags an AHU bringing in more than minimum outdoor air
// above the economizer high limit (G36 §5.1.7 / Title 24 / 62.1): of running
// samples with OAT above high_limit_f, the share with OA fraction above
// min_oa_pct + oa_margin_pct (mixing balance, |OAT−RAT| ≥ denom_min_f) ≥ 10 %
// warns, ≥ 25 % is a fault. Without MAT and RAT the damper stands in: damper
// above min_damper + 5 points, caveated.
//
// Fixed CAMBER quirks: min_damper is in the damper's own 0–100 % units
// (CAMBER took a 0–1 fraction, 0.25, and divided the 0–100 damper by 100);
// and only running samples (fan on, else occupied) are judged, since a
// closed damper at night says nothing about the high limit.
func economizerHighLimit() Rule {
	params := append([]Param{
		numParam("high_limit_f", 65.0, "°F", bound(40), bound(90), "CAMBER / G36 §5.1.7 fixed dry-bulb high limit (climate zone dependent)", "Use the high limit for the site's climate zone (Title 24 / 90.1 table)."),
		pctParam("min_damper", 25, "CAMBER 0.25 of full scale, here in % like the damper", "Set to the damper's minimum-OA position."),
		pctParam("min_oa_pct", 20, "CAMBER / 62.1 typical minimum OA fraction", "Design minimum OA fraction."),
		pctParam("oa_margin_pct", 5, "CAMBER: 5 points above minimum", "Widen where MAT is stratified."),
		numParam("denom_min_f", 5.0, "°F", bound(1), bound(30), "CAMBER: |OAT−RAT| ≥ 5 °F for a usable balance", "Raise it with noisy temperature sensors."),
	}, gradeParams(10, 25, "CAMBER: ≥10 warn / ≥25 fault")...)
	return Rule{
		Name:     "economizer_high_limit",
		Title:    "Economizer open above its high limit",
		Classes:  []string{model.ClassAHU, model.ClassRTU},
		Required: []model.Role{model.OADamper, model.OAT},
		Optional: append([]model.Role{model.MixedAirTemp, model.ReturnAirTemp}, append(fanRoles, modeRoles...)...),
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.1.7; ASHRAE 62.1; Title 24",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "economizer_high_limit"); err != nil {
				return Outcome{}, err
			}
			return checkHighLimit(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkHighLimit(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"excess_pct", "excess_samples", "above_limit_samples"}
	dmp, oat := present(f, model.OADamper), present(f, model.OAT)
	if dmp == nil || oat == nil {
		return declineOutcome(f, "no OA damper or OAT data", keys)
	}
	mat, rat := present(f, model.MixedAirTemp), present(f, model.ReturnAirTemp)
	useBalance := mat != nil && rat != nil
	limit, minOA, margin := p.Float("high_limit_f"), p.Float("min_oa_pct"), p.Float("oa_margin_pct")
	minDamper, denom := p.Float("min_damper"), p.Float("denom_min_f")
	run, label := runningMask(f)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours")
	}
	if !useBalance {
		caveats = append(caveats, fmt.Sprintf("no mixed/return air temperature: judged the damper above %.0f%% instead of the OA fraction", minDamper+5))
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	for i := range judged {
		if !run[i] || !(oat[i] > limit) {
			continue
		}
		if useBalance {
			x := oaFraction(mat[i], rat[i], oat[i], denom)
			if math.IsNaN(x) {
				continue
			}
			judged[i], flagged[i] = true, x > minOA+margin
		} else if known(dmp[i]) {
			judged[i], flagged[i] = true, dmp[i] > minDamper+5
		}
	}
	nj, nf := count(judged), count(flagged)
	jb := fmt.Sprintf("%s above the %.0f °F high limit", basis(f, label), limit)
	if !enough(f, nj) {
		return declineOutcome(f, fmt.Sprintf("insufficient data -- %s %s (needs %.0f h)", fmtInt(nj), jb, minJudgedHours), keys, caveats...)
	}
	share := pct(nf, nj)
	what := fmt.Sprintf("OA fraction above %.0f%%", minOA+margin)
	if !useBalance {
		what = fmt.Sprintf("OA damper above %.0f%%", minDamper+5)
	}
	return Outcome{
		Severity:    gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary:     fmt.Sprintf("%s: %s in %s", f.Equip, what, shareOf(nf, nj, jb)),
		Metrics:     map[string]any{"excess_pct": r1(share), "excess_samples": nf, "above_limit_samples": nj, "used_damper": !useBalance},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: jb,
		Evidence:    "economizer_oat_damper",
	}
}

// freeCoolingMissed flags an AHU running mechanical cooling when the outdoor
// air alone could cool (economizer practice): of running samples with OAT
// below high_limit_f, the share with the cooling valve above `active` ≥ 10 %
// warns, ≥ 25 % is a fault.
//
// Fixed CAMBER quirks: `active` is in the valve's 0–100 % units, default
// 5 % (CAMBER compared 0.05 against a 0–100 valve, so any opening counted);
// and only running samples (fan on, else occupied) are judged, so the night
// hours with everything off do not dilute the share.
func freeCoolingMissed() Rule {
	params := append([]Param{
		numParam("high_limit_f", 60.0, "°F", bound(30), bound(80), "CAMBER: OAT below 60 °F can cool without the coil", "Set a few degrees below the SAT setpoint plus fan heat."),
		pctParam("active", valveOpenPct, "CAMBER 0.05, here in the valve's % units (5 %)", "Raise it if the valve leaks a few percent of command."),
	}, gradeParams(10, 25, "CAMBER: ≥10 warn / ≥25 fault")...)
	return Rule{
		Name:     "free_cooling_missed",
		Title:    "Mechanical cooling in free-cooling weather",
		Classes:  []string{model.ClassAHU},
		Required: []model.Role{model.CoolValve, model.OAT},
		Optional: append(append([]model.Role{}, fanRoles...), modeRoles...),
		Params:   params,
		Standard: "Economizer practice (ASHRAE 90.1 §6.5.1)",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "free_cooling_missed"); err != nil {
				return Outcome{}, err
			}
			return checkFreeCooling(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkFreeCooling(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"cooling_pct", "cooling_samples", "cool_weather_samples"}
	cv, oat := present(f, model.CoolValve), present(f, model.OAT)
	if cv == nil || oat == nil {
		return declineOutcome(f, "no cooling valve or OAT data", keys)
	}
	limit, active := p.Float("high_limit_f"), p.Float("active")
	run, label := runningMask(f)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours")
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	for i := range judged {
		judged[i] = run[i] && oat[i] < limit && known(cv[i])
		flagged[i] = judged[i] && cv[i] > active
	}
	nj, nf := count(judged), count(flagged)
	jb := fmt.Sprintf("%s below %.0f °F OAT", basis(f, label), limit)
	if !enough(f, nj) {
		return declineOutcome(f, fmt.Sprintf("insufficient data -- %s %s (needs %.0f h)", fmtInt(nj), jb, minJudgedHours), keys, caveats...)
	}
	share := pct(nf, nj)
	return Outcome{
		Severity:    gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary:     fmt.Sprintf("%s: cooling valve open (> %.0f%%) in %s", f.Equip, active, shareOf(nf, nj, jb)),
		Metrics:     map[string]any{"cooling_pct": r1(share), "cooling_samples": nf, "cool_weather_samples": nj},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: jb,
		Evidence:    "cool_valve_vs_oat",
	}
}
