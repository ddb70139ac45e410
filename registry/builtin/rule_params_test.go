package builtin_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

func TestConformance_RuleParams(t *testing.T) {
	registrytest.Run(t, newDefault(t), "rule_params", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			nil,
			{"detail": true},
			{"rules": []any{"economizer_high_limit", "chiller_approach_drift"}, "detail": true},
			{"query": "G36 ahu", "limit": 2, "offset": 1},
			{"query": "no such words at all"},
			{"offset": 500},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"rules": []any{}}, Pointer: "/rules"},
			{Args: map[string]any{"rules": []any{""}}, Pointer: "/rules/0"},
			{Args: map[string]any{"query": ""}, Pointer: "/query"},
			{Args: map[string]any{"query": strings.Repeat("q", 201)}, Pointer: "/query"},
			{Args: map[string]any{"limit": 0}, Pointer: "/limit"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"rules": []any{"economizer_high_limit", "warp_drive"}}, Code: registry.CodeNotFound},
		},
	})
}

func TestRuleParams_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"rule_params/all.json", nil},
		{"rule_params/detail.json", map[string]any{"rules": []any{"economizer_high_limit", "tower:approach_drift"}, "detail": true}},
		{"rule_params/query.json", map[string]any{"query": "chiller"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			golden.Check(t, tc.name, maskTokens(t, ownTextKept(t, call(t, reg, "rule_params", tc.args, callCtx(demoStore)))))
		})
	}
}

// TestRuleParams_Lists checks the list against the rule and detector
// tables, the paging and the run_with of each entry.
func TestRuleParams_Lists(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	nRules, nFams := len(fdd.Rules()), len(drift.Families())
	var names []string
	for offset := 0; ; offset += 25 {
		res := call(t, reg, "rule_params", map[string]any{"offset": offset}, cc)
		d := dataOf(res)
		if d["count"] != float64(nRules+nFams) || d["n_rules"] != float64(nRules) || d["n_detectors"] != float64(nFams) {
			t.Fatalf("counts %v", d)
		}
		rows := listOf(res, "rules")
		if len(rows) == 0 {
			break
		}
		if !res.Truncated {
			t.Fatalf("offset %d: a page of %d rows of %d is not truncated", offset, len(rows), nRules+nFams)
		}
		for _, r := range rows {
			names = append(names, r["name"].(string))
			want := "rule_run"
			if strings.Contains(r["name"].(string), ":") {
				want = "drift"
			}
			if r["run_with"] != want {
				t.Errorf("%s: run_with %v", r["name"], r["run_with"])
			}
		}
	}
	if len(names) != nRules+nFams || names[0] != fdd.Rules()[0].Name || names[nRules] != drift.Families()[0].Name {
		t.Fatalf("pages gave %d names (%v ...)", len(names), names[:3])
	}
	res := call(t, reg, "rule_params", map[string]any{"detail": true}, cc)
	if n := len(listOf(res, "rules")); n != 10 || !strings.HasPrefix(res.Banners[0], "'rules' shows rows 1-10 of ") {
		t.Fatalf("detail page: %d rows, banners %q", n, res.Banners)
	}
	for _, r := range listOf(res, "rules") {
		for _, p := range r["params"].([]any) {
			p := p.(map[string]any)
			if p["basis"] == nil || p["fact"] == nil {
				t.Fatalf("%s.%s: detail lacks basis or fact: %v", r["name"], p["name"], p)
			}
		}
	}
}

func TestRuleParams_Filters(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	names := func(args map[string]any) []string {
		var out []string
		for _, r := range listOf(call(t, reg, "rule_params", args, cc), "rules") {
			out = append(out, r["name"].(string))
		}
		return out
	}
	tests := []struct {
		name string
		args map[string]any
		want []string // names that must be listed (in this order when exact)
		all  bool     // the list is exactly want
	}{
		{"names in order, alias folded", map[string]any{"rules": []any{"supply_air_reset", "chiller_approach_drift", "CHILLER:APPROACH_DRIFT"}},
			[]string{"supply_air_reset", "chiller:approach_drift"}, true},
		{"class and standard words", map[string]any{"query": "guideline 36 vav", "limit": 100}, []string{"airflow_tracking", "reheat_minimization_g36"}, false},
		{"title words", map[string]any{"query": "short cycling"}, []string{"boiler_short_cycle", "chiller_staging", "compressor_short_cycle", "compressor_staging", "heatpump_defrost"}, true},
		{"rules and query", map[string]any{"rules": []any{"filter_fouling", "boiler_short_cycle"}, "query": "boiler"}, []string{"boiler_short_cycle"}, true},
		{"nothing", map[string]any{"query": "warp drive"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := names(tt.args)
			if tt.all && !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Fatalf("got %v, lacks %s", got, w)
				}
			}
		})
	}
	e := refusal(t, reg, "rule_params", map[string]any{"rules": []any{"warp_drive", "economizer_high_limit", "warp_drive"}}, cc, registry.CodeNotFound)
	n := len(fdd.Rules()) + len(drift.Families())
	if !strings.HasPrefix(e.Message, fmt.Sprintf(`rule "warp_drive" is not a built-in rule or drift detector; known (%d in all): "airflow_tracking", `, n)) ||
		e.Data["argument"] != "rules" || len(e.Data["available"].([]any)) != min(n, 50) {
		t.Fatalf("refusal %q %v", e.Message, e.Data)
	}
}
