package session

import (
	"testing"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/registry"
)

func finding(id, equip string) registry.Fact {
	return registry.Fact{ID: id, Kind: agent.KindFinding, Equip: equip, Text: equip + ": both coils open in 11.1% of occupied hours",
		Data: map[string]any{"rule": "simultaneous_heat_cool", "severity": "fault", "share": 0.111}}
}

func TestAddResult(t *testing.T) {
	s := New()
	v0 := s.Version()
	res := &registry.Result{Facts: []registry.Fact{finding("F1@rule_run-1a2b3c", "AHU-2"), {ID: "F2@rule_run-1a2b3c", Kind: "run", Text: "1 fault", Value: 1}}}
	if n := s.AddResult("rule_run", res); n != 2 {
		t.Fatalf("added %d", n)
	}
	if s.Version() == v0 {
		t.Error("the version did not change")
	}
	derived := s.Len() - 2
	if derived == 0 {
		t.Error("nothing was derived from the fault finding")
	}
	v1 := s.Version()
	if n := s.AddResult("rule_run", res); n != 0 || s.Version() != v1 {
		t.Errorf("the same facts again added %d", n)
	}
	check := &registry.Result{Facts: []registry.Fact{{ID: "F1@check_citations-abc", Kind: "citation_check", Text: "2 sentences"}}}
	if n := s.AddResult("check_citations", check); n != 0 {
		t.Error("the citation check's fact joined")
	}
	if n := s.AddResult("points", nil); n != 0 {
		t.Error("a nil result added facts")
	}
	if f, ok := s.Lookup("F2@rule_run-1a2b3c"); !ok || f.Data["value"] != 1 {
		t.Errorf("the fact's value is not in its data: %+v", f)
	}
}

func TestAddFacts(t *testing.T) {
	s := New()
	other, err := agent.NewContext(agent.FromRegistry(finding("F1@rule_run-9f9f9f", "AHU-1")))
	if err != nil {
		t.Fatal(err)
	}
	other.Derive()
	all := other.Facts()
	if len(all) < 2 {
		t.Fatal("nothing derived")
	}
	if n := s.AddFacts(all); n != 1 {
		t.Errorf("added %d: only the tokenised id joins", n)
	}
	if s.Len() != len(all) {
		t.Errorf("the session derived %d facts, the other context %d", s.Len(), len(all))
	}
	if n := s.AddFacts(all); n != 0 {
		t.Error("the same facts joined twice")
	}
}

func TestCitedArgsAndSnapshot(t *testing.T) {
	s := New()
	s.AddResult("rule_run", &registry.Result{Facts: []registry.Fact{finding("F1@rule_run-1a2b3c", "AHU-2"), finding("F2@rule_run-1a2b3c", "AHU-3")}})
	args := s.CitedArgs("AHU-3 both coils open 11.1% [F2@rule_run-1a2b3c]. Unknown [F9@x-1].")
	if len(args) != 1 {
		t.Fatalf("args %v", args)
	}
	m := args[0].(map[string]any)
	data, _ := m["data"].(map[string]any)
	if m["id"] != "F2@rule_run-1a2b3c" || m["equip"] != "AHU-3" || data["share"] != 0.111 {
		t.Errorf("arg %v", m)
	}
	snap := s.Snapshot()
	n := snap.Len()
	s.AddResult("points", &registry.Result{Facts: []registry.Fact{{ID: "F1@points-abc", Kind: "count", Text: "13 points"}}})
	if snap.Len() != n {
		t.Error("the snapshot changed with the session")
	}
	if got := len(s.VerifyFacts()); got != s.Len() {
		t.Errorf("verify facts %d of %d", got, s.Len())
	}
}
