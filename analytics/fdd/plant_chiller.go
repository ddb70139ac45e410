package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Chiller rules: chiller_efficiency, chiller_staging,
// chiller_approach_fouling.

const (
	kwPerTonDefault    = 0.85 // kW/ton, design full-load efficiency
	chillerMinTons     = 5.0  // tons: below this the kW/ton ratio is noise
	chillerMinKW       = 2.0  // kW: a chiller drawing less is off
	chillerStartsMax   = 6    // starts per running day
	lowLoadPctDefault  = 40.0 // % of the chiller's observed peak
	condApproachDesign = 5.0  // °F
	evapApproachDesign = 4.0  // °F
	// chillerPeakQ is the quantile of running load taken as the chiller's
	// peak (robust to a few spikes) when low part-load is judged.
	chillerPeakQ = 0.99
)

// chillerTons returns the chiller's load in tons at sample i:
// gpm × (CHWR − CHWS) / 24, NaN when an input is missing.
func chillerTons(flow, chws, chwr []float64, i int) float64 {
	if flow == nil || chws == nil || chwr == nil {
		return math.NaN()
	}
	return flow[i] * (chwr[i] - chws[i]) / 24
}

// chillerEfficiencyRule: kW/ton above design. Judged on loaded hours (load
// ≥ 5 tons and power ≥ 2 kW, tons = gpm·ΔT/24); the median kW/ton over them ÷
// design warns at ≥ 1.2, faults at ≥ 1.5. Flagged are the loaded hours at
// 1.2 × design or worse (the "inefficient hours" the cost model reads).
func chillerEfficiencyRule() Rule {
	return Rule{
		Name:     "chiller_efficiency",
		Title:    "Chiller kW/ton above design",
		Classes:  []string{model.ClassChiller},
		Required: []model.Role{model.Power, model.CHWSupplyTemp, model.CHWReturnTemp, model.CHWFlow},
		Params: []Param{{
			Name: "design_kw_per_ton", Kind: Number, Default: kwPerTonDefault, Unit: "kW/ton",
			Min: plantBound(0.2), Max: plantBound(3),
			Basis:  "PNNL Re-tuning Ch. 8; ASHRAE 90.1 Table 6.8.1-3 water-cooled chillers are 0.56–0.79 kW/ton full load, so 0.85 leaves margin for an older plant",
			Advice: "use the chiller's rated full-load kW/ton (nameplate or submittal); air-cooled chillers run 1.0–1.3",
		}},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Hourly,
		Check:    checkChillerEfficiency,
	}
}

func checkChillerEfficiency(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	design := plantF(in.Params, "design_kw_per_ton", kwPerTonDefault)
	unit := sampleNoun(f)
	power, flow := f.Col(model.Power), f.Col(model.CHWFlow)
	chws, chwr := f.Col(model.CHWSupplyTemp), f.Col(model.CHWReturnTemp)
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	kpt := make([]float64, 0, f.N)
	tons := make([]float64, 0, f.N)
	for i := range judged {
		t := chillerTons(flow, chws, chwr, i)
		p := power[i]
		if !(t >= chillerMinTons) || !(p >= chillerMinKW) || math.IsInf(t, 0) || math.IsInf(p, 0) {
			continue
		}
		judged[i] = true
		k := p / t
		flagged[i] = k >= 1.2*design
		kpt = append(kpt, k)
		tons = append(tons, t)
	}
	nj, nf := count(judged), count(flagged)
	basis := "loaded " + unit
	if !enough(f, nj) {
		return plantTooFew(f, nj, basis, map[string]any{"median_kw_per_ton": nil, "ratio_to_design": nil, "design_kw_per_ton": design},
			fmt.Sprintf("too few loaded hours (at least %s tons and %s kW) to judge kW/ton", plantVal(chillerMinTons), plantVal(chillerMinKW))), nil
	}
	med := robust.Quantile(kpt, 0.5)
	medTons := robust.Quantile(tons, 0.5)
	ratio := med / design
	share := pct(nf, nj)
	return Outcome{
		Severity: gradeAtLeast(ratio, 1.2, 1.5),
		Summary: fmt.Sprintf("%s: median %s kW/ton is %s× design %s over %s loaded %s (%s%% of them at 1.2× design or worse)",
			f.Equip, plantNum(med, 2), plantNum(ratio, 2), plantVal(design), fmtInt(nj), unit, plantNum(share, 1)),
		Metrics: map[string]any{
			"median_kw_per_ton":     round(med, 2),
			"ratio_to_design":       round(ratio, 2),
			"design_kw_per_ton":     design,
			"loaded_samples":        nj,
			"inefficient_samples":   nf,
			"inefficient_share_pct": round(share, 1),
			"inefficient_ratio":     1.2,
			"median_tons":           round(medTons, 1),
		},
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Evidence:    "kw_per_ton_vs_load",
	}, nil
}

// chillerStagingRule: short cycling and low part-load operation of one
// chiller. Fixed quirk: starts are counted on the native interval, not
// CAMBER's hourly grid (which averages the cycling away). The chiller runs
// while power ≥ max(2 kW, 10 % of its p99 power), with hysteresis (it stops
// below half that), so noise near the threshold is not a start. Low load is
// running samples below low_load_pct of the chiller's own peak load: tons
// when flow and both CHW temperatures are mapped, else power (caveated),
// the peak being the 99th percentile over running samples. Two conditions:
// short_cycling (samples of running days at or over max_starts_per_day) and
// low_load. Verdict as CAMBER: starts/day ≥ max or low-load share ≥ 25 %
// warns; ≥ 2 × max or ≥ 50 % faults.
func chillerStagingRule() Rule {
	return Rule{
		Name:     "chiller_staging",
		Title:    "Chiller short cycling / low part load",
		Classes:  []string{model.ClassChiller},
		Required: []model.Role{model.Power},
		Optional: []model.Role{model.CHWSupplyTemp, model.CHWReturnTemp, model.CHWFlow},
		Params: []Param{
			{
				Name: "max_starts_per_day", Kind: Int, Default: chillerStartsMax, Unit: "starts/day",
				Min: plantBound(1), Max: plantBound(100),
				Basis:  "PNNL Re-tuning Ch. 8; manufacturers limit centrifugal chillers to a few starts an hour and far fewer per day",
				Advice: "use the manufacturer's start limit; check the staging dead band and minimum on/off timers",
			},
			{
				Name: "low_load_pct", Kind: Number, Default: lowLoadPctDefault, Unit: "%",
				Min: plantBound(5), Max: plantBound(95),
				Basis:  "PNNL Re-tuning Ch. 8: chillers are least efficient below about 40 % load",
				Advice: "lower it for variable-speed chillers, which are efficient down to 20–30 % load",
			},
		},
		Standard: pnnlPlant,
		Category: "energy",
		Grid:     Native,
		Check:    checkChillerStaging,
	}
}

// chillerOnThreshold returns the running threshold (kW) of a power column:
// max(2 kW, 10 % of its p99), and the p99.
func chillerOnThreshold(power []float64) float64 {
	p99 := quantile(power, nil, chillerPeakQ)
	if math.IsNaN(p99) {
		return chillerMinKW
	}
	return math.Max(chillerMinKW, 0.1*p99)
}

// chillerRunning derives a 0/1 running column from power with hysteresis:
// on at ≥ on kW, off below on/2, NaN where power is missing.
func chillerRunning(power []float64, on float64) []float64 {
	out := make([]float64, len(power))
	state := 0.0
	for i, p := range power {
		switch {
		case math.IsNaN(p):
			out[i] = math.NaN()
			continue
		case p >= on:
			state = 1
		case p < on/2:
			state = 0
		}
		out[i] = state
	}
	return out
}

func checkChillerStaging(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	maxStarts := plantI(in.Params, "max_starts_per_day", chillerStartsMax)
	lowPct := plantF(in.Params, "low_load_pct", lowLoadPctDefault)
	power := f.Col(model.Power)
	on := chillerOnThreshold(power)
	run := chillerRunning(power, on)
	ev := eventOutcome(f, run, nil, eventStarts, maxStarts, eventSpec{
		param: "max_starts_per_day", noun: "chiller starts", metric: "starts",
		signal: "chiller power", basis: "chiller starts (power off to on)",
	})
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	metrics := ev.Metrics
	metrics["low_load_pct"] = lowPct
	metrics["low_load_share_pct"] = nil
	metrics["on_threshold_kw"] = round(on, 1)
	if ev.Severity == Info {
		// Under a day of data, or the chiller never ran: neither condition
		// can be judged.
		ev.Caveats = append(ev.Caveats, "part-load operation not judged")
		return ev, nil
	}
	low := chillerLowLoad(f, run, lowPct)
	caveats := append(ev.Caveats, low.caveats...)
	conds := []Condition{
		{Name: "short_cycling", Label: fmt.Sprintf("days with %d or more starts", maxStarts), Judged: ev.Judged, Flagged: ev.Flagged},
	}
	sev, summary := ev.Severity, ev.Summary
	judged, flagged := ev.Judged, ev.Flagged
	if enough(f, low.n) {
		conds = append(conds, Condition{Name: "low_load", Label: fmt.Sprintf("running below %s%% of peak load", plantVal(lowPct)), Judged: low.judged, Flagged: low.flagged})
		share := pct(low.nf, low.n)
		metrics["low_load_share_pct"] = round(share, 1)
		metrics["low_load_samples"] = low.nf
		metrics["running_samples"] = low.n
		sev = worse(sev, gradeAtLeast(share, 25, 50))
		summary += fmt.Sprintf("; %s%% of running samples below %s%% of peak load (%s of %s)",
			plantNum(share, 1), plantVal(lowPct), fmtInt(low.nf), fmtInt(low.n))
		judged, flagged = make([]bool, f.N), make([]bool, f.N)
		for i := range judged {
			judged[i] = ev.Judged[i] || low.judged[i]
			flagged[i] = ev.Flagged[i] || low.flagged[i]
		}
	} else {
		caveats = append(caveats, "too few running samples to judge part-load operation")
	}
	return Outcome{
		Severity:    sev,
		Summary:     summary,
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: "samples on running days",
		Conditions:  conds,
		Events:      ev.Events,
		EventBasis:  ev.EventBasis,
		Evidence:    "chiller_load_profile",
	}, nil
}

// lowLoad is the low part-load condition of chiller_staging.
type lowLoad struct {
	judged, flagged []bool
	n, nf           int
	caveats         []string
}

// chillerLowLoad marks the running samples whose load is below pct of the
// chiller's peak (p99 of running load).
func chillerLowLoad(f *series.Frame, run []float64, pct float64) lowLoad {
	flow, chws, chwr := f.Col(model.CHWFlow), f.Col(model.CHWSupplyTemp), f.Col(model.CHWReturnTemp)
	useTons := f.Has(model.CHWFlow) && f.Has(model.CHWSupplyTemp) && f.Has(model.CHWReturnTemp)
	power := f.Col(model.Power)
	load := func(i int) float64 {
		if useTons {
			return chillerTons(flow, chws, chwr, i)
		}
		return power[i]
	}
	var out lowLoad
	if !useTons {
		out.caveats = append(out.caveats, "load taken from power: chw_flow, chw_supply_temp or chw_return_temp not mapped")
	}
	buf := make([]float64, 0, f.N)
	for i := range run {
		if isOn(run[i]) {
			if l := load(i); !math.IsNaN(l) && !math.IsInf(l, 0) {
				buf = append(buf, l)
			}
		}
	}
	peak := robust.Quantile(buf, chillerPeakQ)
	if !(peak > 0) {
		out.caveats = append(out.caveats, "no positive running load: part load not judged")
		return out
	}
	out.judged, out.flagged = make([]bool, f.N), make([]bool, f.N)
	for i := range run {
		if !isOn(run[i]) {
			continue
		}
		l := load(i)
		if math.IsNaN(l) || math.IsInf(l, 0) {
			continue
		}
		out.judged[i] = true
		out.flagged[i] = l < pct/100*peak
	}
	out.n, out.nf = count(out.judged), count(out.flagged)
	return out
}
