//go:build !unix

package store

import (
	"context"
	"errors"
)

// flock is not implemented off unix: writers need an advisory lock that the
// kernel releases when the holder dies.
func flock(ctx context.Context, path string) (func() error, error) {
	return nil, errors.New("take store lock: store writes need a unix system (flock)")
}

// procStart treats every recorded writer as alive off unix.
func procStart(pid int) (string, bool) { return "", pid > 0 }
