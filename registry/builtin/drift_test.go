package builtin_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

func TestConformance_Drift(t *testing.T) {
	registrytest.Run(t, newDefault(t), "drift", registrytest.Cases{
		Ctx: demoConfigCtx(t),
		Valid: []map[string]any{
			{"facility_id": "north-campus"},
			{"facility_id": "north-campus", "families": []any{"tower", "chiller:approach_drift"}, "equips": []any{"CT-1", "CH-1"}, "limit": 1, "offset": 1},
			{"facility_id": "south-annex", "baseline": []any{"2025-05-05", "2025-06-08"}, "current": []any{"2025-08-01", "2025-09-01"}},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "north-campus", "families": []any{}}, Pointer: "/families"},
			{Args: map[string]any{"facility_id": "north-campus", "baseline": []any{"2025-05-05"}}, Pointer: "/baseline"},
			{Args: map[string]any{"facility_id": "north-campus", "current": []any{"2025-05-05", "soon"}}, Pointer: "/current/1"},
			{Args: map[string]any{"facility_id": "north-campus", "limit": 1001}, Pointer: "/limit"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{"CH-9"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "current": []any{"2030-01-01", "2030-02-01"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "families": []any{"flux_capacitor"}}, Code: registry.CodeInvalidParams},
			{Args: map[string]any{"facility_id": "south-annex"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

// TestDrift_Golden is the demo campus's run config drift section: the
// injected CH-1 condenser approach fouling and the CT-1 approach rise are
// faults, every finding labelled screening-grade.
func TestDrift_Golden(t *testing.T) {
	res := call(t, newDefault(t), "drift", map[string]any{"facility_id": "north-campus"}, demoConfigCtx(t))
	golden.Check(t, "drift/north.json", tokenMasked(t, res))
	sev := map[string]string{}
	for _, f := range listOf(res, "findings") {
		sev[f["finding_id"].(string)] = f["severity"].(string)
		if f["magnitude_threshold_confidence"] != "screening-grade" || f["thresholds_provisional"] != true {
			t.Errorf("%s is not labelled screening-grade: %v", f["finding_id"], f["magnitude_threshold_confidence"])
		}
	}
	if sev["chiller:approach_drift@CH-1"] != "fault" || sev["tower:approach_drift@CT-1"] != "fault" || sev["chiller:approach_drift@CH-2"] != "ok" {
		t.Errorf("severities %v", sev)
	}
	for _, f := range res.Facts {
		if f.Kind == "drift_finding" && !strings.Contains(f.Text, "screening-grade") {
			t.Errorf("fact %s does not say screening-grade: %s", f.ID, f.Text)
		}
	}
	if !strings.Contains(res.Text, "screening-grade") {
		t.Errorf("text does not say screening-grade: %s", res.Text)
	}
	checkCited(t, res)
}

// TestDrift_FrozenBaseline freezes the window fit of CH-1's condenser
// approach into a run config and judges the same current window against
// it: the same drift, read from the config (never written).
func TestDrift_FrozenBaseline(t *testing.T) {
	reg := newDefault(t)
	args := map[string]any{"facility_id": "north-campus", "families": []any{"chiller_approach_drift"}, "equips": []any{"CH-1"}}
	win := call(t, reg, "drift", args, demoConfigCtx(t))
	f := listOf(win, "findings")[0]
	sig := f["signals"].([]any)[0].(map[string]any)
	b := sig["baseline"].(map[string]any)
	cfg := map[string]any{
		"source": map[string]any{"facility": "north-campus"},
		"drift": map[string]any{"current": []any{"2025-08-03", "2025-09-01"},
			"frozen": map[string]any{"CH-1": map[string]any{"approach": map[string]any{"n": b["n"], "slope": b["slope"], "intercept": b["intercept"],
				"sigma": b["sigma"], "r2": b["r2"], "tons_min": b["tons_min"], "tons_max": b["tons_max"],
				"coverage_start": b["coverage_start"], "coverage_end": b["coverage_end"]}}}},
	}
	path := filepath.Join(t.TempDir(), "frozen.json")
	data, _ := json.Marshal(cfg)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cc := callCtx(demoStore)
	cc.Configs = []string{path}
	frozen := call(t, reg, "drift", args, cc)
	d := dataOf(frozen)
	if d["baseline"] != nil || d["baseline_source"] != "frozen" {
		t.Fatalf("baseline %v source %v", d["baseline"], d["baseline_source"])
	}
	ff := listOf(frozen, "findings")[0]
	fsig := ff["signals"].([]any)[0].(map[string]any)
	if fsig["baseline_source"] != "frozen" || ff["severity"] != f["severity"] ||
		fmt.Sprint(ff["metrics"].(map[string]any)["drift"]) != fmt.Sprint(f["metrics"].(map[string]any)["drift"]) {
		t.Errorf("frozen %v %v drift %v; window %v drift %v", fsig["baseline_source"], ff["severity"], ff["metrics"].(map[string]any)["drift"],
			f["severity"], f["metrics"].(map[string]any)["drift"])
	}
	after, _ := os.ReadFile(path)
	if string(after) != string(data) {
		t.Error("the run config was written")
	}
}

func TestDrift_Refusals(t *testing.T) {
	reg := newDefault(t)
	cc := demoConfigCtx(t)
	tests := []struct {
		name    string
		args    map[string]any
		code    registry.Code
		message string
		data    map[string]any
	}{
		{"unknown family", map[string]any{"facility_id": "north-campus", "families": []any{"tower", "warp_drift"}}, registry.CodeInvalidParams,
			`unknown drift family "warp_drift" (known: chiller:approach_drift, chiller_approach_drift`, map[string]any{"unknown": []any{"warp_drift"}}},
		{"current window after the data", map[string]any{"facility_id": "north-campus", "current": []any{"2026-01-01", "2026-02-01"}}, registry.CodeNotFound,
			"no stored sample in the window: the data runs from 2025-05-05T00:00:00 to 2025-09-01T23:45:00",
			map[string]any{"argument": "current", "first": "2025-05-05T00:00:00", "last": "2025-09-01T23:45:00"}},
		{"baseline window before the data", map[string]any{"facility_id": "north-campus", "baseline": []any{"2024-01-01", "2024-02-01"}}, registry.CodeNotFound,
			"no stored sample in the window", map[string]any{"argument": "baseline"}},
		{"no baseline and no drift section", map[string]any{"facility_id": "south-annex"}, registry.CodeNotFound,
			`no drift baseline for facility south-annex: pass baseline [start, end] (a known-good window), or add to the run config "drift": {"baseline": [`,
			map[string]any{"argument": "baseline", "config_section": "drift"}},
		{"unknown equipment", map[string]any{"facility_id": "north-campus", "equips": []any{"CH-1", "CH-9"}}, registry.CodeNotFound,
			`equip "CH-9" is not stored for facility north-campus`, map[string]any{"argument": "equips", "unknown": []any{"CH-9"}}},
		{"end before start", map[string]any{"facility_id": "north-campus", "baseline": []any{"2025-06-01", "2025-05-01"}}, registry.CodeInvalidParams,
			"/baseline/1: is not after the start", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := refusal(t, reg, "drift", tt.args, cc, tt.code)
			if !strings.Contains(e.Message, tt.message) {
				t.Errorf("message\n got %q\nwant it to contain %q", e.Message, tt.message)
			}
			for k, want := range tt.data {
				if got := e.Data[k]; fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("data[%s] = %v, want %v (data %v)", k, got, want, e.Data)
				}
			}
		})
	}
}

// TestDrift_Paging pages every list with one offset; counts are of the
// whole lists.
func TestDrift_Paging(t *testing.T) {
	reg := newDefault(t)
	cc := demoConfigCtx(t)
	all := call(t, reg, "drift", map[string]any{"facility_id": "north-campus"}, cc)
	n := len(listOf(all, "findings"))
	res := call(t, reg, "drift", map[string]any{"facility_id": "north-campus", "limit": 2, "offset": 2}, cc)
	page := listOf(res, "findings")
	if len(page) != 2 || page[0]["finding_id"] != listOf(all, "findings")[2]["finding_id"] || dataOf(res)["count"] != float64(n) {
		t.Fatalf("page %v count %v", page, dataOf(res)["count"])
	}
	want := fmt.Sprintf("'findings' shows rows 3-4 of %d (worst first): call again with offset=4 for the next page, or a larger limit (up to 1000)", n)
	if !res.Truncated || !strings.Contains(strings.Join(res.Banners, "\n"), want) {
		t.Errorf("banners %q", res.Banners)
	}
}

// TestDrift_WindowArguments: a caller's baseline is fitted for the call
// (the config's baseline is not used) and the current window defaults to
// the data after it.
func TestDrift_WindowArguments(t *testing.T) {
	res := call(t, newDefault(t), "drift", map[string]any{"facility_id": "north-campus", "families": []any{"tower"},
		"baseline": []any{"2025-05-05", "2025-05-31"}}, demoConfigCtx(t))
	d := dataOf(res)
	b, c := d["baseline"].(map[string]any), d["current"].(map[string]any)
	if b["start"] != "2025-05-05T00:00:00" || b["end"] != "2025-06-01T00:00:00" || c["start"] != "2025-08-03T00:00:00" {
		t.Errorf("baseline %v current %v (the config's current window stays)", b, c)
	}
	res = call(t, newDefault(t), "drift", map[string]any{"facility_id": "south-annex", "baseline": []any{"2025-05-05", "2025-05-31"}}, demoConfigCtx(t))
	if c := dataOf(res)["current"].(map[string]any); c["start"] != "2025-06-01T00:00:00" {
		t.Errorf("south-annex current %v, want the data after the baseline", c)
	}
}
