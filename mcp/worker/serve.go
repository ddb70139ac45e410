package worker

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// Caller runs one capability call; *registry.Registry implements it.
type Caller interface {
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// Factory builds what a worker serves: the registry and the call context
// it applies (fixed for the life of the worker). It runs once per worker.
type Factory func(ctx context.Context) (Caller, *registry.CallContext, error)

// Request and reply descriptors of a worker process: the pool passes the
// request pipe as fd 3 and the reply pipe as fd 4.
const (
	requestFD = 3
	replyFD   = 4
)

// Main is the body of the worker subcommand: it serves calls on file
// descriptors 3 (requests) and 4 (replies) until the server closes them,
// logging to stderr. Whatever a handler prints to stdout goes where the
// pool sent the worker's stdout (the server's stderr), never into a reply.
func Main(ctx context.Context, build Factory) error {
	in := os.NewFile(requestFD, "requests")
	out := os.NewFile(replyFD, "replies")
	if in == nil || out == nil {
		return errors.New("worker: no request and reply pipes (it is started by the MCP server)")
	}
	defer in.Close()
	defer out.Close()
	return Serve(ctx, in, out, os.Stderr, build)
}

// Serve answers requests read from in, one at a time, writing replies to
// out, until in ends (nil) or a read or write fails. It writes a ready
// message first, then builds the registry with build, so a worker is ready
// before it has loaded anything. Log lines go to logw.
func Serve(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, build Factory) error {
	w := bufio.NewWriter(out)
	if err := writeFrame(w, reply{Ready: true}); err != nil {
		return fmt.Errorf("worker: write ready: %w", err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("worker: write ready: %w", err)
	}
	caller, cc, buildErr := build(ctx)
	if buildErr != nil {
		fmt.Fprintf(logw, "camber-tui worker: cannot load the tools: %v\n", buildErr)
	}
	// An idle worker gives its free heap back to the system: loading the
	// tools and a long call leave garbage the runtime would otherwise keep
	// mapped until it scavenges it slowly.
	idle := time.AfterFunc(idleRelease, debug.FreeOSMemory)
	defer idle.Stop()
	r := bufio.NewReader(in)
	for {
		var req request
		err := readFrame(r, &req, false)
		idle.Stop()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("worker: %w", err)
		}
		rep := reply{ID: req.ID}
		if buildErr != nil {
			rep.Error = registry.Errorf(registry.CodeInternal, "the worker could not load the tools")
		} else if res, e := call(ctx, caller, cc, req); e != nil {
			rep.Error = e
		} else if rep.Result, err = toWire(res); err != nil {
			fmt.Fprintf(logw, "camber-tui worker: %s: %v\n", req.Name, err)
			rep.Error = registry.Errorf(registry.CodeInternal, "the result could not be serialised")
		}
		if err := writeFrame(w, rep); err != nil {
			// The result could not be serialised: say so instead.
			fmt.Fprintf(logw, "camber-tui worker: %s: %v\n", req.Name, err)
			rep.Result, rep.Error = nil, registry.Errorf(registry.CodeInternal, "the result could not be serialised")
			if err := writeFrame(w, rep); err != nil {
				return fmt.Errorf("worker: write reply: %w", err)
			}
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("worker: write reply: %w", err)
		}
		idle.Reset(idleRelease)
	}
}

// idleRelease is how long a worker waits for the next request before it
// returns its free memory to the system.
const idleRelease = 500 * time.Millisecond

func call(ctx context.Context, c Caller, cc *registry.CallContext, req request) (*registry.Result, *registry.Error) {
	args := req.Args
	if args == nil {
		args = map[string]any{}
	}
	res, err := c.Call(ctx, req.Name, args, cc)
	if err != nil {
		var e *registry.Error
		if errors.As(err, &e) {
			return nil, &registry.Error{Code: e.Code, Message: e.Message, Data: e.Data}
		}
		return nil, registry.Errorf(registry.CodeInternal, "internal error")
	}
	if res == nil {
		return nil, registry.Errorf(registry.CodeInternal, "internal error: no result")
	}
	return res, nil
}
