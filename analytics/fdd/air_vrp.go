package fdd

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/camber-tui/camber-tui/model"
)

// outdoorAirRates are ASHRAE 62.1-2022 Table 6-1 breathing-zone rates for
// common space types: Rp in cfm per person, Ra in cfm per ft².
var outdoorAirRates = map[string][2]float64{
	"office":            {5, 0.06},
	"reception":         {5, 0.06},
	"main_entry_lobby":  {5, 0.06},
	"break_room":        {5, 0.12},
	"conference":        {5, 0.06},
	"corridor":          {0, 0.06},
	"classroom":         {10, 0.12}, // age 9 and over
	"lecture_classroom": {7.5, 0.06},
	"computer_lab":      {10, 0.12},
	"science_lab":       {10, 0.18},
	"library":           {5, 0.12},
	"retail_sales":      {7.5, 0.12},
	"restaurant_dining": {7.5, 0.18},
	"hotel_bedroom":     {5, 0.06},
	"auditorium":        {5, 0.06},
}

// spaceTypes lists the outdoorAirRates keys, sorted, for the Choice param.
func spaceTypes() []string {
	out := make([]string, 0, len(outdoorAirRates))
	for k := range outdoorAirRates {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ventilationRate621 compares a zone's measured outdoor airflow with the ASHRAE
// 62.1 ventilation rate procedure: Voz = (Rp·Pz + Ra·Az) / Ez, with Pz the
// population, Az the floor area (both configured per zone; no default — the
// rule declines without them), Rp/Ra given or looked up by space_type (Table
// 6-1), Ez the zone air distribution effectiveness. The measured flow is the
// median (or mean) of oa_airflow over occupied samples: below under_tol × Voz
// is a fault, above over_factor × Voz a warning (over-ventilation wastes
// conditioning energy), otherwise ok.
func ventilationRate621() Rule {
	params := []Param{
		numParam("area_sqft", nil, "ft²", bound(1), nil, "site data (no default)", "Zone floor area Az from drawings; set it per zone in the ventilation block."),
		numParam("population", nil, "people", &zero, nil, "site data (no default)", "Design zone population Pz; set it per zone in the ventilation block."),
		{Name: "space_type", Kind: Choice, Default: "office", Choices: spaceTypes(), Basis: "ASHRAE 62.1-2022 Table 6-1",
			Advice: "The occupancy category; rp and ra override its rates."},
		numParam("rp", nil, "cfm/person", &zero, bound(100), "ASHRAE 62.1 Table 6-1 (from space_type when unset)", "People outdoor-air rate Rp."),
		numParam("ra", nil, "cfm/ft²", &zero, bound(5), "ASHRAE 62.1 Table 6-1 (from space_type when unset)", "Area outdoor-air rate Ra."),
		numParam("ez", 1.0, "", bound(0.1), bound(1.5), "ASHRAE 62.1 Table 6-4: ceiling supply of cool air 1.0", "0.8 for ceiling supply of warm air with ceiling return."),
		{Name: "aggregate", Kind: Choice, Default: "median", Choices: []string{"median", "mean"}, Basis: "CAMBER: median occupied OA flow",
			Advice: "Mean follows the energy; median ignores short purges."},
		numParam("under_tol", 0.9, "×", &zero, bound(1), "CAMBER: below 0.9 × Voz is under-ventilated", "Allow for flow-station accuracy (±10 %)."),
		numParam("over_factor", 1.5, "×", bound(1), bound(10), "CAMBER: above 1.5 × Voz is over-ventilated", "Raise it where OA is deliberately high (pressurisation, economizer)."),
	}
	return Rule{
		Name:     "ventilation_rate_62_1",
		Title:    "Outdoor airflow vs ASHRAE 62.1 requirement",
		Classes:  []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV, model.ClassDOAS, model.ClassAHU},
		Required: []model.Role{model.OAAirflow},
		Optional: modeRoles,
		Params:   params,
		Standard: "ASHRAE 62.1-2022 §6.2 (ventilation rate procedure)",
		Category: "ventilation",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "ventilation_rate_62_1"); err != nil {
				return Outcome{}, err
			}
			return checkVRP(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkVRP(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"measured_cfm", "required_cfm", "ratio", "under_pct", "over_pct", "occupied_samples"}
	oa := present(f, model.OAAirflow)
	if oa == nil {
		return declineOutcome(f, "no outdoor airflow data", keys)
	}
	az, okA := optFloat(p, "area_sqft")
	pz, okP := optFloat(p, "population")
	if !okA || !okP {
		return declineOutcome(f, "needs area_sqft and population (configure ventilation)", keys,
			"no zone area or population configured: the 62.1 requirement is unknown")
	}
	st := p.String("space_type")
	rates, okT := outdoorAirRates[st]
	rp, okRp := optFloat(p, "rp")
	ra, okRa := optFloat(p, "ra")
	if !okT && (!okRp || !okRa) {
		return declineOutcome(f, fmt.Sprintf("declined -- unknown space_type %q and no rp/ra", st), keys)
	}
	if !okRp {
		rp = rates[0]
	}
	if !okRa {
		ra = rates[1]
	}
	ez := p.Float("ez")
	if !(ez > 0) {
		return declineOutcome(f, "declined -- ez must be above 0", keys)
	}
	voz := (rp*pz + ra*az) / ez
	judged := occupiedMask(f)
	for i := range judged {
		judged[i] = judged[i] && known(oa[i])
	}
	caveats := occCaveat(f)
	nj := count(judged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	var measured float64
	if p.String("aggregate") == "mean" {
		vals := finite(oa, judged)
		for _, v := range vals {
			measured += v
		}
		measured /= float64(len(vals))
	} else {
		measured = median(oa, judged)
	}
	underTol, overFactor := p.Float("under_tol"), p.Float("over_factor")
	under := Condition{Name: "under", Label: "OA flow below the 62.1 requirement", Judged: judged, Flagged: make([]bool, f.N)}
	over := Condition{Name: "over", Label: "OA flow above the over-ventilation factor", Judged: judged, Flagged: make([]bool, f.N)}
	for i, j := range judged {
		under.Flagged[i] = j && oa[i] < underTol*voz
		over.Flagged[i] = j && oa[i] > overFactor*voz
	}
	nu, no := count(under.Flagged), count(over.Flagged)
	ratio := math.NaN()
	if voz > 0 {
		ratio = measured / voz
	}
	sev := OK
	verdict := "adequate"
	switch {
	case measured < underTol*voz:
		sev, verdict = Fault, "under-ventilated"
	case measured > overFactor*voz:
		sev, verdict = Warn, "over-ventilated"
	}
	summary := fmt.Sprintf("%s: %s OA flow %.0f cfm is %.0f%% of the 62.1 requirement %.0f cfm (%g cfm/person × %g + %g cfm/ft² × %s ft², Ez %g): %s; below %.0f%% in %s, above %.0f%% in %s",
		f.Equip, p.String("aggregate"), measured, 100*ratio, voz, rp, pz, ra, fmtInt(int(math.Round(az))), ez, verdict,
		100*underTol, shareText(f, nu, nj, "occupied"), 100*overFactor, fmtPct(pct(no, nj)))
	return Outcome{
		Severity: sev,
		Summary:  summary,
		Metrics: map[string]any{"measured_cfm": r1(measured), "required_cfm": r1(voz), "ratio": nilIfNaN(r2(ratio)),
			"rp": rp, "ra": ra, "pz": pz, "az_sqft": az, "ez": ez, "under_pct": r1(pct(nu, nj)), "over_pct": r1(pct(no, nj)),
			"occupied_samples": nj, "verdict": verdict},
		Caveats:     caveats,
		Conditions:  []Condition{under, over},
		Judged:      judged,
		Flagged:     or2(under.Flagged, over.Flagged),
		JudgedBasis: basis(f, "occupied"),
		Evidence:    "oa_flow_vs_required",
	}
}
