// Package screen is the contract between the TUI's root model and its
// screens: the [Screen] interface, the shared [Env] (styles, keys, the
// capability list) and the intent messages a screen sends the root (run a
// call, open or leave a screen, copy, show a status). Only the root model
// implements tea.Model; a screen is a plain struct behind this interface,
// so a new screen is a new package plus a few lines in the root.
package screen

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
)

// Screen is one screen of the app. Update changes state and returns
// commands (no I/O in Update: a registry call is a [CallMsg] the root runs);
// View renders exactly the size SetSize gave, never panicking.
type Screen interface {
	// Init returns the screen's first commands (its first calls).
	Init() tea.Cmd
	// Update handles a message: keys, window sizes, [DoneMsg]s.
	Update(msg tea.Msg) (Screen, tea.Cmd)
	// View renders the body.
	View() string
	// SetSize sets the body's size in cells.
	SetSize(w, h int)
	// Title names the screen in the header and the breadcrumb.
	Title() string
}

// Helper is a screen that lists its key bindings for the help bar (short)
// and the full help (grouped).
type Helper interface {
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// Capturer is a screen that may be taking typed text (a filter, a form
// field): while Capturing is true the root leaves every key but force-quit
// to the screen.
type Capturer interface {
	Capturing() bool
}

// FacilityScreen is a screen about one facility; the capability runner
// opened from it starts with that facility_id.
type FacilityScreen interface {
	FacilityID() string
}

// CallMsg asks the root to run a registry call as a command with its own
// context. Owner and Tag come back on the [DoneMsg] so the screen that
// asked can tell its answers apart.
type CallMsg struct {
	Owner int
	Tag   string
	Name  string
	Args  map[string]any
}

// DoneMsg is a call's outcome: a result or an error (a *registry.Error,
// or context.Canceled when the person cancelled it).
type DoneMsg struct {
	Owner   int
	Tag     string
	Name    string
	Args    map[string]any
	Result  *registry.Result
	Err     error
	Elapsed time.Duration
}

// For reports whether the outcome answers owner's request tag.
func (d DoneMsg) For(owner int, tag string) bool { return d.Owner == owner && d.Tag == tag }

// Call returns the command asking the root to run name with a copy of args.
func Call(owner int, tag, name string, args map[string]any) tea.Cmd {
	msg := CallMsg{Owner: owner, Tag: tag, Name: name, Args: CloneArgs(args)}
	return func() tea.Msg { return msg }
}

// OpenMsg pushes a screen on top of the current one.
type OpenMsg struct{ Screen Screen }

// Open returns the command that pushes s.
func Open(s Screen) tea.Cmd { return func() tea.Msg { return OpenMsg{Screen: s} } }

// BackMsg leaves the current screen (the first screen stays).
type BackMsg struct{}

// Back is the command that leaves the current screen.
func Back() tea.Msg { return BackMsg{} }

// CancelOrBack is the Back key on a screen that runs work of its own (a
// command, an LLM draft): with work running (cancel not nil) it cancels it
// and stays, returning nil; otherwise it returns [Back].
func CancelOrBack(cancel context.CancelFunc) tea.Cmd {
	if cancel != nil {
		cancel()
		return nil
	}
	return Back
}

// StatusMsg shows a short note in the status line until the next one.
type StatusMsg struct {
	Text string
	Err  bool
}

// Status returns the command that shows text in the status line.
func Status(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, Err: isErr} }
}

// CopyMsg asks the root to copy Text to the clipboard with OSC 52; What
// names it in the status line ("fact F2@rule_run-3fa1c2").
type CopyMsg struct{ Text, What string }

// Copy returns the command that copies text.
func Copy(text, what string) tea.Cmd {
	return func() tea.Msg { return CopyMsg{Text: text, What: what} }
}

// CloneArgs deep-copies call arguments (JSON-like values), so a command
// built now never shares a map with the model.
func CloneArgs(args map[string]any) map[string]any {
	if args == nil {
		return map[string]any{}
	}
	out := make(map[string]any, len(args))
	for k, v := range args {
		out[k] = cloneValue(v)
	}
	return out
}

func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return CloneArgs(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = cloneValue(x)
		}
		return out
	case []string:
		return slices.Clone(v)
	}
	return v
}

// plainCodes words each registry code for a person.
var plainCodes = map[registry.Code]string{
	registry.CodeInvalidParams:     "the arguments were refused",
	registry.CodeUnknownCapability: "this build has no such capability yet",
	registry.CodeNotFound:          "nothing was found",
	registry.CodeNotAllowed:        "not allowed in this session",
	registry.CodeRefusedLicence:    "refused by the data's licence",
	registry.CodeTooLarge:          "the result is too large: narrow the call or lower limit",
	registry.CodeTimeout:           "the call took too long",
	registry.CodeUnavailable:       "the stored data could not be read",
	registry.CodeInternal:          "an internal error",
	registry.CodeBusy:              "busy: try again",
}

// Explain words an error for a person on one line: what happened, then
// the registry's own message and code.
func Explain(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, context.Canceled) {
		return "cancelled"
	}
	var e *registry.Error
	if errors.As(err, &e) {
		plain := plainCodes[e.Code]
		if plain == "" {
			plain = "failed"
		}
		msg := oneLine(e.Message)
		if probs := problems(e); probs != "" {
			msg += " (" + probs + ")"
		}
		return fmt.Sprintf("%s: %s [%s]", plain, msg, e.Code)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "the call took too long [timeout]"
	}
	return oneLine(err.Error())
}

// problems lists invalid_params problems ("/limit: must be >= 1").
func problems(e *registry.Error) string {
	raw, ok := e.Data["errors"]
	if !ok {
		return ""
	}
	var parts []string
	add := func(ptr, msg string) {
		if ptr == "" {
			ptr = "/"
		}
		parts = append(parts, ptr+": "+oneLine(msg))
	}
	switch list := raw.(type) {
	case []registry.Problem:
		for _, p := range list {
			add(p.Pointer, p.Message)
		}
	case []any:
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				ptr, _ := m["pointer"].(string)
				msg, _ := m["message"].(string)
				add(ptr, msg)
			}
		}
	}
	return strings.Join(parts, "; ")
}

// oneLine folds whitespace runs, newlines included, into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
