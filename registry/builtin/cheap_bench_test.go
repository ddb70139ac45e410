//go:build unix

package builtin_test

import (
	"testing"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store/demo"
)

// BenchmarkCoverageBig is one coverage call on the big preset: 640 points
// (80 AHUs × 8) over a facility-year at 5 minutes, 67 million samples,
// through the whole policy pipeline.
func BenchmarkCoverageBig(b *testing.B) {
	dir, err := demo.EnsureBig(b.Context())
	if err != nil {
		b.Fatal(err)
	}
	res := benchCall(b, "coverage", map[string]any{"facility_id": demo.BigFleet}, callCtx(dir, demo.BigFleet))
	if n := dataOf(res)["count"]; n != 640.0 {
		b.Fatalf("count %v, want 640", n)
	}
}

// BenchmarkRuleParams is one rule_params call: the default page of 25
// rules and detectors.
func BenchmarkRuleParams(b *testing.B) {
	benchCall(b, "rule_params", nil, callCtx(demoStore))
}

// BenchmarkRuleParamsDetail is one rule_params call with detail: 10
// entries, one fact per parameter.
func BenchmarkRuleParamsDetail(b *testing.B) {
	benchCall(b, "rule_params", map[string]any{"detail": true}, callCtx(demoStore))
}

// BenchmarkDatasetSearch is one dataset_search call listing the whole
// catalog.
func BenchmarkDatasetSearch(b *testing.B) {
	benchCall(b, "dataset_search", nil, callCtx(demoStore))
}

// BenchmarkDatasetEntry is one dataset_entry call.
func BenchmarkDatasetEntry(b *testing.B) {
	benchCall(b, "dataset_entry", map[string]any{"dataset_id": "lbnl-fdd-sdahu"}, callCtx(demoStore))
}

// benchCall calls name with args once to warm the caches, then in the
// benchmark loop, and reports the process CPU time per call besides the
// wall time (on a shared machine waiting for a core inflates the latter).
func benchCall(b *testing.B, name string, args map[string]any, cc *registry.CallContext) *registry.Result {
	b.Helper()
	reg := newDefault(b)
	res, err := reg.Call(b.Context(), name, args, cc)
	if err != nil {
		b.Fatal(err)
	}
	start := benchcpu.Now()
	for b.Loop() {
		if _, err := reg.Call(b.Context(), name, args, cc); err != nil {
			b.Fatal(err)
		}
	}
	benchcpu.Report(b, start)
	return res
}
