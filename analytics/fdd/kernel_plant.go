package fdd

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/series"
)

// Plant-side kernel helpers: the pieces the plant, packaged/DX and fleet
// rules share that kernel.go does not provide. All are single passes over a
// frame's columns and allocate per call, never per sample.

// plantPercentScale returns the factor that puts a percent column on the
// 0–100 scale: 100 when every finite value lies in 0..1.5 (a 0–1 fraction
// trace), else 1. The grid rescales most percent roles already; hw_pump_speed
// and tower_fan_speed are not in CAMBER's rescaled set (nor is outdoor_rh),
// so the rules that read them call this and say so in a caveat. A column with
// no finite value gives 1.
func plantPercentScale(col []float64) float64 {
	lo, hi, n := math.Inf(1), math.Inf(-1), 0
	for _, v := range col {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		n++
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if n == 0 || lo < 0 || hi > 1.5 {
		return 1
	}
	return 100
}

// plantNeed states the least judged data a share-based rule needs, for
// "insufficient data" summaries.
func plantNeed() string { return fmt.Sprintf("%s h", plantVal(minJudgedHours)) }

// plantNum formats x with dp decimals and thousands separators in the
// integer part ("1,204.5").
func plantNum(x float64, dp int) string {
	s := strconv.FormatFloat(round(x, dp), 'f', dp, 64)
	neg := strings.HasPrefix(s, "-")
	intPart, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	n, err := strconv.Atoi(intPart)
	if err != nil {
		return s
	}
	out := fmtInt(n)
	if neg {
		out = "-" + out
	}
	if dp > 0 {
		out += "." + frac
	}
	return out
}

// plantVal formats a parameter value with at most two decimals and no
// trailing zeros ("65", "0.85", "20.5").
func plantVal(x float64) string {
	return strconv.FormatFloat(round(x, 2), 'f', -1, 64)
}

// plantBound returns a pointer to x, for Param.Min and Param.Max.
func plantBound(x float64) *float64 { return &x }

// plantF returns the named number parameter, or def when the runner passed
// no value for it (a rule run outside the runner, as in tests).
func plantF(v Values, name string, def float64) float64 {
	if v.IsSet(name) {
		return v.Float(name)
	}
	return def
}

// plantI returns the named integer parameter, or def when unset.
func plantI(v Values, name string, def int) int {
	if v.IsSet(name) {
		return v.Int(name)
	}
	return def
}

// plantS returns the named choice parameter, or def when unset.
func plantS(v Values, name string, def string) string {
	if v.IsSet(name) {
		return v.String(name)
	}
	return def
}

// plantFiniteAt reports whether col has a finite value at i (false for a
// nil column).
func plantFiniteAt(col []float64, i int) bool {
	if col == nil {
		return false
	}
	v := col[i]
	return !math.IsNaN(v) && !math.IsInf(v, 0)
}

// plantStd is the population standard deviation of col's finite values
// under mask, and their count.
func plantStd(col []float64, mask []bool) (float64, int) {
	var sum float64
	n := 0
	for i, v := range col {
		if mask[i] && !math.IsNaN(v) && !math.IsInf(v, 0) {
			sum += v
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	mean := sum / float64(n)
	var ss float64
	for i, v := range col {
		if mask[i] && !math.IsNaN(v) && !math.IsInf(v, 0) {
			ss += (v - mean) * (v - mean)
		}
	}
	return math.Sqrt(ss / float64(n)), n
}

// plantTooFew is the info outcome of a rule with too little judged data:
// the summary states the judged count (n samples of basis) and the minimum,
// and metrics holds the caller's (untested ones nil) plus those two
// numbers. It carries no sample masks: a share of what was too little to
// judge would read as a verdict.
func plantTooFew(f *series.Frame, n int, basis string, metrics map[string]any, caveat string) Outcome {
	metrics["judged_samples"] = n
	metrics["min_judged_hours"] = minJudgedHours
	return Outcome{
		Severity: Info,
		Summary:  fmt.Sprintf("%s: insufficient data: %s %s (needs %s h)", f.Equip, fmtInt(n), basis, plantVal(minJudgedHours)),
		Metrics:  metrics,
		Caveats:  []string{caveat},
	}
}
