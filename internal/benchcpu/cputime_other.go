//go:build !unix

package benchcpu

import "time"

// supported says whether [Now] reads the CPU time.
const supported = false

// Now returns 0: the CPU time is not read on this platform.
func Now() time.Duration { return 0 }
