package builtin_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/demo"
)

// testConfig is the north-campus run config of these tests: every rule at
// its defaults, AHU-2's duct logger as a sensor reference, and a reference
// that cannot be compared.
var testConfig = filepath.Join("testdata", "configs", "north-campus.json")

// call makes one call and fails the test on error.
func call(t testing.TB, reg *registry.Registry, name string, args map[string]any, cc *registry.CallContext) *registry.Result {
	t.Helper()
	res, err := reg.Call(t.Context(), name, args, cc)
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return res
}

// refusal makes a call that must fail with code and returns the error.
func refusal(t testing.TB, reg *registry.Registry, name string, args map[string]any, cc *registry.CallContext, code registry.Code) *registry.Error {
	t.Helper()
	_, err := reg.Call(t.Context(), name, args, cc)
	var e *registry.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("%s %v: got %v, want %s", name, args, err, code)
	}
	return e
}

// dataOf returns a result's data object.
func dataOf(res *registry.Result) map[string]any { return res.Data.(map[string]any) }

// listOf returns a list of the data.
func listOf(res *registry.Result, key string) []map[string]any {
	var out []map[string]any
	for _, v := range dataOf(res)[key].([]any) {
		out = append(out, v.(map[string]any))
	}
	return out
}

// configCtx is the demo caller with the test config (and floor, 0 for the
// default).
func configCtx(t testing.TB, floor float64) *registry.CallContext {
	cc := callCtx(demoStore)
	cc.Configs = []string{testConfig}
	cc.MinTrust = floor
	return cc
}

func TestConformance_RuleRun(t *testing.T) {
	registrytest.Run(t, newDefault(t), "rule_run", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			{"facility_id": "south-annex"},
			{"facility_id": "south-annex", "equips": []any{"RTU-2", "RTU-1"}, "min_severity": "warn", "limit": 1, "offset": 1},
			{"facility_id": "south-annex", "rules": []any{"compressor_short_cycle"}, "start": "2025-06-01", "end": "2025-06-30T12:00",
				"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": 10}}},
			{"facility_id": "south-annex", "rules": []any{"compressor_short_cycle"},
				"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": map[string]any{"value": 500, "basis": "test rig"}}}},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "south-annex", "min_severity": "severe"}, Pointer: "/min_severity"},
			{Args: map[string]any{"facility_id": "south-annex", "rules": []any{}}, Pointer: "/rules"},
			{Args: map[string]any{"facility_id": "south-annex", "equips": []any{}}, Pointer: "/equips"},
			{Args: map[string]any{"facility_id": "south-annex", "start": "June"}, Pointer: "/start"},
			{Args: map[string]any{"facility_id": "south-annex", "params": map[string]any{"filter_fouling": 5}}, Pointer: "/params/filter_fouling"},
			{Args: map[string]any{"facility_id": "south-annex", "limit": 1001}, Pointer: "/limit"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "south-annex", "equips": []any{"AHU-99"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "start": "2030-01-01"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "south-annex", "rules": []any{"chiller_approach_drift"}}, Code: registry.CodeInvalidParams},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

func TestRuleRun_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
		cc   *registry.CallContext
	}{
		{"rule_run/north.json", map[string]any{"facility_id": "north-campus", "limit": 10}, callCtx(demoStore)},
		{"rule_run/south-warn.json", map[string]any{"facility_id": "south-annex", "min_severity": "warn"}, callCtx(demoStore)},
		{"rule_run/north-config.json", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2", "VAV-2-3"}, "limit": 4},
			configCtx(t, 0.1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			golden.Check(t, tc.name, masked(t, call(t, reg, "rule_run", tc.args, tc.cc)))
		})
	}
}

func TestRuleRun_Refusals(t *testing.T) {
	reg := newDefault(t)
	tests := []struct {
		name    string
		args    map[string]any
		code    registry.Code
		message string         // a part of the message
		data    map[string]any // data values that must match
	}{
		{"unknown equip", map[string]any{"equips": []any{"AHU-1", "AHU-99"}}, registry.CodeNotFound,
			`equip "AHU-99" is not stored for facility north-campus; stored (26 in all): "AHU-1", "AHU-2"`,
			map[string]any{"argument": "equips", "unknown": []any{"AHU-99"}}},
		{"equip the config runs no rule on", map[string]any{"equips": []any{"LOG-1"}}, registry.CodeNotFound,
			`equip "LOG-1" is stored, but the run config runs no rule on it (its class is not in its equipment); it runs (25 in all): "AHU-1"`,
			map[string]any{"argument": "equips", "unknown": []any{"LOG-1"}}},
		{"window before the data", map[string]any{"start": "2024-01-01", "end": "2024-02-01"}, registry.CodeNotFound,
			"no stored sample in the window: the data runs from 2025-05-05T00:00:00 to 2025-09-01T23:45:00",
			map[string]any{"argument": "end", "first": "2025-05-05T00:00:00", "last": "2025-09-01T23:45:00"}},
		{"window after the data", map[string]any{"start": "2026-01-01"}, registry.CodeNotFound,
			"no stored sample in the window", map[string]any{"argument": "start"}},
		{"drift detector", map[string]any{"rules": []any{"leaking_valve", "cooling_tower_approach_drift"}}, registry.CodeInvalidParams,
			`/rules/1: "cooling_tower_approach_drift" is a drift detector: call drift with it (run_with: drift), not rule_run`,
			map[string]any{"run_with": "drift"}},
		{"unknown rule", map[string]any{"rules": []any{"warp_core_breach"}}, registry.CodeInvalidParams,
			`/rules/0: "warp_core_breach" is not a built-in rule`, nil},
		{"params of an unknown rule", map[string]any{"params": map[string]any{"warp_core_breach": map[string]any{"x": 1}}}, registry.CodeInvalidParams,
			`/params/warp_core_breach: "warp_core_breach" is not a built-in rule`, nil},
		{"params of a drift detector", map[string]any{"params": map[string]any{"chiller_approach_drift": map[string]any{"drift_warn_f": 1}}},
			registry.CodeInvalidParams, "is a drift detector", map[string]any{"run_with": "drift"}},
		{"params of a rule not in the run", map[string]any{"rules": []any{"leaking_valve"}, "params": map[string]any{"filter_fouling": map[string]any{"x": 1}}},
			registry.CodeInvalidParams, "/params/filter_fouling: rule filter_fouling is not in this run", nil},
		{"unknown parameter", map[string]any{"params": map[string]any{"economizer_high_limit": map[string]any{"nope": 1}}}, registry.CodeInvalidParams,
			`/params/economizer_high_limit/nope: economizer_high_limit.nope: unknown parameter of rule "economizer_high_limit"`,
			map[string]any{"rule": "economizer_high_limit", "param": "nope", "problem": "unknown"}},
		{"out of range", map[string]any{"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": -3}}}, registry.CodeInvalidParams,
			`compressor_short_cycle.max_starts_per_day: -3 is outside`, map[string]any{"problem": "out_of_range"}},
		{"text for a number", map[string]any{"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": "ten"}}}, registry.CodeInvalidParams,
			`max_starts_per_day: "ten" is text, not a number`, map[string]any{"problem": "type"}},
		{"fraction for a whole number", map[string]any{"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": 6.5}}},
			registry.CodeInvalidParams, "6.5 is not a whole number", map[string]any{"problem": "not_whole"}},
		{"empty basis", map[string]any{"params": map[string]any{"compressor_short_cycle": map[string]any{"max_starts_per_day": map[string]any{"value": 900, "basis": " "}}}},
			registry.CodeInvalidParams, "basis must be a non-empty text", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.args["facility_id"] = "north-campus"
			e := refusal(t, reg, "rule_run", tt.args, callCtx(demoStore), tt.code)
			if !strings.Contains(e.Message, tt.message) {
				t.Errorf("message\n got %q\nwant it to contain %q", e.Message, tt.message)
			}
			for k, want := range tt.data {
				if got := e.Data[k]; fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("data[%s] = %v, want %v (data %v)", k, got, want, e.Data)
				}
			}
			if e.Code == registry.CodeNotFound && e.Data["available"] != nil {
				if n := len(e.Data["available"].([]any)); n == 0 || n > 50 {
					t.Errorf("available lists %d values", n)
				}
			}
		})
	}
}

// TestRuleRun_WindowInGap: a window inside a gap of every stored point is
// not_found (nothing can be judged there), one that touches data is an
// answer.
func TestRuleRun_WindowInGap(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	e := refusal(t, reg, "rule_run", map[string]any{"facility_id": "south-annex", "start": "2025-07-16", "end": "2025-07-17"}, cc, registry.CodeNotFound)
	if e.Data["argument"] != "window" || e.Data["first"] != "2025-05-05T00:00:00" {
		t.Fatalf("data %v", e.Data)
	}
	call(t, reg, "rule_run", map[string]any{"facility_id": "south-annex", "start": "2025-07-16", "end": "2025-07-21"}, cc)
}

// vavStore writes a store with facility "vavs": the demo's VAV boxes
// four times over (VAV-1-1-a ... VAV-3-5-d) and its weather station, so a
// run lists a few hundred findings.
func vavStore(t *testing.T) string {
	t.Helper()
	campus, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	var series []model.Series
	for _, s := range campus.Facilities[0].Series {
		switch {
		case s.Equip == "WX-1":
			series = append(series, s)
		case strings.HasPrefix(s.Equip, "VAV-"):
			for _, suffix := range []string{"a", "b", "c", "d"} {
				c := s
				c.Equip = s.Equip + "-" + suffix
				series = append(series, c)
			}
		}
	}
	st, err := store.Create(filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write(t.Context(), "vavs", series, store.WriteOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	return st.Root()
}

// TestRuleRun_Paging pages a run of 159+ findings: counts are of the whole
// list on every page, the banner names the rows, and a later page past
// the end is empty with a banner saying so.
func TestRuleRun_Paging(t *testing.T) {
	reg := newDefault(t)
	cc := &registry.CallContext{Store: vavStore(t), AllowedFacilities: []string{"vavs"}}
	all := call(t, reg, "rule_run", map[string]any{"facility_id": "vavs", "limit": 1000}, cc)
	rows := listOf(all, "findings")
	total := len(rows)
	if total < 159 {
		t.Fatalf("the run has %d findings; the paging test wants 159 or more", total)
	}
	if all.Truncated {
		t.Errorf("the whole list is truncated: %v", all.Banners)
	}
	rank := map[string]int{"fault": 3, "warn": 2, "info": 1, "ok": 0}
	for i := 1; i < len(rows); i++ {
		if rank[rows[i]["severity"].(string)] > rank[rows[i-1]["severity"].(string)] {
			t.Fatalf("row %d (%s) is worse than row %d: not worst first", i, rows[i]["finding_id"], i-1)
		}
	}
	counts := dataOf(all)["counts"]
	for _, tc := range []struct {
		offset, rows int
		banner       string
	}{
		{0, 25, fmt.Sprintf("'findings' shows rows 1-25 of %d (worst first): call again with offset=25 for the next page, or a larger limit (up to 1000)", total)},
		{150, 25, fmt.Sprintf("'findings' shows rows 151-175 of %d (worst first): call again with offset=175 for the next page, or a larger limit (up to 1000)", total)},
		{total - 9, 9, fmt.Sprintf("'findings' shows rows %d-%d of %d (worst first): the last page; call again with offset=0 for the first", total-8, total, total)},
		{2000, 0, fmt.Sprintf("'findings' is empty on this page: offset=2000 is past its %d row(s); call again with a smaller offset", total)},
	} {
		res := call(t, reg, "rule_run", map[string]any{"facility_id": "vavs", "offset": tc.offset}, cc)
		page := listOf(res, "findings")
		if len(page) != tc.rows || !res.Truncated || !slices.Contains(res.Banners, tc.banner) {
			t.Errorf("offset %d: %d rows, truncated %v, banners %q; want %d rows and %q", tc.offset, len(page), res.Truncated, res.Banners, tc.rows, tc.banner)
		}
		if d := dataOf(res); d["count"] != float64(total) || fmt.Sprint(d["counts"]) != fmt.Sprint(counts) {
			t.Errorf("offset %d: count %v counts %v, want those of the whole list", tc.offset, d["count"], d["counts"])
		}
		for i, r := range page {
			if r["finding_id"] != rows[tc.offset+i]["finding_id"] {
				t.Fatalf("offset %d row %d is %s, want %s", tc.offset, i, r["finding_id"], rows[tc.offset+i]["finding_id"])
			}
		}
		if !strings.Contains(res.Text, fmt.Sprintf("rule_run found %d findings on vavs", total)) {
			t.Errorf("offset %d: the text does not state the whole count: %s", tc.offset, res.Text)
		}
		findingFacts := 0
		for _, f := range res.Facts {
			if f.Kind == "finding" {
				findingFacts++
			}
		}
		if findingFacts != len(page) {
			t.Errorf("offset %d: %d finding facts for %d rows", tc.offset, findingFacts, len(page))
		}
	}
}

// TestRuleRun_SameCallSameIDs: the same call gives the same fact ids and
// text; other arguments give another token.
func TestRuleRun_SameCallSameIDs(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	args := map[string]any{"facility_id": "south-annex", "limit": 3}
	a, b := call(t, reg, "rule_run", args, cc), call(t, reg, "rule_run", args, cc)
	ids := func(r *registry.Result) []string {
		var out []string
		for _, f := range r.Facts {
			out = append(out, f.ID)
		}
		return out
	}
	if !slices.Equal(ids(a), ids(b)) || a.Text != b.Text {
		t.Fatalf("same call, other ids or text:\n%v\n%v", ids(a), ids(b))
	}
	c := call(t, reg, "rule_run", map[string]any{"facility_id": "south-annex", "limit": 4}, cc)
	if ids(c)[0] == ids(a)[0] {
		t.Errorf("another call gave the same fact id %s", ids(a)[0])
	}
}

// TestRuleRun_Config: the caller's config is used when it names the
// facility (from_config, its references make findings conditional with a
// notice and C1); a snapshot is read instead of the file, so an edit on
// disk after startup changes nothing, while a config path is read per call.
func TestRuleRun_Config(t *testing.T) {
	reg := newDefault(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "north.json")
	orig, err := os.ReadFile(testConfig)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := builtin.Snapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	snapCtx := callCtx(demoStore)
	snapCtx.Snapshot = []registry.ConfigSnapshot{snap}
	snapCtx.MinTrust = 0.1
	pathCtx := callCtx(demoStore)
	pathCtx.Configs = []string{path}
	pathCtx.MinTrust = 0.1
	args := map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2"}, "limit": 3}
	before := call(t, reg, "rule_run", args, snapCtx)
	cfg := dataOf(before)["config"].(map[string]any)
	if cfg["source"] != "run_config" || cfg["from_config"] != true || cfg["name"] != "north.json" {
		t.Fatalf("config %v", cfg)
	}
	c1 := slices.IndexFunc(before.Facts, func(f registry.Fact) bool { return strings.HasPrefix(f.ID, "C1@rule_run-") })
	if c1 < 0 || !strings.Contains(before.Text, "["+before.Facts[c1].ID+"]") {
		t.Fatalf("no C1 fact cited for the conditional findings: %s", before.Text)
	}
	notice := slices.IndexFunc(before.Banners, func(b string) bool {
		return strings.Contains(b, `conditional on sensor_drift:supply_air_temp warn ("AHU-2" bias +2.5 degF against "LOG-1 supply_air_temp"): treat them as a sensor problem first`)
	})
	if notice < 0 {
		t.Fatalf("no conditional notice in %q", before.Banners)
	}
	if !slices.ContainsFunc(before.Banners, func(b string) bool {
		return strings.HasPrefix(b, "reference for AHU-3 supply_air_temp not compared: LOG-1 mixed_air_temp has no data")
	}) {
		t.Errorf("no notice of the reference that cannot be compared: %q", before.Banners)
	}
	conditional := 0
	for _, f := range listOf(call(t, reg, "rule_run", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2"}, "limit": 100}, snapCtx), "findings") {
		if len(f["conditional_on"].([]any)) > 0 {
			conditional++
		}
	}
	if want := fmt.Sprintf("%d finding", conditional); conditional == 0 || !strings.HasPrefix(before.Facts[c1].Text, want) {
		t.Errorf("C1 %q does not count the %d conditional findings", before.Facts[c1].Text, conditional)
	}
	warn := call(t, reg, "rule_run", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-2"}, "min_severity": "warn"}, snapCtx)
	if i := slices.IndexFunc(warn.Facts, func(f registry.Fact) bool { return strings.HasPrefix(f.ID, "C1@") }); i < 0 ||
		!strings.Contains(warn.Facts[i].Text, `below min_severity warn: "`) {
		t.Errorf("C1 does not name the conditional findings below min_severity: %v", warn.Facts)
	}
	_, digest, files, err := runconfig.Options{}.LoadFiles(path)
	if err != nil {
		t.Fatal(err)
	}
	filesCtx := callCtx(demoStore)
	filesCtx.Snapshot = []registry.ConfigSnapshot{{Path: path, Facility: "north-campus", Digest: digest, Value: files}}
	filesCtx.MinTrust = 0.1
	if a, b := masked(t, dataOf(call(t, reg, "rule_run", args, filesCtx))), masked(t, dataOf(before)); string(a) != string(b) {
		t.Error("a snapshot of the captured files gave another result than one of the loaded config")
	}
	fromPath := call(t, reg, "rule_run", args, pathCtx)
	if string(masked(t, dataOf(fromPath)["findings"])) != string(masked(t, dataOf(before)["findings"])) {
		t.Error("the snapshot and the file of the same config gave other findings")
	}

	// Edit the file: the snapshot caller sees nothing change; the path
	// caller runs the new config (and gets other fact ids).
	edited := strings.Replace(string(orig), `"resample": "1h",`, `"resample": "1h", "rules": ["simultaneous_heat_cool"],`, 1)
	if edited == string(orig) {
		t.Fatal("the edit did not apply")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	after := call(t, reg, "rule_run", args, snapCtx)
	if a, b := string(masked(t, before)), string(masked(t, after)); a != b || before.Facts[0].ID != after.Facts[0].ID {
		t.Errorf("a config edited after the snapshot changed the result")
	}
	changed := call(t, reg, "rule_run", args, pathCtx)
	if n := dataOf(changed)["count"]; n != float64(1) || changed.Facts[0].ID == fromPath.Facts[0].ID {
		t.Errorf("the edited config file: count %v, ids %s / %s; want 1 finding and new ids", n, changed.Facts[0].ID, fromPath.Facts[0].ID)
	}

	// A config file that no longer loads is unavailable, named by its base name only.
	if err := os.WriteFile(path, []byte(`{"source": {"facility": "north-campus"}, "rules": ["nope"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e := refusal(t, reg, "rule_run", args, pathCtx, registry.CodeUnavailable)
	if !strings.HasPrefix(e.Message, `the run config "north.json" could not be used: rules[0]`) || strings.Contains(e.Message, dir) {
		t.Errorf("message %q", e.Message)
	}
}

// TestRuleRun_DefaultConfigBanner: a facility no config names runs the
// store-backed default, with a banner saying so.
func TestRuleRun_DefaultConfigBanner(t *testing.T) {
	res := call(t, newDefault(t), "rule_run", map[string]any{"facility_id": "south-annex", "limit": 1}, configCtx(t, 0))
	cfg := dataOf(res)["config"].(map[string]any)
	if cfg["source"] != "store_default" || cfg["from_config"] != false ||
		!slices.Contains(res.Banners, "no run config names facility south-annex: the run uses the store-backed default config (every stored equipment class the rules recognise, every built-in rule at its defaults)") {
		t.Fatalf("config %v, banners %q", cfg, res.Banners)
	}
}

// TestRuleRun_TextCitesFigures: every sentence of the text that states a
// number cites a fact whose text carries it.
func TestRuleRun_TextCitesFigures(t *testing.T) {
	res := call(t, newDefault(t), "rule_run", map[string]any{"facility_id": "north-campus"}, configCtx(t, 0.1))
	checkCited(t, res)
}

// checkCited runs the strict citation check (per sentence, quoted values
// names) over a result's text: every sentence that states a figure cites
// a fact carrying it.
func checkCited(t *testing.T, res *registry.Result) {
	t.Helper()
	facts := make([]verify.Fact, len(res.Facts))
	for i, f := range res.Facts {
		facts[i] = verify.Fact{ID: f.ID, Equip: f.Equip, Text: f.Text, Data: f.Data}
	}
	rep := verify.Check(res.Text, facts, verify.Options{Quotes: verify.QuotesOpaque})
	for _, s := range rep.Sentences {
		if s.Verdict != verify.Supported {
			t.Errorf("%s: %q (%s)", s.Verdict, s.Text, s.Reason)
		}
	}
	if len(rep.Sentences) < 2 {
		t.Errorf("the text has %d sentences: %q", len(rep.Sentences), res.Text)
	}
}

// anyToken matches the token of any fact id (C1@rule_run-1a2b3c too).
var anyToken = regexp.MustCompile(`([A-Z][0-9]+@[a-z_]+)-[0-9a-f]{6}`)

// masked returns v as indented JSON with every fact token masked (tokens
// depend on file modification times).
func masked(t testing.TB, v any) []byte {
	t.Helper()
	return anyToken.ReplaceAll(maskTokens(t, v), []byte("${1}-TOKEN"))
}
