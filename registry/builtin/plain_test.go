package builtin

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store/demo"
)

// TestPlainJSON_EveryCapability: registry.PlainJSON converts every
// built-in capability's raw data and fact values (before the policy
// normalises them) exactly as the JSON round trip does, over calls that
// reach each capability's main shapes on the demo campus.
func TestPlainJSON_EveryCapability(t *testing.T) {
	var campus demostore.Campus
	defer campus.Remove()
	root := campus.Path(t)
	var (
		mu  sync.Mutex
		raw []*registry.Result
	)
	e := newEnv()
	caps := capabilities(e)
	seen := map[string]bool{}
	for i := range caps {
		h := caps[i].Handler
		caps[i].Handler = func(ctx context.Context, c *registry.Call) (*registry.Result, error) {
			res, err := h(ctx, c)
			if res != nil {
				mu.Lock()
				raw = append(raw, res)
				seen[c.Name] = true
				mu.Unlock()
			}
			return res, err
		}
	}
	reg, err := registry.New(caps, nil, registry.Options{Data: e.data})
	if err != nil {
		t.Fatal(err)
	}
	cc := &registry.CallContext{Store: root, AllowedFacilities: []string{demo.NorthCampus, demo.SouthAnnex}}
	for _, fac := range []string{demo.NorthCampus, demo.SouthAnnex} {
		cc.Configs = append(cc.Configs, filepath.Join(root, filepath.FromSlash(demo.ConfigDir), fac+".json"))
	}
	nc := demo.NorthCampus
	calls := []struct {
		name string
		args map[string]any
	}{
		{"facilities", map[string]any{}},
		{"points", map[string]any{"facility_id": nc}},
		{"coverage", map[string]any{"facility_id": nc, "group_by": "equip"}},
		{"coverage", map[string]any{"facility_id": nc, "start": "2030-01-01"}},
		{"sensor_trust", map[string]any{"facility_id": nc}},
		{"sensor_trust", map[string]any{"facility_id": nc, "view": "report", "limit": 5}},
		{"rule_run", map[string]any{"facility_id": nc, "limit": 40}},
		{"rule_run", map[string]any{"facility_id": demo.SouthAnnex}},
		{"finding_detail", map[string]any{"facility_id": nc, "finding_id": "simultaneous_heat_cool@AHU-2"}},
		{"finding_detail", map[string]any{"facility_id": nc, "finding_id": "unmet_setpoint_hours@VAV-2-3"}},
		{"rule_params", map[string]any{}},
		{"rule_params", map[string]any{"rules": []any{"leaking_valve", "chiller:approach_drift"}, "detail": true}},
		{"dataset_search", map[string]any{"query": "office"}},
		{"dataset_entry", map[string]any{"dataset_id": "bdg2"}},
		{"mv_summary", map[string]any{"facility_id": nc}},
		{"drift", map[string]any{"facility_id": nc}},
		{"rcx_report", map[string]any{"facility_id": nc}},
		{"check_citations", map[string]any{"text": "AHU-2 heats and cools at once [F1].", "facts": []any{map[string]any{"id": "F1", "text": "AHU-2: both coils open 11.1% of hours"}}}},
	}
	for _, c := range calls {
		if _, err := reg.Call(t.Context(), c.name, c.args, cc); err != nil {
			t.Logf("%s %v: %v (its raw result, if any, is still checked)", c.name, c.args, err)
		}
	}
	for _, c := range caps {
		if !seen[c.Name] {
			t.Errorf("no call reached %s", c.Name)
		}
	}
	same := func(what string, v any) {
		t.Helper()
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s does not marshal: %v", what, err)
		}
		var want any
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if got := registry.PlainJSON(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: PlainJSON differs from the JSON round trip:\n%#v\nwant %#v", what, got, want)
		}
	}
	for _, res := range raw {
		same("data", res.Data)
		for _, f := range res.Facts {
			same("fact "+f.ID+" value", f.Value)
			same("fact "+f.ID+" data", f.Data)
		}
	}
}
