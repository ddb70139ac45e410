package worker

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// proc is one worker process.
type proc struct {
	cmd    *exec.Cmd
	pid    int
	req    *os.File // our end of the request pipe
	rep    *bufio.Reader
	repF   *os.File
	exited chan struct{} // closed once the process has been reaped
	// level is the RSS after the worker's first call (0 before it).
	level uint64
	calls int
}

// errDied is a worker that ended (or whose pipes broke) under a call or
// while starting.
var errDied = errors.New("worker process ended")

// spawn starts a worker and waits for its ready message.
func spawn(ctx context.Context, o *Options) (*proc, error) {
	if len(o.Command) == 0 {
		return nil, errors.New("no worker command")
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("worker pipe: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("worker pipe: %w", err)
	}
	cmd := exec.Command(o.Command[0], o.Command[1:]...)
	cmd.Env = o.Env
	if o.Init != nil {
		cmd.Stdin = bytes.NewReader(o.Init)
	}
	cmd.Stdout = o.Stderr
	cmd.Stderr = o.Stderr
	cmd.ExtraFiles = []*os.File{reqR, repW} // fd 3 and 4
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	err = cmd.Start()
	reqR.Close()
	repW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	p := &proc{cmd: cmd, pid: cmd.Process.Pid, req: reqW, repF: repR, rep: bufio.NewReader(repR), exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	ready := make(chan error, 1)
	go func() {
		var r reply
		err := readFrame(p.rep, &r, true)
		if err == nil && !r.Ready {
			err = errors.New("worker did not say it was ready")
		}
		ready <- err
	}()
	select {
	case err := <-ready:
		if err != nil {
			p.kill()
			return nil, fmt.Errorf("%w while starting: %v", errDied, err)
		}
		return p, nil
	case <-ctx.Done():
		p.kill()
		return nil, ctx.Err()
	}
}

// call sends one request and waits for its reply, the context, or the
// worker's end. A nil error means a reply arrived.
func (p *proc) call(ctx context.Context, id uint64, name string, args map[string]any) (reply, error) {
	p.calls++
	if err := writeFrame(p.req, request{ID: id, Name: name, Args: args}); err != nil {
		return reply{}, fmt.Errorf("%w: %v", errDied, err)
	}
	got := make(chan struct {
		r   reply
		err error
	}, 1)
	go func() {
		var r reply
		err := readFrame(p.rep, &r, true)
		if err == nil && r.ID != id {
			err = fmt.Errorf("reply for call %d while waiting for %d", r.ID, id)
		}
		got <- struct {
			r   reply
			err error
		}{r, err}
	}()
	select {
	case g := <-got:
		if g.err != nil {
			return reply{}, fmt.Errorf("%w: %v", errDied, g.err)
		}
		return g.r, nil
	case <-ctx.Done():
		return reply{}, ctx.Err()
	}
}

// alive reports whether the process is still running.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill stops the worker and every process it started (its process group),
// closes the pipes and waits until the worker has been reaped.
func (p *proc) kill() {
	_ = syscall.Kill(-p.pid, syscall.SIGKILL)
	_ = p.cmd.Process.Kill()
	p.req.Close()
	p.repF.Close()
	<-p.exited
	// A process of the group that left it is not ours to chase; one still
	// in it is gone with the group.
}

// rss returns the resident set size of a process in bytes, from
// /proc/<pid>/status (VmRSS).
func rss(pid int) (uint64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(b) {
		rest, ok := bytes.CutPrefix(line, []byte("VmRSS:"))
		if !ok {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) < 1 {
			break
		}
		kb, err := strconv.ParseUint(string(f[0]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("read VmRSS of %d: %w", pid, err)
		}
		return kb * 1024, nil
	}
	return 0, fmt.Errorf("no VmRSS for process %d: %w", pid, io.ErrUnexpectedEOF)
}
