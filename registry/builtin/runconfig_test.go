package builtin_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/demo"
)

// datasetStore writes a store holding facility ds-lbnl-fdd-sdahu (an open
// catalog dataset): the demo's AHU-1 and weather station, registered as
// ingested from that dataset.
func datasetStore(t *testing.T) string {
	t.Helper()
	campus, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	var series []model.Series
	for _, s := range campus.Facilities[0].Series {
		if s.Equip == "AHU-1" || s.Equip == "WX-1" {
			series = append(series, s)
		}
	}
	st, err := store.Create(filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	entry := &store.Entry{Name: "SDAHU", Lifecycle: store.LifecycleActive,
		Dataset: &store.Dataset{ID: "lbnl-fdd-sdahu", Licence: "CC-BY-4.0", Access: "open", Redistribution: "allowed with attribution (CC BY 4.0)"}}
	if _, err := st.Write(t.Context(), "ds-lbnl-fdd-sdahu", series, store.WriteOptions{Replace: true, Entry: entry}); err != nil {
		t.Fatal(err)
	}
	return st.Root()
}

// TestRunConfig_DatasetTemplate: a ds- facility no config names runs with
// its dataset's packaged template (its equipment and suggested rules),
// from_config true, with a banner naming the dataset.
func TestRunConfig_DatasetTemplate(t *testing.T) {
	dir := datasetStore(t)
	reg := newDefault(t)
	cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"ds-lbnl-fdd-sdahu"}}
	res := call(t, reg, "rule_run", map[string]any{"facility_id": "ds-lbnl-fdd-sdahu", "limit": 100}, cc)
	cfg := dataOf(res)["config"].(map[string]any)
	if cfg["source"] != "dataset_template" || cfg["from_config"] != true || cfg["dataset_id"] != "lbnl-fdd-sdahu" ||
		cfg["name"] != "lbnl-fdd-sdahu.json" {
		t.Fatalf("config %v", cfg)
	}
	want := `no run config names facility ds-lbnl-fdd-sdahu: the run uses the packaged config template of catalog dataset "lbnl-fdd-sdahu" (rules leaking_valve, outdoor_air_fraction, economizer_high_limit, free_cooling_missed, supply_air_reset)`
	if !slices.Contains(res.Banners, want) {
		t.Errorf("banners %q lack %q", res.Banners, want)
	}
	suggested := []string{"leaking_valve", "outdoor_air_fraction", "economizer_high_limit", "free_cooling_missed", "supply_air_reset"}
	rows := listOf(res, "findings")
	if len(rows) == 0 {
		t.Fatal("the template run found nothing")
	}
	for _, f := range rows {
		if !slices.Contains(suggested, f["rule"].(string)) || f["equip"] != "AHU-1" {
			t.Errorf("finding %s is not a suggested rule on the dataset's AHU", f["finding_id"])
		}
	}
	// The caller's config for another facility does not apply; the
	// template does (the trust floor stays the caller's).
	cc.Configs = []string{testConfig}
	cc.MinTrust = 0.6
	again := call(t, reg, "rule_run", map[string]any{"facility_id": "ds-lbnl-fdd-sdahu", "limit": 1}, cc)
	if c := dataOf(again)["config"].(map[string]any); c["source"] != "dataset_template" || c["min_trust"] != 0.6 {
		t.Errorf("with another facility's config: %v", c)
	}
	st := call(t, reg, "sensor_trust", map[string]any{"facility_id": "ds-lbnl-fdd-sdahu", "limit": 1}, cc)
	if !slices.ContainsFunc(st.Banners, func(b string) bool { return strings.Contains(b, "packaged config template") }) {
		t.Errorf("sensor_trust banners %q", st.Banners)
	}
}

// TestRunConfig_TrustFloor: a run gets the higher of the caller's floor and
// the config's trust_gate.min_trust.
func TestRunConfig_TrustFloor(t *testing.T) {
	reg := newDefault(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "north.json")
	write(t, dir, "north.json", `{"source": {"facility": "north-campus"}, "rules": ["filter_fouling"], "trust_gate": {"min_trust": 0.7}}`)
	for _, tc := range []struct {
		floor, want float64
	}{{0, 0.7}, {0.6, 0.7}, {0.9, 0.9}} {
		cc := callCtx(demoStore)
		cc.Configs, cc.MinTrust = []string{path}, tc.floor
		res := call(t, reg, "rule_run", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-1"}}, cc)
		if got := dataOf(res)["config"].(map[string]any)["min_trust"]; got != tc.want {
			t.Errorf("caller floor %v: min_trust %v, want %v", tc.floor, got, tc.want)
		}
	}
}
