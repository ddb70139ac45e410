package fdd

import (
	"context"
	"fmt"

	"github.com/camber-tui/camber-tui/model"
)

// Fan rules: night and weekend setback, filter loading.

// nightWeekendSetback flags an AHU whose fan runs through unoccupied hours
// (PNNL Re-tuning Ch. 5). Occupied is the default schedule (with the
// occupancy point when mapped); warmup and cooldown belong to neither side.
// Effective setback (unoccupied run share below effective_ratio × the
// occupied one) is ok; otherwise an unoccupied run share ≥ fault_unocc_pct is
// a fault, else a warning. The fan signal (status, else speed) gates the
// check (seed 000): without it the rule returns info.
func nightWeekendSetback() Rule {
	params := []Param{
		numParam("effective_ratio", 0.5, "×", &zero, bound(1), "CAMBER: unoccupied run < 0.5 × occupied run is effective setback", "Raise it for buildings with long optimal-start periods."),
		pctParam("fault_unocc_pct", 50, "CAMBER: fan on in ≥50 % of unoccupied hours is a fault", "Lower it for buildings that should be fully off at night."),
	}
	return Rule{
		Name:     "night_weekend_setback",
		Title:    "Fan runs in unoccupied hours",
		Classes:  []string{model.ClassAHU, model.ClassRTU, model.ClassDOAS},
		Optional: append(append([]model.Role{}, fanRoles...), modeRoles...),
		Gates:    [][]model.Role{fanRoles},
		Params:   params,
		Standard: "PNNL Re-tuning Ch. 5",
		Category: "energy",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "night_weekend_setback"); err != nil {
				return Outcome{}, err
			}
			return checkSetback(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkSetback(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"unocc_run_pct", "unocc_run_samples", "unocc_samples", "occ_run_pct"}
	fan, role := fanOnMask(f)
	if fan == nil {
		return declineOutcome(f, "declined -- needs a supply fan signal (status or speed)", keys,
			"no supply_fan_status or supply_fan_speed: setback not evaluated")
	}
	sig := f.Col(role)
	occ := occupiedMask(f)
	modes := make([]bool, f.N)
	for _, r := range []model.Role{model.Warmup, model.Cooldown} {
		if c := present(f, r); c != nil {
			for i, v := range c {
				modes[i] = modes[i] || isOn(v)
			}
		}
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	occJ, occOn := 0, 0
	for i := range judged {
		if !known(sig[i]) || modes[i] {
			continue
		}
		if occ[i] {
			occJ++
			if fan[i] {
				occOn++
			}
			continue
		}
		judged[i] = true
		flagged[i] = fan[i]
	}
	nj, nf := count(judged), count(flagged)
	caveats := occCaveat(f)
	if !enough(f, nj) || occJ == 0 {
		return tooFew(f, nj, "unoccupied "+sampleNoun(f), keys, caveats...)
	}
	unocc, occRun := pct(nf, nj), pct(occOn, occJ)
	sev := OK
	switch {
	case unocc < p.Float("effective_ratio")*occRun:
	case unocc >= p.Float("fault_unocc_pct"):
		sev = Fault
	default:
		sev = Warn
	}
	verdict := "setback effective"
	if sev != OK {
		verdict = "no effective setback"
	}
	return Outcome{
		Severity: sev,
		Summary: fmt.Sprintf("%s: fan runs in %s vs %s of occupied %s; %s", f.Equip,
			shareText(f, nf, nj, "unoccupied"), fmtPct(occRun), sampleNoun(f), verdict),
		Metrics:     map[string]any{"unocc_run_pct": r1(unocc), "unocc_run_samples": nf, "unocc_samples": nj, "occ_run_pct": r1(occRun), "fan_signal": string(role)},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "unoccupied"),
		Evidence:    "fan_schedule",
	}
}

// filterFouling flags a loaded filter (MERV-13 practice): the median filter
// pressure drop over fan-on samples at or above change_dp_inwc warns, at or
// above fault_factor × change_dp_inwc (1.5 inWC by default) is a fault.
// CAMBER took the median over all samples; with the fan off the drop reads
// zero and halves the median, so we judge fan-on samples (status or speed),
// else samples with a drop above 0.05 inWC (the fan evidently running).
func filterFouling() Rule {
	params := []Param{
		numParam("change_dp_inwc", 1.0, "inWC", bound(0.05), bound(10), "MERV-13 practice: change at 1.0 inWC", "Use the filter maker's final resistance (often 2× the clean drop)."),
		numParam("fault_factor", 1.5, "×", bound(1), bound(5), "CAMBER: fault at 1.5 inWC = 1.5 × change point", "Raise it for deep-pleat filters rated for higher drops."),
	}
	return Rule{
		Name:     "filter_fouling",
		Title:    "Filter loaded",
		Classes:  []string{model.ClassAHU, model.ClassRTU, model.ClassHeatPump, model.ClassDOAS, model.ClassFCU},
		Required: []model.Role{model.FilterDiffPress},
		Optional: fanRoles,
		Params:   params,
		Standard: "MERV-13 filter practice (ASHRAE 52.2)",
		Category: "maintenance",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "filter_fouling"); err != nil {
				return Outcome{}, err
			}
			return checkFilter(in, withDefaults(in.Params, params)), nil
		},
	}
}

// filterRunningInWC is the drop above which the fan evidently runs, when no
// fan signal is mapped.
const filterRunningInWC = 0.05

func checkFilter(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"median_dp_inwc", "above_change_pct", "running_samples"}
	dp := present(f, model.FilterDiffPress)
	if dp == nil {
		return declineOutcome(f, "no filter pressure-drop data", keys)
	}
	change := p.Float("change_dp_inwc")
	fan, _ := fanOnMask(f)
	label := "fan-on"
	var caveats []string
	if fan == nil {
		label = "running"
		caveats = append(caveats, fmt.Sprintf("no supply fan signal: judged samples with a drop above %.2f inWC", filterRunningInWC))
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	for i := range judged {
		if fan != nil {
			judged[i] = fan[i] && known(dp[i])
		} else {
			judged[i] = dp[i] > filterRunningInWC
		}
		flagged[i] = judged[i] && dp[i] >= change
	}
	nj, nf := count(judged), count(flagged)
	if !enough(f, nj) {
		return tooFew(f, nj, label+" "+sampleNoun(f), keys, caveats...)
	}
	med := median(dp, judged)
	share := pct(nf, nj)
	return Outcome{
		Severity: gradeAtLeast(med, change, change*p.Float("fault_factor")),
		Summary: fmt.Sprintf("%s: median filter drop %.2f inWC (change at %.2f) over %s %s; at or above it in %s",
			f.Equip, med, change, fmtInt(nj), basis(f, label), shareText(f, nf, nj, label)),
		Metrics:     map[string]any{"median_dp_inwc": r2(med), "above_change_pct": r1(share), "above_change_samples": nf, "running_samples": nj},
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, label),
		Evidence:    "filter_dp",
	}
}
