package builtin

import (
	"context"
	"sync"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

// facilityIDSchema is the input schema of a facility_id argument.
func facilityIDSchema() map[string]any {
	return map[string]any{
		"type": "string", "minLength": 1, "maxLength": 200,
		"pattern":     "^[A-Za-z0-9][A-Za-z0-9._-]*$",
		"description": "The facility to read, as the facilities capability lists it (e.g. north-campus).",
	}
}

// nameSchema is the input schema of one stored name (an equipment id, a
// role slug, a class): one line of at most 200 characters.
func nameSchema(description string) map[string]any {
	return map[string]any{"type": "string", "minLength": 1, "maxLength": 200, "description": description}
}

// limitSchema is the input schema of a page size with default def.
func limitSchema(def int) map[string]any {
	return map[string]any{
		"type": "integer", "minimum": 1, "maximum": registry.MaxLimit, "default": def,
		"description": "Rows per page (default " + itoa(def) + ", at most 1000).",
	}
}

// offsetSchema is the input schema of a page offset.
func offsetSchema() map[string]any {
	return map[string]any{"type": "integer", "minimum": 0, "default": 0,
		"description": "Rows to skip: the offset a paging notice names for the next page."}
}

// nullable returns a schema of type t or null.
func nullable(t, description string) map[string]any {
	return map[string]any{"type": []any{t, "null"}, "description": description}
}

// typed returns a schema of one type with a description.
func typed(t, description string) map[string]any {
	return map[string]any{"type": t, "description": description}
}

// pointCache caches a facility's points by store generation, so a warm
// call costs one generation read (the stat of the facility's files). It is
// safe for concurrent use.
type pointCache struct {
	mu sync.Mutex
	m  map[string]cachedPoints
}

// cachedPoints is one facility's points at one generation.
type cachedPoints struct {
	gen string
	pts []store.Point
}

func newPointCache() *pointCache { return &pointCache{m: map[string]cachedPoints{}} }

// get returns the facility's points, sorted by (equip, role).
func (c *pointCache) get(ctx context.Context, r reader, facility string) ([]store.Point, error) {
	gen, err := r.Generation(ctx, []string{facility})
	if err != nil {
		return nil, err
	}
	key := r.Root() + "\x00" + facility
	c.mu.Lock()
	hit, ok := c.m[key]
	c.mu.Unlock()
	if ok && hit.gen == gen {
		return hit.pts, nil
	}
	pts, err := r.Points(ctx, facility)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.m[key] = cachedPoints{gen: gen, pts: pts}
	c.mu.Unlock()
	return pts, nil
}
