package builtin

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
)

// citationsRegistry is a registry of check_citations alone, with the
// agent's checker at policy step 7 as Default wires it. The capability
// reads no store.
func citationsRegistry(t *testing.T) *registry.Registry {
	t.Helper()
	reg, err := registry.New([]registry.Capability{checkCitations(nil)}, nil, registry.Options{Verify: agent.RegistryVerifier})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// draftFacts are facts as two earlier results (rule_run and points, from
// two servers) returned them.
func draftFacts() []any {
	var facts []any
	_ = json.Unmarshal([]byte(`[
	 {"id":"F1@rule_run-1a2b3c","kind":"finding","equip":"AHU-1","text":"Both coils open 20% of hours.","data":{"rule":"simultaneous_heat_cool","pct":20.3}},
	 {"id":"C1@rule_run-1a2b3c","kind":"cost","equip":"AHU-1","text":"Estimated annual cost ≈ $2,897.","data":{"annual_usd":2897.3}},
	 {"id":"F1@points-4d5e6f","kind":"point_count","value":212,"text":"north-campus stores 212 points on 31 equipment"},
	 {"id":"F1@rule_run-1a2b3c","kind":"finding","equip":"AHU-1","text":"Both coils open 20% of hours.","data":{"rule":"simultaneous_heat_cool","pct":20.3}}
	]`), &facts)
	return facts
}

const draft = "North-campus stores 212 points [F1@points-4d5e6f]. On AHU-1 both coils were open 20% of hours " +
	"[F1@rule_run-1a2b3c], about $2,900 a year [C1@rule_run-1a2b3c]. Fixing it saves $9,999 [C1@rule_run-1a2b3c].\n\n" +
	"Per G36 §5.6.5 the fix is cheap [X9@rule_run-1a2b3c]. It ran 46% of nights."

func TestCheckCitations_Conformance(t *testing.T) {
	registrytest.Run(t, citationsRegistry(t), "check_citations", registrytest.Cases{
		Ctx: &registry.CallContext{AllowedFacilities: []string{"north-campus"}},
		Valid: []map[string]any{
			{"text": draft, "facts": draftFacts()},
			{"text": draft, "facts": draftFacts(), "detail": true, "per_sentence": false},
			{"text": "", "facts": []any{}},
			{"text": draft, "facts": draftFacts(), "limit": 1, "offset": 1},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"text": draft, "facts": []any{map[string]any{"id": "AHU-1", "text": "x"}}}, Pointer: "/facts/0/id"},
			{Args: map[string]any{"text": draft, "facts": []any{map[string]any{"id": "F1", "text": ""}}}, Pointer: "/facts/0/text"},
			{Args: map[string]any{"text": draft}, Pointer: "/facts"},
			{Args: map[string]any{"text": draft, "facts": draftFacts(), "per_sentence": "yes"}, Pointer: "/per_sentence"},
		},
	})
}

func TestCheckCitations_Golden(t *testing.T) {
	reg := citationsRegistry(t)
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"draft", map[string]any{"text": draft, "facts": draftFacts()}},
		{"draft_detail", map[string]any{"text": draft, "facts": draftFacts(), "detail": true}},
		{"draft_pooled_page2", map[string]any{"text": draft, "facts": draftFacts(), "per_sentence": false, "detail": true, "limit": 2, "offset": 2}},
		{"grounded", map[string]any{"text": "On AHU-1 both coils were open 20% of hours [F1@rule_run-1a2b3c].", "facts": draftFacts()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := reg.Call(t.Context(), "check_citations", tc.args, &registry.CallContext{})
			if err != nil {
				t.Fatal(err)
			}
			golden.CheckJSON(t, "check_citations/"+tc.name+".json", res)
		})
	}
}

func TestCheckCitations_Results(t *testing.T) {
	reg := citationsRegistry(t)
	res, err := reg.Call(t.Context(), "check_citations", map[string]any{"text": draft, "facts": draftFacts(), "detail": true}, &registry.CallContext{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Data.(map[string]any)
	counts := d["counts"].(map[string]any)
	if d["n_sentences"] != float64(5) && d["n_sentences"] != 5 {
		t.Errorf("n_sentences %v", d["n_sentences"])
	}
	for k, want := range map[string]float64{"supported": 2, "unknown_citation": 1, "uncited": 1, "unsupported_number": 1} {
		if got, _ := toFloat(counts[k]); got != want {
			t.Errorf("%s = %v, want %v", k, counts[k], want)
		}
	}
	want := "North-campus stores 212 points [F1@points-4d5e6f]. On AHU-1 both coils were open 20% of hours " +
		"[F1@rule_run-1a2b3c], about $2,900 a year [C1@rule_run-1a2b3c].\n\nPer G36 §5.6.5 the fix is cheap."
	if d["verified_text"] != want {
		t.Errorf("verified_text %q, want %q", d["verified_text"], want)
	}
	if !strings.Contains(res.Text, "The draft has 5 sentences: 2 supported, 1 with an unknown citation, 1 uncited and 1 with an unsupported number [F1@check_citations-") {
		t.Errorf("text %q", res.Text)
	}
	// Two different facts under one id: refused at the second one.
	clash := append(draftFacts(), map[string]any{"id": "C1@rule_run-1a2b3c", "text": "Another cost."})
	_, err = reg.Call(t.Context(), "check_citations", map[string]any{"text": draft, "facts": clash}, &registry.CallContext{})
	e, ok := err.(*registry.Error)
	if !ok || e.Code != registry.CodeInvalidParams || !strings.Contains(e.Message, "/facts/4/id") {
		t.Errorf("clash: %v", err)
	}
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}
