//go:build unix

package ingest

import (
	"syscall"
	"time"
)

// cpuTime is the process's user plus system CPU time: benchmarks report it
// per op beside wall time, since the machine they run on is shared.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
