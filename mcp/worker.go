package mcp

import (
	"context"
	"io"
	"os"

	"github.com/camber-tui/camber-tui/mcp/worker"
	"github.com/camber-tui/camber-tui/registry"
)

// WorkerFactory builds what a worker process serves: the registry and the
// fixed call context. A worker calls it once.
type WorkerFactory func(ctx context.Context) (WorkerCaller, *registry.CallContext, error)

// WorkerCaller runs one call in a worker; *registry.Registry implements it.
type WorkerCaller interface {
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// WorkerMain is the body of the hidden worker subcommand (camber-tui
// mcp-worker): it serves the server's calls on the pipes the server gave
// it until the server closes them or kills it. Anything a handler prints
// to stdout ends up on the server's stderr.
func WorkerMain(ctx context.Context, factory WorkerFactory) error {
	return worker.Main(ctx, adapt(factory))
}

// RunWorker serves calls read from in and answers on out (the worker
// protocol: length-prefixed JSON), logging to stderr. WorkerMain is the
// same over the pipes a server passes its workers.
func RunWorker(ctx context.Context, in io.Reader, out io.Writer, factory WorkerFactory) error {
	return worker.Serve(ctx, in, out, os.Stderr, adapt(factory))
}

func adapt(f WorkerFactory) worker.Factory {
	return func(ctx context.Context) (worker.Caller, *registry.CallContext, error) {
		c, cc, err := f(ctx)
		if err != nil {
			return nil, nil, err
		}
		return c, cc, nil
	}
}
