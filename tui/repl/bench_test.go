package repl

import (
	"context"
	"fmt"
	"testing"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
)

// BenchmarkParse parses a call with key=value words, a JSON value and a
// trailing object: the per-line cost of the grammar.
func BenchmarkParse(b *testing.B) {
	line := `call rule_run equips=AHU-1,AHU-2 params={"economizer_high_limit":{"high_limit_f":70}} {"facility_id":"north-campus","limit":25} # why`
	start := benchcpu.Now()
	for b.Loop() {
		if _, err := Parse(line); err != nil {
			b.Fatal(err)
		}
	}
	benchcpu.Report(b, start)
}

// BenchmarkComplete completes an equipment value among 1,000 stored
// equipment: the per-keystroke cost of tab completion in the TUI's ':'
// line.
func BenchmarkComplete(b *testing.B) {
	s := New(Options{Caller: fakeRegistry(b), CallContext: fakeCC()})
	s.comp.facility = "alpha"
	for i := range 1000 {
		s.comp.equipOf("alpha").add(fmt.Sprintf("VAV-%d-%d", i/10, i%10), "VAV")
	}
	line := "call points equip=VAV-42"
	start := benchcpu.Now()
	for b.Loop() {
		if got := s.Complete(line, len(line)); len(got) != 10 {
			b.Fatalf("%d candidates", len(got))
		}
	}
	benchcpu.Report(b, start)
}

// BenchmarkRenderResult renders a 1,000-row list result as text: tables,
// banners, summary and facts line.
func BenchmarkRenderResult(b *testing.B) {
	s := New(Options{})
	rows := make([]any, 1000)
	for i := range rows {
		rows[i] = map[string]any{"finding_id": fmt.Sprintf("rule_%d@VAV-%d", i%7, i), "equip": fmt.Sprintf("VAV-%d", i),
			"severity": "warn", "share": float64(i) / 1000, "flagged_hours": float64(i), "summary": "a summary sentence of some length"}
	}
	res := &registry.Result{Data: map[string]any{"count": 5000, "findings": rows}, Text: "rule_run found 5000 findings [F1@rule_run-1a2b3c].",
		Banners: []string{"'findings' shows rows 1-1000 of 5000 (worst first): call again with offset=1000 for the next page"},
		Facts:   []registry.Fact{{ID: "F1@rule_run-1a2b3c", Kind: "rule_run", Text: "rule_run found 5000 findings"}}}
	start := benchcpu.Now()
	for b.Loop() {
		_ = s.renderResult(res, nil, 1)
	}
	benchcpu.Report(b, start)
}

// BenchmarkExec runs one paged call through the real call pipeline (over
// an in-memory capability) and renders it.
func BenchmarkExec(b *testing.B) {
	s := New(Options{Caller: fakeRegistry(b), CallContext: fakeCC()})
	ctx := context.Background()
	start := benchcpu.Now()
	for b.Loop() {
		if out := s.Exec(ctx, "call points facility_id=alpha limit=3 offset=2"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
	benchcpu.Report(b, start)
}
