package prompts

import (
	"context"
	"slices"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Message is one message of a rendered prompt, as prompts/get returns it.
type Message struct {
	Role string // "user" or "assistant"
	Text string
}

// GetPromptFunc returns the body of the MCP server's GetPrompt hook:
// [Render] as one user message. The package does not import mcp (its tests
// import registry/builtin, which imports this package), so the caller
// converts each [Message] to an mcp.PromptMessage. A facility_id outside
// cc's allowlist is refused like a bad argument (invalid_params, so the
// server answers -32602) before anything is rendered; a nil cc checks no
// allowlist. Errors are those of Render.
func GetPromptFunc(cc *registry.CallContext) func(name string, args map[string]string) ([]Message, error) {
	var allowed []string
	if cc != nil {
		allowed = slices.Clone(cc.AllowedFacilities)
	}
	return func(name string, args map[string]string) ([]Message, error) {
		text, err := Render(name, args)
		if err != nil {
			return nil, err
		}
		if fac := oneLine(args[ArgFacilityID]); cc != nil && fac != "" && !slices.Contains(allowed, fac) {
			return nil, &registry.Error{Code: registry.CodeInvalidParams,
				Message: "facility_id " + sanitize.Name(fac) + " is not allowed"}
		}
		return []Message{{Role: "user", Text: text}}, nil
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
