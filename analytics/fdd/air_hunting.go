package fdd

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// huntingSignals are the control outputs control_hunting watches, all 0–100 %.
var huntingSignals = []model.Role{model.HeatValve, model.CoolValve, model.Damper, model.OADamper}

// controlHunting flags an oscillating control loop (G36 tuning practice /
// PNNL): for each mapped valve or damper command it counts direction
// reversals larger than the deadband over the samples the unit runs (fan on,
// else occupied) and grades the worst signal's mean reversals per hour, ≥ 6
// warns, ≥ 12 is a fault. Each signal is a condition whose flagged samples are
// the clock hours with at least warn_per_hr reversals; the reversals are
// counted as events.
//
// Fixed CAMBER quirks: the rule reads the equipment's native logging
// interval (Grid Native) — CAMBER's hourly mean grid averages the cycling
// away; on a grid too coarse to show warn_per_hr reversals an hour (one
// reversal per sample at most) it returns info instead of ok. The deadband is
// a fraction of the signals' full 0–100 % scale (0.05 = 5 points), so sensor
// jitter is not counted. Fan-off and unoccupied hours, when the loop is
// disabled, are not judged.
func controlHunting() Rule {
	params := []Param{
		numParam("warn_per_hr", 6.0, "reversals/h", &zero, nil, "CAMBER: ≥6 reversals an hour warns", "Loops tuned for fast disturbance rejection may reverse more; raise it for pressure loops."),
		numParam("fault_per_hr", 12.0, "reversals/h", &zero, nil, "CAMBER: ≥12 reversals an hour is a fault", "Keep at about twice warn_per_hr."),
		numParam("deadband", 0.05, "fraction of full scale", &zero, bound(1), "CAMBER 0.05; here of the 0–100 % span (5 points)", "Raise it for signals with coarse quantisation."),
	}
	return Rule{
		Name:     "control_hunting",
		Title:    "Control loop hunting",
		Classes:  []string{model.ClassAHU, model.ClassVAV, model.ClassCAV, model.ClassFCAV, model.ClassFCU, model.ClassDOAS},
		Optional: append(append(append([]model.Role{}, huntingSignals...), fanRoles...), modeRoles...),
		Params:   params,
		Standard: "ASHRAE Guideline 36 loop tuning; PNNL Re-tuning",
		Category: "maintenance",
		Grid:     Native,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "control_hunting"); err != nil {
				return Outcome{}, err
			}
			return checkHunting(ctx, in, withDefaults(in.Params, params))
		},
	}
}

func checkHunting(ctx context.Context, in *Input, p Values) (Outcome, error) {
	f := in.Frame
	keys := []string{"worst_signal", "worst_reversals_per_hr", "worst_reversals"}
	var sigs []model.Role
	for _, r := range huntingSignals {
		if present(f, r) != nil {
			sigs = append(sigs, r)
		}
	}
	if len(sigs) == 0 {
		return declineOutcome(f, "declined -- needs a valve or damper command", keys,
			"no heat_valve, cool_valve, damper or oa_damper: hunting not evaluated"), nil
	}
	warnHr, faultHr := p.Float("warn_per_hr"), p.Float("fault_per_hr")
	stepMin := float64(f.Step) / float64(time.Minute)
	if maxRate := 60 / stepMin; maxRate < warnHr {
		return declineOutcome(f, fmt.Sprintf("declined -- a %s interval shows at most %.1f reversals an hour, under the %.0f that warn",
			time.Duration(f.Step), maxRate, warnHr), keys,
			"interval too coarse to see hunting: needs the native logging interval (5 min or finer)"), nil
	}
	db := p.Float("deadband") * 100
	run, label := runningMask(f)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours")
	}
	hourOf, nHours := hourIndex(f)
	perHour := make([]int, nHours)
	m := nilMetrics(keys...)
	sev := OK
	worstRate, worstIdx := -1.0, -1
	var conds []Condition
	var rates []float64
	var events []int
	for _, r := range sigs {
		if err := ctx.Err(); err != nil {
			return Outcome{}, fmt.Errorf("control_hunting: %w", err)
		}
		x := f.Col(r)
		c := Condition{Name: string(r), Label: string(r) + " reversals", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
		clear(perHour)
		total := 0
		// Count within each run of judged samples, so a loop disabled
		// overnight does not count its morning restart as a reversal.
		for s := 0; s < f.N; {
			if !run[s] {
				s++
				continue
			}
			e := s
			for e < f.N && run[e] {
				c.Judged[e] = known(x[e])
				e++
			}
			for _, k := range reversalIndexes(x[s:e], db) {
				perHour[hourOf(s+k)]++
				total++
			}
			s = e
		}
		nj := count(c.Judged)
		if !enough(f, nj) {
			caveats = append(caveats, fmt.Sprintf("%s not evaluated: only %s of %s data", r, fmtHours(hoursOf(f, nj)), label))
			continue
		}
		for i, j := range c.Judged {
			c.Flagged[i] = j && float64(perHour[hourOf(i)]) >= warnHr
		}
		rate := float64(total) / hoursOf(f, nj)
		m[string(r)+"_reversals_per_hr"] = r1(rate)
		sev = worse(sev, gradeAtLeast(rate, warnHr, faultHr))
		conds = append(conds, c)
		rates = append(rates, rate)
		events = append(events, total)
		if rate > worstRate {
			worstRate, worstIdx = rate, len(conds)-1
		}
	}
	if worstIdx < 0 {
		return Outcome{Severity: Info, Summary: f.Equip + ": insufficient data -- too few " + label + " hours to count reversals",
			Metrics: m, Caveats: caveats}, nil
	}
	w := conds[worstIdx]
	nj, nf := count(w.Judged), count(w.Flagged)
	m["worst_signal"], m["worst_reversals_per_hr"], m["worst_reversals"] = w.Name, r1(rates[worstIdx]), events[worstIdx]
	m["worst_hunting_pct"] = r1(pct(nf, nj))
	judged, flagged := conds[0].Judged, conds[0].Flagged
	for _, c := range conds[1:] {
		judged, flagged = or2(judged, c.Judged), or2(flagged, c.Flagged)
	}
	ev := events[worstIdx]
	out := Outcome{
		Severity: sev,
		Summary: fmt.Sprintf("%s: %s reverses %.1f times an hour over %s of %s data (%s reversals); %.0f or more an hour in %s",
			f.Equip, w.Name, rates[worstIdx], fmtHours(hoursOf(f, nj)), label, fmtInt(ev), warnHr, shareText(f, nf, nj, label)),
		Metrics:     m,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, label),
		Conditions:  conds,
		Events:      &ev,
		EventBasis:  w.Name + " reversals",
		Evidence:    "control_signal",
	}
	if len(conds) == 1 {
		out.Conditions = nil
	}
	if math.IsNaN(rates[worstIdx]) {
		out.Severity = Info
	}
	return out, nil
}
