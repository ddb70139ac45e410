package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Helpers private to the air-side rules: parameter tables, declines, share
// sentences.

// Canonical class lists the air-side rules are written for.
var (
	ahuClasses      = []string{model.ClassAHU}
	terminalClasses = []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV}
	zoneClasses     = []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV, model.ClassFCU}
	fanRoles        = []model.Role{model.SupplyFanStatus, model.SupplyFanSpeed}
	modeRoles       = []model.Role{model.Occupancy, model.Warmup, model.Cooldown}
)

// Common parameter ranges.
var (
	zero    = 0.0
	hundred = 100.0
)

// pctParam is a 0–100 % parameter.
func pctParam(name string, def float64, basis, advice string) Param {
	return Param{Name: name, Kind: Number, Default: def, Unit: "%", Min: &zero, Max: &hundred, Basis: basis, Advice: advice}
}

// numParam is a number parameter with an optional range.
func numParam(name string, def any, unit string, lo, hi *float64, basis, advice string) Param {
	return Param{Name: name, Kind: Number, Default: def, Unit: unit, Min: lo, Max: hi, Basis: basis, Advice: advice}
}

// bound returns a pointer for a Param range.
func bound(v float64) *float64 { return &v }

// gradeParams is the usual warn/fault pair on a share of judged samples.
func gradeParams(warn, fault float64, basis string) []Param {
	return []Param{
		pctParam("warn_pct", warn, basis, "Share of judged samples that makes the finding a warning; raise it on sites that accept more deviation."),
		pctParam("fault_pct", fault, basis, "Share of judged samples that makes the finding a fault."),
	}
}

// withDefaults returns the parameter values with each declared parameter's
// default filled in where v lacks it, so a kernel reads the same values
// whether the runner resolved them or a test called it directly.
func withDefaults(v Values, ps []Param) Values {
	out := make(Values, len(ps)+len(v))
	for _, p := range ps {
		if p.Default != nil {
			out[p.Name] = p.Default
		}
	}
	for k, x := range v {
		if x != nil {
			out[k] = x
		}
	}
	return out
}

// optFloat returns a parameter that may be unset (no default) and whether it
// is set to a finite number.
func optFloat(v Values, name string) (float64, bool) {
	if !v.IsSet(name) {
		return 0, false
	}
	x := v.Float(name)
	return x, !math.IsNaN(x) && !math.IsInf(x, 0)
}

// nilMetrics returns metrics with every key set to nil ("not evaluated").
func nilMetrics(keys ...string) map[string]any {
	m := make(map[string]any, len(keys))
	for _, k := range keys {
		m[k] = nil
	}
	return m
}

// declineOutcome is an info outcome that judged nothing: the summary says
// why, the untested metrics are nil, and the caveats explain.
func declineOutcome(f *series.Frame, why string, keys []string, caveats ...string) Outcome {
	if len(caveats) == 0 {
		caveats = []string{"not evaluated: " + why}
	}
	return Outcome{
		Severity: Info,
		Summary:  f.Equip + ": " + why,
		Metrics:  nilMetrics(keys...),
		Caveats:  caveats,
	}
}

// tooFew declines for too little judged data.
func tooFew(f *series.Frame, n int, what string, keys []string, caveats ...string) Outcome {
	why := fmt.Sprintf("insufficient data -- %s %s over %s (needs %.0f h)",
		fmtInt(n), what, fmtHours(hoursOf(f, n)), minJudgedHours)
	caveats = append(caveats, fmt.Sprintf("not evaluated: only %s of %s", fmtHours(hoursOf(f, n)), what))
	return declineOutcome(f, why, keys, caveats...)
}

// fmtHours formats a duration in hours: "3.5 h", "1,760 h".
func fmtHours(h float64) string {
	if h < 10 {
		return fmt.Sprintf("%.1f h", h)
	}
	return fmtInt(int(math.Round(h))) + " h"
}

// shareText is "23.4% of occupied hours (412 of 1,760)".
func shareText(f *series.Frame, flagged, judged int, label string) string {
	return shareOf(flagged, judged, basis(f, label))
}

// shareOf is "23.4% of <judgedBasis> (412 of 1,760)".
func shareOf(flagged, judged int, judgedBasis string) string {
	return fmt.Sprintf("%s of %s (%s of %s)", fmtPct(pct(flagged, judged)), judgedBasis, fmtInt(flagged), fmtInt(judged))
}

// occCaveat notes when occupancy comes from the default schedule alone.
func occCaveat(f *series.Frame) []string {
	if present(f, model.Occupancy) == nil {
		return []string{"no occupancy point: occupied hours are the default schedule, Mon-Fri 07:00-18:00"}
	}
	return nil
}

// or2 returns a new mask a || b; a nil side counts as all false.
func or2(a, b []bool) []bool {
	n := max(len(a), len(b))
	out := make([]bool, n)
	for i := range out {
		out[i] = (a != nil && a[i]) || (b != nil && b[i])
	}
	return out
}

// checkInput returns ctx's error, or an error for an input without a usable
// frame (a caller's bug, never the data's), wrapped with the rule name.
func checkInput(ctx context.Context, in *Input, rule string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", rule, err)
	}
	if in == nil || in.Frame == nil {
		return fmt.Errorf("%s: no frame", rule)
	}
	if in.Frame.Step <= 0 || in.Frame.N < 0 {
		return fmt.Errorf("%s: frame %s has step %d and %d slots", rule, in.Frame.Equip, in.Frame.Step, in.Frame.N)
	}
	return nil
}

// r1 rounds to one decimal, r2 to two: metrics carry what summaries state.
func r1(x float64) float64 { return round(x, 1) }
func r2(x float64) float64 { return round(x, 2) }

// nilIfNaN turns NaN into a nil metric.
func nilIfNaN(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}
