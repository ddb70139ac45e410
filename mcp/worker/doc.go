// Package worker runs capability calls in killable worker processes.
//
// A [Pool] starts workers by re-executing a command (the camber-tui binary
// with its hidden worker subcommand), hands each call to one idle worker and
// kills the worker's whole process group when the call runs past its time
// cap, when the caller cancels it, or when the pool closes; a replacement is
// started at once. A worker that dies under a call gets the call once more
// on a fresh worker, after which the call answers unavailable with
// "retryable": true. Calls beyond MaxConcurrent wait in a queue of at most
// MaxQueued; one more is refused at once as busy.
//
// The worker side is [Serve]: it reads length-prefixed JSON requests from
// one pipe and writes replies to another (file descriptors 3 and 4 of the
// worker process, see [Main]), so the worker's stdout stays free for
// whatever a handler prints; the pool sends that to its Stderr.
//
// A Pool is safe for concurrent use.
package worker
