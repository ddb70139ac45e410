package builtin

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/registry"
)

// FuzzRuleArgs feeds rule_run's rules and params arguments as a caller may
// write them: ruleArgs never panics, refuses only with invalid_params, and
// what it accepts is a run the runner accepts (known rules, valid values).
func FuzzRuleArgs(f *testing.F) {
	for _, seed := range []string{
		`{"params": {"filter_fouling": {"change_dp_inwc": 0.8}}}`,
		`{"rules": ["leaking_valve"], "params": {"leaking_valve": {"warn_pct": {"value": 150, "basis": "test"}}}}`,
		`{"rules": ["chiller_approach_drift"]}`,
		`{"params": {"compressor_short_cycle": {"max_starts_per_day": 6.5}}}`,
		`{"params": {"economizer_high_limit": {"high_limit_f": "hot"}}}`,
		`{"params": {"a/b~c": {"x": null}}}`,
		`{"params": {"filter_fouling": {"change_dp_inwc": {"value": 1, "basis": 3}}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var args map[string]any
		if json.Unmarshal(data, &args) != nil {
			return
		}
		spec := fdd.RunSpec{}
		err := ruleArgs(&registry.Call{Args: args}, &spec)
		if err != nil {
			var e *registry.Error
			if !errors.As(err, &e) || e.Code != registry.CodeInvalidParams || e.Message == "" {
				t.Fatalf("ruleArgs(%s) = %v, want an invalid_params refusal", data, err)
			}
			return
		}
		for rule, params := range spec.Params {
			r, ok := fdd.Lookup(rule)
			if !ok {
				t.Fatalf("accepted params of unknown rule %q", rule)
			}
			if _, _, err := r.Resolve(params); err != nil {
				t.Fatalf("accepted params the rule refuses: %v", err)
			}
		}
		for _, name := range spec.Rules {
			if _, ok := fdd.Lookup(name); !ok {
				t.Fatalf("accepted unknown rule %q", name)
			}
		}
	})
}
