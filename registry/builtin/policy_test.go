package builtin_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/store/demo"
)

// errorOf returns the *registry.Error of err, failing the test otherwise.
func errorOf(t *testing.T, err error) *registry.Error {
	t.Helper()
	var e *registry.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not a *registry.Error", err)
	}
	return e
}

func TestLicence_StoreStates(t *testing.T) {
	registryFile := "_facilities.json"
	tests := []struct {
		name     string
		mutate   func(t *testing.T, dir string)
		call     string // facility the points call names
		code     registry.Code
		reason   string
		banner   bool
		listed   int
		withheld [2]float64 // research-only, unverified
	}{
		{"demo as written", nil, "north-campus", "", "", false, 2, [2]float64{1, 0}},
		{"research-only dataset", nil, "ds-ashrae-gepiii", registry.CodeRefusedLicence, registry.ReasonResearchOnly, false, 2, [2]float64{1, 0}},
		{"registry missing", func(t *testing.T, dir string) { remove(t, dir, registryFile) },
			"north-campus", registry.CodeRefusedLicence, registry.ReasonUnverified, true, 0, [2]float64{1, 2}},
		{"registry empty", func(t *testing.T, dir string) { write(t, dir, registryFile, "") },
			"north-campus", registry.CodeRefusedLicence, registry.ReasonUnverified, true, 0, [2]float64{1, 2}},
		{"registry {}", func(t *testing.T, dir string) { write(t, dir, registryFile, "{}") },
			"south-annex", registry.CodeRefusedLicence, registry.ReasonUnverified, true, 0, [2]float64{1, 2}},
		{"registry malformed", func(t *testing.T, dir string) { write(t, dir, registryFile, `{"north-campus": {"name": "N",}`) },
			"north-campus", registry.CodeRefusedLicence, registry.ReasonUnverified, true, 0, [2]float64{1, 2}},
		{"open licence recorded for the research-only dataset", func(t *testing.T, dir string) {
			b, err := os.ReadFile(filepath.Join(dir, registryFile))
			if err != nil {
				t.Fatal(err)
			}
			s := strings.Replace(string(b), "LicenseRef-Kaggle-Competition-Rules", "CC-BY-4.0", 1)
			s = strings.Replace(s, `"ashrae-gepiii"`, `"bdg2"`, 1)
			write(t, dir, registryFile, s)
		}, "ds-ashrae-gepiii", registry.CodeRefusedLicence, registry.ReasonResearchOnly, false, 2, [2]float64{1, 0}},
		{"research-only directory renamed", func(t *testing.T, dir string) {
			rename(t, dir, "facility_id=ds-ashrae-gepiii", "facility_id=weather-2017")
		}, "weather-2017", registry.CodeRefusedLicence, registry.ReasonUnverified, true, 0, [2]float64{1, 3}},
		{"research-only directory copied", func(t *testing.T, dir string) {
			copyDir(t, filepath.Join(dir, "facility_id=ds-ashrae-gepiii"), filepath.Join(dir, "facility_id=weather-2017"))
		}, "weather-2017", registry.CodeRefusedLicence, registry.ReasonResearchOnly, false, 2, [2]float64{2, 0}},
		{"ds- facility without a registry entry", func(t *testing.T, dir string) {
			copyDir(t, filepath.Join(dir, "facility_id=south-annex"), filepath.Join(dir, "facility_id=ds-bdg2"))
		}, "ds-bdg2", registry.CodeRefusedLicence, registry.ReasonUnverified, false, 2, [2]float64{1, 1}},
		{"own data without a registry", func(t *testing.T, dir string) {
			remove(t, dir, registryFile)
			remove(t, dir, "facility_id=ds-ashrae-gepiii")
		}, "north-campus", "", "", false, 2, [2]float64{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := demoStore
			if tt.mutate != nil {
				dir = copyStore(t)
				tt.mutate(t, dir)
			}
			allow := append(append([]string{}, demoFacilities...), "weather-2017", "ds-bdg2")
			cc := callCtx(dir, allow...)
			reg := newDefault(t)
			_, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": tt.call}, cc)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("points refused: %v", err)
				}
			} else {
				e := errorOf(t, err)
				if e.Code != tt.code || e.Data["reason"] != tt.reason || e.Data["facility_id"] != tt.call {
					t.Fatalf("points: %s %v (%s), want %s %s", e.Code, e.Data, e.Message, tt.code, tt.reason)
				}
			}
			res, err := reg.Call(t.Context(), "facilities", nil, cc)
			if err != nil {
				t.Fatal(err)
			}
			d := res.Data.(map[string]any)
			got := [2]float64{d["withheld_research_only"].(float64), d["withheld_unverified"].(float64)}
			if n := len(d["facilities"].([]any)); n != tt.listed || got != tt.withheld {
				t.Fatalf("facilities lists %d, withheld %v; want %d, %v", n, got, tt.listed, tt.withheld)
			}
			damaged := false
			for _, b := range res.Banners {
				damaged = damaged || strings.Contains(b, "nothing is served") || strings.Contains(b, "no facility is served")
			}
			if damaged != tt.banner {
				t.Fatalf("damage banner %v, want %v: %q", damaged, tt.banner, res.Banners)
			}
		})
	}
}

func TestDamagedPartFile(t *testing.T) {
	dir := copyStore(t)
	part := filepath.Join(dir, "facility_id=north-campus", "year=2025", "part-0-0.parquet")
	if err := os.Truncate(part, 100); err != nil {
		t.Fatal(err)
	}
	reg := newDefault(t)
	_, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "north-campus"}, callCtx(dir))
	e := errorOf(t, err)
	if e.Code != registry.CodeUnavailable || e.Data["retryable"] != false || e.Data["facility_id"] != "north-campus" {
		t.Fatalf("got %s %v", e.Code, e.Data)
	}
	if strings.Contains(e.Message, dir) || strings.Contains(e.Message, "parquet") {
		t.Fatalf("message names a file: %q", e.Message)
	}
	if _, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "south-annex"}, callCtx(dir)); err != nil {
		t.Fatalf("another facility's call failed: %v", err)
	}
	res, err := reg.Call(t.Context(), "facilities", nil, callCtx(dir))
	if err != nil {
		t.Fatal(err)
	}
	north := res.Data.(map[string]any)["facilities"].([]any)[0].(map[string]any)
	if north["facility_id"] != "north-campus" || north["first_sample"] != nil ||
		north["unavailable"].(map[string]any)["retryable"] != false {
		t.Fatalf("damaged facility listed as %v", north)
	}
	if !strings.Contains(res.Text, "could not be read") {
		t.Fatalf("text %q does not say so", res.Text)
	}
}

func TestFenceHeldByWriter(t *testing.T) {
	dir := copyStore(t)
	mark := fmt.Sprintf(`{"token":"t-1","pid":%d,"op":"replace"}`, os.Getpid()) // a live writer: this process
	write(t, dir, "_fence/north-campus", mark)
	reg := newDefault(t)
	_, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "north-campus"}, callCtx(dir))
	e := errorOf(t, err)
	if e.Code != registry.CodeUnavailable || e.Data["retryable"] != true || e.Data["facility_id"] != "north-campus" {
		t.Fatalf("got %s %v %q", e.Code, e.Data, e.Message)
	}
	if _, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "south-annex"}, callCtx(dir)); err != nil {
		t.Fatalf("another facility's call failed: %v", err)
	}
	write(t, dir, "_fence/north-campus", `{"token":"t-2","pid":999999999,"op":"replace"}`) // a dead writer blocks nothing
	if _, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "north-campus"}, callCtx(dir)); err != nil {
		t.Fatalf("a dead writer's mark blocked the call: %v", err)
	}
}

// noPersistArgs are, per capability of Default(), calls that succeed and
// calls that are refused. A capability added to Default() must be added
// here: the test fails for one it has no calls for.
var noPersistArgs = map[string][]map[string]any{
	"facilities": {nil, {"limit": 1, "offset": 1}, {"limit": 0}},
	"points": {{"facility_id": "north-campus"}, {"facility_id": "north-campus", "equip": "AHU-99"},
		{"facility_id": "ds-ashrae-gepiii"}, {"facility_id": "not-allowed"}},
	"rule_run": {{"facility_id": "south-annex"}, {"facility_id": "north-campus", "equips": []any{"AHU-1"}},
		{"facility_id": "north-campus", "start": "2030-01-01"}, {"facility_id": "ds-ashrae-gepiii"}},
	"finding_detail": {{"facility_id": "north-campus", "finding_id": "economizer_high_limit@AHU-1", "equips": []any{"AHU-1"}},
		{"facility_id": "north-campus", "finding_id": "no_such_rule@AHU-1"}},
	"sensor_trust": {{"facility_id": "south-annex"}, {"facility_id": "north-campus", "equips": []any{"AHU-99"}}},
	"check_citations": {{"text": "north-campus stores 188 points [F1@points-abcdef].",
		"facts": []any{map[string]any{"id": "F1@points-abcdef", "text": "north-campus stores 188 points"}}}},
	"coverage":       {{"facility_id": "south-annex"}, {"facility_id": "north-campus", "roles": []any{"no_such_role"}}},
	"rule_params":    {nil, {"rules": []any{"no_such_rule"}}},
	"dataset_search": {nil, {"kind": "fdd", "labeled": true}},
	"dataset_entry":  {{"dataset_id": "bdg2"}, {"dataset_id": "no-such-dataset"}},
	"drift": {{"facility_id": "north-campus", "families": []any{"tower"}}, {"facility_id": "south-annex", "baseline": []any{"2025-05-05", "2025-05-31"}},
		{"facility_id": "south-annex"}},
	"mv_summary": {{"facility_id": "north-campus"}, {"facility_id": "south-annex"}},
	"rcx_report": {{"facility_id": "south-annex"}, {"facility_id": "north-campus", "equips": []any{"CH-1", "CT-1"}}, {"facility_id": "north-campus", "equips": []any{"AHU-99"}}},
}

func TestNoPersist(t *testing.T) {
	dir := copyStore(t)
	reg := newDefault(t)
	cc := callCtx(dir)
	for _, fac := range []string{demo.NorthCampus, demo.SouthAnnex} { // the demo's run configs: M&V and drift sections
		cc.Configs = append(cc.Configs, filepath.Join(dir, filepath.FromSlash(demo.ConfigDir), fac+".json"))
	}
	for _, c := range reg.Capabilities() {
		calls, ok := noPersistArgs[c.Name]
		if !ok {
			t.Errorf("no calls for capability %s in noPersistArgs", c.Name)
			continue
		}
		served := 0
		for _, args := range calls {
			before := registrytest.HashTree(t, dir)
			if _, err := reg.Call(t.Context(), c.Name, args, cc); err == nil {
				served++
			}
			if after := registrytest.HashTree(t, dir); after != before {
				t.Errorf("%s %v changed the store tree", c.Name, args)
			}
		}
		if served == 0 {
			t.Errorf("no call of %s in noPersistArgs succeeds, so its handler's reads are not checked", c.Name)
		}
	}
}

func remove(t *testing.T, dir, rel string) {
	t.Helper()
	if err := os.RemoveAll(filepath.Join(dir, rel)); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func rename(t *testing.T, dir, from, to string) {
	t.Helper()
	if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
