//go:build unix

package registry_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
)

// BenchmarkPolicyNoop is the policy's overhead on a capability that does
// nothing: validation, allowlist, licence survey (in memory), fences,
// token, the handler goroutine and timer, every post-step.
func BenchmarkPolicyNoop(b *testing.B) {
	noop := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{"ok": true}, Text: "done [F1@noop].",
			Facts: []registry.Fact{{ID: "F1@noop", Text: "done"}}}, nil
	}
	reg := newReg(b, newFakeData(own("hq")), probe("noop", noop))
	args := map[string]any{"facility_id": "hq", "limit": 10}
	cc := ctxFor("hq")
	start := benchcpu.Now()
	for b.Loop() {
		if _, err := reg.Call(b.Context(), "noop", args, cc); err != nil {
			b.Fatal(err)
		}
	}
	benchcpu.Report(b, start)
}

// BenchmarkSerialise is the JSON encoding of the no-op result, the
// "plus serialisation" part of the policy budget.
func BenchmarkSerialise(b *testing.B) {
	res := &registry.Result{Data: map[string]any{"ok": true}, Text: "done [F1@noop-abcdef].",
		Facts: []registry.Fact{{ID: "F1@noop-abcdef", Text: "done"}}, Banners: []string{}}
	start := benchcpu.Now()
	for b.Loop() {
		if _, err := json.Marshal(res); err != nil {
			b.Fatal(err)
		}
	}
	benchcpu.Report(b, start)
}
