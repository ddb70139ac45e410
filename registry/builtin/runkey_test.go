package builtin

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

// TestFramesKey: a run's frames key leaves out what only judges the frames
// (rules, parameters, min_severity, trust floor, references) and keeps what
// builds them.
func TestFramesKey(t *testing.T) {
	base := fdd.RunSpec{Rules: []string{"a"}, Params: map[string]map[string]fdd.Setting{"a": {"x": {Value: 1.0}}},
		Equips: []string{"AHU-1"}, Classes: []string{"AHU"}, Start: 10, End: 20, Step: time.Hour, MinTrust: 0.5,
		Weather: "WX-1", Shared: map[model.Role]string{model.OAT: "WX-1"}}
	key := func(spec fdd.RunSpec) string {
		t.Helper()
		k, err := framesKey("/s", "hq", "g1", "d1", spec)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0 := key(base)
	same := map[string]func(s *fdd.RunSpec){
		"rules":        func(s *fdd.RunSpec) { s.Rules = []string{} },
		"catalog":      func(s *fdd.RunSpec) { s.Catalog = []fdd.Rule{{Name: "custom"}} },
		"params":       func(s *fdd.RunSpec) { s.Params = nil },
		"equip params": func(s *fdd.RunSpec) { s.EquipParams = map[string]map[string]map[string]fdd.Setting{} },
		"min_severity": func(s *fdd.RunSpec) { s.MinSeverity = fdd.Fault },
		"min_trust":    func(s *fdd.RunSpec) { s.MinTrust = 0.9 },
		"references":   func(s *fdd.RunSpec) { s.References = []fdd.Conditional{{Equip: "AHU-1", Role: model.OAT}} },
	}
	for name, change := range same {
		spec := base
		change(&spec)
		if key(spec) != k0 {
			t.Errorf("%s changed the frames key", name)
		}
	}
	other := map[string]func(s *fdd.RunSpec){
		"equips":  func(s *fdd.RunSpec) { s.Equips = nil },
		"classes": func(s *fdd.RunSpec) { s.Classes = []string{"RTU"} },
		"start":   func(s *fdd.RunSpec) { s.Start = 11 },
		"end":     func(s *fdd.RunSpec) { s.End = 21 },
		"step":    func(s *fdd.RunSpec) { s.Step = 15 * time.Minute },
		"weather": func(s *fdd.RunSpec) { s.Weather = "WX-2" },
		"shared":  func(s *fdd.RunSpec) { s.Shared = nil },
	}
	for name, change := range other {
		spec := base
		change(&spec)
		if key(spec) == k0 {
			t.Errorf("%s kept the frames key", name)
		}
	}
	if k, _ := runKey("/s", "hq", "g1", "d1", base); k == k0 {
		t.Error("a run key equals a frames key")
	}
	if key(base) == func() string { k, _ := framesKey("/s", "hq", "g2", "d1", base); return k }() {
		t.Error("another generation kept the frames key")
	}
}

func TestRunKey(t *testing.T) {
	base := fdd.RunSpec{Rules: []string{"a", "b"}, Params: map[string]map[string]fdd.Setting{"a": {"x": {Value: 1.0}}},
		Equips: []string{"AHU-1"}, Start: 10, End: 20, Step: time.Hour, MinTrust: 0.5, Shared: map[model.Role]string{model.OAT: "WX-1"},
		References: []fdd.Conditional{{Equip: "AHU-1", Role: model.OAT, Verdict: "warn", Bias: 1.5}}}
	key := func(spec fdd.RunSpec, root, facility, gen, digest string) string {
		t.Helper()
		k, err := runKey(root, facility, gen, digest, spec)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0 := key(base, "/s", "hq", "g1", "d1")
	same := base
	same.MinSeverity = fdd.Warn
	same.Params = map[string]map[string]fdd.Setting{"a": {"x": {Value: 1.0}}}
	if key(same, "/s", "hq", "g1", "d1") != k0 {
		t.Error("min_severity or an equal params map changed the key")
	}
	changes := map[string]func(s *fdd.RunSpec){
		"rules nil":   func(s *fdd.RunSpec) { s.Rules = nil },
		"rules empty": func(s *fdd.RunSpec) { s.Rules = []string{} },
		"rules order": func(s *fdd.RunSpec) { s.Rules = []string{"b", "a"} },
		"param value": func(s *fdd.RunSpec) { s.Params = map[string]map[string]fdd.Setting{"a": {"x": {Value: 2.0}}} },
		"param type":  func(s *fdd.RunSpec) { s.Params = map[string]map[string]fdd.Setting{"a": {"x": {Value: 1}}} },
		"param basis": func(s *fdd.RunSpec) {
			s.Params = map[string]map[string]fdd.Setting{"a": {"x": {Value: 1.0, Basis: "why"}}}
		},
		"equip params": func(s *fdd.RunSpec) { s.EquipParams = map[string]map[string]map[string]fdd.Setting{} },
		"equips":       func(s *fdd.RunSpec) { s.Equips = []string{"AHU-2"} },
		"classes":      func(s *fdd.RunSpec) { s.Classes = []string{"AHU"} },
		"start":        func(s *fdd.RunSpec) { s.Start = 11 },
		"end":          func(s *fdd.RunSpec) { s.End = 21 },
		"step":         func(s *fdd.RunSpec) { s.Step = 15 * time.Minute },
		"min_trust":    func(s *fdd.RunSpec) { s.MinTrust = 0.5000001 },
		"weather":      func(s *fdd.RunSpec) { s.Weather = "WX-2" },
		"shared":       func(s *fdd.RunSpec) { s.Shared = map[model.Role]string{model.OAT: "WX-2"} },
		"reference": func(s *fdd.RunSpec) {
			s.References = []fdd.Conditional{{Equip: "AHU-1", Role: model.OAT, Verdict: "fault", Bias: 1.5}}
		},
		"no references":   func(s *fdd.RunSpec) { s.References = nil },
		"string boundary": func(s *fdd.RunSpec) { s.Equips = []string{"AHU-", "1"} },
	}
	seen := map[string]string{k0: "base"}
	for name, change := range changes {
		spec := base
		change(&spec)
		k := key(spec, "/s", "hq", "g1", "d1")
		if prev, dup := seen[k]; dup {
			t.Errorf("%s gives the key of %s", name, prev)
		}
		seen[k] = name
	}
	for name, k := range map[string]string{
		"root": key(base, "/t", "hq", "g1", "d1"), "facility": key(base, "/s", "annex", "g1", "d1"),
		"generation": key(base, "/s", "hq", "g2", "d1"), "config": key(base, "/s", "hq", "g1", "d2"),
	} {
		if k == k0 {
			t.Errorf("another %s gives the same key", name)
		}
	}
	custom := base
	custom.Catalog = []fdd.Rule{{Name: "custom", Check: func(context.Context, *fdd.Input) (fdd.Outcome, error) { return fdd.Outcome{}, nil }}}
	if _, err := runKey("/s", "hq", "g1", "d1", custom); !errors.Is(err, errUncacheable) {
		t.Errorf("a custom catalog with code keyed: %v", err)
	}
}
