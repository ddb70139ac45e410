package mcp

import (
	"context"
	"io"

	"github.com/camber-tui/camber-tui/registry"
)

// Caller is what the server serves: the capability registry
// (*registry.Registry implements it).
type Caller interface {
	Capabilities() []registry.Capability
	Prompts() []registry.Prompt
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// Runner runs tool calls elsewhere, in killable worker processes;
// *worker.Pool implements it. Its errors are *registry.Error values (busy,
// timeout, unavailable, or the capability's own), or ctx.Err() when the
// call was cancelled.
type Runner interface {
	Call(ctx context.Context, name string, args map[string]any) (*registry.Result, error)
}

// PromptMessage is one message of a rendered prompt.
type PromptMessage struct {
	Role string // "user" or "assistant"
	Text string
}

// Options configures a Server. The zero value of every field but Caller
// works.
type Options struct {
	// Caller lists the tools and prompts, and runs the calls when no worker
	// pool is set.
	Caller Caller
	// CallContext is the fixed context of every in-process call.
	CallContext *registry.CallContext
	// Workers, when set, runs every tools/call (the WorkerPool option).
	Workers Runner

	// GetPrompt renders a prompt with arguments already checked against
	// its declared arguments (prompts/get).
	GetPrompt func(name string, args map[string]string) ([]PromptMessage, error)
	// Complete offers values for one argument of a prompt, given what was
	// typed and the arguments already chosen (completion/complete).
	Complete func(prompt, arg, value string, context map[string]string) ([]string, error)

	// Name, Title and Version identify the server (serverInfo).
	Name, Title, Version string
	// Instructions is the optional guidance sent with initialize and
	// server/discover.
	Instructions string
	// MaxBytes caps a whole tool-call reply as sent (default 2,000,000).
	MaxBytes int
	// Log receives the server's log lines (nil: discarded). It is never
	// stdout.
	Log io.Writer

	// WorkerCommand, when set and Workers is nil, makes Serve and ServeHTTP
	// start a worker pool running this argv (the binary re-executed with
	// its hidden worker subcommand), with WorkerEnv as the environment.
	WorkerCommand []string
	WorkerEnv     []string
	// WorkerInit, when set, is written to each worker's stdin at start: the
	// server's startup snapshot (run configs as loaded), so every worker
	// serves what the server checked, whatever changes on disk later.
	WorkerInit []byte
	// MaxConcurrent (1 to 64) and MaxQueued (0 to 1024) size that pool;
	// zero MaxConcurrent means the defaults (2 and 8).
	MaxConcurrent, MaxQueued int
	// Signals makes Serve and ServeHTTP stop on SIGTERM, SIGHUP and SIGINT
	// and return an *ExitError (exit 143, 129, 130).
	Signals bool
}

// The protocol revisions this server speaks.
const (
	Version2026 = "2026-07-28"
	Version2025 = "2025-11-25"
	Version0618 = "2025-06-18"
)

// SupportedVersions lists the revisions, newest first, as server/discover
// and UnsupportedProtocolVersion errors name them.
func SupportedVersions() []string { return []string{Version2026, Version2025, Version0618} }

// The _meta keys of the stateless revision.
const (
	metaVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCaps = "io.modelcontextprotocol/clientCapabilities"
	metaClientInfo = "io.modelcontextprotocol/clientInfo"
	metaServerInfo = "io.modelcontextprotocol/serverInfo"
)

// listTTL is the freshness hint on the cacheable results: the tools and
// prompts are fixed for the life of the process.
const listTTL = 3_600_000
