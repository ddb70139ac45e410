// Package draft is the draft pane: a textarea where the analyst writes
// the answer, with a live citation check. As the person types, each
// sentence is checked (debounced, by agent/verify's incremental Checker
// against the session's facts) and marked supported, unknown citation,
// uncited or unsupported number, in colour and with a glyph so the marks
// read without colour; the pane's title counts them and the line under the
// text gives the reason for the sentence under the cursor.
//
// The draft keys (rebindable; no ctrl key a multiplexer takes): alt+t or
// F2 inserts the deterministic template explanation of the session's
// facts; alt+l or F3 asks the wired LLM to draft from them (Esc cancels;
// the agent verifies the answer strictly and falls back to the template
// when nothing cited survives); alt+s or F4 saves the verified text with
// a facts appendix as markdown in the export directory (a new file, never
// an overwrite). Esc leaves the pane; the draft stays in the session.
package draft

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
)

// DefaultDebounce is how long after the last keystroke the draft is checked.
const DefaultDebounce = 150 * time.Millisecond

// maxChars bounds the draft (check_citations takes 200,000 characters).
const maxChars = 100000

// Options are what the pane needs besides the screens' Env.
type Options struct {
	// Session holds the facts and the draft (required).
	Session *session.Session
	// Completer is the injected LLM; nil means the template only.
	Completer agent.Completer
	// LLM names the model in notes ("" reads "the LLM").
	LLM string
	// Context bounds the LLM call (the app's lifetime); nil means
	// context.Background.
	Context context.Context
	// Debounce is the pause after a keystroke before a check (0 means
	// DefaultDebounce; negative checks at every keystroke).
	Debounce time.Duration
}

// Screen is the draft pane. Use [New].
type Screen struct {
	env  *screen.Env
	opts Options
	id   int
	ta   textarea.Model
	w, h int
	top  int // the first text row shown

	checker  *verify.Checker
	factsVer int
	report   verify.Report
	spans    []span
	editSeq  int
	checked  int // the edit the report is of

	source string // typed, template or llm: where the last insertion came from
	flags  []agent.Flag

	llmSeq    int
	llmCancel context.CancelFunc
	frame     int

	note    string
	noteErr bool
}

// New returns the pane over the session's draft, checked already.
func New(env *screen.Env, opts Options) *Screen {
	if opts.Session == nil {
		opts.Session = session.New()
	}
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Prompt = ""
	ta.CharLimit = maxChars
	ta.MaxHeight = 0
	ta.MaxWidth = 0
	ta.Cursor.SetMode(cursor.CursorHide)
	// the pane wraps the text itself; the textarea only edits lines
	ta.SetWidth(1 << 20)
	ta.KeyMap.LinePrevious = key.NewBinding(key.WithKeys("ctrl+p"))
	ta.KeyMap.LineNext = key.NewBinding(key.WithKeys("ctrl+n"))
	ta.SetValue(opts.Session.Draft)
	opts.Session.Draft = ta.Value() // as the textarea keeps it (tabs as spaces)
	ta.Focus()
	s := &Screen{env: env, opts: opts, id: env.NewOwner(), ta: ta, source: "typed"}
	s.checker = verify.NewChecker(opts.Session.VerifyFacts(), verify.Options{})
	s.factsVer = opts.Session.Version()
	s.check()
	return s
}

// Text returns the draft; Report the last check (of [Screen.Checked]'s edit).
func (s *Screen) Text() string { return s.ta.Value() }

// Report is the latest citation check of the draft.
func (s *Screen) Report() verify.Report { return s.report }

// Checked reports whether the marks are of the text as it stands.
func (s *Screen) Checked() bool { return s.checked == s.editSeq }

// Source is where the last inserted text came from: typed, template or llm.
func (s *Screen) Source() string { return s.source }

// Flags are what the agent flagged in the last LLM draft.
func (s *Screen) Flags() []agent.Flag { return s.flags }

// Note returns the pane's note line and whether it is an error.
func (s *Screen) Note() (string, bool) { return s.note, s.noteErr }

// Drafting reports whether the LLM is drafting.
func (s *Screen) Drafting() bool { return s.llmCancel != nil }

// Init does nothing: the draft was checked when the pane opened.
func (s *Screen) Init() tea.Cmd { return nil }

// Title names the pane.
func (s *Screen) Title() string { return "draft" }

// Capturing is always true: every key types, but the pane's own.
func (s *Screen) Capturing() bool { return true }

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) { s.w, s.h = max(w, 0), max(h, 0) }

// ShortHelp lists the pane's keys.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	return []key.Binding{k.Draft.Template, k.Draft.LLM, k.Draft.Save, s.back()}
}

// FullHelp lists every key of the pane.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	return [][]key.Binding{{k.Draft.Template, k.Draft.LLM, k.Draft.Save, s.back()}, moveKeys}
}

// moveKeys are the cursor's keys over the wrapped text (not rebindable:
// every other key types).
var moveKeys = []key.Binding{
	key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "move a row")),
	key.NewBinding(key.WithKeys("pgup", "pgdown"), key.WithHelp("pgup/pgdown", "move a page")),
	key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "new line")),
	key.NewBinding(key.WithKeys("f1"), key.WithHelp("f1", "every key ('?' types)")),
}

// back is Esc's meaning here.
func (s *Screen) back() key.Binding {
	b := s.env.Keys.Global.Back
	desc := "leave (the draft stays)"
	if s.Drafting() {
		desc = "cancel the LLM"
	}
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}

// The pane's messages carry its id, so a late one of an earlier pane is
// ignored.
type (
	checkMsg    struct{ id, seq int }
	frameMsg    struct{ id, seq int }
	templateMsg struct {
		id int
		g  agent.Grounded
	}
	llmMsg struct {
		id, seq int
		g       agent.Grounded
		err     error
	}
	savedMsg struct {
		id   int
		name string
		err  error
	}
)

// Update handles msg.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case checkMsg:
		if msg.id == s.id && msg.seq == s.editSeq && s.checked != s.editSeq {
			s.check()
		}
		return s, nil
	case frameMsg:
		if msg.id != s.id || msg.seq != s.llmSeq || s.llmCancel == nil {
			return s, nil
		}
		s.frame++
		return s, s.tick()
	case templateMsg:
		if msg.id == s.id {
			return s, s.insert(msg.g)
		}
		return s, nil
	case llmMsg:
		return s, s.drafted(msg)
	case savedMsg:
		if msg.id != s.id {
			return s, nil
		}
		if msg.err != nil {
			s.setNote("save failed: "+msg.err.Error(), true)
			return s, nil
		}
		s.setNote("saved "+msg.name+" in the export directory: the verified text and its facts", false)
		return s, screen.Status("saved "+msg.name, false)
	case tea.KeyMsg:
		return s, s.key(msg)
	}
	return s, nil
}

// key handles a key press.
func (s *Screen) key(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Global.Back):
		return screen.CancelOrBack(s.llmCancel)
	case key.Matches(msg, k.Draft.Template):
		return s.template()
	case key.Matches(msg, k.Draft.LLM):
		return s.askLLM()
	case key.Matches(msg, k.Draft.Save):
		return s.save()
	case msg.Type == tea.KeyUp:
		s.moveRows(-1)
		return nil
	case msg.Type == tea.KeyDown:
		s.moveRows(1)
		return nil
	case msg.Type == tea.KeyPgUp:
		s.moveRows(-max(s.textRows()-1, 1))
		return nil
	case msg.Type == tea.KeyPgDown:
		s.moveRows(max(s.textRows()-1, 1))
		return nil
	}
	before := s.ta.Value()
	var cmd tea.Cmd
	s.ta, cmd = s.ta.Update(msg)
	if after := s.ta.Value(); after != before {
		return tea.Batch(cmd, s.edited(before, after))
	}
	return cmd
}

// setNote shows a line in the pane.
func (s *Screen) setNote(text string, isErr bool) { s.note, s.noteErr = text, isErr }
