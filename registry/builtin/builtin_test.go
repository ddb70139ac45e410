package builtin_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

// jsonIndent marshals v with two-space indentation, no HTML escaping and a
// final newline.
func jsonIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return b.Bytes(), err
}

func TestDefault_Capabilities(t *testing.T) {
	reg := newDefault(t)
	var names []string
	for _, c := range reg.Capabilities() {
		names = append(names, c.Name)
	}
	for _, want := range []string{"facilities", "points"} {
		if !slices.Contains(names, want) {
			t.Errorf("Default() lacks %s (has %v)", want, names)
		}
	}
}

func TestConformance_Facilities(t *testing.T) {
	registrytest.Run(t, newDefault(t), "facilities", registrytest.Cases{
		Ctx:   callCtx(demoStore),
		Valid: []map[string]any{nil, {"limit": 1}, {"limit": 1, "offset": 1}, {"offset": 99}},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"limit": 0}, Pointer: "/limit"},
			{Args: map[string]any{"limit": 1001}, Pointer: "/limit"},
			{Args: map[string]any{"offset": -1}, Pointer: "/offset"},
		},
	})
}

func TestConformance_Points(t *testing.T) {
	registrytest.Run(t, newDefault(t), "points", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			{"facility_id": "north-campus"},
			{"facility_id": "south-annex", "limit": 5, "offset": 5},
			{"facility_id": "north-campus", "equip": "AHU-1"},
			{"facility_id": "north-campus", "equip_class": "ahu", "role": "supply_air_temp"},
			{"facility_id": "north-campus", "offset": 100000},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{}, Pointer: "/facility_id"},
			{Args: map[string]any{"facility_id": "north-campus", "equip": strings.Repeat("A", 10000)}, Pointer: "/equip"},
			{Args: map[string]any{"facility_id": "../etc"}, Pointer: "/facility_id"},
			{Args: map[string]any{"facility_id": "north-campus", "offset": 1e30}, Pointer: "/offset"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"facility_id": "north-campus", "equip": "AHU-99"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "role": "no_such_role"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "north-campus", "equip_class": "Spaceship"}, Code: registry.CodeNotFound},
			{Args: map[string]any{"facility_id": "ds-ashrae-gepiii"}, Code: registry.CodeRefusedLicence},
		},
	})
}

func TestFacilities_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"facilities/all.json", nil},
		{"facilities/page2.json", map[string]any{"limit": 1, "offset": 1}},
	} {
		res, err := reg.Call(t.Context(), "facilities", tc.args, callCtx(demoStore))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, tc.name, maskTokens(t, res))
	}
}

func TestPoints_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"points/ahu1.json", map[string]any{"facility_id": "north-campus", "equip": "AHU-1"}},
		{"points/page.json", map[string]any{"facility_id": "south-annex", "limit": 5, "offset": 35}},
		{"points/class.json", map[string]any{"facility_id": "north-campus", "equip_class": "chiller", "role": "chw_supply_temp"}},
	} {
		res, err := reg.Call(t.Context(), "points", tc.args, callCtx(demoStore))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, tc.name, maskTokens(t, res))
	}
}

func TestPoints_NotFound(t *testing.T) {
	reg := newDefault(t)
	tests := []struct {
		name    string
		args    map[string]any
		arg     string
		message string
	}{
		{"equip", map[string]any{"equip": "AHU-9"}, "equip",
			`equip "AHU-9" is not stored for facility north-campus; stored (26 in all): "AHU-1", "AHU-2", "AHU-3", "CH-1", "CH-2", "CHWP-1", "CT-1", "HWP-1", "LOG-1", "MTR-1" ...`},
		{"role", map[string]any{"role": "warp_core_temp"}, "role", `role "warp_core_temp" is not stored for facility north-campus`},
		{"class", map[string]any{"equip_class": "Spaceship"}, "equip_class", `equip_class "Spaceship" is not stored for facility north-campus; stored: `},
		{"hostile value", map[string]any{"equip": "<script>[F1@points](https://evil)"}, "equip",
			`equip "‹script›(F1@points) (https[:]//evil)" is not stored`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.args["facility_id"] = "north-campus"
			_, err := reg.Call(t.Context(), "points", tt.args, callCtx(demoStore))
			var e *registry.Error
			if !errors.As(err, &e) || e.Code != registry.CodeNotFound {
				t.Fatalf("got %v, want not_found", err)
			}
			if !strings.HasPrefix(e.Message, tt.message) {
				t.Fatalf("message\n got %q\nwant prefix %q", e.Message, tt.message)
			}
			if e.Data["argument"] != tt.arg || len(e.Data["available"].([]any)) == 0 || len(e.Data["available"].([]any)) > 50 {
				t.Fatalf("data %v", e.Data)
			}
		})
	}
}

func TestPoints_NoData(t *testing.T) {
	dir := copyStore(t)
	if err := os.RemoveAll(filepath.Join(dir, "facility_id=south-annex")); err != nil {
		t.Fatal(err)
	}
	reg := newDefault(t)
	_, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "south-annex"}, callCtx(dir))
	if registry.CodeOf(err) != registry.CodeNotFound {
		t.Fatalf("got %v, want not_found", err)
	}
	res, err := reg.Call(t.Context(), "facilities", nil, callCtx(dir))
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Data.(map[string]any)["facilities"].([]any)
	annex := rows[1].(map[string]any)
	if annex["facility_id"] != "south-annex" || annex["n_points"] != 0.0 || annex["first_sample"] != nil {
		t.Fatalf("registered facility without data listed as %v", annex)
	}
}

func TestConcurrentCalls(t *testing.T) {
	reg := newDefault(t)
	cc := callCtx(demoStore)
	want := map[string]string{}
	calls := map[string]map[string]any{"facilities": nil, "points": {"facility_id": "north-campus"}}
	for name, args := range calls {
		res, err := reg.Call(t.Context(), name, args, cc)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		want[name] = string(b)
	}
	errs := make(chan error, 16)
	for i := range 16 {
		name := []string{"facilities", "points"}[i%2]
		go func() {
			res, err := reg.Call(t.Context(), name, calls[name], cc)
			if err == nil {
				if b, _ := json.Marshal(res); string(b) != want[name] {
					err = errors.New(name + ": a concurrent call gave another result")
				}
			}
			errs <- err
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestFactIDs_RestartAndRewrite(t *testing.T) {
	dir := copyStore(t)
	args := map[string]any{"facility_id": "south-annex"}
	id := func() string {
		res, err := newDefault(t).Call(t.Context(), "points", args, callCtx(dir)) // a fresh registry: as after a restart
		if err != nil {
			t.Fatal(err)
		}
		return res.Facts[0].ID
	}
	first := id()
	if again := id(); again != first {
		t.Fatalf("a restart changed the fact id: %s, then %s", first, again)
	}
	part := filepath.Join(dir, "facility_id=south-annex", "year=2025", "part-0-0.parquet")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(part, later, later); err != nil {
		t.Fatal(err)
	}
	if rewritten := id(); rewritten == first {
		t.Fatalf("an in-place rewrite kept the fact id %s", first)
	}
}
