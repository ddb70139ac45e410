package prompts

import (
	"context"
	"slices"

	"github.com/camber-tui/camber-tui/mcp"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// GetPromptFunc returns the mcp.Options GetPrompt hook: [Render] as one
// user message. A facility_id outside cc's allowlist is refused like a bad
// argument (invalid_params, so the server answers -32602) before anything
// is rendered; a nil cc checks no allowlist. Errors are those of Render.
func GetPromptFunc(cc *registry.CallContext) func(name string, args map[string]string) ([]mcp.PromptMessage, error) {
	var allowed []string
	if cc != nil {
		allowed = slices.Clone(cc.AllowedFacilities)
	}
	return func(name string, args map[string]string) ([]mcp.PromptMessage, error) {
		text, err := Render(name, args)
		if err != nil {
			return nil, err
		}
		if fac := oneLine(args[ArgFacilityID]); cc != nil && fac != "" && !slices.Contains(allowed, fac) {
			return nil, &registry.Error{Code: registry.CodeInvalidParams,
				Message: "facility_id " + sanitize.Name(fac) + " is not allowed"}
		}
		return []mcp.PromptMessage{{Role: "user", Text: text}}, nil
	}
}

// CompleteFunc returns the mcp.Options Complete hook: [Complete] through
// caller with cc, every call bounded by ctx (the server's lifetime). It
// returns every match, uncut, so the server reports the total and cuts the
// reply to 100 values itself.
func CompleteFunc(ctx context.Context, caller Caller, cc *registry.CallContext) func(prompt, arg, value string, context map[string]string) ([]string, error) {
	return func(prompt, arg, value string, chosen map[string]string) ([]string, error) {
		return completions(ctx, caller, cc, prompt, arg, value, chosen)
	}
}
