package verify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
)

// benchFacts returns n facts shaped like rule_run's: an equipment, a
// summary with figures, metrics in data.
func benchFacts(n int) []Fact {
	facts := make([]Fact, n)
	for i := range facts {
		id := fmt.Sprintf("F%d@rule_run-1a2b3c", i+1)
		pct := float64(i%97) + 0.5
		facts[i] = Fact{
			ID: id, Equip: fmt.Sprintf("AHU-%d", i+1),
			Text: fmt.Sprintf("Economizer above the high limit %.1f%% of occupied hours (%d of %d hours); est. $%d a year.", pct, i*7+3, 2920, 1000+i*13),
			Data: map[string]any{"rule": "economizer_high_limit", "severity": "warn", "metrics": map[string]any{
				"pct_hours": pct, "flagged_hours": float64(i*7 + 3), "judged_hours": 2920.0, "annual_usd": float64(1000+i*13) + 0.4,
			}},
		}
	}
	return facts
}

// benchDraft returns a draft of about words words that cites the facts
// and restates their figures, with a few unsupported sentences.
func benchDraft(words int) string {
	var b strings.Builder
	for i, w := 0, 0; w < words; i++ {
		n := i%500 + 1
		pct := float64((n-1)%97) + 0.5
		var s string
		switch i % 4 {
		case 0:
			s = fmt.Sprintf("On AHU-%d the economizer stayed open above the high limit for %.1f%% of occupied hours [F%d@rule_run-1a2b3c].", n, pct, n)
		case 1:
			s = fmt.Sprintf("That is %d of %d judged hours, costing about $%d a year [F%d@rule_run-1a2b3c].", (n-1)*7+3, 2920, 1000+(n-1)*13, n)
		case 2:
			s = fmt.Sprintf("Per G36 §5.1.7 the damper should close to its minimum when OAT exceeds the limit, so check the sequence on AHU-%d first.", n)
		default:
			s = fmt.Sprintf("A rough guess puts the waste at %d kWh [F%d@rule_run-1a2b3c].", 4000+n, n)
		}
		b.WriteString(s)
		if i%5 == 4 {
			b.WriteString("\n\n")
		} else {
			b.WriteByte(' ')
		}
		w += len(strings.Fields(s))
	}
	return b.String()
}

// BenchmarkCheck is one cold check: index 500 facts, read a 2,000-word
// draft, repair it. Target ≤ 5 ms.
func BenchmarkCheck(b *testing.B) {
	facts, draft := benchFacts(500), benchDraft(2000)
	start := benchcpu.Now()
	for b.Loop() {
		Check(draft, facts, Options{})
	}
	benchcpu.Report(b, start)
}

// BenchmarkCheckerFull re-checks the same draft with warm facts and an
// empty sentence cache.
func BenchmarkCheckerFull(b *testing.B) {
	c := NewChecker(benchFacts(500), Options{})
	draft := benchDraft(2000)
	start := benchcpu.Now()
	for b.Loop() {
		c.mu.Lock()
		c.cache = map[cacheKey]*entry{}
		c.mu.Unlock()
		c.Check(draft)
	}
	benchcpu.Report(b, start)
}

// BenchmarkCheckerIncremental re-checks the draft after one keystroke.
// Target ≤ 0.5 ms.
func BenchmarkCheckerIncremental(b *testing.B) {
	c := NewChecker(benchFacts(500), Options{})
	draft := benchDraft(2000)
	mid := strings.Index(draft[len(draft)/2:], "economizer") + len(draft)/2
	edits := [2]string{draft, draft[:mid] + "x" + draft[mid:]}
	c.Check(edits[0])
	c.Check(edits[1])
	i := 0
	start := benchcpu.Now()
	for b.Loop() {
		i++
		c.Check(edits[i%2])
	}
	benchcpu.Report(b, start)
}
