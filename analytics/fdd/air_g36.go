package fdd

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// g36 operating states (G36 §5.16.14.3), as bits so a fault condition can
// list the states it applies in. osCool is mechanical cooling whose
// economizer position is unknown (no OA damper): it stands for OS3 or OS4.
const (
	os1    = 1 << 1 // heating
	os2    = 1 << 2 // free cooling, modulating OA
	os3    = 1 << 3 // mechanical cooling with 100 % OA
	os4    = 1 << 4 // mechanical cooling at minimum OA
	os5    = 1 << 5 // unknown (both coils open)
	osCool = 1 << 6
	osAll  = os1 | os2 | os3 | os4 | os5 | osCool
)

// g36MinHours is the least applicable data (hours) on which a fault
// condition counts towards the severity.
const g36MinHours = 6.0

// g36Params are the G36 §5.16.14 tolerances (domain §3.4 defaults, °F).
func g36Params() []Param {
	t := func(name string, def float64, basis string) Param {
		return numParam(name, def, "°F", &zero, bound(30), "G36 §5.16.14 default "+basis, "Use the installed sensor's stated accuracy.")
	}
	return append([]Param{
		t("fan_heat_f", 2, "ΔT supply fan heat 2 °F"),
		t("min_oat_rat_delta_f", 10, "ΔTmin |OAT−RAT| 10 °F"),
		t("sat_tol_f", 2, "εSAT 2 °F"),
		t("rat_tol_f", 2, "εRAT 2 °F"),
		t("mat_tol_f", 5, "εMAT 5 °F"),
		t("oat_tol_f", 5, "εOAT 5 °F"),
		t("coil_entering_tol_f", 5, "εCCET/εHCET 5 °F (mixed air stands in)"),
		t("coil_leaving_tol_f", 2, "εCCLT/εHCLT 2 °F (supply air stands in)"),
		pctParam("flow_tol_pct", 30, "G36 εF 0.30: |%OA − %OAmin| tolerance", "Tighten with a calibrated OA flow station."),
		pctParam("fan_speed_tol_pct", 5, "G36 εVFDSPD 0.05", "Drive speed error."),
		numParam("static_tol_inwc", 0.1, "inWC", &zero, bound(2), "G36 εDSP 0.1 inWC", "Duct static sensor accuracy."),
		pctParam("full_pct", 99, "G36: a valve or fan at 99 % is full", "Lower it if commands top out below 100 %."),
		numParam("max_os_changes_per_hr", 7.0, "changes/h", &zero, nil, "G36 ΔOSmax 7 per hour", "Raise it for units with fast staging."),
		pctParam("valve_open_pct", valveOpenPct, "CAMBER: a coil valve above 5 % is active", "Operating-state threshold."),
		pctParam("econ_full_pct", 80, "CAMBER: OA damper ≥80 % is full economizer (OS3)", "Set to the damper position at 100 % OA."),
		pctParam("min_oa_pct", 20, "%OAmin for FC6 (a typical design minimum)", "The design minimum OA fraction."),
		{Name: "avg_window_min", Kind: Int, Default: 5, Unit: "min", Min: bound(0), Max: bound(120), Basis: "G36: fault conditions use rolling averages",
			Advice: "Length of the rolling average applied to finer native data."},
	}, gradeParams(10, 25, "share of a fault condition's applicable samples; worst condition ≥10 warn / ≥25 fault")...)
}

// g36AHUFaultConditions runs the Guideline 36 §5.16.14 AHU fault conditions
// FC#1–15 as named conditions in one finding per AHU (domain §3.4). The
// operating state of each fan-on sample comes from the valve commands: OS1
// heating, OS2 free cooling (both coils shut), OS3 mechanical cooling with
// the OA damper ≥ econ_full_pct, OS4 mechanical cooling at minimum OA, OS5
// both coils open. Each FC is judged only in its applicable states and only
// where its inputs report; an FC whose inputs are missing is not judged
// (metrics nil, caveat). The severity grades the worst FC share (of that FC's
// applicable samples) against warn_pct / fault_pct. The rule reads the
// native interval, averaged over avg_window_min as G36 prescribes, so FC4
// (operating-state changes per hour) can be judged; it needs at least 8
// samples an hour.
//
// Without coil entering/leaving temperatures (there are no such roles),
// FC14 and FC15 use mixed air and supply air across both coils, so they are
// judged only in OS2 where the other coil is idle too.
func g36AHUFaultConditions() Rule {
	params := g36Params()
	return Rule{
		Name:     "g36_ahu_fault_conditions",
		Title:    "Guideline 36 AHU fault conditions",
		Classes:  ahuClasses,
		Required: []model.Role{model.SupplyAirTemp, model.HeatValve, model.CoolValve},
		Optional: []model.Role{model.MixedAirTemp, model.ReturnAirTemp, model.OAT, model.SupplyAirTempSP, model.DuctStatic,
			model.DuctStaticSP, model.OADamper, model.SupplyFanStatus, model.SupplyFanSpeed, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.16.14",
		Category: "maintenance",
		Grid:     Native,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "g36_ahu_fault_conditions"); err != nil {
				return Outcome{}, err
			}
			return checkG36(ctx, in, withDefaults(in.Params, params))
		},
	}
}

// fcDef is one G36 fault condition.
type fcDef struct {
	num    int
	label  string
	states int
	needs  []model.Role
	// test reports, for sample i in an applicable state with every input
	// known, whether the condition can be judged there and whether it holds.
	test func(i int) (judge, flag bool)
}

// rollingMean returns the trailing mean over k samples, skipping NaN (NaN
// when the window holds none). k ≤ 1 returns x itself.
func rollingMean(x []float64, k int) []float64 {
	if k <= 1 || x == nil {
		return x
	}
	out := make([]float64, len(x))
	var sum float64
	n := 0
	for i, v := range x {
		if !math.IsNaN(v) {
			sum += v
			n++
		}
		if j := i - k; j >= 0 && !math.IsNaN(x[j]) {
			sum -= x[j]
			n--
		}
		if n > 0 {
			out[i] = sum / float64(n)
		} else {
			out[i] = math.NaN()
		}
	}
	return out
}

func checkG36(ctx context.Context, in *Input, p Values) (Outcome, error) {
	f := in.Frame
	if present(f, model.SupplyAirTemp) == nil || present(f, model.HeatValve) == nil || present(f, model.CoolValve) == nil {
		return declineOutcome(f, "no supply-air temperature or coil valve data", []string{"worst_fc", "worst_fc_pct"}), nil
	}
	k := 1
	if w := float64(p.Int("avg_window_min")) * float64(time.Minute); w > float64(f.Step) {
		k = int(math.Round(w / float64(f.Step)))
	}
	col := func(r model.Role) []float64 { return rollingMean(present(f, r), k) }
	sat, hc, cc := col(model.SupplyAirTemp), col(model.HeatValve), col(model.CoolValve)
	mat, rat, oat, satsp := col(model.MixedAirTemp), col(model.ReturnAirTemp), col(model.OAT), col(model.SupplyAirTempSP)
	dsp, dspsp, spd, dmp := col(model.DuctStatic), col(model.DuctStaticSP), col(model.SupplyFanSpeed), col(model.OADamper)
	have := map[model.Role]bool{}
	for r, c := range map[model.Role][]float64{model.MixedAirTemp: mat, model.ReturnAirTemp: rat, model.OAT: oat,
		model.SupplyAirTempSP: satsp, model.DuctStatic: dsp, model.DuctStaticSP: dspsp, model.SupplyFanSpeed: spd} {
		have[r] = c != nil
	}

	run, label := runningMask(f)
	var caveats []string
	if label == "occupied" {
		caveats = append(caveats, "no supply fan signal: judged occupied hours as fan-on")
	}
	vo, econFull := p.Float("valve_open_pct"), p.Float("econ_full_pct")
	state := make([]int, f.N)
	for i := range state {
		if !run[i] || !known(sat[i]) || !known(hc[i]) || !known(cc[i]) {
			continue
		}
		h, c := hc[i] > vo, cc[i] > vo
		switch {
		case h && c:
			state[i] = os5
		case h:
			state[i] = os1
		case c && dmp != nil && known(dmp[i]):
			if dmp[i] >= econFull {
				state[i] = os3
			} else {
				state[i] = os4
			}
		case c:
			state[i] = osCool
		default:
			state[i] = os2
		}
	}
	nRun := 0
	for _, s := range state {
		if s != 0 {
			nRun++
		}
	}
	if !enough(f, nRun) {
		return tooFew(f, nRun, label+" "+sampleNoun(f), []string{"worst_fc", "worst_fc_pct"}, caveats...), nil
	}
	if dmp == nil {
		caveats = append(caveats, "no oa_damper: mechanical cooling not split into OS3/OS4; FC10, FC11 not judged, FC6 judged in OS1 only")
	}
	if err := ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("g36_ahu_fault_conditions: %w", err)
	}
	defs := g36Defs(p, sat, hc, cc, mat, rat, oat, satsp, dsp, dspsp, spd)
	conds := make([]Condition, 0, 15)
	m := map[string]any{}
	worst, worstPct, worstJ, worstF := 0, -1.0, 0, 0
	sev := OK
	warn, fault := p.Float("warn_pct"), p.Float("fault_pct")
	var flaggedFCs, notJudged []string
	for _, d := range defs {
		key := fmt.Sprintf("fc%d", d.num)
		c := Condition{Name: key, Label: d.label}
		missing := ""
		for _, r := range d.needs {
			if !have[r] {
				missing = string(r)
				break
			}
		}
		nj, nf := 0, 0
		switch {
		case missing != "":
			notJudged = append(notJudged, fmt.Sprintf("FC%d (no %s)", d.num, missing))
		case d.num == 4:
			c.Judged, c.Flagged = g36FC4(f, state, p.Float("max_os_changes_per_hr"))
			if c.Judged == nil {
				notJudged = append(notJudged, "FC4 (interval too coarse to count state changes)")
			}
			nj, nf = count(c.Judged), count(c.Flagged)
		default:
			c.Judged, c.Flagged = make([]bool, f.N), make([]bool, f.N)
			for i, s := range state {
				if s&d.states == 0 && (s != osCool || d.states&(os3|os4) != os3|os4) {
					continue // not applicable (appliesIn, inlined)
				}
				j, fl := d.test(i)
				fl = fl && j
				c.Judged[i], c.Flagged[i] = j, fl
				nj += b2i(j)
				nf += b2i(fl)
			}
		}
		m[key+"_pct"], m[key+"_judged_samples"], m[key+"_flagged_samples"] = nil, nil, nil
		if c.Judged == nil {
			continue
		}
		if hoursOf(f, nj) < g36MinHours {
			notJudged = append(notJudged, fmt.Sprintf("FC%d (only %s in its states)", d.num, fmtHours(hoursOf(f, nj))))
			continue
		}
		share := pct(nf, nj)
		m[key+"_pct"], m[key+"_judged_samples"], m[key+"_flagged_samples"] = r1(share), nj, nf
		conds = append(conds, c)
		g := gradeAtLeast(share, warn, fault)
		sev = worse(sev, g)
		if g != OK {
			flaggedFCs = append(flaggedFCs, fmt.Sprintf("FC%d", d.num))
		}
		if share > worstPct {
			worst, worstPct, worstJ, worstF = d.num, share, nj, nf
		}
	}
	if len(notJudged) > 0 {
		caveats = append(caveats, "not judged: "+joinParts(notJudged))
	}
	m["fcs_judged"], m["fcs_flagged"] = len(conds), len(flaggedFCs)
	m["worst_fc"], m["worst_fc_pct"] = nil, nil
	if len(conds) == 0 {
		return Outcome{Severity: Info, Summary: f.Equip + ": insufficient data -- no G36 fault condition had enough applicable data",
			Metrics: m, Caveats: caveats}, nil
	}
	m["worst_fc"], m["worst_fc_pct"] = fmt.Sprintf("fc%d", worst), r1(worstPct)
	judged := make([]bool, f.N)
	for i, s := range state {
		judged[i] = s != 0
	}
	flagged := make([]bool, f.N)
	for _, c := range conds {
		for i, fl := range c.Flagged {
			flagged[i] = flagged[i] || fl
		}
	}
	worstText := fmt.Sprintf("FC%d %s in %s", worst, defs[worst-1].label,
		shareOf(worstF, worstJ, fmt.Sprintf("its applicable %s", sampleNoun(f))))
	var summary string
	if len(flaggedFCs) == 0 {
		summary = fmt.Sprintf("%s: no G36 fault condition at %.0f%% or more (%d of 15 judged); worst %s", f.Equip, warn, len(conds), worstText)
	} else {
		summary = fmt.Sprintf("%s: %d of %d judged G36 fault conditions flagged (%s); worst %s", f.Equip, len(flaggedFCs), len(conds),
			joinList(flaggedFCs), worstText)
	}
	return Outcome{
		Severity:    sev,
		Summary:     summary,
		Metrics:     m,
		Caveats:     caveats,
		Conditions:  conds,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, label),
		Evidence:    "g36_fault_conditions",
	}, nil
}

// joinList joins with ", ".
func joinList(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}

// g36FC4 judges FC#4: more than maxChanges operating-state changes in a clock
// hour, over the fan-on samples with a known state; the samples of such hours
// are flagged. It returns nil masks when the grid has fewer than
// maxChanges+1 samples an hour (the condition could never hold).
func g36FC4(f *series.Frame, state []int, maxChanges float64) (judged, flagged []bool) {
	if 1/f.StepHours() < maxChanges+1 {
		return nil, nil
	}
	hourOf, nHours := hourIndex(f)
	changes := make([]int, nHours)
	prev := 0
	judged = make([]bool, f.N)
	for i, s := range state {
		if s == 0 {
			prev = 0 // a fan-off or unknown sample restarts the sequence
			continue
		}
		judged[i] = true
		if prev != 0 && s != prev {
			changes[hourOf(i)]++
		}
		prev = s
	}
	flagged = make([]bool, f.N)
	for i, j := range judged {
		flagged[i] = j && float64(changes[hourOf(i)]) > maxChanges
	}
	return judged, flagged
}
