package agent

import (
	"errors"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

func TestFactsFromArgs(t *testing.T) {
	a := map[string]any{"id": "F1@rule_run-1a2b3c", "kind": "finding", "text": "Both coils open 20% of hours.", "equip": "AHU-1",
		"data": map[string]any{"pct": 20.3}, "source": "server-a"}
	b := map[string]any{"id": "F1@points-4d5e6f", "text": "hq stores 6 points", "value": 6.0}
	facts, err := FactsFromArgs([]any{a, b, a})
	if err != nil {
		t.Fatal(err)
	}
	if len(facts) != 2 || facts[1].Data["value"] != 6.0 || facts[0].Data["pct"] != 20.3 {
		t.Errorf("facts %+v", facts)
	}
	for _, tc := range []struct {
		raw   []any
		index int
		msg   string
	}{
		{[]any{a, "F1"}, 1, "must be an object"},
		{[]any{a, map[string]any{"id": "F1@rule_run-1a2b3c", "text": "Other."}}, 1, "different text"},
		{[]any{map[string]any{"id": "bad id", "text": "x"}}, 0, "not citable"},
		{[]any{map[string]any{"id": "F1", "text": ""}}, 0, "no text"},
	} {
		_, err := FactsFromArgs(tc.raw)
		var fe *FactError
		if !errors.As(err, &fe) || fe.Index != tc.index || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("FactsFromArgs: err %v, want index %d %q", err, tc.index, tc.msg)
		}
	}
}

func TestCheckCitations(t *testing.T) {
	facts := demoContext().Facts()
	text := "Both coils open 20% of hours [F1] at $2,897 a year [C1]. That $2,897 matters [F1]."
	per := CheckCitations(text, facts, true)
	pooled := CheckCitations(text, facts, false)
	if per.Counts != (verify.Counts{Supported: 1, UnsupportedNumber: 1}) {
		t.Errorf("per sentence: %+v", per.Counts)
	}
	if pooled.Counts != (verify.Counts{Supported: 2}) {
		t.Errorf("pooled: %+v", pooled.Counts)
	}
}

func TestRegistryVerifier(t *testing.T) {
	facts := []registry.Fact{
		{ID: "F1@points-1a2b3c", Kind: "point_count", Value: 212, Text: `north-campus stores 212 points on 31 equipment`,
			Data: map[string]any{"n_points": 212, "n_equipment": 31}},
	}
	for _, tc := range []struct {
		name, text, want string
		banners          []string
	}{
		{"handler text", `north-campus stores 212 points on 31 equipment [F1@points-1a2b3c].`,
			`north-campus stores 212 points on 31 equipment [F1@points-1a2b3c].`, nil},
		{"quoted names are one word", `Equipment "AHU 2. Wing 7" has 212 points [F1@points-1a2b3c].`,
			`Equipment "AHU 2. Wing 7" has 212 points [F1@points-1a2b3c].`, nil},
		{"pooled: a sentence may lean on another's citation", `It stores 212 points [F1@points-1a2b3c]. So 31 equipment.`,
			`It stores 212 points [F1@points-1a2b3c]. So 31 equipment.`, nil},
		{"unsupported sentence removed", `It stores 212 points [F1@points-1a2b3c]. It has 99 alarms [F1@points-1a2b3c].`,
			`It stores 212 points [F1@points-1a2b3c].`, []string{"removed a sentence of the summary"}},
		{"unknown id stripped", `It stores 212 points [F1@points-1a2b3c, F9@points]. More [F2@x].`,
			`It stores 212 points [F1@points-1a2b3c]. More.`, []string{"removed the citation of F2@x, F9@points"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, banners := RegistryVerifier(tc.text, facts)
			if got != tc.want || len(banners) != len(tc.banners) {
				t.Fatalf("got %q %q, want %q with %d banners", got, banners, tc.want, len(tc.banners))
			}
			for i, b := range tc.banners {
				if !strings.Contains(banners[i], b) || strings.Contains(banners[i], "[") {
					t.Errorf("banner %q, want %q and no bracketed id", banners[i], b)
				}
			}
		})
	}
}
