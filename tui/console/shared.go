// Package console is the TUI's ':' command line: the REPL's command
// language (package tui/repl) in a pane of its own, one session shared
// for the app's life (history, the current facility, the facts collected,
// the draft of the repl), Tab completion through the session, the output
// in a scrollable transcript, and every result that carries a registry
// result opened in the result view (Esc comes back). Esc cancels a running
// command, else closes the line; quit quits the app; theme NAME asks the
// app to apply the theme.
package console

import (
	"context"
	"slices"
	"sync"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/repl"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// Options configure the shared command-line state.
type Options struct {
	// Caller runs every call (the registry).
	Caller repl.Caller
	// CallContext is the session's store, allowlist, configs, trust floor.
	CallContext *registry.CallContext
	// Completer is the injected LLM for explain llm, ask and draft llm.
	Completer agent.Completer
	// Theme is the theme in use; Themes the names theme accepts (nil: the
	// built-in ones).
	Theme  string
	Themes []string
	// Context bounds every command (the app's lifetime); nil means
	// context.Background.
	Context context.Context
}

// maxTranscript bounds the lines the transcript keeps.
const maxTranscript = 5000

// Shared is what every ':' pane of the app shares: the REPL session, the
// transcript and the calls the session made. The root model makes one.
type Shared struct {
	sess   *repl.Session
	rec    *recorder
	ctx    context.Context
	lines  []line
	primed bool
	width  int
}

// line is one transcript line and what it is.
type line struct {
	text string
	kind lineKind
}

type lineKind int

const (
	kindText lineKind = iota
	kindInput
	kindError
	kindNotice
)

// NewShared returns the shared state; the session calls through a
// recorder so a result can be opened with the call that made it.
func NewShared(opts Options) *Shared {
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	rec := &recorder{caller: opts.Caller, calls: map[*registry.Result]recorded{}}
	sess := repl.New(repl.Options{Caller: rec, CallContext: opts.CallContext, Completer: opts.Completer,
		Theme: opts.Theme, Themes: slices.Clone(opts.Themes)})
	sh := &Shared{sess: sess, rec: rec, ctx: ctx}
	model := "template only (no LLM is wired)"
	if opts.Completer != nil {
		model = "an LLM is wired: explain llm, ask and draft llm use it"
	}
	sh.add(kindNotice, "the REPL language: help lists the commands, tab completes, ↑/↓ recall lines, esc closes · "+model)
	return sh
}

// Session returns the REPL session.
func (sh *Shared) Session() *repl.Session { return sh.sess }

// add appends transcript lines.
func (sh *Shared) add(kind lineKind, texts ...string) {
	for _, t := range texts {
		sh.lines = append(sh.lines, line{text: t, kind: kind})
	}
	if n := len(sh.lines) - maxTranscript; n > 0 {
		sh.lines = slices.Delete(sh.lines, 0, n)
	}
}

// recorded is a call the session made.
type recorded struct {
	name string
	args map[string]any
}

// recorder passes calls to the registry and remembers, for each result,
// the call that made it (the last command's only: Exec resets it).
type recorder struct {
	caller repl.Caller
	mu     sync.Mutex
	calls  map[*registry.Result]recorded
}

// Call implements repl.Caller.
func (r *recorder) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	res, err := r.caller.Call(ctx, name, args, cc)
	if res != nil {
		r.mu.Lock()
		r.calls[res] = recorded{name: name, args: screen.CloneArgs(args)}
		r.mu.Unlock()
	}
	return res, err
}

// Capabilities implements repl.Caller.
func (r *recorder) Capabilities() []registry.Capability { return r.caller.Capabilities() }

// reset forgets the calls recorded.
func (r *recorder) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	clear(r.calls)
}

// lookup returns the call that made res.
func (r *recorder) lookup(res *registry.Result) (recorded, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.calls[res]
	return c, ok
}
