package builtin_test

import (
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
)

// TestSchemas_Golden keeps every built-in capability's schemas and
// descriptions under review: a contract change shows up as a golden diff.
func TestSchemas_Golden(t *testing.T) {
	for _, c := range newDefault(t).Capabilities() {
		golden.CheckJSON(t, "schemas/"+c.Name+".json", map[string]any{
			"name": c.Name, "title": c.Title, "description": c.Description, "cost": c.Cost,
			"input": c.InputSchema, "output": c.OutputSchema,
		})
	}
}
