package main

import (
	"context"
	"fmt"
	"sort"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

// loadConfigs reads every --config once, checks it against the store and
// the allowlist the way a run checks it, and keeps the parsed copy (and the
// bytes it read, for worker processes). A problem is a launch error naming
// the file and the key; two configs for one facility are refused.
func (s *session) loadConfigs(ctx context.Context, st *store.Store) error {
	if len(s.Configs) == 0 {
		return nil
	}
	ids, err := st.FacilityIDs()
	if err != nil {
		return fmt.Errorf("list the store's facilities: %w", err)
	}
	held := map[string]bool{}
	for _, id := range ids {
		held[id] = true
	}
	allowed := map[string]bool{}
	for _, id := range s.Allowed {
		allowed[id] = true
	}
	env := runconfig.Env{
		StoreDir:    s.StoreDir,
		HasFacility: func(id string) bool { return held[id] },
		Allowed:     func(id string) bool { return allowed[id] },
		Equipment: func(fac string) []string {
			pts, err := st.Points(ctx, fac)
			if err != nil {
				return nil
			}
			seen := map[string]bool{}
			var out []string
			for _, p := range pts {
				if !seen[p.Equip] {
					seen[p.Equip] = true
					out = append(out, p.Equip)
				}
			}
			sort.Strings(out)
			return out
		},
	}
	byFacility := map[string]string{}
	for _, path := range s.Configs {
		cfg, digest, files, err := runconfig.Options{DriftFamilies: drift.Names()}.LoadFiles(path)
		if err != nil {
			return usagef("%s", oneLine(err.Error()))
		}
		if err := cfg.Check(env); err != nil {
			return usagef("%s", oneLine(err.Error()))
		}
		fac := cfg.Source.Facility
		if prev, dup := byFacility[fac]; dup {
			return usagef("%s: facility %q already has a config (%s): give one config per facility", path, fac, prev)
		}
		byFacility[fac] = path
		s.Snapshot = append(s.Snapshot, registry.ConfigSnapshot{Path: path, Facility: fac, Digest: digest, Value: cfg})
		s.Captured = append(s.Captured, files)
	}
	return nil
}

// snapshotFromCapture rebuilds the startup snapshot in a worker process
// from the bytes the server captured.
func snapshotFromCapture(files []runconfig.Files) ([]registry.ConfigSnapshot, error) {
	var out []registry.ConfigSnapshot
	for _, f := range files {
		cfg, digest, err := runconfig.Options{DriftFamilies: drift.Names()}.ParseFiles(f)
		if err != nil {
			return nil, err
		}
		out = append(out, registry.ConfigSnapshot{Path: f.Path, Facility: cfg.Source.Facility, Digest: digest, Value: cfg})
	}
	return out, nil
}
