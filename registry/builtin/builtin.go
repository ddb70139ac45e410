// Package builtin holds the built-in capabilities (one file each) and
// [Default], the registry every front end serves. It wires package store
// and the dataset catalog into the registry's policy (policydata.go) and
// gives handlers read-only access to the store.
//
// Adding a capability is one file and one line: write
//
//	func ruleRun(e *env) registry.Capability { ... }
//
// in rule_run.go (its schemas, description and handler; the handler reads
// the store through e.reader(call)) and add ruleRun to the list in
// [capabilities]. Handlers name facilities only through facility_id /
// facility_ids, list only call.Facilities(), cut lists only with call.Page,
// name data values with sanitize.Name, cite every figure their text states
// and report unknown selections with the helpers of notfound.go and
// window.go.
package builtin

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

// Options tunes the registry [New] builds. The zero value is [Default]'s.
type Options struct {
	// Verify is the citation checker of policy step 7; nil means the
	// agent's strict checker (agent.RegistryVerifier).
	Verify func(text string, facts []registry.Fact) (string, []string)
	// Roots are further local directories to redact from what callers see.
	Roots []string
}

// Default returns the registry of the built-in capabilities and prompts.
func Default() (*registry.Registry, error) { return New(Options{}) }

// New returns the built-in registry with opt.
func New(opt Options) (*registry.Registry, error) {
	e := newEnv()
	if opt.Verify == nil {
		opt.Verify = agent.RegistryVerifier
	}
	return registry.New(capabilities(e), prompts.All(), registry.Options{
		Data:   e.data,
		Verify: opt.Verify,
		Roots:  opt.Roots,
	})
}

// capabilities lists the built-in capabilities explicitly (no init()
// registration); add one line per capability.
func capabilities(e *env) []registry.Capability {
	return []registry.Capability{
		facilities(e),
		points(e),
		ruleRun(e),
		findingDetail(e),
		sensorTrust(e),
		checkCitations(e),
		coverage(e),
		ruleParams(e),
		datasetSearch(e),
		datasetEntry(e),
		driftCap(e),
		mvSummary(e),
		rcxReport(e),
	}
}

// env is what the handlers of one registry share: the opened stores and
// caches keyed by what invalidates them (file size and modification time,
// store generation). It is safe for concurrent use.
type env struct {
	mu     sync.Mutex
	stores map[string]*store.Store
	spans  *spanCache
	points *pointCache
	runs   *runCache
}

func newEnv() *env {
	return &env{stores: map[string]*store.Store{}, spans: newSpanCache(), points: newPointCache(),
		runs: newRunCache(runCacheRuns, runCacheBytes)}
}

// open returns the store rooted at root, opening it once.
func (e *env) open(root string) (*store.Store, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if st, ok := e.stores[root]; ok {
		return st, nil
	}
	st, err := store.Open(root)
	if err != nil {
		return nil, err
	}
	e.stores[root] = st
	return st, nil
}

// data is the registry's Options.Data: the policy's view of a store.
func (e *env) data(root string) (registry.Data, error) {
	st, err := e.open(root)
	if err != nil {
		return nil, err
	}
	return newStoreData(st), nil
}

// reader is the read-only view of a store that handlers get: no method
// writes, so a handler cannot persist anything (policy step 4).
type reader interface {
	Root() string
	Registry() (map[string]store.Entry, store.RegistryState, error)
	FacilityIDs() ([]string, error)
	Points(ctx context.Context, facility string) ([]store.Point, error)
	Stats(ctx context.Context, facility string, q store.Query) ([]store.PointStats, error)
	Read(ctx context.Context, facility string, q store.Query) ([]model.Series, error)
	ScanTimestamps(ctx context.Context, facility string, q store.Query, fn func(p store.Point, ts []int64) error) error
	Generation(ctx context.Context, facilities []string) (string, error)
}

// reader returns the call's store, read-only.
func (e *env) reader(c *registry.Call) (reader, error) {
	if c.Ctx == nil || c.Ctx.Store == "" {
		return nil, &registry.Error{Code: registry.CodeUnavailable, Message: "no store is configured for this call",
			Data: map[string]any{"retryable": false}}
	}
	st, err := e.open(c.Ctx.Store)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	return st, nil
}

// storedPoints opens the call's store and lists the stored points of its
// facility_id: not_found when the facility holds none.
func (e *env) storedPoints(ctx context.Context, c *registry.Call) (string, reader, []store.Point, error) {
	fac := c.String("facility_id")
	r, err := e.reader(c)
	if err != nil {
		return "", nil, nil, err
	}
	all, err := e.points.get(ctx, r, fac)
	if errors.Is(err, store.ErrNotFound) || err == nil && len(all) == 0 {
		return "", nil, nil, noData(fac)
	}
	if err != nil {
		return "", nil, nil, err
	}
	return fac, r, all, nil
}

// configuredSource opens the call's facility_id: its stored equipment and
// the run config a run there uses.
func (e *env) configuredSource(ctx context.Context, c *registry.Call) (string, *storeSource, *runConfig, error) {
	fac := c.String("facility_id")
	r, err := e.reader(c)
	if err != nil {
		return "", nil, nil, err
	}
	src, err := e.newSource(ctx, r, fac)
	if err != nil {
		return "", nil, nil, err
	}
	rc, err := runConfigFor(c, fac, src.equips)
	if err != nil {
		return "", nil, nil, err
	}
	return fac, src, rc, nil
}
