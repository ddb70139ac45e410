package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Supply-side reset rules: supply-air temperature reset and duct static
// pressure reset.

// resetMinT is the |t| a supply-air reset slope needs to count as
// significant (beyond noise), fixed.
const resetMinT = 3.0

// mildOATLimitF is the OAT below which Guideline 36 resets the supply-air
// temperature up (its default reset range is OAT 60–70 °F).
const mildOATLimitF = 70.0

// supplyAirReset flags an AHU that holds its supply air cold in cooling
// hours with no reset (PNNL Re-tuning; G36 §5.16.2). Cooling hours are
// occupied samples with the cooling valve open (> 5 %); without a cooling
// valve, all occupied samples. A reset is a significant slope (|slope| ≥
// reset_slope °F/°F and |t| ≥ 3) of SAT against OAT over the cooling hours,
// or over those in mild weather (OAT < 70 °F): it is ok. Otherwise SAT below
// cold_sat_f in ≥ cold_pct of cooling hours warns; else info.
//
// Fixed CAMBER quirks: CAMBER accepted only SAT rising with OAT (slope >
// 0.10). A Guideline 36 reset raises SAT as OAT falls in mild weather (a
// negative slope), so a significant slope of either sign counts as a reset.
// And a cold SAT in data with no mild-weather cooling hours (OAT never below
// 70 °F) is what G36 does in hot weather, so the rule returns info there
// instead of asserting "no reset".
func supplyAirReset() Rule {
	params := []Param{
		numParam("cold_sat_f", 58.0, "°F", bound(40), bound(70), "CAMBER: SAT below 58 °F is held cold", "Set just above the design minimum SAT setpoint."),
		numParam("reset_slope", 0.10, "°F/°F", &zero, bound(2), "CAMBER: slope 0.10 °F/°F", "The least |SAT vs OAT slope| that counts as a reset."),
		pctParam("cold_pct", 50, "CAMBER: cold in ≥50 % of cooling hours warns", "Lower it to catch partly held resets."),
	}
	return Rule{
		Name:     "supply_air_reset",
		Title:    "Supply-air temperature held cold (no reset)",
		Classes:  ahuClasses,
		Required: []model.Role{model.SupplyAirTemp},
		Optional: append([]model.Role{model.CoolValve, model.OAT}, modeRoles...),
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 5; ASHRAE Guideline 36 §5.16.2",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "supply_air_reset"); err != nil {
				return Outcome{}, err
			}
			return checkSATReset(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkSATReset(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"cold_pct", "cold_samples", "cooling_samples", "slope_f_per_f", "mild_slope_f_per_f", "reset_detected"}
	sat := present(f, model.SupplyAirTemp)
	if sat == nil {
		return declineOutcome(f, "no supply-air temperature data", keys)
	}
	caveats := occCaveat(f)
	judged := occupiedMask(f)
	cv := present(f, model.CoolValve)
	if cv == nil {
		caveats = append(caveats, "no cool_valve: judged all occupied hours as cooling hours")
	}
	coldLine := p.Float("cold_sat_f")
	cold := make([]bool, f.N)
	for i := range judged {
		judged[i] = judged[i] && known(sat[i]) && (cv == nil || isOpen(cv[i]))
		cold[i] = judged[i] && sat[i] < coldLine
	}
	nj, nc := count(judged), count(cold)
	if !enough(f, nj) {
		return tooFew(f, nj, "cooling "+sampleNoun(f), keys, caveats...)
	}
	share := pct(nc, nj)
	m := map[string]any{"cold_pct": r1(share), "cold_samples": nc, "cooling_samples": nj,
		"slope_f_per_f": nil, "mild_slope_f_per_f": nil, "reset_detected": nil}
	out := Outcome{Metrics: m, Caveats: caveats, Judged: judged, Flagged: cold, JudgedBasis: basis(f, "cooling"), Evidence: "sat_vs_oat"}
	coldText := fmt.Sprintf("SAT below %.0f °F in %s", coldLine, shareText(f, nc, nj, "cooling"))

	oat := present(f, model.OAT)
	if oat == nil {
		out.Caveats = append(out.Caveats, "no OAT: reset against outdoor temperature not tested")
		if share >= p.Float("cold_pct") {
			out.Severity, out.Summary = Warn, f.Equip+": SAT held cold -- "+coldText+"; reset not testable without OAT"
		} else {
			out.Severity, out.Summary = Info, f.Equip+": "+coldText+"; reset not testable without OAT"
		}
		return out
	}
	minSlope := p.Float("reset_slope")
	all, okAll := olsFit(oat, sat, judged)
	mild := make([]bool, f.N)
	for i := range mild {
		mild[i] = judged[i] && oat[i] < mildOATLimitF
	}
	mildFit, okMild := olsFit(oat, sat, mild)
	if okAll {
		m["slope_f_per_f"] = r2(all.Slope)
	}
	if okMild {
		m["mild_slope_f_per_f"] = r2(mildFit.Slope)
	}
	isReset := func(fi fit, ok bool) bool {
		return ok && math.Abs(fi.Slope) >= minSlope && math.Abs(fi.T) >= resetMinT
	}
	switch {
	case isReset(all, okAll) || isReset(mildFit, okMild):
		best := all
		if !isReset(all, okAll) || (isReset(mildFit, okMild) && math.Abs(mildFit.Slope) > math.Abs(all.Slope)) {
			best = mildFit
		}
		m["reset_detected"] = true
		out.Severity = OK
		out.Flagged = make([]bool, f.N)
		out.Summary = fmt.Sprintf("%s: SAT reset with OAT (slope %+.2f °F/°F, r² %.2f) over %s %s; %s",
			f.Equip, best.Slope, best.R2, fmtInt(nj), basis(f, "cooling"), coldText)
	case !enough(f, count(mild)):
		out.Severity = Info
		out.Summary = fmt.Sprintf("%s: %s; no mild-weather cooling hours (OAT < %.0f °F) to show a reset", f.Equip, coldText, mildOATLimitF)
		out.Caveats = append(out.Caveats, "a Guideline 36 reset holds SAT at its minimum above 70 °F OAT: the data has too little milder weather to test it")
	case share >= p.Float("cold_pct"):
		m["reset_detected"] = false
		out.Severity = Warn
		slope := "OAT does not vary enough to fit a slope"
		if okAll {
			slope = fmt.Sprintf("slope %+.2f °F/°F vs OAT", all.Slope)
		}
		out.Summary = fmt.Sprintf("%s: SAT held cold with no reset -- %s; %s", f.Equip, coldText, slope)
	default:
		m["reset_detected"] = false
		out.Severity = Info
		out.Summary = fmt.Sprintf("%s: no SAT reset with OAT detected, but SAT not held cold -- %s", f.Equip, coldText)
	}
	return out
}

// staticPressureReset flags an AHU whose duct static pressure setpoint never
// trims (G36 §5.16.1 trim and respond): its spread over fan-on samples
// (98th − 2nd percentile, so one manual change or spike does not count as a
// reset) below min_range_inwc warns. With airflow mapped and barely varying
// (constant volume, spread < 10 % of its high), a fixed setpoint may be right
// and the rule returns info.
func staticPressureReset() Rule {
	params := []Param{
		numParam("min_range_inwc", 0.15, "inWC", &zero, bound(5), "CAMBER: setpoint range < 0.15 inWC is no reset", "Lower it for small systems with a narrow reset band."),
	}
	return Rule{
		Name:     "static_pressure_reset",
		Title:    "Duct static pressure setpoint not reset",
		Classes:  ahuClasses,
		Required: []model.Role{model.DuctStaticSP},
		Optional: append([]model.Role{model.Airflow}, append(fanRoles, modeRoles...)...),
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.16.1 (trim and respond)",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "static_pressure_reset"); err != nil {
				return Outcome{}, err
			}
			return checkStaticReset(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkStaticReset(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"sp_range_inwc", "sp_low_inwc", "sp_high_inwc", "running_samples"}
	sp := present(f, model.DuctStaticSP)
	if sp == nil {
		return declineOutcome(f, "no duct static setpoint data", keys)
	}
	run, label := runningMask(f)
	judged := make([]bool, f.N)
	for i := range judged {
		judged[i] = run[i] && known(sp[i])
	}
	nj := count(judged)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours")
	}
	if !enough(f, nj) {
		return tooFew(f, nj, label+" "+sampleNoun(f), keys, caveats...)
	}
	a := finite(sp, judged)
	lo, hi := robust.Quantile(a, 0.02), robust.Quantile(a, 0.98)
	rng := hi - lo
	m := map[string]any{"sp_range_inwc": r2(rng), "sp_low_inwc": r2(lo), "sp_high_inwc": r2(hi), "running_samples": nj, "airflow_range_frac": nil}
	out := Outcome{Metrics: m, Caveats: caveats, Judged: judged, Flagged: make([]bool, f.N), JudgedBasis: basis(f, label), Evidence: "static_pressure_setpoint"}
	span := fmt.Sprintf("duct static setpoint spans %.2f inWC (%.2f–%.2f) over %s %s", rng, lo, hi, fmtInt(nj), basis(f, label))
	minRange := p.Float("min_range_inwc")
	if rng >= minRange {
		out.Severity, out.Summary = OK, f.Equip+": "+span+": it resets"
		return out
	}
	if af := present(f, model.Airflow); af != nil {
		b := finite(af, judged)
		if len(b) > 0 {
			alo, ahi := robust.Quantile(b, 0.02), robust.Quantile(b, 0.98)
			if ahi > 0 {
				frac := (ahi - alo) / ahi
				m["airflow_range_frac"] = r2(frac)
				if frac < 0.10 {
					out.Severity = Info
					out.Summary = fmt.Sprintf("%s: %s, but airflow varies only %.0f%%: constant volume, a fixed setpoint may be right", f.Equip, span, 100*frac)
					return out
				}
			}
		}
	}
	copy(out.Flagged, judged)
	out.Severity = Warn
	out.Summary = fmt.Sprintf("%s: %s, under %.2f inWC: no trim-and-respond reset", f.Equip, span, minRange)
	return out
}
