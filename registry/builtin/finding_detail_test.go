package builtin_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

func TestConformance_FindingDetail(t *testing.T) {
	registrytest.Run(t, newDefault(t), "finding_detail", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			{"facility_id": "south-annex", "finding_id": "compressor_short_cycle@RTU-2"},
			{"facility_id": "south-annex", "finding_id": "night_weekend_setback@RTU-1", "limit": 2, "offset": 1, "min_severity": "fault"},
			{"facility_id": "south-annex", "finding_id": "filter_fouling@RTU-1", "equips": []any{"RTU-1"}, "rules": []any{"filter_fouling"}},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "south-annex"}, Pointer: "/finding_id"},
			{Args: map[string]any{"facility_id": "south-annex", "finding_id": ""}, Pointer: "/finding_id"},
			{Args: map[string]any{"facility_id": "south-annex", "finding_id": "x", "offset": -1}, Pointer: "/offset"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "south-annex", "finding_id": "leaking_valve@AHU-1"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "finding_id": "x", "equips": []any{"AHU-1"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "finding_id": "x", "rules": []any{"chiller_superheat_drift"}}, Code: registry.CodeInvalidParams},
		},
	})
}

func TestFindingDetail_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
		cc   *registry.CallContext
	}{
		{"finding_detail/event.json", map[string]any{"facility_id": "south-annex", "finding_id": "compressor_short_cycle@RTU-2"}, callCtx(demoStore)},
		{"finding_detail/conditions.json", map[string]any{"facility_id": "north-campus", "finding_id": "g36_ahu_fault_conditions@AHU-3", "limit": 3}, callCtx(demoStore)},
		{"finding_detail/declined.json", map[string]any{"facility_id": "south-annex", "finding_id": "filter_fouling@RTU-2"}, callCtx(demoStore)},
		{"finding_detail/whole-window.json", map[string]any{"facility_id": "north-campus", "finding_id": "static_pressure_reset@AHU-1", "equips": []any{"AHU-1"}}, callCtx(demoStore)},
		{"finding_detail/conditional.json", map[string]any{"facility_id": "north-campus", "finding_id": "leaking_valve@AHU-2", "equips": []any{"AHU-2"}, "limit": 5},
			configCtx(t, 0.1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, reg, "finding_detail", tc.args, tc.cc)
			checkCited(t, res)
			golden.Check(t, tc.name, masked(t, res))
		})
	}
}

// TestFindingDetail_MatchesRuleRun: finding_detail reruns the same run, so
// each finding's share, counts and spans are those rule_run states, the
// spans hold exactly the flagged samples, and an actionable finding's
// summary states its share (or, for a multi-condition finding, its
// conditions').
func TestFindingDetail_MatchesRuleRun(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	run := call(t, reg, "rule_run", map[string]any{"facility_id": "south-annex", "limit": 1000}, cc)
	for _, row := range listOf(run, "findings") {
		sev := row["severity"].(string)
		if (sev == "warn" || sev == "fault") && row["share"] != nil {
			states := strings.Contains(row["summary"].(string), pctOf(row["share"]))
			for _, c := range row["conditions"].([]any) {
				if s := c.(map[string]any)["share"]; s != nil {
					states = states || strings.Contains(row["summary"].(string), pctOf(s))
				}
			}
			if !states {
				t.Errorf("%s: summary %q does not state its share %s", row["finding_id"], row["summary"], pctOf(row["share"]))
			}
		}
	}
	for _, id := range []string{"compressor_short_cycle@RTU-2", "economizer_high_limit@RTU-1", "filter_fouling@RTU-3", "heatpump_defrost@HP-1"} {
		t.Run(id, func(t *testing.T) {
			i := slices.IndexFunc(listOf(run, "findings"), func(r map[string]any) bool { return r["finding_id"] == id })
			if i < 0 {
				t.Skipf("the demo run has no finding %s", id)
			}
			row := listOf(run, "findings")[i]
			d := dataOf(call(t, reg, "finding_detail", map[string]any{"facility_id": "south-annex", "finding_id": id, "limit": 1000}, cc))
			for _, k := range []string{"share", "judged_samples", "flagged_samples", "severity", "summary", "n_spans", "events", "metrics"} {
				if fmt.Sprint(d[k]) != fmt.Sprint(row[k]) {
					t.Errorf("%s: finding_detail %v, rule_run %v", k, d[k], row[k])
				}
			}
			spans := d["violations"].([]any)
			if len(spans) != int(row["n_spans"].(float64)) {
				t.Errorf("%d spans listed, rule_run counts %v", len(spans), row["n_spans"])
			}
			checkSpans(t, spans, int(row["flagged_samples"].(float64)), d["interval"].(string))
			if (len(spans) == 0) != (d["violations_note"] != nil) {
				t.Errorf("violations_note %v with %d spans", d["violations_note"], len(spans))
			}
		})
	}
}

// checkSpans checks that spans are in time order, apart by more than 1.5
// intervals, and hold flagged samples in all.
func checkSpans(t *testing.T, spans []any, flagged int, interval string) {
	t.Helper()
	step, err := time.ParseDuration(interval)
	if err != nil {
		t.Fatalf("interval %q: %v", interval, err)
	}
	n := 0
	var prevEnd time.Time
	for i, s := range spans {
		sp := s.(map[string]any)
		start, _ := time.Parse("2006-01-02T15:04:05", sp["start"].(string))
		end, _ := time.Parse("2006-01-02T15:04:05", sp["end"].(string))
		if !end.After(start) || i > 0 && start.Sub(prevEnd) <= step/2 {
			t.Errorf("span %d %v..%v after %v: not a separate run", i, start, end, prevEnd)
		}
		prevEnd = end
		n += int(sp["samples"].(float64))
	}
	if n != flagged {
		t.Errorf("spans hold %d samples, the finding flags %d", n, flagged)
	}
}

// pctOf prints a share as the summaries do.
func pctOf(v any) string { return fmt.Sprintf("%.1f%%", v.(float64)*100) }

// TestFindingDetail_Conditions: a multi-condition finding lists each
// condition with its own judged samples, share and spans, and its
// violations are their union.
func TestFindingDetail_Conditions(t *testing.T) {
	res := call(t, newDefault(t), "finding_detail", map[string]any{"facility_id": "north-campus",
		"finding_id": "g36_ahu_fault_conditions@AHU-3", "limit": 1000}, callCtx(demoStore))
	d := dataOf(res)
	conds := listOf(res, "conditions")
	if len(conds) < 2 {
		t.Fatalf("%d conditions", len(conds))
	}
	maxFlagged := 0
	for _, c := range conds {
		fl := int(c["flagged_samples"].(float64))
		checkSpans(t, c["violations"].([]any), fl, d["interval"].(string))
		maxFlagged = max(maxFlagged, fl)
		if c["share"] != nil && !slices.ContainsFunc(res.Facts, func(f registry.Fact) bool {
			return f.Kind == "condition" && strings.Contains(f.Text, pctOf(c["share"]))
		}) {
			t.Errorf("condition %s's share is in no fact", c["name"])
		}
	}
	union := int(d["flagged_samples"].(float64))
	checkSpans(t, d["violations"].([]any), union, d["interval"].(string))
	if union < maxFlagged {
		t.Errorf("the union flags %d samples, a condition %d", union, maxFlagged)
	}
}

func TestFindingDetail_UnknownID(t *testing.T) {
	e := refusal(t, newDefault(t), "finding_detail", map[string]any{"facility_id": "south-annex", "finding_id": "leaking_valve@RTU-9"},
		callCtx(demoStore), registry.CodeNotFound)
	want := `finding_id "leaking_valve@RTU-9" is not a finding of this run on facility south-annex; its findings (22 in all, worst first): "compressor_short_cycle@RTU-2", "compressor_staging@RTU-2"`
	if !strings.HasPrefix(e.Message, want) || !strings.HasSuffix(e.Message, "(pass the same rules, params, equips, start and end as the rule_run call)") {
		t.Errorf("message %q", e.Message)
	}
	if avail := e.Data["available"].([]any); e.Data["argument"] != "finding_id" || len(avail) == 0 || len(avail) > 50 || avail[0] != "compressor_short_cycle@RTU-2" {
		t.Errorf("data %v", e.Data)
	}
}

// TestFindingDetail_Params: the parameters say where each value came from.
func TestFindingDetail_Params(t *testing.T) {
	res := call(t, newDefault(t), "finding_detail", map[string]any{"facility_id": "south-annex", "finding_id": "compressor_short_cycle@RTU-2",
		"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": 20}}}, callCtx(demoStore))
	for _, p := range dataOf(res)["params"].([]any) {
		p := p.(map[string]any)
		if p["name"] == "max_starts_per_day" && (p["source"] != "overridden" || p["value"] != 20.0) {
			t.Errorf("max_starts_per_day %v", p)
		}
		if p["name"] != "max_starts_per_day" && p["source"] == "overridden" {
			t.Errorf("%v overridden", p)
		}
	}
}
