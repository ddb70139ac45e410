package tui

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/console"
	"github.com/camber-tui/camber-tui/tui/draft"
	"github.com/camber-tui/camber-tui/tui/facilities"
	"github.com/camber-tui/camber-tui/tui/keys"
	"github.com/camber-tui/camber-tui/tui/runner"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/serve"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/walkthrough"
)

// The smallest terminal the app draws in; below it a single line says so.
const (
	MinWidth  = 60
	MinHeight = 15
)

// Model is the app's root model, the only tea.Model: header, a stack of
// screens, status line and help bar. Use [New].
type Model struct {
	ctx    context.Context
	caller Caller
	cc     *registry.CallContext
	env    *screen.Env
	opts   Options
	now    func() time.Time

	stack   []screen.Screen
	running map[int]*running
	seq     int
	spin    spinner.Model
	help    help.Model
	full    bool // the full help is open
	helpTop int  // the full help's first line shown
	status  string
	isErr   bool
	w, h    int

	serveCfg serve.Config
	session  *session.Session // the facts and the draft the screens share
	console  *console.Shared  // the ':' line's REPL session and transcript
}

// running is a call in flight.
type running struct {
	name   string
	start  time.Time
	cancel context.CancelFunc
}

// callDoneMsg wraps a call's outcome with its running id.
type callDoneMsg struct {
	id   int
	done screen.DoneMsg
}

// New returns the root model over opts (Registry and CallContext are
// required). Without opts.Styles it draws without colour.
func New(ctx context.Context, opts Options) (*Model, error) {
	if opts.Registry == nil || opts.CallContext == nil {
		return nil, errors.New("tui: Options.Registry and Options.CallContext are required")
	}
	km := keys.Default()
	if err := km.Apply(opts.Keys); err != nil {
		return nil, err
	}
	st := opts.Styles
	if st == nil {
		mono, _ := themes.Builtin(themes.NameMono)
		st = themes.New(mono, themes.Mode{NoColor: true, Profile: termenv.Ascii, DarkBackground: true}, nil)
	}
	caps := opts.Registry.Capabilities()
	slices.SortFunc(caps, func(a, b registry.Capability) int { return strings.Compare(a.Name, b.Name) })
	cc := *opts.CallContext
	cc.AllowedFacilities = slices.Clone(cc.AllowedFacilities)
	cc.Configs = slices.Clone(cc.Configs)
	// the serve panel names absolute paths: resolve them once, here
	serveCfg := serve.Config{Executable: opts.Executable, Store: absPath(cc.Store), Allowed: slices.Clone(cc.AllowedFacilities),
		MinTrust: cc.MinTrust}
	if serveCfg.MinTrust == 0 {
		serveCfg.MinTrust = registry.DefaultMinTrust
	}
	for _, c := range cc.Configs {
		serveCfg.Configs = append(serveCfg.Configs, absPath(c))
	}
	env := &screen.Env{Styles: st, Keys: km, Caps: caps, Allowed: slices.Clone(cc.AllowedFacilities), ExportDir: opts.ExportDir}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	sp := spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(st.Spinner))
	h := help.New()
	h.Styles = help.Styles{
		Ellipsis: st.HelpSep, ShortKey: st.HelpKey, ShortDesc: st.HelpDesc, ShortSeparator: st.HelpSep,
		FullKey: st.HelpKey, FullDesc: st.HelpDesc, FullSeparator: st.HelpSep,
	}
	m := &Model{ctx: ctx, caller: opts.Registry, cc: &cc, env: env, opts: opts, now: now,
		running: map[int]*running{}, spin: sp, help: h, serveCfg: serveCfg}
	m.stack = []screen.Screen{facilities.New(env)}
	m.session = session.New()
	m.console = console.NewShared(console.Options{Caller: opts.Registry, CallContext: &cc, Completer: opts.Completer,
		Theme: opts.Theme, Context: ctx})
	return m, nil
}

// Env returns the screens' shared environment.
func (m *Model) Env() *screen.Env { return m.env }

// Top returns the current screen; Depth the number of screens open.
func (m *Model) Top() screen.Screen { return m.stack[len(m.stack)-1] }

// Depth is the number of screens on the stack.
func (m *Model) Depth() int { return len(m.stack) }

// Running returns the names of the calls in flight, oldest first.
func (m *Model) Running() []string {
	ids := make([]int, 0, len(m.running))
	for id := range m.running {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = m.running[id].name
	}
	return out
}

// Status returns the status line's note and whether it is an error.
func (m *Model) Status() (string, bool) { return m.status, m.isErr }

// Init starts the first screen.
func (m *Model) Init() tea.Cmd { return m.Top().Init() }

// Update routes msg.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = max(msg.Width, 0), max(msg.Height, 0)
		m.help.Width = m.w
		for _, s := range m.stack {
			s.SetSize(m.bodySize())
		}
		return m, nil
	case spinner.TickMsg:
		if len(m.running) == 0 {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case screen.CallMsg:
		return m, m.startCall(msg)
	case callDoneMsg:
		return m, m.finishCall(msg)
	case screen.OpenMsg:
		return m, m.push(msg.Screen)
	case screen.BackMsg:
		m.pop()
		return m, nil
	case screen.StatusMsg:
		m.status, m.isErr = msg.Text, msg.Err
		return m, nil
	case screen.CopyMsg:
		return m, m.copyCmd(msg)
	case console.ThemeMsg:
		return m, m.applyTheme(msg.Name)
	case themeMsg:
		m.setStyles(msg)
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	}
	return m, m.forward(msg)
}

// forward passes msg to the current screen.
func (m *Model) forward(msg tea.Msg) tea.Cmd {
	top, cmd := m.Top().Update(msg)
	m.stack[len(m.stack)-1] = top
	return cmd
}

// bodySize is the screens' size: the window less header, status and help.
func (m *Model) bodySize() (int, int) { return m.w, max(m.h-3, 0) }

// push opens s on top.
func (m *Model) push(s screen.Screen) tea.Cmd {
	if s == nil {
		return nil
	}
	m.stack = append(m.stack, s)
	s.SetSize(m.bodySize())
	m.status, m.isErr = "", false
	return s.Init()
}

// pop leaves the current screen (never the first), cancelling its calls.
func (m *Model) pop() {
	if len(m.stack) <= 1 {
		return
	}
	m.cancelAll()
	m.stack = m.stack[:len(m.stack)-1]
	m.status, m.isErr = "", false
}

// key handles a key press: force-quit, the help, cancelling calls, the
// global keys (unless the screen is taking typed text), then the screen.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	k := m.env.Keys
	if key.Matches(msg, k.Global.ForceQuit) {
		m.cancelAll()
		return tea.Quit
	}
	if m.full {
		switch {
		case key.Matches(msg, k.Nav.Down):
			m.helpTop++
		case key.Matches(msg, k.Nav.Up):
			m.helpTop = max(m.helpTop-1, 0)
		default:
			m.full, m.helpTop = false, 0
		}
		return nil
	}
	if key.Matches(msg, k.Global.Back) && len(m.running) > 0 {
		m.cancelAll()
		m.status, m.isErr = "cancelling…", false
		return nil
	}
	if msg.Type == tea.KeyF1 { // help even where '?' is typed text
		m.full = true
		return nil
	}
	if c, ok := m.Top().(screen.Capturer); ok && c.Capturing() {
		return m.forward(msg)
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	return m.forward(msg)
}

// globalKey handles the keys that act on every screen.
func (m *Model) globalKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.env.Keys
	switch {
	case key.Matches(msg, k.Global.Quit):
		m.cancelAll()
		return tea.Quit, true
	case key.Matches(msg, k.Global.Help):
		m.full = true
		return nil, true
	case key.Matches(msg, k.Global.Runner):
		fac := ""
		if f, ok := m.Top().(screen.FacilityScreen); ok {
			fac = f.FacilityID()
		}
		return m.push(runner.New(m.env, fac)), true
	case key.Matches(msg, k.Global.Serve):
		if _, open := m.Top().(*serve.Screen); open {
			return nil, true
		}
		return m.push(serve.New(m.env, m.serveCfg)), true
	case key.Matches(msg, k.Global.Prompt):
		if _, open := m.Top().(*walkthrough.Screen); open {
			return nil, true
		}
		return m.push(m.newWalkthrough()), true
	case key.Matches(msg, k.Global.Draft):
		if _, open := m.Top().(*draft.Screen); open {
			return nil, true
		}
		return m.push(m.newDraft()), true
	case key.Matches(msg, k.Global.Console):
		if _, open := m.Top().(*console.Screen); open {
			return nil, true
		}
		return m.push(console.New(m.env, m.console, m.session)), true
	}
	return nil, false
}

// absPath makes p absolute ("" stays "").
func absPath(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// minTrust is the session's trust floor.
func (m *Model) minTrust() float64 {
	if m.cc.MinTrust == 0 {
		return registry.DefaultMinTrust
	}
	return m.cc.MinTrust
}

// mouse turns the wheel into up and down.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if msg.Action != tea.MouseActionPress {
		return nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		return m.forward(tea.KeyMsg{Type: tea.KeyUp})
	case tea.MouseButtonWheelDown:
		return m.forward(tea.KeyMsg{Type: tea.KeyDown})
	}
	return nil
}

// envOf adapts getenv to termenv's Environ.
type envOf func(string) string

func (e envOf) Environ() []string { return nil }
func (e envOf) Getenv(k string) string {
	if e == nil {
		return ""
	}
	return e(k)
}
