package repl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
)

// Caller is what a session needs of the registry: the call pipeline and
// the capability list (for argument typing, help and completion).
// *registry.Registry implements it.
type Caller interface {
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
	Capabilities() []registry.Capability
}

// Options configure a [Session] ([New]) and the line loop ([Run]).
type Options struct {
	// Caller runs capability calls; every data access goes through it.
	Caller Caller
	// CallContext is the caller's store, allowlist, configs and trust floor.
	CallContext *registry.CallContext
	// Completer is the injected language model for explain llm, ask and
	// draft llm; nil means the deterministic templates only.
	Completer agent.Completer
	// In, Out and Err are Run's input, output and error streams (a Session
	// does no I/O of its own apart from export).
	In       io.Reader
	Out, Err io.Writer
	// JSON makes Run print one JSON object per command instead of text.
	JSON bool
	// Interactive makes Run prompt, edit lines (with history and tab
	// completion) on a terminal, wrap text to the terminal's width and go
	// on after failed commands with exit status 0.
	Interactive bool
	// Width wraps text output to this many columns; 0 means no wrapping,
	// unless Run is interactive (then the terminal's width, else 80).
	Width int
	// Themes are the theme names `theme` accepts (nil: the built-in ones).
	Themes []string
	// Theme is the theme in use at the start, reported by `theme`.
	Theme string
}

// Error is a failed command: a code (the registry's codes for refused
// calls, and CodeUsage, CodeUnknownCommand, CodeNotFound, CodeExists,
// CodeWriteFailed and CodeUnavailable for the REPL's own), a one-line
// message and optional structured data.
type Error struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
}

// Error returns "code: message".
func (e *Error) Error() string { return e.Code + ": " + e.Message }

// The REPL's own error codes; a refused call keeps the registry's code.
const (
	CodeUnknownCommand = "unknown_command" // no such command or capability
	CodeUsage          = "usage"           // a malformed line, wrong arguments, or nothing to act on
	CodeInvalidParams  = string(registry.CodeInvalidParams)
	CodeNotFound       = string(registry.CodeNotFound) // fact ID names no fact of the session
	CodeExists         = "exists"                      // export would overwrite a file (export! does)
	CodeWriteFailed    = "write_failed"                // export could not write its file
	CodeUnavailable    = string(registry.CodeUnavailable)
	CodeCanceled       = "canceled" // the context ended the command
	CodeSkipped        = "skipped"  // a plan step that could not be called (in step's JSON)
	CodeInternal       = string(registry.CodeInternal)
)

func usageErr(format string, args ...any) *Error {
	return &Error{Code: CodeUsage, Message: fmt.Sprintf(format, args...)}
}

// callError converts a call's error: a registry refusal keeps its code,
// message and data; a cancelled context is canceled; anything else is
// internal (its text is not shown: it may name local paths).
func callError(err error) *Error {
	var re *registry.Error
	switch {
	case errors.As(err, &re):
		return &Error{Code: string(re.Code), Message: re.Message, Data: re.Data}
	case errors.Is(err, context.Canceled):
		return &Error{Code: CodeCanceled, Message: "the call was cancelled"}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: string(registry.CodeTimeout), Message: "the call ran out of time"}
	}
	return &Error{Code: CodeInternal, Message: "internal error"}
}

// Output is what one line produced.
type Output struct {
	// Command is the command run, lower case ("call", "next", ...; a
	// capability name used as a command is "call"; "parse" for a line that
	// does not parse); "" for a blank line or a comment, which produce
	// nothing.
	Command string
	// Text is the output for people, lines ending in "\n" ("" for nothing).
	Text string
	// Value is the JSON object of a successful command (a capability's
	// result, or the command's own object); nil for nothing.
	Value any
	// Err is why the command failed; nil on success.
	Err *Error
	// Failed reports that the command failed or one of the calls it made
	// was refused (step runs on after a refused call; so does its Value).
	Failed bool
	// Result is the capability result the command showed last, when it
	// made calls: the TUI's result view shows it.
	Result *registry.Result
	// Quit reports quit or exit.
	Quit bool
}

// JSON returns the line --json prints for the output: Value, or
// {"error": Err}; nil for a blank line or a comment.
func (o Output) JSON() []byte {
	var v any
	switch {
	case o.Err != nil:
		v = map[string]any{"error": o.Err}
	case o.Value != nil:
		v = o.Value
	default:
		return nil
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		b.Reset()
		_ = json.NewEncoder(&b).Encode(map[string]any{"error": &Error{Code: CodeInternal, Message: "the output is not JSON"}})
	}
	return []byte(b.String())
}

// failure returns the output of a failed command.
func failure(e *Error) Output {
	return Output{Text: "error: " + oneLine(e.Error()) + "\n", Err: e, Failed: true}
}

// Session is one REPL session: the current facility, the facts collected
// from every call, the last result and list page, the current prompt plan
// and the draft. Exec runs one line at a time (concurrent calls wait);
// Complete may run while Exec does and never blocks on a call. The
// session never writes to the store; export writes only the file it names.
type Session struct {
	caller Caller
	cc     *registry.CallContext
	llm    agent.Completer

	execMu sync.Mutex // held for the whole of an Exec

	// Set at New, then read-only.
	cmds   map[string]command
	caps   map[string]registry.Capability
	themes []string

	// Exec's state (guarded by execMu).
	width    int
	theme    string
	facility string
	regFacts map[string]registry.Fact // the facts calls returned, as returned, by id
	agentCtx *agent.Context           // every fact: the calls' and those derived from them
	last     *shown                   // the last result shown
	page     *page                    // the last list call, for next and prev
	walk     *walk                    // the current prompt plan
	draft    string

	mu   sync.Mutex // guards what completion reads
	comp completionData
}

// shown is a result as a command showed it, for export.
type shown struct {
	capability string
	args       map[string]any
	result     *registry.Result
}

// New returns a session calling through opt.Caller with opt.CallContext
// (In, Out, Err, JSON and Interactive are Run's).
func New(opt Options) *Session {
	s := &Session{
		caller: opt.Caller, cc: opt.CallContext, llm: opt.Completer,
		cmds: commands(), caps: map[string]registry.Capability{}, width: opt.Width, theme: opt.Theme,
		regFacts: map[string]registry.Fact{}, themes: slices.Clone(opt.Themes),
	}
	if s.cc == nil {
		s.cc = &registry.CallContext{}
	}
	if s.themes == nil {
		s.themes = themes.Names()
	}
	s.agentCtx, _ = agent.NewContext()
	if s.caller != nil {
		for _, c := range s.caller.Capabilities() {
			s.caps[c.Name] = c
			s.comp.capabilities = append(s.comp.capabilities, c.Name)
		}
	}
	slices.Sort(s.comp.capabilities)
	return s
}

// SetWidth sets the width text output is wrapped to (0: no wrapping); the
// TUI calls it when its REPL pane is resized.
func (s *Session) SetWidth(w int) {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	s.width = max(w, 0)
}

// Theme returns the theme the last `theme` command chose (or
// Options.Theme). Like Facility, Draft and Facts it waits for a running
// Exec.
func (s *Session) Theme() string {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	return s.theme
}

// Facility returns the current facility ("" before open).
func (s *Session) Facility() string {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	return s.facility
}

// Draft returns the current draft.
func (s *Session) Draft() string {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	return s.draft
}

// Facts returns the facts the session has collected, in the order they
// came: every call's (but check_citations') and those the agent derives
// from them (recommendations, costs, root causes). The slice is a copy.
func (s *Session) Facts() []agent.Fact {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	return s.agentCtx.Facts()
}

// History returns the lines run so far, oldest first (a copy).
func (s *Session) History() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.comp.history)
}

// maxHistory bounds the in-memory history.
const maxHistory = 1000

// Exec runs one line and returns its output. It never panics and never
// ends the session itself: only quit/exit set Output.Quit. ctx bounds the
// calls the command makes.
func (s *Session) Exec(ctx context.Context, line string) Output {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	out := s.exec(ctx, line)
	out.Text = clean(out.Text)
	if out.Err == nil {
		out.Text = s.wrap(out.Text) // an error stays one line
	}
	if out.Err != nil {
		out.Failed = true
	}
	return out
}

// exec is Exec under the lock.
func (s *Session) exec(ctx context.Context, line string) Output {
	cmd, err := Parse(line)
	if cmd.Name != "" || err != nil {
		s.remember(line)
	}
	if err != nil {
		out := failure(usageErr("%s", err.Error()))
		out.Command = "parse"
		return out
	}
	if cmd.Name == "" {
		return Output{}
	}
	name := strings.ToLower(cmd.Name)
	var out Output
	switch c, ok := s.cmds[name]; {
	case ok:
		out = c.run(ctx, s, cmd)
	case s.caps[name].Name != "":
		out = s.runCall(ctx, name, cmd.Args, cmd.Object, name)
		name = "call"
	default:
		out = failure(&Error{Code: CodeUnknownCommand,
			Message: fmt.Sprintf("unknown command %s: help lists the commands, and a capability's name runs it", quoteWord(cmd.Name, true))})
	}
	out.Command = name
	return out
}

// remember appends a line to the history.
func (s *Session) remember(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.comp.history = append(s.comp.history, line)
	if len(s.comp.history) > maxHistory {
		s.comp.history = slices.Delete(s.comp.history, 0, len(s.comp.history)-maxHistory)
	}
}

// oneLine folds control characters so a message is one line.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
}

// Prime learns the facility ids for completion with one facilities call
// (shown nowhere, adding no facts); Run calls it for an interactive
// session, the TUI when it opens its command line. A failure is ignored:
// completion then offers no facility until facilities or open runs.
func (s *Session) Prime(ctx context.Context) {
	s.execMu.Lock()
	defer s.execMu.Unlock()
	if s.caller == nil || s.caps["facilities"].Name == "" {
		return
	}
	args := map[string]any{"limit": registry.MaxLimit}
	if res, err := s.caller.Call(ctx, "facilities", args, s.cc); err == nil && res != nil {
		s.learn("facilities", args, res)
	}
}
