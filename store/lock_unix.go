//go:build unix

package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// flock takes an exclusive flock(2) on path, creating the file if needed,
// polling until ctx ends. flock locks belong to the open file description,
// so two Store values in one process exclude each other as two processes
// do, and the kernel drops the lock when the holder dies.
func flock(ctx context.Context, path string) (unlock func() error, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open store lock: %w", pathless(err))
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("take store lock: %w", err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("take store lock: %w", ctx.Err())
		case <-time.After(15 * time.Millisecond):
		}
	}
	return func() error {
		uerr := syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return errors.Join(uerr, f.Close())
	}, nil
}

// procStart returns process pid's start time (field 22 of /proc/<pid>/stat,
// clock ticks since boot), which tells a live writer from a later process
// that reused its pid. Without /proc it falls back to kill(pid, 0) and
// returns "" (any start matches). ok is false when the process is gone.
func procStart(pid int) (start string, ok bool) {
	if pid <= 0 {
		return "", false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		if _, serr := os.Stat("/proc/self/stat"); serr == nil {
			return "", false // /proc works, so the process is gone
		}
		kerr := syscall.Kill(pid, 0)
		return "", kerr == nil || errors.Is(kerr, syscall.EPERM)
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return "", false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state); field 22 is f[19].
	if len(f) < 20 {
		return "", false
	}
	if f[0] == "Z" || f[0] == "X" {
		return "", false // a zombie or dead process writes nothing more
	}
	return f[19], true
}
