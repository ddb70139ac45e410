package builtin_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/store/demo"
)

func TestConformance_RCXReport(t *testing.T) {
	registrytest.Run(t, newDefault(t), "rcx_report", registrytest.Cases{
		Ctx: demoConfigCtx(t),
		Valid: []map[string]any{
			{"facility_id": "north-campus"},
			{"facility_id": "north-campus", "top_n": 3, "offset": 3, "limit": 1},
			{"facility_id": "south-annex", "equips": []any{"RTU-2", "RTU-1"}, "start": "2025-06-01", "end": "2025-07-31"},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "north-campus", "top_n": 0}, Pointer: "/top_n"},
			{Args: map[string]any{"facility_id": "north-campus", "limit": 1001}, Pointer: "/limit"},
			{Args: map[string]any{"facility_id": "north-campus", "rules": []any{"leaking_valve"}}, Pointer: "/rules"},
			{Args: map[string]any{"facility_id": "north-campus", "end": "June"}, Pointer: "/end"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-99"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{"LOG-1"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "start": "2030-01-01"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

// TestRCXReport_Golden: the demo campus with its run config (the top
// issues are the injected faults, drift and M&V sections included), and
// south-annex on the store-backed default (its multi-day gap in appendix
// A).
func TestRCXReport_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
		cc   *registry.CallContext
	}{
		{"rcx_report/north.json", map[string]any{"facility_id": "north-campus"}, demoConfigCtx(t)},
		{"rcx_report/south-default.json", map[string]any{"facility_id": "south-annex", "top_n": 4}, callCtx(demoStore)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, reg, "rcx_report", tc.args, tc.cc)
			golden.Check(t, tc.name, tokenMasked(t, res))
			checkCited(t, res)
		})
	}
}

// TestRCXReport_DemoTopIssues: every one of the first top_n issues is an
// injected fault of the demo's labels (a rule of the label, or its drift
// family, on the labelled equipment), and the injected chiller drift is
// among them.
func TestRCXReport_DemoTopIssues(t *testing.T) {
	res := call(t, newDefault(t), "rcx_report", map[string]any{"facility_id": "north-campus"}, demoConfigCtx(t))
	labelled := map[string]bool{}
	for _, l := range demo.Labels() {
		labelled[l.Rule+"@"+l.Equip] = true
	}
	alias := map[string]string{"chiller:approach_drift": "chiller_approach_drift", "tower:approach_drift": "cooling_tower_approach_drift"}
	issues := listOf(res, "issues")
	if len(issues) != 10 { // the config's top_n
		t.Fatalf("%d issues on the first page, want the config's top_n 10", len(issues))
	}
	var keys []string
	for _, is := range issues {
		rule := is["cause"].(string)
		if a, ok := alias[rule]; ok {
			rule = a
		}
		keys = append(keys, is["key"].(string))
		if !labelled[rule+"@"+is["equip"].(string)] {
			t.Errorf("rank %v %s is not an injected fault", is["rank"], is["key"])
		}
	}
	if !slices.Contains(keys, "chiller.approach_drift@CH-1") || !slices.Contains(keys, "cooling_tower_approach@CT-1") {
		t.Errorf("top issues %v", keys)
	}
	d := dataOf(res)
	if mv := d["mv"].(map[string]any); mv["evaluated"] != true || mv["avoided"] != 61038.0 {
		t.Errorf("mv %v", mv)
	}
	if dr := d["drift"].(map[string]any); dr["ran"] != true {
		t.Errorf("drift %v", dr)
	}
}

// TestRCXReport_MatchesRuleRun: the report's rule issues hold exactly the
// actionable, judged findings of the same rule_run call, each once.
func TestRCXReport_MatchesRuleRun(t *testing.T) {
	reg := newDefault(t)
	cc := demoConfigCtx(t)
	for _, args := range []map[string]any{
		{"facility_id": "north-campus"},
		{"facility_id": "north-campus", "equips": []any{"AHU-1", "AHU-2", "VAV-2-3"}, "start": "2025-05-20", "end": "2025-07-31"},
		{"facility_id": "south-annex"},
	} {
		rr := call(t, reg, "rule_run", withArgs(args, map[string]any{"limit": 1000}), cc)
		var want []string
		for _, f := range listOf(rr, "findings") {
			if (f["severity"] == "warn" || f["severity"] == "fault") && f["declined"] == false {
				want = append(want, f["finding_id"].(string))
			}
		}
		rep := call(t, reg, "rcx_report", withArgs(args, map[string]any{"top_n": 1000}), cc)
		var got []string
		for _, is := range listOf(rep, "issues") {
			for _, id := range is["finding_ids"].([]any) {
				got = append(got, id.(string))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%v:\nrcx_report %v\n  rule_run %v", args, got, want)
		}
		k := dataOf(rep)["kpis"].(map[string]any)["findings"]
		if fmt.Sprint(k) != fmt.Sprint(dataOf(rr)["counts"]) {
			t.Errorf("%v: KPI counts %v, rule_run counts %v", args, k, dataOf(rr)["counts"])
		}
	}
}

// TestRCXReport_Paging: top_n and offset page the issues, limit and the
// same offset appendix A; only the page's issues' facts and every K fact
// come back, and every fact id in data names a fact of the result.
func TestRCXReport_Paging(t *testing.T) {
	reg := newDefault(t)
	cc := demoConfigCtx(t)
	all := call(t, reg, "rcx_report", map[string]any{"facility_id": "north-campus", "top_n": 1000}, cc)
	n := int(dataOf(all)["issue_count"].(float64))
	res := call(t, reg, "rcx_report", map[string]any{"facility_id": "north-campus", "top_n": 4, "offset": 4}, cc)
	page := listOf(res, "issues")
	if len(page) != 4 || page[0]["rank"] != 5.0 || page[0]["key"] != listOf(all, "issues")[4]["key"] {
		t.Fatalf("page %v", page)
	}
	want := fmt.Sprintf("'issues' shows rows 5-8 of %d (money first, then severity)", n)
	if !res.Truncated || !strings.Contains(strings.Join(res.Banners, "|"), want) {
		t.Errorf("banners %q", res.Banners)
	}
	ids := map[string]bool{}
	for _, f := range res.Facts {
		ids[f.ID] = true
		if strings.HasPrefix(f.ID, "C1@") && !slices.ContainsFunc(page, func(is map[string]any) bool { return is["fact"] == f.ID }) {
			t.Errorf("fact %s is of an issue not on the page", f.ID)
		}
	}
	for _, is := range page {
		if !ids[is["fact"].(string)] {
			t.Errorf("issue %s names fact %s, not in the result", is["key"], is["fact"])
		}
	}
	for _, ref := range listOf(res, "fact_index") {
		if !ids[ref["id"].(string)] {
			t.Errorf("fact_index names %s, not in the result", ref["id"])
		}
	}
	for _, s := range listOf(res, "sections") {
		for _, id := range s["facts"].([]any) {
			if !ids[id.(string)] {
				t.Errorf("section %s names %s, not in the result", s["id"], id)
			}
		}
	}
	south := call(t, reg, "rcx_report", map[string]any{"facility_id": "south-annex", "limit": 1, "offset": 1}, callCtx(demoStore))
	if total := dataOf(south)["appendix_a_count"].(float64); total < 2 || len(listOf(south, "appendix_a")) != 1 {
		t.Errorf("appendix %v of %v", listOf(south, "appendix_a"), total)
	}
}

// TestRCXReport_NoDriftSection: a run config without a drift section runs
// none and says so in the drift fact.
func TestRCXReport_NoDriftSection(t *testing.T) {
	res := call(t, newDefault(t), "rcx_report", map[string]any{"facility_id": "south-annex"}, demoConfigCtx(t))
	d := dataOf(res)
	if dr := d["drift"].(map[string]any); dr["configured"] != false || dr["ran"] != false {
		t.Errorf("drift %v", dr)
	}
	if mv := d["mv"].(map[string]any); mv["configured"] != false {
		t.Errorf("mv %v", mv)
	}
	found := false
	for _, f := range res.Facts {
		found = found || f.Kind == "drift" && strings.Contains(f.Text, "declares no drift section")
	}
	if !found {
		t.Error("no fact says the config declares no drift section")
	}
}

// withArgs merges extra into a copy of args.
func withArgs(args, extra map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}
