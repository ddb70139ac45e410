package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/camber-tui/camber-tui/mcp/worker"
)

// ExitError is how a server stopped by a signal ends: the CLI exits with
// Code (143 for SIGTERM, 129 for SIGHUP, 130 for SIGINT).
type ExitError struct {
	Signal os.Signal
	Code   int
}

// Error implements error.
func (e *ExitError) Error() string {
	if sig, ok := e.Signal.(syscall.Signal); ok && unix.SignalName(sig) != "" {
		return "stopped by " + unix.SignalName(sig)
	}
	return fmt.Sprintf("stopped by %v", e.Signal)
}

// ExitCode returns the process exit status.
func (e *ExitError) ExitCode() int { return e.Code }

// Serve runs the MCP server over stdio: it builds the server, starts the
// worker pool when opts.WorkerCommand is set (one worker is started at
// once), logs a startup line and serves stdin until it closes, stdout
// closes, ctx is done or (with opts.Signals) a signal arrives. Every call
// is stopped before it returns. The log goes to stderr unless opts.Log is
// set; stdout carries only MCP messages.
func Serve(ctx context.Context, opts Options, stdin io.Reader, stdout, stderr io.Writer) error {
	if opts.Log == nil {
		opts.Log = stderr
	}
	srv, stop, err := start(ctx, &opts, stderr)
	if err != nil {
		return err
	}
	defer stop()
	ctx, release := withSignals(ctx, opts.Signals)
	defer release()
	srv.log.printf("serving %d tools and %d prompts over stdio (%s)", len(srv.tools), len(srv.plist), srv.mode())
	err = srv.ServeStdio(ctx, stdin, stdout)
	if e, ok := errors.AsType[*ExitError](context.Cause(ctx)); ok {
		return e
	}
	return err
}

// start builds the server and, when asked, its worker pool.
func start(ctx context.Context, opts *Options, stderr io.Writer) (*Server, func(), error) {
	var pool *worker.Pool
	if opts.Workers == nil && len(opts.WorkerCommand) > 0 {
		po := worker.DefaultOptions()
		po.Command, po.Env, po.Init, po.Stderr = opts.WorkerCommand, opts.WorkerEnv, opts.WorkerInit, stderr
		if opts.MaxConcurrent != 0 {
			po.MaxConcurrent, po.MaxQueued = opts.MaxConcurrent, opts.MaxQueued
		}
		if opts.CallContext != nil && opts.CallContext.Caps.MaxSeconds > 0 {
			po.Timeout = secondsDuration(opts.CallContext.Caps.MaxSeconds)
		}
		log := newLogger(opts.Log)
		po.Log = func(line string) { log.printf("%s", line) }
		var err error
		if pool, err = worker.New(po); err != nil {
			return nil, nil, err
		}
		if err := pool.Start(ctx); err != nil {
			pool.Close()
			return nil, nil, err
		}
		opts.Workers = pool
	}
	srv, err := New(*opts)
	if err != nil {
		if pool != nil {
			pool.Close()
		}
		return nil, nil, err
	}
	stop := func() {
		if pool != nil {
			pool.Close()
		}
	}
	return srv, stop, nil
}

// mode describes where calls run, for the startup line.
func (s *Server) mode() string {
	if s.o.Workers == nil {
		return "calls in process"
	}
	if len(s.o.WorkerCommand) == 0 {
		return "calls in a worker pool"
	}
	mc, mq := s.o.MaxConcurrent, s.o.MaxQueued
	if mc == 0 {
		d := worker.DefaultOptions()
		mc, mq = d.MaxConcurrent, d.MaxQueued
	}
	return fmt.Sprintf("calls in worker processes, %d at once and %d queued at most", mc, mq)
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// withSignals returns a context cancelled, with an *ExitError as its
// cause, by SIGTERM, SIGHUP or SIGINT. SIGPIPE is caught too, so a write to
// a closed stdout fails instead of killing the process. Further signals
// are absorbed until release, so they cannot interrupt the cleanup.
func withSignals(ctx context.Context, on bool) (context.Context, func()) {
	if !on {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGPIPE)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-sigs:
				code := 0
				switch sig {
				case syscall.SIGTERM:
					code = 143
				case syscall.SIGHUP:
					code = 129
				case syscall.SIGINT:
					code = 130
				default:
					continue // SIGPIPE: the failed write says it
				}
				cancel(&ExitError{Signal: sig, Code: code})
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// ServeHTTP runs the MCP server as Streamable HTTP on addr (host:port),
// at path /mcp, until ctx is done or (with opts.Signals) a signal arrives.
// The address must be a loopback one unless allowRemote is set; Host and
// Origin headers are checked the same way. Every call is stopped before it
// returns.
func ServeHTTP(ctx context.Context, opts Options, addr string, allowRemote bool, stderr io.Writer) error {
	if err := CheckListenAddr(addr, allowRemote); err != nil {
		return &LaunchError{Msg: oneLine("--http " + addr + ": " + err.Error())}
	}
	if opts.Log == nil {
		opts.Log = stderr
	}
	srv, stop, err := start(ctx, &opts, stderr)
	if err != nil {
		return err
	}
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return &LaunchError{Msg: oneLine("--http " + addr + ": " + err.Error())}
	}
	ctx, release := withSignals(ctx, opts.Signals)
	defer release()
	hs := &http.Server{Handler: srv.HTTPHandler(HTTPOptions{AllowRemote: allowRemote}), ReadHeaderTimeout: 10 * time.Second}
	srv.log.printf("serving %d tools and %d prompts on http://%s/mcp (%s)", len(srv.tools), len(srv.plist), ln.Addr(), srv.mode())
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	srv.log.printf("stopping (%v)", context.Cause(ctx))
	sctx, cancel := context.WithTimeout(context.Background(), drainWait)
	defer cancel()
	stop() // stop every call, so handlers return
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	if e, ok := errors.AsType[*ExitError](context.Cause(ctx)); ok {
		return e
	}
	return nil
}
