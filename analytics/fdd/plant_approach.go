package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/robust"
	"github.com/camber-tui/camber-tui/model"
)

// Chiller heat-exchanger approach: chiller_approach_fouling.

// chillerApproachFoulingRule: condenser (and evaporator) approach above
// design. The worst median approach ÷ design warns at ≥ 1.5, faults at ≥
// 2.0; the condenser and evaporator are named conditions (flagged: samples
// at 1.5 × design or more). Fixed quirk: CAMBER took the median over every
// sample, so the idle hours' meaningless approach readings diluted or
// inflated it; power is an added optional input and, when mapped, only
// running samples (≥ 2 kW) are judged (without it every sample is, with a
// caveat). Without evap_approach_temp the evaporator is not judged (metric
// nil, caveat); the condenser verdict stands.
func chillerApproachFoulingRule() Rule {
	return Rule{
		Name:     "chiller_approach_fouling",
		Title:    "Chiller approach above design (fouling)",
		Classes:  []string{model.ClassChiller},
		Required: []model.Role{model.CondApproachTemp},
		Optional: []model.Role{model.EvapApproachTemp, model.Power},
		Params: []Param{
			{
				Name: "cond_design_f", Kind: Number, Default: condApproachDesign, Unit: "degF",
				Min: plantBound(0.5), Max: plantBound(20),
				Basis:  "engineering practice: a clean water-cooled condenser runs a 1–5 °F approach at full load",
				Advice: "use the approach on the chiller's start-up or a post-cleaning log at similar load",
			},
			{
				Name: "evap_design_f", Kind: Number, Default: evapApproachDesign, Unit: "degF",
				Min: plantBound(0.5), Max: plantBound(20),
				Basis:  "engineering practice: a clean flooded evaporator runs a 1–4 °F approach",
				Advice: "use the approach logged after the last tube cleaning at similar load",
			},
		},
		Standard: "engineering practice (tube fouling and scale)",
		Category: "maintenance",
		Grid:     Hourly,
		Check:    checkChillerApproach,
	}
}

func checkChillerApproach(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	unit := sampleNoun(f)
	condDesign := plantF(in.Params, "cond_design_f", condApproachDesign)
	evapDesign := plantF(in.Params, "evap_design_f", evapApproachDesign)
	running := make([]bool, f.N)
	var caveats []string
	basis := "running " + unit
	if f.Has(model.Power) {
		power := f.Col(model.Power)
		for i, p := range power {
			running[i] = p >= chillerMinKW
		}
	} else {
		for i := range running {
			running[i] = true
		}
		basis = unit + " with an approach reading"
		caveats = append(caveats, "no power: idle hours could not be excluded from the approach median")
	}
	type leg struct {
		name, label string
		role        model.Role
		design      float64
	}
	legs := []leg{
		{"cond", "condenser", model.CondApproachTemp, condDesign},
		{"evap", "evaporator", model.EvapApproachTemp, evapDesign},
	}
	metrics := map[string]any{"cond_design_f": condDesign, "evap_design_f": evapDesign}
	var conds []Condition
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	sev := OK
	summary := f.Equip + ":"
	condJudged := false
	buf := make([]float64, 0, f.N)
	for k, lg := range legs {
		metrics["median_"+lg.name+"_approach_f"] = nil
		metrics[lg.name+"_ratio"] = nil
		if !f.Has(lg.role) {
			caveats = append(caveats, fmt.Sprintf("no %s: %s approach not judged", lg.role, lg.label))
			continue
		}
		col := f.Col(lg.role)
		j, fl := make([]bool, f.N), make([]bool, f.N)
		buf = buf[:0]
		for i, v := range col {
			if running[i] && !math.IsNaN(v) && !math.IsInf(v, 0) {
				j[i] = true
				fl[i] = v >= 1.5*lg.design
				buf = append(buf, v)
			}
		}
		nj := len(buf)
		if !enough(f, nj) {
			caveats = append(caveats, fmt.Sprintf("too few %s to judge the %s approach (%s)", basis, lg.label, fmtInt(nj)))
			continue
		}
		conds = append(conds, Condition{Name: lg.name, Label: fmt.Sprintf("%s approach at 1.5× design or more", lg.label), Judged: j, Flagged: fl})
		for i := range j {
			judged[i] = judged[i] || j[i]
			flagged[i] = flagged[i] || fl[i]
		}
		med := robust.Quantile(buf, 0.5)
		ratio := med / lg.design
		metrics["median_"+lg.name+"_approach_f"] = round(med, 1)
		metrics[lg.name+"_ratio"] = round(ratio, 2)
		metrics[lg.name+"_samples"] = nj
		sev = worse(sev, gradeAtLeast(ratio, 1.5, 2.0))
		if k == 0 {
			condJudged = true
			summary += fmt.Sprintf(" median condenser approach %s °F is %s× design %s °F over %s %s",
				plantNum(med, 1), plantNum(ratio, 2), plantVal(lg.design), fmtInt(nj), basis)
		} else {
			if condJudged {
				summary += ";"
			}
			summary += fmt.Sprintf(" median evaporator approach %s °F is %s× design %s °F", plantNum(med, 1), plantNum(ratio, 2), plantVal(lg.design))
			if !condJudged {
				summary += fmt.Sprintf(" over %s %s", fmtInt(nj), basis)
			}
		}
	}
	if !condJudged {
		n := 0
		if c := f.Col(model.CondApproachTemp); c != nil {
			for i, v := range c {
				if running[i] && known(v) {
					n++
				}
			}
		}
		// No condition is listed: the evaporator alone does not carry the
		// rule, whose required input is the condenser approach.
		out := plantTooFew(f, n, basis+" with a condenser approach reading", metrics, "condenser approach not judged")
		out.Caveats = append(caveats, out.Caveats...)
		return out, nil
	}
	return Outcome{
		Severity:    sev,
		Summary:     summary,
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis,
		Conditions:  conds,
		Evidence:    "approach_trend",
	}, nil
}
