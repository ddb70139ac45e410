package verify

import (
	"slices"
	"testing"
)

func sentencesOf(text string) []string {
	var out []string
	for _, s := range Split(text) {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"basic", "One. Two! Three? Four", []string{"One.", "Two!", "Three?", "Four"}},
		{"decimal", "It is 5.16 today. Next.", []string{"It is 5.16 today.", "Next."}},
		{"abbreviations", "See e.g. the fan, i.e. AHU-1, per Ch. 5 vs. approx. 6 units. Next.",
			[]string{"See e.g. the fan, i.e. AHU-1, per Ch. 5 vs. approx. 6 units.", "Next."}},
		{"newline is whitespace", "One\ncontinues. Two.", []string{"One\ncontinues.", "Two."}},
		{"paragraph break", "Heading\n\nBody text. More", []string{"Heading", "Body text.", "More"}},
		{"list items", "Items:\n- first 5\n- second 6\n1. third", []string{"Items:", "- first 5", "- second 6", "1. third"}},
		{"heading line", "## Findings\nAHU-1 is fine.", []string{"## Findings", "AHU-1 is fine."}},
		{"closing quote", `He said 'stop.' Then left.`, []string{`He said 'stop.'`, "Then left."}},
		{"quoted span is one word", `He said "stop." Then left.`, []string{`He said "stop." Then left.`}},
		{"quoted name", `The "St. Mary 2" wing. Next.`, []string{`The "St. Mary 2" wing.`, "Next."}},
		{"ellipsis", "Wait... Next.", []string{"Wait...", "Next."}},
		{"citation after end", "Open 20%.[F1] Next.", []string{"Open 20%.[F1]", "Next."}},
		{"citation leads next", "Open 20%. [F1] Next 5.", []string{"Open 20%.", "[F1] Next 5."}},
		{"citation ends paragraph", "Open 20%. [F1]\n\nNext.", []string{"Open 20%. [F1]", "Next."}},
		{"citation before period", "Open 20% [F1]. Next [C1].", []string{"Open 20% [F1].", "Next [C1]."}},
		{"only citations", "[F1] [C1]", []string{"[F1] [C1]"}},
		{"empty", "  \n\n ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sentencesOf(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("Split(%q) =\n %q\nwant\n %q", tc.in, got, tc.want)
			}
		})
	}
}
