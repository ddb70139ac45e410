package console

import (
	"context"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/repl"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// ThemeMsg asks the app to apply a theme (the theme command chose it).
type ThemeMsg struct{ Name string }

// Screen is the ':' command line. Use [New].
type Screen struct {
	env   *screen.Env
	sh    *Shared
	facts *session.Session
	id    int
	w, h  int

	input  textinput.Model
	out    viewport.Model
	follow bool // the output follows its end

	seq     int
	running string // the line running, "" for none
	cancel  context.CancelFunc
	frame   int

	hist  int    // the history line shown, len(history) for the one typed
	typed string // the line typed before the history was browsed

	// the Tab cycle: the candidates for the word between prefix and
	// suffix, and the line and cursor the last fill left
	cands          []string
	candIdx        int
	prefix, suffix string
	compLine       string
	compPos        int
	hint           string
}

// Messages of the pane, with its id so a late one of a closed pane is
// dropped.
type (
	execMsg struct {
		id, seq int
		line    string
		out     repl.Output
		call    recorded
		known   bool
	}
	primedMsg struct{ id int }
	frameMsg  struct{ id, seq int }
)

// New returns a command-line pane over the shared state; facts receives
// the facts the commands collect.
func New(env *screen.Env, sh *Shared, facts *session.Session) *Screen {
	ti := widget.NewInput(env.Styles, ": ", "a command: help, facilities, open ID, call NAME key=value …", 4000)
	ti.Focus()
	if facts == nil {
		facts = session.New()
	}
	s := &Screen{env: env, sh: sh, facts: facts, id: env.NewOwner(), input: ti, out: viewport.New(0, 0), follow: true}
	s.hist = len(sh.sess.History())
	return s
}

// Init learns the facility ids for completion, once per app.
func (s *Screen) Init() tea.Cmd {
	if s.sh.primed {
		return nil
	}
	s.sh.primed = true
	sess, ctx, id := s.sh.sess, s.sh.ctx, s.id
	return func() tea.Msg {
		sess.Prime(ctx)
		return primedMsg{id: id}
	}
}

// Title names the pane.
func (s *Screen) Title() string { return "command line" }

// Capturing is always true: keys type into the line.
func (s *Screen) Capturing() bool { return true }

// Running returns the line running ("" for none).
func (s *Screen) Running() string { return s.running }

// Line returns the line being typed.
func (s *Screen) Line() string { return s.input.Value() }

// Transcript returns the output so far, one string a line, unstyled.
func (s *Screen) Transcript() []string {
	out := make([]string, len(s.sh.lines))
	for i, l := range s.sh.lines {
		out[i] = l.text
	}
	return out
}

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.input.Width = max(s.w-3, 1)
	s.out.Width, s.out.Height = s.w, max(s.h-3, 1)
	if s.running == "" && s.sh.width != s.w {
		s.sh.width = s.w
		s.sh.sess.SetWidth(s.w)
	}
	s.refresh()
}

// Update handles msg.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case execMsg:
		if msg.id != s.id || msg.seq != s.seq {
			return s, nil
		}
		return s, s.finished(msg)
	case frameMsg:
		if msg.id == s.id && msg.seq == s.seq && s.running != "" {
			s.frame++
			return s, s.tick()
		}
		return s, nil
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
		return screen.CancelOrBack(s.cancel)
	case key.Matches(msg, k.Console.Run):
		return s.run()
	case key.Matches(msg, k.Console.Complete):
		s.complete()
		return nil
	case key.Matches(msg, k.Console.Older):
		s.browse(-1)
		return nil
	case key.Matches(msg, k.Console.Newer):
		s.browse(1)
		return nil
	case key.Matches(msg, k.Console.ScrollUp):
		s.out.PageUp()
		s.follow = s.out.AtBottom()
		return nil
	case key.Matches(msg, k.Console.ScrollDown):
		s.out.PageDown()
		s.follow = s.out.AtBottom()
		return nil
	}
	before := s.input.Value()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	if s.input.Value() != before {
		s.cands, s.hint = nil, ""
	}
	return cmd
}

// run runs the line in a command with its own context.
func (s *Screen) run() tea.Cmd {
	lineText := strings.TrimSpace(s.input.Value())
	if lineText == "" {
		return nil
	}
	if s.running != "" {
		s.hint = "a command is running: wait, or esc cancels it"
		return nil
	}
	s.input.SetValue("")
	s.cands, s.hint, s.follow = nil, "", true
	s.sh.add(kindInput, ": "+lineText)
	s.refresh()
	ctx, cancel := context.WithCancel(s.sh.ctx)
	s.seq++
	s.running, s.cancel, s.frame = lineText, cancel, 0
	sess, rec, id, seq := s.sh.sess, s.sh.rec, s.id, s.seq
	exec := func() tea.Msg {
		rec.reset()
		out := sess.Exec(ctx, lineText)
		msg := execMsg{id: id, seq: seq, line: lineText, out: out}
		if out.Result != nil {
			msg.call, msg.known = rec.lookup(out.Result)
		}
		return msg
	}
	return tea.Batch(exec, s.tick())
}

// tick is the running indicator's next frame.
func (s *Screen) tick() tea.Cmd {
	id, seq := s.id, s.seq
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return frameMsg{id: id, seq: seq} })
}

// finished shows a command's output, merges the facts it collected, and
// opens its result, applies its theme or quits, as it asks.
func (s *Screen) finished(msg execMsg) tea.Cmd {
	if s.cancel != nil {
		s.cancel()
	}
	s.running, s.cancel = "", nil
	s.hist = len(s.sh.sess.History())
	if s.sh.width != s.w {
		s.sh.width = s.w
		s.sh.sess.SetWidth(s.w)
	}
	out := msg.out
	for _, l := range strings.Split(strings.TrimRight(out.Text, "\n"), "\n") {
		switch {
		case out.Err != nil && strings.HasPrefix(l, "error:"):
			s.sh.add(kindError, l)
		case strings.HasPrefix(l, "NOTICE:"):
			s.sh.add(kindNotice, l)
		case l != "" || out.Text != "":
			s.sh.add(kindText, l)
		}
	}
	n := s.facts.AddFacts(s.sh.sess.Facts())
	s.refresh()
	var cmds []tea.Cmd
	if n > 0 {
		cmds = append(cmds, screen.Status(plural(n, "fact")+" joined the session's fact set", false))
	}
	switch {
	case out.Quit:
		return tea.Quit
	case out.Command == "theme" && out.Err == nil:
		if v, ok := out.Value.(map[string]any); ok {
			if _, showing := v["available"]; !showing {
				name, _ := v["theme"].(string)
				cmds = append(cmds, func() tea.Msg { return ThemeMsg{Name: name} })
			}
		}
	case out.Result != nil && msg.known:
		cmds = append(cmds, screen.Open(newResultScreen(s.env, msg.call.name, msg.call.args, out.Result)))
	}
	return tea.Batch(cmds...)
}

// plural writes "1 fact", "2 facts".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return itoa(n) + " " + word + "s"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}
