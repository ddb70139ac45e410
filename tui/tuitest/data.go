package tuitest

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// point is one stored point.
type point struct{ equip, class, role string }

// equipment is the fake plant of each facility: equipment id prefix,
// count, class and roles.
var plant = map[string][]struct {
	prefix string
	n      int
	class  string
	roles  []string
}{
	"north-campus": {
		{"AHU-", 4, "AHU", []string{"cool_valve", "duct_static", "heat_valve", "mixed_air_temp", "oa_damper", "oat", "return_air_temp", "supply_air_temp", "supply_air_temp_sp", "supply_fan_status"}},
		{"VAV-1-", 12, "VAV", []string{"airflow", "damper", "space_temp", "cool_sp"}},
		{"CH-", 2, "Chiller", []string{"chw_return_temp", "chw_supply_temp", "compressor_status", "power"}},
		{"CT-", 1, "CoolingTower", []string{"cw_return_temp", "cw_supply_temp", "tower_fan_speed"}},
		{"HWP-", 1, "HotWaterPlant", []string{"boiler_status", "hw_return_temp", "hw_supply_temp", "oat"}},
	},
	"south-annex": {
		{"RTU-", 3, "RTU", []string{"compressor_status", "oat", "space_temp", "supply_air_temp"}},
		{"VAV-S-", 4, "VAV", []string{"airflow", "damper", "space_temp"}},
	},
}

// pointsOf lists a facility's points sorted by equipment then role.
func pointsOf(fac string) []point {
	var out []point
	for _, g := range plant[fac] {
		for i := 1; i <= g.n; i++ {
			for _, r := range g.roles {
				out = append(out, point{fmt.Sprintf("%s%d", g.prefix, i), g.class, r})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].equip != out[j].equip {
			return out[i].equip < out[j].equip
		}
		return out[i].role < out[j].role
	})
	return out
}

func equipCount(fac string) int {
	n := 0
	for _, g := range plant[fac] {
		n += g.n
	}
	return n
}

func points(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	var match []point
	equips := map[string]bool{}
	for _, p := range pointsOf(fac) {
		if e := call.String("equip"); e != "" && p.equip != e {
			continue
		}
		if r := call.String("role"); r != "" && p.role != r {
			continue
		}
		if c := call.String("equip_class"); c != "" && !strings.EqualFold(p.class, c) {
			continue
		}
		match = append(match, p)
		equips[p.equip] = true
	}
	if len(match) == 0 {
		return nil, &registry.Error{Code: registry.CodeNotFound, Message: "no stored point matches"}
	}
	limit, offset := call.PageArgs(250)
	lo, hi := call.Page("points", len(match), limit, offset, "by equipment, then role")
	rows := make([]any, 0, hi-lo)
	for _, p := range match[lo:hi] {
		rows = append(rows, map[string]any{"equip": p.equip, "equip_class": p.class, "role": p.role})
	}
	t := fmt.Sprintf("%s stores %d matching points on %d equipment", fac, len(match), len(equips))
	return &registry.Result{
		Data:  map[string]any{"facility_id": fac, "count": len(match), "n_equipment": len(equips), "points": rows},
		Text:  t + " [F1@points].",
		Facts: []registry.Fact{{ID: "F1@points", Kind: "point_count", Value: len(match), Text: t}},
	}, nil
}

// finding is one generated rule_run finding.
type finding struct {
	id, rule, equip, class, severity string
	share                            float64
	judged, flagged, spans           int
	conditions                       bool
}

// rulesFor are the fake rules by equipment class.
var rulesFor = map[string][]string{
	"AHU":           {"economizer_high_limit", "g36_ahu_fault_conditions", "leaking_valve", "simultaneous_heat_cool", "supply_air_control", "supply_air_reset", "fan_runtime", "oa_damper_min", "static_pressure_control", "mixed_air_plausibility"},
	"VAV":           {"zone_temp_control", "damper_hunting", "airflow_tracking", "zone_overcool", "reheat_leak", "min_airflow", "co2_ventilation", "dcv_verification", "zone_setpoint_range"},
	"Chiller":       {"chw_supply_reset", "chiller_short_cycle", "low_delta_t"},
	"CoolingTower":  {"tower_approach", "tower_fan_cycling"},
	"HotWaterPlant": {"boiler_summer_lockout", "hw_supply_reset", "low_hw_delta_t"},
	"RTU":           {"rtu_short_cycle", "rtu_economizer", "rtu_supply_air_control"},
}

// findingsOf generates a facility's findings, worst first.
func findingsOf(fac string) []finding {
	equip := map[string]string{}
	for _, p := range pointsOf(fac) {
		equip[p.equip] = p.class
	}
	ids := make([]string, 0, len(equip))
	for e := range equip {
		ids = append(ids, e)
	}
	sort.Strings(ids)
	var out []finding
	n := 0
	for _, e := range ids {
		for _, r := range rulesFor[equip[e]] {
			n++
			h := (n*7919 + len(e)*31 + len(r)*17) % 1000
			sev := "ok"
			switch {
			case h < 70:
				sev = "fault"
			case h < 90:
				sev = "warn"
			case h < 330:
				sev = "info"
			}
			judged := 500 + h
			flagged := judged * (h % 97) / 100
			if sev == "ok" {
				flagged = judged * (h % 3) / 100
			}
			out = append(out, finding{id: r + "@" + e, rule: r, equip: e, class: equip[e], severity: sev,
				share: float64(flagged) / float64(judged), judged: judged, flagged: flagged, spans: 1 + h%9,
				conditions: r == "g36_ahu_fault_conditions"})
		}
	}
	rank := map[string]int{"fault": 0, "warn": 1, "info": 2, "ok": 3}
	sort.SliceStable(out, func(i, j int) bool {
		if rank[out[i].severity] != rank[out[j].severity] {
			return rank[out[i].severity] < rank[out[j].severity]
		}
		if out[i].share != out[j].share {
			return out[i].share > out[j].share
		}
		return out[i].id < out[j].id
	})
	return out
}

// summary states a finding's numbers.
func (f finding) summary() string {
	return fmt.Sprintf("%s: %s flagged in %.1f%% of judged hours (%d of %d)", f.equip, strings.ReplaceAll(f.rule, "_", " "), f.share*100, f.flagged, f.judged)
}

func (f finding) row(fact string) map[string]any {
	return map[string]any{"finding_id": f.id, "rule": f.rule, "equip": f.equip, "equip_class": f.class,
		"severity": f.severity, "summary": f.summary(), "share": f.share, "judged_hours": f.judged,
		"flagged_hours": f.flagged, "n_spans": f.spans, "fact": fact, "caveats": []any{}}
}

func ruleRun(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	all := findingsOf(fac)
	counts := map[string]any{"fault": 0, "warn": 0, "info": 0, "ok": 0}
	for _, f := range all {
		counts[f.severity] = counts[f.severity].(int) + 1
	}
	limit, offset := call.PageArgs(25)
	lo, hi := call.Page("findings", len(all), limit, offset, "worst first")
	var skipped []map[string]any
	if fac == "north-campus" {
		for i := 1; i <= 12; i++ {
			skipped = append(skipped, map[string]any{"rule": "chw_supply_reset", "equip": fmt.Sprintf("VAV-1-%d", i), "missing": []any{"chw_supply_temp_sp"}})
		}
	}
	slo, shi := call.Page("skipped", len(skipped), limit, offset, "by rule, then equipment")
	t := fmt.Sprintf("%s: %d findings: %d fault, %d warn, %d info, %d ok", fac, len(all), counts["fault"], counts["warn"], counts["info"], counts["ok"])
	res := &registry.Result{Facts: []registry.Fact{{ID: "F1@rule_run", Kind: "finding_counts", Value: len(all), Text: t}}}
	text := []string{t + " [F1@rule_run]."}
	rows := make([]any, 0, hi-lo)
	for i, f := range all[lo:hi] {
		id := fmt.Sprintf("F%d@rule_run", i+2)
		res.Facts = append(res.Facts, registry.Fact{ID: id, Kind: "finding", Value: f.share, Equip: f.equip, Text: f.summary(),
			Data: map[string]any{"finding_id": f.id, "flagged_hours": f.flagged, "judged_hours": f.judged}})
		if i < 3 {
			text = append(text, f.summary()+" ["+id+"].")
		}
		rows = append(rows, f.row(id))
	}
	sk := make([]any, 0, shi-slo)
	for _, s := range skipped[slo:shi] {
		sk = append(sk, s)
	}
	if fac == "north-campus" {
		call.Notice(`2 checks were declined because an input scores below the trust floor 0.5: a declined check is not a pass; rules: co2_ventilation, dcv_verification; untrusted inputs: "VAV-1-2" co2 (trust 0.0361)`)
	}
	call.Notice("no run config names facility " + fac + ": the run uses the store-backed default config (every stored equipment class the rules recognise, every built-in rule at its defaults)")
	res.Text = strings.Join(text, " ")
	res.Data = map[string]any{"facility_id": fac, "count": len(all), "counts": counts, "declined": 2, "findings": rows,
		"skipped": sk, "skipped_count": len(skipped),
		"window": map[string]any{"start": "2025-05-05T00:00:00", "end": "2025-09-01T23:00:00", "step": "1h"}}
	return res, nil
}

// window is the fake run window.
var (
	winStart = time.Date(2025, 5, 5, 0, 0, 0, 0, time.UTC)
	winEnd   = time.Date(2025, 9, 1, 23, 0, 0, 0, time.UTC)
)

const stamp = "2006-01-02T15:04:05"

// spans generates n flagged spans of a finding over the window.
func spans(seed, n int) []any {
	out := make([]any, 0, n)
	days := int(winEnd.Sub(winStart).Hours() / 24)
	for i := 0; i < n; i++ {
		d := (i*days)/n + (seed+i*13)%5
		start := winStart.Add(time.Duration(d)*24*time.Hour + time.Duration(8+(seed+i)%6)*time.Hour)
		hours := 2 + (seed*3+i*7)%30
		out = append(out, map[string]any{"start": start.Format(stamp), "end": start.Add(time.Duration(hours) * time.Hour).Format(stamp),
			"hours": hours, "samples": hours})
	}
	return out
}

func findingDetail(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	id := call.String("finding_id")
	all := findingsOf(fac)
	var f *finding
	for i := range all {
		if all[i].id == id {
			f = &all[i]
		}
	}
	if f == nil {
		return nil, &registry.Error{Code: registry.CodeNotFound, Message: "the run has no finding " + id}
	}
	data := f.row("F1@finding_detail")
	v := spans(len(f.id), f.spans)
	limit, offset := call.PageArgs(100)
	lo, hi := call.Page("violations", len(v), limit, offset, "in time order")
	data["violations"] = v[lo:hi]
	data["window"] = map[string]any{"start": winStart.Format(stamp), "end": winEnd.Format(stamp), "step": "1h"}
	data["facility_id"] = fac
	var conds []any
	if f.conditions {
		for i, c := range []struct{ name, label string }{{"fc2", "mixed air too warm"}, {"fc5", "supply air too cold in heating"}} {
			cv := spans(len(f.id)+i*11, 2+i)
			conds = append(conds, map[string]any{"name": c.name, "label": c.label, "share": f.share / float64(2+i),
				"n_spans": len(cv), "flagged_samples": f.flagged / (2 + i), "judged_samples": f.judged, "violations": cv})
		}
	}
	data["conditions"] = conds
	t := f.summary()
	return &registry.Result{Data: data, Text: t + " [F1@finding_detail].",
		Facts: []registry.Fact{{ID: "F1@finding_detail", Kind: "finding", Value: f.share, Equip: f.equip, Text: t}}}, nil
}

func sensorTrust(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	type scored struct {
		p     point
		trust float64
	}
	var all []scored
	for i, p := range pointsOf(fac) {
		h := (i*4099 + len(p.role)*13) % 1000
		all = append(all, scored{p, float64(h) / 1000})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].trust < all[j].trust })
	counts := map[string]any{"trusted": 0, "suspect": 0, "untrusted": 0}
	verdict := func(t float64) string {
		switch {
		case t < 0.5:
			return "untrusted"
		case t < 0.8:
			return "suspect"
		}
		return "trusted"
	}
	below := 0
	for _, s := range all {
		v := verdict(s.trust)
		counts[v] = counts[v].(int) + 1
		if s.trust < call.MinTrust() {
			below++
		}
	}
	limit, offset := call.PageArgs(100)
	lo, hi := call.Page("points", len(all), limit, offset, "least trusted first")
	rows := make([]any, 0, hi-lo)
	for _, s := range all[lo:hi] {
		var flags []any
		if s.trust < 0.5 {
			flags = append(flags, "flatline")
		}
		rows = append(rows, map[string]any{"equip": s.p.equip, "equip_class": s.p.class, "role": s.p.role, "trust": s.trust,
			"verdict": verdict(s.trust), "below_floor": s.trust < call.MinTrust(), "coverage": 0.5 + s.trust/2, "flags": flags})
	}
	t := fmt.Sprintf("%d of %d points of %s score below the trust floor %.1f", below, len(all), fac, call.MinTrust())
	return &registry.Result{
		Data: map[string]any{"facility_id": fac, "count": len(all), "counts": counts, "below_floor": below,
			"min_trust": call.MinTrust(), "points": rows, "references": []any{}},
		Text:  t + " [F1@sensor_trust].",
		Facts: []registry.Fact{{ID: "F1@sensor_trust", Kind: "below_floor", Value: below, Text: t}},
	}, nil
}

func coverage(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	pts := pointsOf(fac)
	limit, offset := call.PageArgs(50)
	lo, hi := call.Page("points", len(pts), limit, offset, "worst first")
	rows := make([]any, 0, hi-lo)
	for i, p := range pts[lo:hi] {
		rows = append(rows, map[string]any{"equip": p.equip, "role": p.role, "samples": 11000 - i*7, "coverage": 0.99 - float64(i%10)/100, "gaps": i % 4})
	}
	t := fmt.Sprintf("%s: %d points scanned", fac, len(pts))
	return &registry.Result{Data: map[string]any{"facility_id": fac, "count": len(pts), "points": rows},
		Text: t + " [F1@coverage].", Facts: []registry.Fact{{ID: "F1@coverage", Kind: "coverage", Value: len(pts), Text: t}}}, nil
}

// datasets is the fake catalog (rows shaped like the built-in's).
var datasets = []map[string]any{
	{"id": "lbnl-fdd", "title": "LBNL AHU FDD", "kind": "fdd", "licence": "CC-BY-4.0", "access": "open", "research_only": false},
	{"id": "ashrae-1312", "title": "ASHRAE RP-1312 AHU faults", "kind": "fdd", "licence": "LicenseRef-ASHRAE", "access": "purchase", "research_only": true},
	{"id": "bdg2", "title": "Building Data Genome 2", "kind": "mv", "licence": "CC-BY-SA-4.0", "access": "open", "research_only": false},
}

func datasetSearch(_ context.Context, call *registry.Call) (*registry.Result, error) {
	q := strings.ToLower(call.String("query"))
	var rows []any
	for _, d := range datasets {
		if q == "" || strings.Contains(strings.ToLower(d["title"].(string)), q) {
			rows = append(rows, d)
		}
	}
	t := fmt.Sprintf("%d catalog datasets match", len(rows))
	call.Notice("camber-tui does not download datasets: this is catalog metadata only")
	return &registry.Result{Data: map[string]any{"count": len(rows), "datasets": rows}, Text: t + " [F1@dataset_search].",
		Facts: []registry.Fact{{ID: "F1@dataset_search", Kind: "dataset_count", Value: len(rows), Text: t}}}, nil
}

func datasetEntry(_ context.Context, call *registry.Call) (*registry.Result, error) {
	id := call.String("dataset_id")
	for _, d := range datasets {
		if d["id"] == id {
			data := map[string]any{}
			for k, v := range d {
				data[k] = v
			}
			data["summary"] = "Trend data of " + d["title"].(string)
			t := fmt.Sprintf("%s is licensed %s", id, d["licence"])
			return &registry.Result{Data: data, Text: t + " [F1@dataset_entry].",
				Facts: []registry.Fact{{ID: "F1@dataset_entry", Kind: "dataset", Value: id, Text: t}}}, nil
		}
	}
	return nil, &registry.Error{Code: registry.CodeNotFound, Message: "no catalog dataset " + id}
}

// rcxReport ranks the worst findings as issues, shaped like the built-in
// rcx_report's data.
func rcxReport(_ context.Context, call *registry.Call) (*registry.Result, error) {
	fac := call.String("facility_id")
	if !known(fac) {
		return nil, notFound(fac)
	}
	var worst []finding
	for _, f := range findingsOf(fac) {
		if f.severity == "fault" || f.severity == "warn" {
			worst = append(worst, f)
		}
	}
	topN := call.Int("top_n", 8)
	_, offset := call.PageArgs(20)
	lo, hi := call.Page("issues", len(worst), topN, offset, "money first, then severity")
	res := &registry.Result{}
	issues := make([]any, 0, hi-lo)
	for i, f := range worst[lo:hi] {
		fact := fmt.Sprintf("C%d@%s", lo+i+1, f.id)
		res.Facts = append(res.Facts, registry.Fact{ID: fact, Kind: "issue", Value: f.flagged, Equip: f.equip, Text: f.summary()})
		issues = append(issues, map[string]any{"rank": lo + i + 1, "key": f.id, "severity": f.severity, "equip": f.equip,
			"cause": f.rule, "confidence": "high", "summary": f.summary(), "hours": f.flagged, "annual_usd": nil,
			"uncosted": f.id + ": needs cooling_tons", "finding_ids": []any{f.id}, "fact": fact})
	}
	k := fmt.Sprintf("%s: %d actionable issues", fac, len(worst))
	res.Facts = append(res.Facts, registry.Fact{ID: "K1@summary", Kind: "summary", Value: len(worst), Text: k})
	res.Text = k + " [K1@summary]."
	res.Data = map[string]any{
		"facility_id": fac, "issue_count": len(worst), "issues": issues, "top_n": topN,
		"window": map[string]any{"start": winStart.Format(stamp), "end": winEnd.Format(stamp), "step": "1h"},
		"config": map[string]any{"name": "store default"},
		"scorecard": map[string]any{"overall": 56.3, "grade": "F", "categories": []any{
			map[string]any{"category": "energy", "score": 10, "grade": "F", "faults": 6, "warnings": 0}}},
		"kpis": map[string]any{"actionable": len(worst), "costed": 0, "costed_usd": 0, "uncosted": len(worst),
			"findings": map[string]any{"fault": 13, "warn": 3, "info": 38, "ok": 105}},
		"appendix_a": []any{map[string]any{"kind": "declined", "check": "co2_ventilation", "equip": "VAV-1-2", "role": "co2",
			"reason": "declined -- untrusted input(s): co2 (trust 0.0361)", "fact": "A1@appendix"}},
		"appendix_a_count": 1,
	}
	res.Facts = append(res.Facts, registry.Fact{ID: "A1@appendix", Kind: "declined", Text: "co2_ventilation declined on VAV-1-2"})
	return res, nil
}
