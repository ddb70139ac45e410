package builtin

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/registry"
)

// TestSensorTrust_RulesViewFromCachedRun: the rules view reads frames and
// trust scores from a cached run over the same equipment, window and grid
// (a rule_run's, whatever its rules, parameters, page or floor), caches
// its own run without rules for its next pages until a judging run over
// the same frames replaces it, and answers exactly as it does with no run
// cached. The report view never touches the cache.
func TestSensorTrust_RulesViewFromCachedRun(t *testing.T) {
	fx := newCacheFixture(t)
	strict := &registry.CallContext{Store: fx.cc.Store, AllowedFacilities: fx.cc.AllowedFacilities, MinTrust: 0.9}
	same := func(step string, args map[string]any, cc *registry.CallContext) {
		t.Helper()
		res, err := fx.reg.Call(t.Context(), "sensor_trust", args, cc)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if d := cmp.Diff(fx.uncached(t, "sensor_trust", args, cc), res); d != "" {
			t.Fatalf("%s: sensor_trust %v (-uncached +cached):\n%s", step, args, d)
		}
	}

	fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "rules": []any{"leaking_valve"}, "limit": 1})
	fx.counts(t, "rule_run", 1, 0, 1)
	same("after a rule_run of one rule", map[string]any{"facility_id": "hq"}, fx.cc)
	fx.counts(t, "rules view after rule_run", 1, 1, 1)
	same("another floor, a page", map[string]any{"facility_id": "hq", "min_trust": 0.95, "limit": 4, "offset": 4}, strict)
	fx.counts(t, "rules view at another floor", 1, 2, 1)
	same("roles", map[string]any{"facility_id": "hq", "roles": []any{"supply_air_temp", "oat"}}, fx.cc)
	fx.counts(t, "rules view of some roles", 1, 3, 1)

	// Other frames: the view runs without rules and keeps that run for
	// its next pages.
	narrow := map[string]any{"facility_id": "hq", "equips": []any{"AHU-2"}, "limit": 3}
	same("other equips", narrow, fx.cc)
	fx.counts(t, "rules view over other equips", 2, 3, 2)
	same("its next page", map[string]any{"facility_id": "hq", "equips": []any{"AHU-2"}, "limit": 3, "offset": 3}, fx.cc)
	fx.counts(t, "its next page", 2, 4, 2)
	// A judging run over the same frames replaces the run without rules
	// (so it cannot serve rule_run) and serves the view from then on.
	fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "equips": []any{"AHU-2"}})
	fx.counts(t, "rule_run over those equips", 2, 4, 3)
	same("after that rule_run", narrow, fx.cc)
	fx.counts(t, "rules view after that rule_run", 2, 5, 3)

	window := map[string]any{"facility_id": "hq", "start": "2025-06-03", "end": "2025-06-05"}
	same("another window", window, fx.cc)
	fx.counts(t, "rules view over another window", 3, 5, 4)

	same("report view", map[string]any{"facility_id": "hq", "view": "report"}, fx.cc)
	fx.counts(t, "report view", 3, 5, 4)
}
