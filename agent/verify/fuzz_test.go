package verify

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"Both coils open 20% of hours [F1]. The fix saves $2,897 a year.",
	"Lock out heating and cooling [R1][X9].\n\nIt costs $9,999 [C1].",
	"Per G36 §5.6.5 and Ch. 5, e.g. AHU-1 runs −5.0 °F low [F2@rule_run-1a2b3c].",
	`"Boiler 2" fired 14 times "a day. 99" [F2@rule_run-1a2b3c]. Next "x" 5.`,
	"- 1. item 5 [F1]\n# 7 heading\n2) second 20% [F1]. [F1]\n\n[C1]",
	"It first fired on 2025-07-01T08:00:00Z at 7:00-18:00 [F2@rule_run-1a2b3c]. 1e3 .5 5-10 1,2,3.",
	"Open 20%.[F1] Next 20. [F1] “quoted 3” 4 [F1, X1; C1].",
	"5 [X9]. $ [X9]5 - [X9]5 5[X9]0 [X9] 7",
}

func FuzzCheck(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, "Value 20.5% on 2025-07-01.", i%2 == 0, i%3 == 0)
	}
	f.Fuzz(func(t *testing.T, text, factText string, pooled, opaque bool) {
		if !utf8.ValidString(text) {
			return
		}
		facts := append(seedFacts(), Fact{ID: "X1", Equip: "Fan 3", Text: factText, Data: map[string]any{"v": factText}})
		opt := Options{Pooled: pooled}
		if opaque {
			opt.Quotes = QuotesOpaque
		}
		r := Check(text, facts, opt)
		prev := 0
		for _, s := range r.Sentences {
			if s.Start < prev || s.Start >= s.End || s.End > len(text) || text[s.Start:s.End] != s.Text {
				t.Fatalf("sentence offsets [%d,%d) outside or wrong in %q", s.Start, s.End, text)
			}
			prev = s.End
			for _, c := range s.Claims {
				if c.Start < s.Start || c.End > s.End || c.Start >= c.End || text[c.Start:c.End] != c.Text {
					t.Fatalf("claim offsets [%d,%d) wrong in %q", c.Start, c.End, text)
				}
			}
		}
		// The strict repair checks clean, and repairing it again changes
		// nothing (idempotent).
		again := Check(r.Verified, facts, opt)
		if !again.Grounded || again.Verified != r.Verified {
			for _, s := range again.Sentences {
				t.Logf("%s %q %s", s.Verdict, s.Text, s.Reason)
			}
			t.Fatalf("repair of %q is %q, which does not check clean", text, r.Verified)
		}
		if r.Grounded && r.Verified != text {
			t.Fatalf("grounded text was changed")
		}
		// The incremental checker agrees with a fresh check after another
		// text has warmed its cache.
		c := NewChecker(facts, opt)
		c.Check(text + " Extra 20% [F1].")
		if got := c.Check(text); !reflect.DeepEqual(got, r) {
			t.Fatalf("incremental check differs for %q", text)
		}
	})
}

func FuzzCitations(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, id := range Citations(text) {
			if !IsID(id) {
				t.Fatalf("Citations returned %q, which is not an id", id)
			}
		}
		n := Neutralize(text)
		if len(n) != len(text) || len(Citations(n)) != 0 {
			t.Fatalf("Neutralize(%q) = %q still cites", text, n)
		}
	})
}

// TestCheck_RandomProperties runs the fuzz properties over texts built
// from the tokens that matter to the checker (a deterministic sample, so
// every run of the suite exercises them without the fuzzer).
func TestCheck_RandomProperties(t *testing.T) {
	alpha := []string{"[F1]", "[X9]", "[F1, C1]", "\"", "“", "”", "5", ".", "0", ",", "-", "−", "$", "%", " ", "\n",
		"\n\n", "#", "§", "a", "AHU-1", "e", "T", "2025-07-01", ":", "1.", "- ", "Ch", "(", ")", "'", "@", "_",
		"Boiler 2", "Fan 3", "?", "…", "\t", "\u00a0", "[", "]", "F1", "1e3", "20", "%", "14", "[A", "0]", "[X9"}
	r := rand.New(rand.NewPCG(1, 2))
	facts := append(seedFacts(), Fact{ID: "X1", Equip: "Fan 3", Text: `"Fan 3" 20.5% 2025-07-01`})
	for range 3000 {
		var b strings.Builder
		for k := r.IntN(40); k > 0; k-- {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		text := b.String()
		opt := Options{Pooled: r.IntN(2) == 0}
		if r.IntN(2) == 0 {
			opt.Quotes = QuotesOpaque
		}
		rep := Check(text, facts, opt)
		again := Check(rep.Verified, facts, opt)
		if !again.Grounded || again.Verified != rep.Verified {
			t.Fatalf("repair of %q is %q, which does not check clean", text, rep.Verified)
		}
	}
}
