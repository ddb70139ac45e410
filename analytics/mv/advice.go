package mv

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"
)

// Trigger and proposal thresholds.
const (
	// ErodingShare is the tail of the reporting period compared with the
	// rest for eroding savings, and ErodingRatio the share of the earlier
	// savings rate below which the tail's rate counts as eroded.
	ErodingShare = 0.25
	ErodingRatio = 0.5
	// MaxFSU is Guideline 14's ceiling on the fractional savings
	// uncertainty (50 %; its reference level is 68 %, so judging at a
	// higher level is conservative).
	MaxFSU = 0.5
	// MaxOutside is the share of reporting periods outside the baseline
	// temperature range above which the projection is an extrapolation.
	MaxOutside = 0.10
	// HighRho is the lag-1 residual autocorrelation above which the
	// n′ adjustment is proposed.
	HighRho = 0.5
	// ScheduleT is the weekday-versus-weekend residual t statistic above
	// which daily residuals show an occupancy schedule.
	ScheduleT = 3.0
	// MaxNonRoutineShare is the largest share of baseline periods flagged
	// as non-routine that are excluded (or proposed for exclusion); more
	// flags mean the model misses a pattern, not that events happened.
	MaxNonRoutineShare = 0.10
)

// cusum is the running avoided energy over the reporting periods; hourly
// periods are summed per day so the curve stays readable.
func cusum(repo []Period, pred []float64, iv Interval) []CUSUMPoint {
	out := []CUSUMPoint{}
	cum := 0.0
	var cur *CUSUMPoint
	curDay := int64(math.MinInt64)
	for i, p := range repo {
		if math.IsNaN(pred[i]) {
			continue
		}
		sv := pred[i]*p.Scale - p.Energy
		cum += sv
		end := p.Start + int64(p.Hours*float64(time.Hour))
		if iv == Hourly {
			day := time.Unix(0, p.Start).UTC().Truncate(24 * time.Hour).UnixNano()
			if cur != nil && day == curDay {
				cur.Savings += sv
				cur.Cumulative, cur.End = cum, stamp(end)
				continue
			}
			curDay = day
		}
		out = append(out, CUSUMPoint{End: stamp(end), Savings: sv, Cumulative: cum})
		cur = &out[len(out)-1]
	}
	return out
}

// advise fills the report's steps, triggers, proposals and caveats.
func advise(rep *Report, pr Project, fits map[Kind]*Fit, requested []Kind, base []Period, bResid []float64, repo []Period, rPred []float64) {
	iv, f, s := rep.Interval, rep.Model, &rep.Savings
	sigma := f.Stats.RMSE
	if st, ok := DetectStep(finiteOnly(bResid), minSegment(iv), sigma); ok {
		st.Where, st.At = "baseline", stamp(base[st.index].Start)
		rep.Steps = append(rep.Steps, st)
		rep.Triggers = append(rep.Triggers, Advice{Code: "baseline_step",
			Message: fmt.Sprintf("baseline residuals shift by %.4g %s per period at %s (t = %.1f): a non-routine change inside the baseline", st.Shift, rep.Units, st.At, st.T),
			Values:  map[string]any{"at": st.At, "shift": st.Shift, "t": st.T}})
		rep.Proposals = append(rep.Proposals, Advice{Code: "shorten_baseline",
			Message: fmt.Sprintf("start the baseline at %s, after the step, or model the change", st.At),
			Values:  map[string]any{"start": st.At}})
	}
	// Reporting residuals: actual − projected per nominal period, so a step
	// is a change of slope in the CUSUM of savings.
	var rr, rpred []float64
	var rp []Period
	for i, p := range repo {
		if !math.IsNaN(rPred[i]) {
			rr = append(rr, p.Y-rPred[i])
			rpred = append(rpred, rPred[i])
			rp = append(rp, p)
		}
	}
	if st, ok := DetectStep(unexplained(rr, rpred), minSegment(iv), sigma); ok {
		st.Where, st.At = "reporting", stamp(rp[st.index].Start)
		rep.Steps = append(rep.Steps, st)
		rep.Triggers = append(rep.Triggers, Advice{Code: "cusum_slope_change",
			Message: fmt.Sprintf("savings per period change by %.4g %s at %s (t = %.1f): check for a non-routine event", -st.Shift, rep.Units, st.At, st.T),
			Values:  map[string]any{"at": st.At, "savings_change": -st.Shift, "t": st.T}})
	}
	if k := int(math.Round(float64(len(rr)) * ErodingShare)); k >= minSegment(iv)/2 && k >= 2 && len(rr)-k >= 2 {
		early, late := -mean(rr[:len(rr)-k]), -mean(rr[len(rr)-k:])
		if early > 0 && late < ErodingRatio*early && early-late > 2*sigma/math.Sqrt(float64(k)) {
			rep.Triggers = append(rep.Triggers, Advice{Code: "savings_eroding",
				Message: fmt.Sprintf("savings in the last %d periods average %.4g %s per period against %.4g before", k, late, rep.Units, early),
				Values:  map[string]any{"late_rate": late, "early_rate": early, "late_periods": k}})
		}
	}
	if s.Avoided < 0 {
		rep.Triggers = append(rep.Triggers, Advice{Code: "negative_savings",
			Message: fmt.Sprintf("the reporting period used %.4g %s more than the baseline projects", -s.Avoided, rep.Units),
			Values:  map[string]any{"avoided": s.Avoided}})
	}
	if math.Abs(s.Avoided) <= s.AbsUncertainty {
		rep.Triggers = append(rep.Triggers, Advice{Code: "savings_within_uncertainty",
			Message: fmt.Sprintf("the avoided energy %.4g %s is inside its ±%.4g band at %d %%: not distinguishable from zero", s.Avoided, rep.Units, s.AbsUncertainty, s.Confidence),
			Values:  map[string]any{"avoided": s.Avoided, "abs_uncertainty": s.AbsUncertainty, "confidence": s.Confidence}})
	} else if s.FSU != nil && *s.FSU > MaxFSU {
		rep.Triggers = append(rep.Triggers, Advice{Code: "fsu_above_limit",
			Message: fmt.Sprintf("the fractional savings uncertainty %.3f at %d %% exceeds Guideline 14's %.2f", *s.FSU, s.Confidence, MaxFSU),
			Values:  map[string]any{"fsu": *s.FSU, "limit": MaxFSU}})
	}
	if s.OutsideBaselineTemps > MaxOutside {
		rep.Triggers = append(rep.Triggers, Advice{Code: "temperature_extrapolation",
			Message: fmt.Sprintf("%.0f%% of reporting periods lie outside the baseline's %.1f–%.1f °F: the projection extrapolates", 100*s.OutsideBaselineTemps, f.TempRange[0], f.TempRange[1]),
			Values:  map[string]any{"share": s.OutsideBaselineTemps, "baseline_min_f": f.TempRange[0], "baseline_max_f": f.TempRange[1]}})
		rep.Proposals = append(rep.Proposals, Advice{Code: "extend_baseline",
			Message: "extend the baseline to cover the reporting period's weather (a full year spans every season)"})
	}
	propose(rep, pr, fits, requested, base, bResid)
	if s.Unpredicted > 0 {
		rep.Caveats = append(rep.Caveats, fmt.Sprintf("%d reporting periods fall in hours of the week the baseline never saw; they are left out of both sums", s.Unpredicted))
	}
	if n := rep.Baseline.Periods - rep.Baseline.Kept; n > 0 {
		rep.Caveats = append(rep.Caveats, "baseline: "+dropped(rep.Baseline))
	}
	if n := rep.Reporting.Periods - rep.Reporting.Kept; n > 0 {
		rep.Caveats = append(rep.Caveats, "reporting: "+dropped(rep.Reporting))
	}
	if days := float64(pr.Baseline.End-pr.Baseline.Start) / float64(24*time.Hour); days < 365 {
		rep.Caveats = append(rep.Caveats, fmt.Sprintf("the baseline covers %.0f days, less than a year of weather", days))
	}
}

// propose adds the method proposals.
func propose(rep *Report, pr Project, fits map[Kind]*Fit, requested []Kind, base []Period, bResid []float64) {
	iv, f := rep.Interval, rep.Model
	if !rep.Acceptance.Pass {
		a := Advice{Values: map[string]any{"failing": rep.Acceptance.Failing}}
		switch iv {
		case Hourly:
			a.Code, a.Message = "try_daily", "the baseline fails Guideline 14 at hourly ("+joinFailing(rep.Acceptance)+"): try the daily interval"
		case Daily:
			if t := weekdayEffect(base, bResid); t > ScheduleT {
				a.Code, a.Message = "try_hourly_towt", fmt.Sprintf("the baseline fails Guideline 14 at daily (%s) and weekday residuals differ from weekend ones (t = %.1f): try hourly with TOWT", joinFailing(rep.Acceptance), t)
			} else {
				a.Code, a.Message = "try_monthly", "the baseline fails Guideline 14 at daily ("+joinFailing(rep.Acceptance)+"): try the monthly interval"
			}
		default:
			a.Code, a.Message = "add_variables", "the baseline fails Guideline 14 at monthly ("+joinFailing(rep.Acceptance)+"): extend the baseline or add an independent variable"
		}
		rep.Proposals = append(rep.Proposals, a)
	} else if iv == Daily {
		if t := weekdayEffect(base, bResid); t > ScheduleT {
			rep.Proposals = append(rep.Proposals, Advice{Code: "try_hourly_towt",
				Message: fmt.Sprintf("daily residuals differ between weekdays and weekends (t = %.1f): an hourly TOWT baseline models the schedule", t),
				Values:  map[string]any{"t": t}})
		}
	}
	for _, k := range Kinds() {
		o := fits[k]
		if o == nil || o == f || slices.Contains(requested, k) || !(o.BIC < f.BIC) {
			continue
		}
		rep.Proposals = append(rep.Proposals, Advice{Code: "model_better_by_bic",
			Message: fmt.Sprintf("%s is better by BIC than the chosen %s (%.1f against %.1f): add it to the models", k, f.Kind, o.BIC, f.BIC),
			Values:  map[string]any{"model": string(k), "bic": o.BIC, "chosen_bic": f.BIC}})
	}
	// Flagged periods are non-routine only when they are few and no
	// schedule explains them (a daily model flags weekends otherwise).
	few := float64(rep.NonRoutine.Flagged) <= MaxNonRoutineShare*float64(len(base))
	if !pr.ExcludeNonRoutine && rep.NonRoutine.Flagged > 0 && few && !(iv == Daily && weekdayEffect(base, bResid) > ScheduleT) {
		rep.Proposals = append(rep.Proposals, Advice{Code: "exclude_non_routine",
			Message: fmt.Sprintf("%d baseline periods have a robust residual z above %.1f: turn on non-routine exclusion", rep.NonRoutine.Flagged, NonRoutineZ),
			Values:  map[string]any{"flagged": rep.NonRoutine.Flagged}})
	}
	if !pr.Autocorrelation && rep.Savings.Rho > HighRho {
		rep.Proposals = append(rep.Proposals, Advice{Code: "adjust_autocorrelation",
			Message: fmt.Sprintf("baseline residuals are autocorrelated (ρ = %.2f): the uncertainty with n′ = n(1−ρ)/(1+ρ) is wider", rep.Savings.Rho),
			Values:  map[string]any{"rho": rep.Savings.Rho, "n_prime": EffectiveN(rep.Savings.N, rep.Savings.Rho)}})
	}
}

func joinFailing(a Acceptance) string { return strings.Join(a.Failing, ", ") }

// weekdayEffect is the two-sample t statistic of daily residuals on
// weekdays against weekends (0 when either group has fewer than 3 days).
func weekdayEffect(ps []Period, resid []float64) float64 {
	var wd, we []float64
	for i, p := range ps {
		if math.IsNaN(resid[i]) {
			continue
		}
		switch time.Unix(0, p.Start).UTC().Weekday() {
		case time.Saturday, time.Sunday:
			we = append(we, resid[i])
		default:
			wd = append(wd, resid[i])
		}
	}
	if len(wd) < 3 || len(we) < 3 {
		return 0
	}
	ma, mb := mean(wd), mean(we)
	var ss float64
	for _, r := range wd {
		ss += (r - ma) * (r - ma)
	}
	for _, r := range we {
		ss += (r - mb) * (r - mb)
	}
	na, nb := float64(len(wd)), float64(len(we))
	v := ss / (na + nb - 2)
	if v <= 0 {
		return 0
	}
	return math.Abs(ma-mb) / math.Sqrt(v*(1/na+1/nb))
}

func mean(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// unexplained removes from reporting residuals the part proportional to
// the projection (r = a + b·ŷ by OLS), so savings that scale with the load
// — a 10 % cut is bigger on a hot day — do not read as a step when the
// season turns; a change in time that the load does not explain remains.
func unexplained(resid, pred []float64) []float64 {
	if len(resid) < 3 {
		return resid
	}
	a, b := stat.LinearRegression(pred, resid, nil, false)
	m := mean(resid)
	out := make([]float64, len(resid))
	for i, r := range resid {
		out[i] = r - (a + b*pred[i]) + m
	}
	return out
}
