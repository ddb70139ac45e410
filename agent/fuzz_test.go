package agent

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTemplate checks that the deterministic template is grounded by
// construction: whatever the facts say, Explain's and Ask's template
// answers check fully supported, and they keep every fact whose text holds
// a figure (nothing a fact states is lost to its own citation).
func FuzzTemplate(f *testing.F) {
	for _, s := range []struct{ a, b, equip, q string }{
		{"Both coils open 20% of hours.", "Estimated annual cost ≈ $2,897 (8,802 kWh).", "AHU-1", "what will this cost?"},
		{`Equipment "St. Mary 2" runs −5.0 °F low. See §5.6.5!`, "It started 2025-07-01T08:00:00 (approx. 3 days).", "Boiler 2", "why?"},
		{"e.g. 5.16.14 and Ch. 5 and 1,2,3", "[F9] cites 7 things. “quoted 4”", "2", "what should I do about 2?"},
		{"No dollar figure — no model.", "Ends with a quote: \"stop.\"", "", "how is it?"},
	} {
		f.Add(s.a, s.b, s.equip, s.q)
	}
	f.Fuzz(func(t *testing.T, a, b, equip, q string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) || !utf8.ValidString(equip) {
			return
		}
		c, err := NewContext(
			Fact{ID: "F1", Kind: KindFinding, Equip: equip, Text: a},
			Fact{ID: "C1", Kind: KindCost, Equip: equip, Text: b},
			Fact{ID: "R1@rule_run-1a2b3c", Kind: KindRecommendation, Text: a + " " + b},
		)
		if err != nil {
			return // an empty text
		}
		g, err := Explain(context.Background(), c, nil)
		if err != nil || !g.Grounded {
			t.Fatalf("template not grounded for %q / %q / %q: %q", a, b, equip, g.Text)
		}
		assertGrounded(t, g.Text, c)
		if strings.TrimSpace(g.Text) == "" {
			t.Fatalf("template empty for %q / %q", a, b)
		}
		g, err = Ask(context.Background(), q, c, nil)
		if err != nil || !g.Grounded {
			t.Fatalf("ask not grounded: %q", g.Text)
		}
		assertGrounded(t, g.Text, c)
		// A lying model never gets through either.
		g, _ = Ask(context.Background(), q, c, &lyingModel{answer: a + " [F1]. " + b + " [C1]. 12345 [X1]."})
		assertGrounded(t, g.Text, c)
	})
}
