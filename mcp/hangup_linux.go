package mcp

import (
	"context"
	"os"

	"golang.org/x/sys/unix"
)

// watchHangup calls gone when the reading end of f (the server's stdout)
// is closed, so a client that closes its end of stdout stops the server
// even while no reply is being written. It returns when ctx is done.
func watchHangup(ctx context.Context, f *os.File, gone func()) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	fd := -1
	if err := rc.Control(func(u uintptr) { fd = int(u) }); err != nil || fd < 0 {
		return
	}
	fds := []unix.PollFd{{Fd: int32(fd)}}
	for ctx.Err() == nil {
		fds[0].Revents = 0
		n, err := unix.Poll(fds, 250)
		if err != nil && err != unix.EINTR {
			return
		}
		if n > 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
			gone()
			return
		}
	}
}
