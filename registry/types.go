package registry

import (
	"context"
	"errors"
	"fmt"
)

// Code classifies a refused or failed call (seed 000). Front ends map it to
// their own surface: the MCP layer sends it as a tool error, the CLI exits 1.
type Code string

// The error codes of seed 000. CodeBusy is the MCP layer's own (a full
// worker queue); Registry.Call never returns it.
const (
	CodeInvalidParams     Code = "invalid_params"
	CodeUnknownCapability Code = "unknown_capability"
	CodeNotFound          Code = "not_found"
	CodeNotAllowed        Code = "not_allowed"
	CodeRefusedLicence    Code = "refused_licence"
	CodeTooLarge          Code = "too_large"
	CodeTimeout           Code = "timeout"
	CodeUnavailable       Code = "unavailable"
	CodeInternal          Code = "internal"
	CodeBusy              Code = "busy"
)

// Error is a CapabilityError: a code, a one-line message safe to show a
// caller (no local path, no facility outside the allowlist) and optional
// structured data (invalid_params lists each problem under "errors" with its
// JSON pointer; unavailable carries "retryable").
type Error struct {
	Code    Code           `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
	// Err is the cause, kept for logs; it is never shown to a caller.
	Err error `json:"-"`
	// DataValues are values from the stored data that Message quotes or
	// Data lists (stored equipment ids, say). Like a result's data they lose
	// only the known local roots, never a path-like part: a Niagara ORD such
	// as "/Drivers/BacnetNetwork/AHU_1" stays as it is. Anything else in an
	// error, a value the caller sent included, is redacted like the tool's
	// own words.
	DataValues []string `json:"-"`
}

// Error implements error as "code: message".
func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with a formatted message and no data.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of the first *Error in err's chain; a context
// deadline is CodeTimeout and anything else unclassified is CodeInternal.
// A nil error has no code.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return CodeTimeout
	}
	return CodeInternal
}

// Fact is one citable statement of a result. Handlers write plain ids
// ("F1@points"); Registry.Call scopes them with the call's token
// ("F1@points-1a2b3c") everywhere they appear.
type Fact struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Value any    `json:"value,omitempty"`
	Text  string `json:"text"`
	Equip string `json:"equip,omitempty"`
	// Data holds the fact's structured source values (metrics, counts).
	Data map[string]any `json:"data,omitempty"`
}

// Result is a CapabilityResult. A handler may put any JSON-marshalable value
// in Data; the Result that Registry.Call returns holds Data as the decoded
// JSON object (map[string]any), validated against the output schema, with
// fact ids tokenised.
type Result struct {
	Data      any      `json:"data"`
	Text      string   `json:"text"`
	Facts     []Fact   `json:"facts"`
	Banners   []string `json:"banners"`
	Truncated bool     `json:"truncated"`
}

// Cost is a capability's rough price, shown to tool pickers.
type Cost string

// The costs of seed 000's capability table.
const (
	CostCheap       Cost = "cheap"
	CostScan        Cost = "one timestamp scan"
	CostReadsTrends Cost = "reads every trend"
	CostLong        Cost = "long-running"
	CostSameAsRun   Cost = "the same run as rule_run"
	CostSeconds     Cost = "seconds"
)

// Handler runs one validated, policy-checked call. Arguments are in
// call.Args; lists are cut only through call.Page.
type Handler func(ctx context.Context, call *Call) (*Result, error)

// Capability is a named, read-only operation with JSON Schema 2020-12 input
// and output schemas (the seed's keyword subset only) and a handler.
type Capability struct {
	Name         string
	Title        string
	Description  string
	InputSchema  map[string]any
	OutputSchema map[string]any
	Handler      Handler
	Cost         Cost
	// OwnOutput names top-level data keys that are the capability's own
	// output (check_citations' verified_text and sentences): never cut.
	OwnOutput []string
	// NoStore marks a capability that reads no stored building data (the
	// dataset catalog, rule metadata, a citation check): no facility
	// licence, fence or store generation applies to its calls. The zero
	// value, reading the store, is the fail-closed default.
	NoStore bool
}

// Caps are the per-call limits of policy step 6.
type Caps struct {
	MaxRows    int     // a longer list is cut with a banner (default 5,000)
	MaxBytes   int     // a larger serialized result is too_large (default 2 MB)
	MaxSeconds float64 // a longer call is timeout (default 120 s)
}

// DefaultCaps returns the seed's limits.
func DefaultCaps() Caps { return Caps{MaxRows: 5000, MaxBytes: 2_000_000, MaxSeconds: 120} }

// DefaultMinTrust is the trust floor a CallContext gets when none is set.
const DefaultMinTrust = 0.5

// ConfigSnapshot is one run config as loaded and checked at startup. The
// registry treats Value as opaque (registry/builtin knows its type); Digest
// is a hash of the file's content, which enters the fact token.
type ConfigSnapshot struct {
	Path     string
	Facility string
	Digest   string
	Value    any
}

// CallContext is what a caller may see and how: fixed for the life of a
// server or a TUI session.
type CallContext struct {
	// Store is the store directory.
	Store string
	// AllowedFacilities is the allowlist; empty means no facility is visible.
	AllowedFacilities []string
	// Configs are run-config paths, one per facility at most.
	Configs []string
	// Snapshot, when set, holds the configs as loaded at startup; calls read
	// these instead of the files.
	Snapshot []ConfigSnapshot
	// MinTrust is the trust floor (DefaultMinTrust when zero).
	MinTrust float64
	Caps     Caps
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// Prompt is a guided starting point: a message template naming the
// capabilities to call. Rendering and completion live in package prompts.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
}
