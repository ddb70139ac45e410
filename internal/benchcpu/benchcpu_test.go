package benchcpu

import (
	"runtime"
	"testing"
)

// TestNow checks that the CPU time never runs backwards and, where it is
// read, grows while the process computes.
func TestNow(t *testing.T) {
	start := Now()
	x := 0.0
	for i := range 50_000_000 {
		x += float64(i % 7)
	}
	end := Now()
	if end < start {
		t.Fatalf("CPU time ran backwards: %v then %v", start, end)
	}
	if supported && end == start {
		t.Errorf("no CPU time counted over %v additions (sum %v) on %s", 50_000_000, x, runtime.GOOS)
	}
}

func BenchmarkReport(b *testing.B) {
	start := Now()
	for b.Loop() {
		Now()
	}
	Report(b, start)
}
