package builtin_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/store"
)

func TestConformance_MVSummary(t *testing.T) {
	registrytest.Run(t, newDefault(t), "mv_summary", registrytest.Cases{
		Ctx: demoConfigCtx(t),
		Valid: []map[string]any{
			{"facility_id": "north-campus"},
			{"facility_id": "north-campus", "equips": []any{"MTR-1", "WX-1"}},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{}}, Pointer: "/equips"},
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{""}}, Pointer: "/equips/0"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "south-annex"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{"MTR-9"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-1"}}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

// TestMVSummary_Golden is the demo's M&V project: the day-60 retrofit on
// MTR-1 gives 61,038 kWh (6.4 %) avoided, ±14,826 kWh at 90 %, on a 3PC
// daily baseline that passes Guideline 14 (the figures analytics/mv's
// demo test states).
func TestMVSummary_Golden(t *testing.T) {
	res := call(t, newDefault(t), "mv_summary", map[string]any{"facility_id": "north-campus"}, demoConfigCtx(t))
	golden.Check(t, "mv_summary/north.json", tokenMasked(t, res))
	d := dataOf(res)
	s := d["savings"].(map[string]any)
	m := d["model"].(map[string]any)
	if math.Abs(s["avoided"].(float64)-61038.0) > 0.5 || math.Abs(s["abs_uncertainty"].(float64)-14826.2) > 0.5 ||
		s["units"] != "kWh" || m["kind"] != "3PC" || d["information_only"] != false {
		t.Errorf("savings %v %v model %v information_only %v", s["avoided"], s["abs_uncertainty"], m["kind"], d["information_only"])
	}
	if !strings.Contains(res.Text, `"MTR-1" avoided 61,038 kWh (6.4%) over the reporting period, ±14,826 kWh at 90%`) {
		t.Errorf("text %s", res.Text)
	}
	checkCited(t, res)
}

func TestMVSummary_NoProject(t *testing.T) {
	reg := newDefault(t)
	for _, cc := range []*registry.CallContext{demoConfigCtx(t), callCtx(demoStore)} {
		e := refusal(t, reg, "mv_summary", map[string]any{"facility_id": "south-annex"}, cc, registry.CodeNotFound)
		if !strings.Contains(e.Message, `facility south-annex has no M&V project`) ||
			!strings.Contains(e.Message, `add "mv": {"meter": {"equip": "MTR-1", "role": "power"}, "oat": {"equip": "WX-1", "role": "oat"}, "baseline": [`) ||
			e.Data["config_section"] != "mv" {
			t.Errorf("%q %v", e.Message, e.Data)
		}
	}
	e := refusal(t, reg, "mv_summary", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-1"}}, demoConfigCtx(t), registry.CodeNotFound)
	if !strings.Contains(e.Message, `meters "MTR-1", which is not among equips "AHU-1"`) {
		t.Errorf("%q", e.Message)
	}
}

// meterStore writes facility hq: an hourly meter and outdoor air over
// days from 2025-01-01. With weather true the load follows the weather
// and a schedule, cut 8 % from day cut; otherwise it is noise around
// 500 kW that no temperature explains.
func meterStore(t testing.TB, days, cut int, weather bool) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	st, err := store.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	meter := model.Series{Equip: "MTR-1", Class: "Meter", Role: model.Power}
	oat := model.Series{Equip: "WX-1", Class: "Weather", Role: model.OAT}
	for h := range days * 24 {
		d := float64(h) / 24
		temp := 55 + 25*math.Sin(2*math.Pi*(d-100)/365) + 8*math.Sin(2*math.Pi*float64(h%24-9)/24) + 3*r.NormFloat64()
		kw := 500 * (1 + 0.3*r.NormFloat64())
		if weather {
			how := h % 168
			kw = 300 + 9*math.Max(0, temp-62) + 2*math.Max(0, 45-temp)
			if how < 5*24 && how%24 >= 7 && how%24 < 19 {
				kw += 150
			}
			if h >= cut*24 {
				kw *= 0.92
			}
			kw *= 1 + 0.03*r.NormFloat64()
		}
		ts := t0 + int64(h)*int64(time.Hour)
		meter.TS, meter.V = append(meter.TS, ts), append(meter.V, kw)
		oat.TS, oat.V = append(oat.TS, ts), append(oat.V, temp)
	}
	if _, err := st.Write(t.Context(), "hq", []model.Series{meter, oat}, store.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// hqConfig writes a run config for hq with the given mv section.
func hqConfig(t testing.TB, mv map[string]any) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"source": map[string]any{"facility": "hq"}, "mv": mv})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "hq.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMVSummary_InformationOnly: a meter no temperature explains fails
// Guideline 14 (R² far below 0.75); its savings are for information only,
// said in the data, the text and a banner, with the failing criterion
// named.
func TestMVSummary_InformationOnly(t *testing.T) {
	dir := meterStore(t, 180, 90, false)
	cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}, Configs: []string{hqConfig(t, map[string]any{
		"meter": map[string]any{"equip": "MTR-1", "role": "power"}, "oat": map[string]any{"equip": "WX-1", "role": "oat"},
		"baseline": []any{"2025-01-01", "2025-03-31"}, "reporting": []any{"2025-04-01", "2025-06-29"}, "units": "MWh"})}}
	res := call(t, newDefault(t), "mv_summary", map[string]any{"facility_id": "hq"}, cc)
	d := dataOf(res)
	acc := d["acceptance"].(map[string]any)
	if d["information_only"] != true || acc["pass"] != false {
		t.Fatalf("information_only %v pass %v", d["information_only"], acc["pass"])
	}
	if failing := acc["failing"].([]any); !strings.Contains(strings.Join(strs(failing), ","), "r2 ") {
		t.Errorf("failing %v", failing)
	}
	if s := d["savings"].(map[string]any); s["units"] != "MWh" {
		t.Errorf("units %v, want the config's MWh", s["units"])
	}
	if !strings.Contains(res.Text, "for information only") || !strings.Contains(strings.Join(res.Banners, "|"), "the savings are for information only") {
		t.Errorf("text %s banners %q", res.Text, res.Banners)
	}
	checkCited(t, res)
}

// TestMVSummary_TooLittleData: a monthly project on three months of
// baseline is not_found, saying why.
func TestMVSummary_TooLittleData(t *testing.T) {
	dir := meterStore(t, 180, 90, true)
	cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}, Configs: []string{hqConfig(t, map[string]any{
		"meter": map[string]any{"equip": "MTR-1", "role": "power"}, "baseline": []any{"2025-01-01", "2025-03-31"},
		"reporting": []any{"2025-04-01", "2025-06-29"}, "interval": "monthly"})}}
	e := refusal(t, newDefault(t), "mv_summary", map[string]any{"facility_id": "hq"}, cc, registry.CodeNotFound)
	if !strings.Contains(e.Message, "need at least 6") || e.Data["first"] != "2025-01-01T00:00:00" {
		t.Errorf("%q %v", e.Message, e.Data)
	}
}

func strs(vs []any) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i], _ = v.(string)
	}
	return out
}

// TestMVSummary_ConfigModelsAndAutocorrelation: the run config's
// mv.models restricts the candidates and mv.autocorrelation overrides the
// hourly default.
func TestMVSummary_ConfigModelsAndAutocorrelation(t *testing.T) {
	dir := meterStore(t, 180, 90, true)
	base := map[string]any{
		"meter": map[string]any{"equip": "MTR-1", "role": "power"}, "oat": map[string]any{"equip": "WX-1", "role": "oat"},
		"baseline": []any{"2025-01-01", "2025-03-31"}, "reporting": []any{"2025-04-01", "2025-06-29"}, "interval": "hourly"}
	run := func(extra map[string]any) map[string]any {
		mv := map[string]any{}
		for k, v := range base {
			mv[k] = v
		}
		for k, v := range extra {
			mv[k] = v
		}
		cc := &registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}, Configs: []string{hqConfig(t, mv)}}
		return dataOf(call(t, newDefault(t), "mv_summary", map[string]any{"facility_id": "hq"}, cc))
	}
	d := run(nil)
	if p := d["project"].(map[string]any); p["autocorrelation_adjusted"] != true {
		t.Fatalf("hourly default: autocorrelation_adjusted %v, want true", p["autocorrelation_adjusted"])
	}
	d = run(map[string]any{"models": []any{"2P"}, "autocorrelation": false})
	p := d["project"].(map[string]any)
	if p["autocorrelation_adjusted"] != false || strings.Join(strs(p["models"].([]any)), ",") != "2P" {
		t.Fatalf("project %v, want autocorrelation off and models [2P]", p)
	}
	if m := d["model"].(map[string]any); m["kind"] != "2P" {
		t.Fatalf("chosen model %v, want the only one the config allows", m["kind"])
	}
}
