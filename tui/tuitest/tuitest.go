// Package tuitest is a deterministic, in-memory stand-in for the built-in
// capabilities, for testing the TUI without a store: a real
// registry.Registry (so validation, allowlist, paging banners, fact tokens
// and errors are the registry's own) over capabilities whose handlers serve
// generated data shaped like the built-ins' (facilities, points, rule_run,
// finding_detail, sensor_trust, coverage, rcx_report, dataset_search,
// dataset_entry).
// A [Recorder] wraps any caller and records every call.
package tuitest

import (
	"context"
	"slices"
	"sync"

	"github.com/camber-tui/camber-tui/registry"
)

// Facilities are the fake store's allowed facilities.
var Facilities = []string{"north-campus", "south-annex"}

// New returns the fake registry and a call context allowing [Facilities].
func New() (*registry.Registry, *registry.CallContext, error) {
	reg, err := registry.New(capabilities(), nil, registry.Options{})
	if err != nil {
		return nil, nil, err
	}
	cc := &registry.CallContext{AllowedFacilities: slices.Clone(Facilities), MinTrust: 0.5, Caps: registry.DefaultCaps()}
	return reg, cc, nil
}

// Caller is what the TUI calls: the registry's capabilities and calls.
type Caller interface {
	Capabilities() []registry.Capability
	Prompts() []registry.Prompt
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// Recorded is one recorded call.
type Recorded struct {
	Name string
	Args map[string]any
}

// Recorder records every call it passes to Caller. It is safe for
// concurrent use.
type Recorder struct {
	Caller
	// Block, when set, makes calls of that capability wait for their
	// context to end (to test cancellation).
	Block string

	mu    sync.Mutex
	calls []Recorded
}

// Call records the call and passes it on.
func (r *Recorder) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	r.mu.Lock()
	cp := make(map[string]any, len(args))
	for k, v := range args {
		cp[k] = v
	}
	r.calls = append(r.calls, Recorded{Name: name, Args: cp})
	block := r.Block
	r.mu.Unlock()
	if name == block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return r.Caller.Call(ctx, name, args, cc)
}

// Calls returns the calls so far.
func (r *Recorder) Calls() []Recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}
