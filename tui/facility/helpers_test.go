package facility

import "github.com/camber-tui/camber-tui/registry"

func resultWith(data map[string]any, text string) *registry.Result {
	return &registry.Result{Data: data, Text: text,
		Facts: []registry.Fact{{ID: "F1@rcx_report-abc123", Kind: "issue_count", Value: 2.0, Text: "2 issues"}}}
}
