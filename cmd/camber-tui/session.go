package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/catalog"
	"github.com/camber-tui/camber-tui/store/demo"
)

// session is what a front end is started with: the store, the allowlist,
// the run configs and the trust floor, fixed for the life of the process.
type session struct {
	StoreDir string
	Allowed  []string
	Configs  []string
	MinTrust float64
	// Demo reports that the store is the cached demo campus.
	Demo bool
	// Snapshot holds the run configs as loaded and checked at startup;
	// Captured the bytes they were read from (for worker processes).
	Snapshot []registry.ConfigSnapshot
	Captured []runconfig.Files
	// Warnings are launch warnings for stderr (unknown or refused ids).
	Warnings []string
}

// allowMode says what to do when neither --allow nor --allow-all-active is
// given: the TUI and call default to every active facility (a person at
// their own terminal), the MCP server refuses to start.
type allowMode int

const (
	allowDefaultAll allowMode = iota
	allowRequired
)

// newSession resolves the global flags into a session.
func (e *env) newSession(mode allowMode) (*session, error) {
	s := &session{StoreDir: e.v.GetString(keyStore), Configs: e.v.GetStringSlice(keyConfig)}
	mt, err := e.minTrust()
	if err != nil {
		return nil, err
	}
	s.MinTrust = mt
	if s.StoreDir == "" {
		if mode == allowRequired {
			return nil, usagef("--serve-mcp needs --store DIR")
		}
		dir, err := demo.EnsureCached(e.ctx)
		if err != nil {
			return nil, fmt.Errorf("prepare the demo store: %w", err)
		}
		s.StoreDir, s.Demo = dir, true
		if len(s.Configs) == 0 {
			// The demo's own run configs (M&V project, drift baselines, the
			// duct-logger reference) come with it.
			cfgs, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(demo.ConfigDir), "*.json"))
			sort.Strings(cfgs)
			s.Configs = cfgs
		}
	}
	st, err := store.Open(s.StoreDir)
	if err != nil {
		return nil, usagef("--store: %s", oneLine(err.Error()))
	}
	allow := e.v.GetStringSlice(keyAllow)
	all := e.v.GetBool(keyAllowAllActive)
	for _, id := range allow {
		if strings.TrimSpace(id) == "" {
			return nil, usagef("--allow needs a facility id, got an empty one")
		}
	}
	switch {
	case len(allow) > 0 && all:
		return nil, usagef("give --allow or --allow-all-active, not both")
	case len(allow) > 0:
		known, _ := st.FacilityIDs()
		have := map[string]bool{}
		for _, id := range known {
			have[id] = true
		}
		for _, id := range allow {
			if !have[id] {
				s.Warnings = append(s.Warnings, fmt.Sprintf("--allow %s: the store holds no data for it (yet)", id))
			}
		}
		s.Allowed = dedupe(allow)
	case all || mode == allowDefaultAll:
		ids, warn, err := activeFacilities(st)
		if err != nil {
			return nil, err
		}
		s.Warnings = append(s.Warnings, warn...)
		if len(ids) == 0 && all {
			return nil, usagef("--allow-all-active: the store has no active facility")
		}
		s.Allowed = ids
	default:
		return nil, usagef("give --allow ID (repeatable) or --allow-all-active: the server does not start without an allowlist")
	}
	if err := s.loadConfigs(e.ctx, st); err != nil {
		return nil, err
	}
	return s, nil
}

// activeFacilities lists the facilities active in st: registered active (or
// unregistered, which counts as active), except a catalog-dataset facility
// (ds-...) with no registry entry. A damaged registry makes none active.
func activeFacilities(st *store.Store) ([]string, []string, error) {
	entries, state, _ := st.Registry()
	ids, err := st.FacilityIDs()
	if err != nil {
		return nil, nil, err
	}
	switch state {
	case store.RegistryOK, store.RegistryMissing:
	default:
		return nil, []string{fmt.Sprintf("the facility registry is %s: no facility counts as active until it is repaired", state)}, nil
	}
	var out, warn []string
	for _, id := range ids {
		ent, ok := entries[id]
		if !ok {
			if _, isDataset := catalog.ForFacility(id); isDataset || strings.HasPrefix(id, "ds-") {
				continue
			}
			out = append(out, id)
			continue
		}
		if ent.Lifecycle == "" || ent.Lifecycle == store.LifecycleActive {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out, warn, nil
}

// callContext is the registry's view of the session.
func (s *session) callContext() *registry.CallContext {
	return &registry.CallContext{
		Store:             s.StoreDir,
		AllowedFacilities: append([]string(nil), s.Allowed...),
		Configs:           append([]string(nil), s.Configs...),
		Snapshot:          append([]registry.ConfigSnapshot(nil), s.Snapshot...),
		MinTrust:          s.MinTrust,
		Caps:              registry.DefaultCaps(),
	}
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
