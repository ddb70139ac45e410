//go:build !unix

package draft

import "time"

// cpuTime is unknown here: the cpu-ns/op metric reads 0.
func cpuTime() time.Duration { return 0 }
