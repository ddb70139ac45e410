// Package serve is the serve panel: how to let an AI client use this same
// store over MCP — the exact `claude mcp add` line and the mcpServers
// snippet of .mcp.json and Claude Desktop's config, for the session's
// store, allowlist, run configs and trust floor, with absolute paths, each
// copyable.
package serve

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// Config is what the server would be started with. Paths are absolute.
type Config struct {
	// Executable is the camber-tui binary (os.Executable).
	Executable string
	Store      string
	Allowed    []string
	Configs    []string
	MinTrust   float64
	// Name is the server's name in the client (default "camber").
	Name string
}

// Args returns the server's arguments.
func (c Config) Args() []string {
	args := []string{"--serve-mcp", "--store", c.Store}
	for _, id := range c.Allowed {
		args = append(args, "--allow", id)
	}
	for _, p := range c.Configs {
		args = append(args, "--config", p)
	}
	if c.MinTrust > 0 {
		args = append(args, "--min-trust", strconv.FormatFloat(c.MinTrust, 'f', -1, 64))
	}
	return args
}

func (c Config) name() string {
	if c.Name == "" {
		return "camber"
	}
	return c.Name
}

// ClaudeLine returns the `claude mcp add` command line, shell-quoted.
func (c Config) ClaudeLine() string {
	parts := []string{"claude", "mcp", "add", quote(c.name()), "--", quote(c.Executable)}
	for _, a := range c.Args() {
		parts = append(parts, quote(a))
	}
	return strings.Join(parts, " ")
}

// Snippet returns the mcpServers JSON that .mcp.json (Claude Code) and
// claude_desktop_config.json (Claude Desktop) both take.
func (c Config) Snippet() string {
	v := map[string]any{"mcpServers": map[string]any{c.name(): map[string]any{"command": c.Executable, "args": c.Args()}}}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// plainArg is an argument the shell takes as it is.
var plainArg = regexp.MustCompile(`^[A-Za-z0-9_./:=@%+,-]+$`)

// quote quotes s for a POSIX shell when it needs it.
func quote(s string) string {
	if plainArg.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Screen is the serve panel.
type Screen struct {
	env  *screen.Env
	cfg  Config
	sel  int
	top  int
	w, h int
}

// New returns the panel for cfg.
func New(env *screen.Env, cfg Config) *Screen { return &Screen{env: env, cfg: cfg} }

// block is one copyable snippet.
type block struct{ title, text string }

func (s *Screen) blocks() []block {
	return []block{
		{"claude CLI (Claude Code)", s.cfg.ClaudeLine()},
		{".mcp.json (Claude Code project) or claude_desktop_config.json (Claude Desktop)", s.cfg.Snippet()},
	}
}

// Selected returns the selected snippet's text.
func (s *Screen) Selected() string { return s.blocks()[s.sel].text }

// Init does nothing.
func (s *Screen) Init() tea.Cmd { return nil }

// Title names the panel.
func (s *Screen) Title() string { return "serve over MCP" }

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) { s.w, s.h = max(w, 0), max(h, 0) }

// Update moves between the snippets and copies one.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, nil
	}
	keys := s.env.Keys
	n := len(s.blocks())
	switch {
	case key.Matches(k, keys.Global.Back):
		return s, screen.Back
	case key.Matches(k, keys.Nav.Down), key.Matches(k, keys.Result.NextFact):
		s.sel = (s.sel + 1) % n
	case key.Matches(k, keys.Nav.Up), key.Matches(k, keys.Result.PrevFact):
		s.sel = (s.sel - 1 + n) % n
	case key.Matches(k, keys.Nav.PageDown):
		s.top++
	case key.Matches(k, keys.Nav.PageUp):
		s.top = max(s.top-1, 0)
	case key.Matches(k, keys.Result.Copy), key.Matches(k, keys.Nav.Select):
		b := s.blocks()[s.sel]
		what := "the claude command"
		if s.sel == 1 {
			what = "the mcpServers snippet"
		}
		return s, screen.Copy(b.text, what)
	}
	return s, nil
}

// ShortHelp lists the keys.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	return []key.Binding{k.Result.Copy, k.Nav.Down, k.Global.Back}
}

// FullHelp lists every key.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	return [][]key.Binding{{k.Nav.Up, k.Nav.Down, k.Nav.PageUp, k.Nav.PageDown, k.Result.Copy, k.Nav.Select, k.Global.Back}}
}

// View renders the panel: an intro, then each snippet (wrapped; the
// copy is the whole text), the selected one marked "›".
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	st := s.env.Styles
	lines := []string{st.Title.Render("Let an AI client use this store over MCP")}
	intro := "The client starts camber-tui as an MCP server with the same store, allowlist (" +
		strconv.Itoa(len(s.cfg.Allowed)) + " facilities), run configs and trust floor as this session; it only reads."
	for _, l := range widget.Wrap(intro, s.w) {
		lines = append(lines, st.Muted.Render(l))
	}
	selStart := 0
	for i, b := range s.blocks() {
		lines = append(lines, "")
		if i == s.sel {
			selStart = len(lines)
			lines = append(lines, st.Selected.Render(widget.Pad("› "+strconv.Itoa(i+1)+" "+b.title+"   y: copy", s.w)))
		} else {
			lines = append(lines, st.Subtitle.Render(widget.Truncate("  "+strconv.Itoa(i+1)+" "+b.title, s.w)))
		}
		for _, raw := range strings.Split(b.text, "\n") {
			indent := len(raw) - len(strings.TrimLeft(raw, " "))
			for _, l := range widget.WrapIndent("    "+raw[:indent], raw[indent:], s.w) {
				lines = append(lines, st.Code.Render(l))
			}
		}
	}
	lines = append(lines, "", st.Muted.Render(widget.Truncate("Paths are this machine's; copying works over SSH (OSC 52) where the terminal allows it.", s.w)))
	// keep the selected snippet's title in view
	top := min(s.top, max(len(lines)-s.h, 0))
	if selStart < top || selStart >= top+s.h {
		top = max(selStart-1, 0)
	}
	s.top = top
	return widget.Fit(strings.Join(lines[min(top, len(lines)):], "\n"), s.w, s.h)
}
