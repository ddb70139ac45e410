package agent

import (
	"testing"

	"github.com/camber-tui/camber-tui/agent/verify"
)

func TestCite(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Both coils open 20% of hours.", "Both coils open 20% of hours [F1]."},
		{"No period", "No period [F1]."},
		{"Ends with a quote: “stop.”", "Ends with a quote: “stop.”[F1]"},
		{"Two. Sentences!", "Two [F1]. Sentences [F1]!"},
		{"1.5 h of 3.", "1.5 h of 3 [F1]."},
		// A list marker opening the text is not carried mid-paragraph,
		// where its period would make a sentence of its own.
		{"0. 0", "0 [F1]."},
		{"1. Fan ran 5 h.", "Fan ran 5 h [F1]."},
		{"2) - Fan ran 5 h", "Fan ran 5 h [F1]."},
		{"• bullet 3", "bullet 3 [F1]."},
		// A space before the id would end a sentence at `!"`.
		{`0!"!`, `0!"![F1]`},
	} {
		got := cite(Fact{ID: "F1", Text: tc.text})
		if got != tc.want {
			t.Errorf("cite(%q) = %q, want %q", tc.text, got, tc.want)
		}
		if r := verify.Check("Lead [F1]. "+got, []verify.Fact{{ID: "F1", Text: tc.text}}, verify.Options{}); !r.Grounded {
			t.Errorf("cite(%q) = %q does not check mid-paragraph: %+v", tc.text, got, r.Sentences)
		}
	}
}

func TestHeader(t *testing.T) {
	for _, tc := range []struct{ equip, want string }{
		{"AHU-1", "AHU-1: "},
		{"Boiler 2", "Boiler 2: "},
		{"0! ", "0!: "},
		{"0! x", `"0! x": `},
		{"Line 2. East", `"Line 2. East": `},
		{`say "hi"! now`, `"say 'hi'! now": `},
		{"  ", ""},
	} {
		if got := header(tc.equip); got != tc.want {
			t.Errorf("header(%q) = %q, want %q", tc.equip, got, tc.want)
		}
	}
}
