package builtin

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store/catalog"
)

func TestRunsClass(t *testing.T) {
	stored := []fdd.Equipment{{Equip: "AHU-1", Class: "AHU"}, {Equip: "LOG-1", Class: "DataLogger"}, {Equip: "WX-1", Class: "Weather"}}
	loggers := []fdd.Equipment{{Equip: "LOG-1", Class: "DataLogger"}}
	tests := []struct {
		name    string
		label   string
		classes []string
		all     []fdd.Equipment
		want    bool
	}{
		{"listed", "AHU", []string{"AHU", "VAV"}, stored, true},
		{"listed case-insensitively", "ahu", []string{"AHU"}, stored, true},
		{"not listed", "VAV", []string{"AHU"}, stored, false},
		{"unrecognised class listed", "DataLogger", []string{"DataLogger"}, stored, true},
		{"no list: recognised", "AHU", nil, stored, true},
		{"no list: unrecognised beside recognised", "DataLogger", nil, stored, false},
		{"no list: only unrecognised classes", "DataLogger", nil, loggers, true},
		{"empty list", "AHU", []string{}, stored, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runsClass(tt.label, tt.classes, tt.all); got != tt.want {
				t.Errorf("runsClass(%q, %v) = %v, want %v", tt.label, tt.classes, got, tt.want)
			}
		})
	}
}

func TestIdleEquips(t *testing.T) {
	all := []fdd.Equipment{{Equip: "AHU-1", Class: "AHU"}, {Equip: "LOG-1", Class: "DataLogger"}, {Equip: "LOG-2", Class: "DataLogger"}}
	if e := idleEquips("hq", []string{"AHU-1"}, all, nil); e != nil {
		t.Fatalf("a run equipment refused: %v", e)
	}
	e := idleEquips("hq", []string{"AHU-1", "LOG-2", "LOG-1"}, all, []string{"AHU"})
	want := `equip "LOG-1", "LOG-2" are stored, but the run config runs no rule on them (their class is not in its equipment); it runs: "AHU-1"`
	if e == nil || e.Code != registry.CodeNotFound || e.Message != want {
		t.Fatalf("got %v, want %q", e, want)
	}
	if !slices.Equal(e.Data["unknown"].([]string), []string{"LOG-1", "LOG-2"}) || e.Data["argument"] != "equips" {
		t.Errorf("data %v", e.Data)
	}
}

func TestFormatting(t *testing.T) {
	tests := []struct{ got, want string }{
		{shortStep(time.Hour), "1h"},
		{shortStep(15 * time.Minute), "15m"},
		{shortStep(90 * time.Minute), "1h30m"},
		{shortStep(30 * time.Second), "30s"},
		{shortStep(0), "1h"},
		{decimals(0.5, 4), "0.5"},
		{decimals(0.22534, 4), "0.2253"},
		{decimals(-0.00001, 2), "0"},
		{decimals(12, 2), "12"},
		{signedNum(2.5), "+2.5"},
		{signedNum(-1.25), "-1.25"},
		{signedNum(0), "0"},
		{thousands(0), "0"},
		{thousands(999), "999"},
		{thousands(1116), "1,116"},
		{thousands(-1234567), "-1,234,567"},
		{dollars(1234.5), "1,235"},
		{percent1(0.6191), "61.9%"},
		{percent1(0), "0.0%"},
		{pointerToken("a/b~c"), "a~1b~0c"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestFiniteMetrics(t *testing.T) {
	m := finiteMetrics(map[string]any{"a": math.NaN(), "b": math.Inf(1), "c": 1.5, "d": "x", "e": nil})
	if _, err := json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if m["a"] != nil || m["b"] != nil || m["c"] != 1.5 || m["d"] != "x" {
		t.Errorf("%v", m)
	}
	nan := math.NaN()
	if finitePtr(&nan) != nil || finitePtr(nil) != nil {
		t.Error("a non-finite share survived")
	}
}

func TestViolationsNote(t *testing.T) {
	share := 0.0
	tests := []struct {
		name string
		f    fdd.Finding
		want string
	}{
		{"declined", fdd.Finding{Metrics: map[string]any{"declined": true}}, "no spans: the check was declined"},
		{"error", fdd.Finding{Metrics: map[string]any{"error": "boom"}}, "no spans: the rule could not evaluate"},
		{"whole window", fdd.Finding{Metrics: map[string]any{}}, "no spans: the rule judges a statistic of the whole window"},
		{"nothing judged", fdd.Finding{Metrics: map[string]any{}, Share: nil, Conditions: []fdd.ConditionResult{{Name: "x"}}}, "no spans: the rule judged no sample"},
		{"nothing flagged", fdd.Finding{Metrics: map[string]any{}, Share: &share, JudgedSamples: 10}, "no spans: none of the judged samples was flagged"},
	}
	for _, tt := range tests {
		if got := violationsNote(&tt.f, 0.5); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: %q, want prefix %q", tt.name, got, tt.want)
		}
	}
}

// TestDatasetTemplates: every open catalog dataset's packaged template is a
// valid run config whose rules are built-in rules.
func TestDatasetTemplates(t *testing.T) {
	for _, e := range catalog.All() {
		name, data, err := datasetTemplate(e)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := runconfig.FromTemplate(name, data, "ds-"+e.ID)
		if err != nil {
			t.Errorf("%s: %v", e.ID, err)
			continue
		}
		if cfg.Template != e.ID+".json" || cfg.Source.Facility != "ds-"+e.ID || !slices.Equal(cfg.Equipment, e.Equipment) && len(e.Equipment) > 0 {
			t.Errorf("%s: template %+v", e.ID, cfg)
		}
		for _, r := range cfg.Rules {
			if _, ok := fdd.Lookup(r.Name); !ok {
				t.Errorf("%s: rule %s", e.ID, r.Name)
			}
		}
	}
}

func TestRuleArgs(t *testing.T) {
	args := func(m map[string]any) *registry.Call { return &registry.Call{Args: m} }
	spec := fdd.RunSpec{Params: map[string]map[string]fdd.Setting{"filter_fouling": {"change_dp_inwc": {Value: 0.8}}}}
	err := ruleArgs(args(map[string]any{"params": map[string]any{"filter_fouling": map[string]any{"fault_factor": 2.0}}}), &spec)
	if err != nil {
		t.Fatal(err)
	}
	ff := spec.Params["filter_fouling"]
	if ff["change_dp_inwc"].Value != 0.8 || ff["fault_factor"].Value != 2.0 {
		t.Errorf("merged params %v: the config's and the call's should both apply", ff)
	}
	orig := fdd.RunSpec{Params: map[string]map[string]fdd.Setting{"filter_fouling": {"change_dp_inwc": {Value: 0.8}}}}
	cfgParams := orig.Params["filter_fouling"]
	if err := ruleArgs(args(map[string]any{"params": map[string]any{"filter_fouling": map[string]any{"change_dp_inwc": 1.2}}}), &orig); err != nil {
		t.Fatal(err)
	}
	if cfgParams["change_dp_inwc"].Value != 0.8 || orig.Params["filter_fouling"]["change_dp_inwc"].Value != 1.2 {
		t.Error("the call's override changed the config's map or did not win")
	}
	spec = fdd.RunSpec{}
	if err := ruleArgs(args(map[string]any{"rules": []any{"leaking_valve", "leaking_valve", "filter_fouling"}}), &spec); err != nil ||
		!slices.Equal(spec.Rules, []string{"leaking_valve", "filter_fouling"}) {
		t.Errorf("rules %v, %v", spec.Rules, err)
	}
}
