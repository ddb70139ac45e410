package verify

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

func TestChecker_MatchesCheck(t *testing.T) {
	texts := []string{
		"Both coils open 20% of hours [F1]. The fix saves $2,897 a year.",
		"Lock out heating and cooling [R1][X9].\n\nIt costs $9,999 [C1].",
		benchDraft(300),
	}
	for _, opt := range []Options{{}, {Pooled: true}, {Quotes: QuotesOpaque}} {
		c := NewChecker(seedFacts(), opt)
		for round := 0; round < 2; round++ { // the second round is served from the cache
			for _, text := range texts {
				got, want := c.Check(text), Check(text, seedFacts(), opt)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("opt %+v round %d: Checker.Check differs from Check for %q", opt, round, text)
				}
			}
		}
	}
}

func TestChecker_Incremental(t *testing.T) {
	facts, draft := benchFacts(500), benchDraft(2000)
	c := NewChecker(facts, Options{})
	first := c.Check(draft)
	n := len(first.Sentences)
	if c.misses < n/2 {
		t.Fatalf("first check analysed %d of %d sentences", c.misses, n)
	}
	// One keystroke in the middle of one sentence.
	mid := strings.Index(draft[len(draft)/2:], "economizer") + len(draft)/2
	edited := draft[:mid] + "x" + draft[mid:]
	before := c.misses
	second := c.Check(edited)
	if got := c.misses - before; got != 1 {
		t.Errorf("re-check after one edit analysed %d sentences, want 1", got)
	}
	if !reflect.DeepEqual(second, Check(edited, facts, Options{})) {
		t.Error("incremental report differs from a fresh check")
	}
	// Undo: every sentence is still cached.
	before = c.misses
	c.Check(draft)
	if got := c.misses - before; got != 0 {
		t.Errorf("re-check after undo analysed %d sentences, want 0", got)
	}
}

func TestChecker_SetFacts(t *testing.T) {
	c := NewChecker(nil, Options{})
	text := "It costs $2,897 a year [C1]."
	if r := c.Check(text); r.Grounded {
		t.Fatal("grounded without facts")
	}
	c.SetFacts(seedFacts())
	if r := c.Check(text); !r.Grounded {
		t.Fatalf("not grounded after SetFacts: %+v", r.Sentences)
	}
}

func TestChecker_Sweep(t *testing.T) {
	c := NewChecker(seedFacts(), Options{})
	for i := range 50 {
		c.Check(fmt.Sprintf("Draft %d has 20%% [F1]. Lock out [R1].", i))
	}
	if len(c.cache) > 4 {
		t.Errorf("cache holds %d sentences after 50 drafts, want at most 4", len(c.cache))
	}
}

func TestChecker_Concurrent(t *testing.T) {
	c := NewChecker(benchFacts(50), Options{})
	draft := benchDraft(400)
	want := Check(draft, benchFacts(50), Options{})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				text := draft
				if (g+i)%2 == 1 {
					text = draft + " Extra 99 [F1@rule_run-1a2b3c]."
				}
				r := c.Check(text)
				if text == draft && !reflect.DeepEqual(r, want) {
					t.Error("concurrent check differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}
