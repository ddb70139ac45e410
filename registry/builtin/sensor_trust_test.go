package builtin_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

func TestConformance_SensorTrust(t *testing.T) {
	registrytest.Run(t, newDefault(t), "sensor_trust", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			{"facility_id": "south-annex"},
			{"facility_id": "south-annex", "view": "report", "equips": []any{"RTU-2", "WX-1"}, "roles": []any{"oat", "compressor_status"}},
			{"facility_id": "south-annex", "min_trust": 0.95, "start": "2025-06-01", "end": "2025-06-07", "limit": 3, "offset": 2},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "south-annex", "view": "graph"}, Pointer: "/view"},
			{Args: map[string]any{"facility_id": "south-annex", "min_trust": 1.5}, Pointer: "/min_trust"},
			{Args: map[string]any{"facility_id": "south-annex", "roles": []any{}}, Pointer: "/roles"},
			{Args: map[string]any{"facility_id": "south-annex", "end": "2025-13-01"}, Pointer: "/end"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "south-annex", "roles": []any{"warp_core_temp"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "equips": []any{"AHU-1"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "end": "2020-01-01"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

func TestSensorTrust_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
		cc   *registry.CallContext
	}{
		{"sensor_trust/north-rules.json", map[string]any{"facility_id": "north-campus", "limit": 12}, callCtx(demoStore)},
		{"sensor_trust/north-report.json", map[string]any{"facility_id": "north-campus", "view": "report", "limit": 12}, callCtx(demoStore)},
		{"sensor_trust/references.json", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2", "AHU-3"}, "roles": []any{"supply_air_temp", "oat"}},
			configCtx(t, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, reg, "sensor_trust", tc.args, tc.cc)
			checkCited(t, res)
			golden.Check(t, tc.name, masked(t, res))
		})
	}
}

// TestSensorTrust_GateEquivalence: on the demo campus a check is declined
// exactly when sensor_trust's rules view (same window, same floor) puts one
// of its gated inputs below_floor, and a decline names every input the rule
// reads that is below the floor.
func TestSensorTrust_GateEquivalence(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		facility string
		floor    float64
		window   map[string]any
	}{
		{"north-campus", 0, nil},
		{"north-campus", 0.85, map[string]any{"start": "2025-06-01", "end": "2025-07-15"}},
		{"south-annex", 0.9, nil},
	} {
		t.Run(fmt.Sprintf("%s@%v", tc.facility, tc.floor), func(t *testing.T) {
			cc := callCtx(demoStore)
			cc.MinTrust = tc.floor
			args := func(extra map[string]any) map[string]any {
				a := map[string]any{"facility_id": tc.facility, "limit": 1000}
				for k, v := range tc.window {
					a[k] = v
				}
				for k, v := range extra {
					a[k] = v
				}
				return a
			}
			below := map[string]map[model.Role]bool{} // equip → roles below the floor
			has := map[string]map[model.Role]bool{}   // equip → roles with samples
			for _, p := range listOf(call(t, reg, "sensor_trust", args(nil), cc), "points") {
				eq, role := p["equip"].(string), model.Role(p["role"].(string))
				if has[eq] == nil {
					has[eq], below[eq] = map[model.Role]bool{}, map[model.Role]bool{}
				}
				if p["samples"].(float64) > 0 {
					has[eq][role] = true
				}
				if p["below_floor"] == true {
					below[eq][role] = true
				}
			}
			declines, judged := 0, 0
			for _, f := range listOf(call(t, reg, "rule_run", args(nil), cc), "findings") {
				rule, ok := fdd.Lookup(f["rule"].(string))
				eq := f["equip"].(string)
				if !ok || rule.IsFleet() || has[eq] == nil || f["metrics"].(map[string]any)["error"] != nil {
					continue
				}
				gated := false
				for _, r := range gatedInputs(&rule, has[eq]) {
					gated = gated || below[eq][r]
				}
				declined := f["declined"] == true
				if declined != gated {
					t.Errorf("%s: declined %v, but sensor_trust puts a gated input below the floor: %v", f["finding_id"], declined, gated)
				}
				if declined {
					declines++
					var named []string
					for _, u := range f["untrusted_inputs"].([]any) {
						named = append(named, u.(map[string]any)["role"].(string))
					}
					for _, r := range readInputs(&rule, has[eq]) {
						if below[eq][r] && !slices.Contains(named, string(r)) {
							t.Errorf("%s: the decline does not name %s, below the floor", f["finding_id"], r)
						}
					}
				} else {
					judged++
				}
			}
			t.Logf("%d declined, %d judged", declines, judged)
			if tc.floor >= 0.85 && declines == 0 {
				t.Error("a high floor declined no check: the test proves nothing")
			}
		})
	}
}

// gatedInputs are the inputs that gate rule r on an equipment with the
// given roles: every required role and the first present role of each
// gate group (seed 000).
func gatedInputs(r *fdd.Rule, has map[model.Role]bool) []model.Role {
	out := slices.Clone(r.Required)
	for _, g := range r.Gates {
		for _, role := range g {
			if has[role] {
				out = append(out, role)
				break
			}
		}
	}
	return out
}

// readInputs are every input rule r reads that the equipment has.
func readInputs(r *fdd.Rule, has map[model.Role]bool) []model.Role {
	var out []model.Role
	for _, role := range slices.Concat(r.Required, r.Optional, slices.Concat(r.Gates...)) {
		if has[role] && !slices.Contains(out, role) {
			out = append(out, role)
		}
	}
	return out
}

// TestSensorTrust_References: a disagreeing reference flags its point
// (reference_warn) whatever its score, which stays unchanged, as does
// below_floor; a passing or failing comparison is listed either way, and
// one that cannot be compared is a notice.
func TestSensorTrust_References(t *testing.T) {
	reg := newDefault(t)
	args := map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2"}, "roles": []any{"supply_air_temp"}}
	plain := listOf(call(t, reg, "sensor_trust", args, callCtx(demoStore)), "points")[0]
	res := call(t, reg, "sensor_trust", args, configCtx(t, 0))
	p := listOf(res, "points")[0]
	if p["trust"] != plain["trust"] || p["below_floor"] != plain["below_floor"] {
		t.Errorf("the reference changed the score: %v vs %v", p, plain)
	}
	if !slices.Contains(p["flags"].([]any), any("reference_warn")) || p["verdict"] == "trusted" {
		t.Errorf("flags %v verdict %v: want reference_warn and not trusted", p["flags"], p["verdict"])
	}
	refs := listOf(res, "references")
	if len(refs) != 1 || refs[0]["verdict"] != "warn" || refs[0]["sign"] != "high" || refs[0]["reference"] != "LOG-1 supply_air_temp" {
		t.Fatalf("references %v", refs)
	}
	if b := refs[0]["bias"].(float64); b < 2 || b > 3 {
		t.Errorf("bias %v, the demo injects +2.5 °F", b)
	}
	if !slices.ContainsFunc(res.Banners, func(b string) bool { return strings.Contains(b, "not compared: LOG-1 mixed_air_temp has no data") }) {
		t.Errorf("banners %q", res.Banners)
	}
	// The logger is not run by the config, but the report view scores it.
	e := refusal(t, reg, "sensor_trust", map[string]any{"facility_id": "north-campus", "equips": []any{"LOG-1"}}, configCtx(t, 0), registry.CodeNotFound)
	if !strings.Contains(e.Message, "the run config runs no rule on it") {
		t.Errorf("message %q", e.Message)
	}
	rep := call(t, reg, "sensor_trust", map[string]any{"facility_id": "north-campus", "equips": []any{"LOG-1"}, "view": "report"}, configCtx(t, 0))
	if n := dataOf(rep)["count"]; n != 1.0 {
		t.Errorf("report view of LOG-1 scored %v points", n)
	}
}

// TestSensorTrust_Floor: below_floor is against the highest of the
// caller's floor, the config's and the min_trust argument; rows come least
// trusted first.
func TestSensorTrust_Floor(t *testing.T) {
	reg := newDefault(t)
	base := call(t, reg, "sensor_trust", map[string]any{"facility_id": "south-annex", "limit": 1000}, callCtx(demoStore))
	high := call(t, reg, "sensor_trust", map[string]any{"facility_id": "south-annex", "limit": 1000, "min_trust": 0.99}, callCtx(demoStore))
	if dataOf(high)["min_trust"] != 0.99 || dataOf(base)["min_trust"] != 0.5 {
		t.Fatalf("min_trust %v / %v", dataOf(high)["min_trust"], dataOf(base)["min_trust"])
	}
	if dataOf(high)["below_floor"].(float64) <= dataOf(base)["below_floor"].(float64) {
		t.Errorf("floor 0.99 puts %v below, 0.5 %v", dataOf(high)["below_floor"], dataOf(base)["below_floor"])
	}
	rank := map[string]int{"untrusted": 0, "suspect": 1, "trusted": 2}
	rows := listOf(high, "points")
	for i := range rows {
		if (rows[i]["trust"].(float64) < 0.99) != (rows[i]["below_floor"] == true) {
			t.Errorf("row %v: below_floor wrong at 0.99", rows[i])
		}
		if i > 0 && (rank[rows[i]["verdict"].(string)] < rank[rows[i-1]["verdict"].(string)] ||
			rows[i]["verdict"] == rows[i-1]["verdict"] && rows[i]["trust"].(float64) < rows[i-1]["trust"].(float64)) {
			t.Errorf("row %d is less trusted than row %d", i, i-1)
		}
	}
	low := callCtx(demoStore)
	low.MinTrust = 0.99
	if d := dataOf(call(t, reg, "sensor_trust", map[string]any{"facility_id": "south-annex", "min_trust": 0.2}, low)); d["min_trust"] != 0.99 {
		t.Errorf("a lower argument lowered the caller's floor: %v", d["min_trust"])
	}
}

// TestSensorTrust_Paging: the points list pages by 100 by default, with the
// counts of the whole list.
func TestSensorTrust_Paging(t *testing.T) {
	reg := newDefault(t)
	res := call(t, reg, "sensor_trust", map[string]any{"facility_id": "north-campus"}, callCtx(demoStore))
	n := int(dataOf(res)["count"].(float64))
	if n <= 100 || len(listOf(res, "points")) != 100 || !res.Truncated {
		t.Fatalf("count %d, page %d, truncated %v", n, len(listOf(res, "points")), res.Truncated)
	}
	want := fmt.Sprintf("'points' shows rows 1-100 of %d (least trusted first): call again with offset=100 for the next page, or a larger limit (up to 1000)", n)
	if !slices.Contains(res.Banners, want) {
		t.Errorf("banners %q", res.Banners)
	}
	last := call(t, reg, "sensor_trust", map[string]any{"facility_id": "north-campus", "offset": n}, callCtx(demoStore))
	if len(dataOf(last)["points"].([]any)) != 0 || dataOf(last)["count"] != float64(n) {
		t.Errorf("a page past the end: %v", dataOf(last))
	}
}
