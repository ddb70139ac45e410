// Package benchcpu measures the CPU time a benchmark uses. On a machine
// shared with other work a benchmark's wall-clock ns/op grows with the wait
// for a core; the process's CPU time does not, so benchmarks report it
// beside ns/op:
//
//	start := benchcpu.Now()
//	for b.Loop() {
//		...
//	}
//	benchcpu.Report(b, start) // adds cpu-ns/op
package benchcpu

import (
	"testing"
	"time"
)

// Report adds a cpu-ns/op metric to b: the CPU time used since start (a
// [Now] reading) per operation. Where the platform does not report CPU
// time it adds nothing.
func Report(b *testing.B, start time.Duration) {
	if !supported {
		return
	}
	b.ReportMetric(float64(Now()-start)/float64(b.N), "cpu-ns/op")
}
