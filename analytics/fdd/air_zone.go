package fdd

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// Zone comfort and airflow rules: overcooling severity, unmet setpoint hours,
// airflow tracking.

// tierValues reads a Tiers parameter's info/warn/fault thresholds, whether
// the runner passes map[string]float64 or decoded JSON (map[string]any).
func tierValues(v Values, name string, def map[string]float64) (info, warn, fault float64) {
	get := func(k string) float64 {
		switch m := v[name].(type) {
		case map[string]float64:
			if x, ok := m[k]; ok {
				return x
			}
		case map[string]any:
			switch x := m[k].(type) {
			case float64:
				return x
			case int:
				return float64(x)
			}
		}
		return def[k]
	}
	return get("info"), get("warn"), get("fault")
}

var overcoolTiers = map[string]float64{"info": 1, "warn": 2, "fault": 3}

// overcoolingSeverity grades how deep and how long a zone runs cold (ASHRAE
// 55): depth below the heating setpoint (relative_to_deadband, the bottom of
// the comfort band), sustained for at least window_min minutes of consecutive
// occupied samples; the worst tier sustained (info 1, warn 2, fault 3 °F)
// is the severity. Without heat_sp (or with relative_to_deadband off) depth is
// measured below the cooling setpoint — the absolute mode, where a zone in its
// deadband already reads cold — so fault is capped at warn. The persistence
// window counts in the frame's own interval, so it holds on any grid.
func overcoolingSeverity() Rule {
	params := []Param{
		{Name: "tiers", Kind: Tiers, Default: overcoolTiers, Unit: "°F", Min: &zero,
			Basis:  "CAMBER: info 1, warn 2, fault 3 °F below setpoint",
			Advice: "Tighten for critical spaces; ASHRAE 55 comfort bands are about ±2 °F."},
		{Name: "window_min", Kind: Int, Default: 60, Unit: "min", Min: bound(1), Max: bound(1440),
			Basis: "CAMBER: sustained for 60 min", Advice: "Shorter catches brief excursions; longer ignores start-up recovery."},
		{Name: "relative_to_deadband", Kind: Bool, Default: true,
			Basis: "CAMBER: measure below the heating setpoint", Advice: "Turn off to measure below the cooling setpoint (absolute mode)."},
	}
	return Rule{
		Name:     "overcooling_severity",
		Title:    "Zone overcooling depth and duration",
		Classes:  zoneClasses,
		Required: []model.Role{model.SpaceTemp, model.CoolSP},
		Optional: []model.Role{model.HeatSP, model.Occupancy, model.Warmup, model.Cooldown},
		Params:   params,
		Standard: "ASHRAE 55",
		Category: "comfort",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "overcooling_severity"); err != nil {
				return Outcome{}, err
			}
			return checkOvercoolSeverity(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkOvercoolSeverity(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"worst_tier", "max_depth_f", "overcool_pct", "overcool_samples", "occupied_samples"}
	st, csp := present(f, model.SpaceTemp), present(f, model.CoolSP)
	if st == nil || csp == nil {
		return declineOutcome(f, "no space temperature or cooling setpoint data", keys)
	}
	tInfo, tWarn, tFault := tierValues(p, "tiers", overcoolTiers)
	window := float64(p.Int("window_min"))
	ref, refName := csp, "cooling setpoint"
	absolute := true
	caveats := occCaveat(f)
	if hsp := present(f, model.HeatSP); hsp != nil && p.Bool("relative_to_deadband") {
		ref, refName, absolute = hsp, "heating setpoint", false
	} else {
		caveats = append(caveats, "absolute mode (depth below the cooling setpoint, no heat_sp or relative_to_deadband off): fault capped at warn")
	}
	judged := occupiedMask(f)
	depth := make([]float64, f.N)
	for i := range judged {
		depth[i] = ref[i] - st[i]
		judged[i] = judged[i] && known(depth[i])
	}
	nj := count(judged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	stepMin := float64(f.Step) / float64(time.Minute)
	need := max(1, int(math.Ceil(window/stepMin-1e-9)))
	flagged := make([]bool, f.N)
	worst := ""
	for _, tier := range []struct {
		name string
		thr  float64
	}{{"info", tInfo}, {"warn", tWarn}, {"fault", tFault}} {
		if markSustained(judged, depth, tier.thr, need, flagged, tier.name == "info") {
			worst = tier.name
		}
	}
	nf := count(flagged)
	maxDepth := math.Inf(-1)
	for i, j := range judged {
		if j && depth[i] > maxDepth {
			maxDepth = depth[i]
		}
	}
	sev := map[string]Severity{"": OK, "info": Info, "warn": Warn, "fault": Fault}[worst]
	if absolute {
		sev = capWarn(sev)
	}
	share := pct(nf, nj)
	m := map[string]any{"worst_tier": worst, "max_depth_f": r1(maxDepth), "overcool_pct": r1(share), "overcool_samples": nf,
		"occupied_samples": nj, "window_min": int(window)}
	if worst == "" {
		m["worst_tier"] = "none"
	}
	var summary string
	if worst == "" {
		summary = fmt.Sprintf("%s: no overcooling of %.0f °F or more below the %s sustained %.0f min in %s %s; deepest %.1f °F",
			f.Equip, tInfo, refName, window, fmtInt(nj), basis(f, "occupied"), maxDepth)
	} else {
		thr := map[string]float64{"info": tInfo, "warn": tWarn, "fault": tFault}[worst]
		summary = fmt.Sprintf("%s: zone up to %.1f °F below its %s, sustained %.0f min at the %s tier (%.0f °F); overcooled in %s",
			f.Equip, maxDepth, refName, window, worst, thr, shareText(f, nf, nj, "occupied"))
	}
	return Outcome{Severity: sev, Summary: summary, Metrics: m, Caveats: caveats, Judged: judged, Flagged: flagged,
		JudgedBasis: basis(f, "occupied"), Evidence: "zone_temp_vs_setpoints"}
}

// markSustained finds runs of consecutive judged samples with depth ≥ thr of
// at least need samples; it reports whether any exists and, when mark is set,
// flags their samples.
func markSustained(judged []bool, depth []float64, thr float64, need int, flagged []bool, mark bool) bool {
	found := false
	start := -1
	flush := func(end int) {
		if start >= 0 && end-start >= need {
			found = true
			if mark {
				for k := start; k < end; k++ {
					flagged[k] = true
				}
			}
		}
		start = -1
	}
	for i := range judged {
		if judged[i] && depth[i] >= thr {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(judged))
	return found
}

// unmetSetpointHours flags a zone outside its comfort band in occupied hours
// (G36 / ASHRAE 55): below heat_sp − tol_F or above cool_sp + tol_F, ≥ 5 %
// warns, ≥ 15 % is a fault. Occupied is the occupancy point alone when mapped
// (as CAMBER), else weekdays start_hour–end_hour. With only one setpoint the
// other side is not tested, so a clean result is info, not ok.
func unmetSetpointHours() Rule {
	params := []Param{
		numParam("tol_F", 1.5, "°F", &zero, bound(10), "CAMBER: 1.5 °F outside the setpoints", "Widen for zones with coarse sensors."),
		pctParam("warn_pct", 5, "CAMBER: ≥5 % of occupied hours", "Share of occupied hours that warns."),
		pctParam("fault_pct", 15, "CAMBER: ≥15 % of occupied hours", "Share of occupied hours that is a fault."),
		{Name: "start_hour", Kind: Int, Default: 7, Unit: "h", Min: &zero, Max: bound(23), Basis: "CAMBER: occupied from 07:00", Advice: "The building's occupied start."},
		{Name: "end_hour", Kind: Int, Default: 18, Unit: "h", Min: bound(1), Max: bound(24), Basis: "CAMBER: occupied until 18:00", Advice: "The building's occupied end."},
	}
	return Rule{
		Name:     "unmet_setpoint_hours",
		Title:    "Unmet setpoint hours",
		Classes:  zoneClasses,
		Required: []model.Role{model.SpaceTemp},
		Optional: []model.Role{model.HeatSP, model.CoolSP, model.Occupancy},
		Params:   params,
		Standard: "ASHRAE Guideline 36; ASHRAE 55",
		Category: "comfort",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "unmet_setpoint_hours"); err != nil {
				return Outcome{}, err
			}
			return checkUnmet(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkUnmet(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"unmet_pct", "unmet_samples", "occupied_samples", "too_cold_pct", "too_warm_pct"}
	st := present(f, model.SpaceTemp)
	if st == nil {
		return declineOutcome(f, "no space temperature data", keys)
	}
	hsp, csp := present(f, model.HeatSP), present(f, model.CoolSP)
	if hsp == nil && csp == nil {
		return declineOutcome(f, "declined -- needs heat_sp or cool_sp to define the comfort band", keys,
			"no heat_sp or cool_sp: unmet hours not evaluated")
	}
	var occ []bool
	var caveats []string
	if o := present(f, model.Occupancy); o != nil {
		occ = make([]bool, f.N)
		for i, v := range o {
			occ[i] = isOn(v)
		}
	} else {
		occ = scheduleMask(f, p.Int("start_hour"), p.Int("end_hour"))
		caveats = append(caveats, fmt.Sprintf("no occupancy point: occupied hours are Mon-Fri %02d:00-%02d:00", p.Int("start_hour"), p.Int("end_hour")))
	}
	tol := p.Float("tol_F")
	cold := Condition{Name: "too_cold", Label: "below heating setpoint − tol", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	warm := Condition{Name: "too_warm", Label: "above cooling setpoint + tol", Judged: make([]bool, f.N), Flagged: make([]bool, f.N)}
	judged := make([]bool, f.N)
	for i := range judged {
		if !occ[i] || !known(st[i]) {
			continue
		}
		if hsp != nil && known(hsp[i]) {
			cold.Judged[i], cold.Flagged[i] = true, st[i] < hsp[i]-tol
		}
		if csp != nil && known(csp[i]) {
			warm.Judged[i], warm.Flagged[i] = true, st[i] > csp[i]+tol
		}
		judged[i] = cold.Judged[i] || warm.Judged[i]
	}
	nj := count(judged)
	if !enough(f, nj) {
		return tooFew(f, nj, "occupied "+sampleNoun(f), keys, caveats...)
	}
	flagged := or2(cold.Flagged, warm.Flagged)
	nf := count(flagged)
	share := pct(nf, nj)
	sev := gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct"))
	m := map[string]any{"unmet_pct": r1(share), "unmet_samples": nf, "occupied_samples": nj, "too_cold_pct": nil, "too_warm_pct": nil}
	var conds []Condition
	var parts []string
	for _, c := range []struct {
		cond  Condition
		key   string
		words string
		have  bool
	}{{cold, "too_cold_pct", "too cold", hsp != nil}, {warm, "too_warm_pct", "too warm", csp != nil}} {
		if !c.have {
			continue
		}
		cj, cf := count(c.cond.Judged), count(c.cond.Flagged)
		m[c.key] = r1(pct(cf, cj))
		conds = append(conds, c.cond)
		parts = append(parts, fmt.Sprintf("%s %s", c.words, fmtPct(pct(cf, cj))))
	}
	if len(conds) == 1 {
		side := "overheating"
		if hsp == nil {
			side = "overcooling"
		}
		caveats = append(caveats, fmt.Sprintf("only one setpoint mapped: %s not tested", side))
		if sev == OK {
			sev = Info
		}
	}
	return Outcome{
		Severity: sev,
		Summary: fmt.Sprintf("%s: outside the comfort band (±%.1f °F) in %s: %s", f.Equip, tol,
			shareText(f, nf, nj, "occupied"), joinParts(parts)),
		Metrics: m, Caveats: caveats, Conditions: conds, Judged: judged, Flagged: flagged,
		JudgedBasis: basis(f, "occupied"), Evidence: "zone_temp_vs_setpoints",
	}
}

// airflowTracking flags a terminal box whose airflow does not follow its
// setpoint (G36 §5.6): of active samples (setpoint above min_sp), the share
// with |airflow − setpoint| / setpoint above tol_frac ≥ 10 % warns, ≥ 25 % is
// a fault.
func airflowTracking() Rule {
	params := append([]Param{
		numParam("tol_frac", 0.2, "fraction", &zero, bound(5), "CAMBER / G36 εF: 20 % relative error", "Widen for boxes with low-velocity flow stations."),
		numParam("min_sp", 1e-6, "cfm", &zero, nil, "CAMBER: setpoint above 0 is active", "Raise it to ignore near-zero setpoints at shutdown."),
	}, gradeParams(10, 25, "CAMBER: ≥10 warn / ≥25 fault")...)
	return Rule{
		Name:     "airflow_tracking",
		Title:    "Airflow not tracking setpoint",
		Classes:  terminalClasses,
		Required: []model.Role{model.Airflow, model.AirflowSP},
		Params:   params,
		Standard: "ASHRAE Guideline 36 §5.6",
		Category: "comfort",
		Grid:     Hourly,
		Check: func(ctx context.Context, in *Input) (Outcome, error) {
			if err := checkInput(ctx, in, "airflow_tracking"); err != nil {
				return Outcome{}, err
			}
			return checkAirflowTracking(in, withDefaults(in.Params, params)), nil
		},
	}
}

func checkAirflowTracking(in *Input, p Values) Outcome {
	f := in.Frame
	keys := []string{"off_sp_pct", "off_sp_samples", "active_samples"}
	af, sp := present(f, model.Airflow), present(f, model.AirflowSP)
	if af == nil || sp == nil {
		return declineOutcome(f, "no airflow or airflow setpoint data", keys)
	}
	tol, minSP := p.Float("tol_frac"), p.Float("min_sp")
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	for i := range judged {
		judged[i] = sp[i] > minSP && known(af[i])
		flagged[i] = judged[i] && math.Abs(af[i]-sp[i])/sp[i] > tol
	}
	nj, nf := count(judged), count(flagged)
	if !enough(f, nj) {
		return tooFew(f, nj, "active "+sampleNoun(f), keys)
	}
	share := pct(nf, nj)
	return Outcome{
		Severity:    gradeAtLeast(share, p.Float("warn_pct"), p.Float("fault_pct")),
		Summary:     fmt.Sprintf("%s: airflow more than %.0f%% off setpoint in %s", f.Equip, 100*tol, shareText(f, nf, nj, "active")),
		Metrics:     map[string]any{"off_sp_pct": r1(share), "off_sp_samples": nf, "active_samples": nj},
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: basis(f, "active"),
		Evidence:    "airflow_vs_setpoint",
	}
}
