//go:build unix

package builtin_test

import (
	"syscall"
	"testing"
)

// BenchmarkFacilities is one warm facilities call on the demo campus
// (in-process, through the whole policy pipeline).
func BenchmarkFacilities(b *testing.B) {
	reg := newDefault(b)
	cc := callCtx(demoStore)
	if _, err := reg.Call(b.Context(), "facilities", nil, cc); err != nil {
		b.Fatal(err)
	}
	start := cpuTime()
	for b.Loop() {
		if _, err := reg.Call(b.Context(), "facilities", nil, cc); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPoints is one warm points call for the demo's largest facility
// (188 points, the default page of 250).
func BenchmarkPoints(b *testing.B) {
	reg := newDefault(b)
	cc := callCtx(demoStore)
	args := map[string]any{"facility_id": "north-campus"}
	if _, err := reg.Call(b.Context(), "points", args, cc); err != nil {
		b.Fatal(err)
	}
	start := cpuTime()
	for b.Loop() {
		if _, err := reg.Call(b.Context(), "points", args, cc); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the process's user and system CPU time in ns: a benchmark
// figure that waiting for a busy machine's cores does not inflate.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
