package tuitest

import (
	"context"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/keys"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// Modes are the theme/profile pairs golden views are taken in: dark and
// light at a fixed 256-colour profile, and no colour (plain text).
var Modes = []struct {
	Name  string
	Theme string
	Mode  themes.Mode
}{
	{"dark", themes.NameDark, themes.Mode{Profile: termenv.ANSI256, DarkBackground: true}},
	{"light", themes.NameLight, themes.Mode{Profile: termenv.ANSI256}},
	{"nocolor", themes.NameMono, themes.Mode{NoColor: true, Profile: termenv.Ascii, DarkBackground: true}},
}

// NewEnv returns a screen environment over reg for theme in mode, with the
// default keys; exports go to dir.
func NewEnv(t testing.TB, c Caller, cc *registry.CallContext, theme string, mode themes.Mode, dir string) *screen.Env {
	t.Helper()
	th, err := themes.Select(theme, nil, mode)
	if err != nil {
		t.Fatal(err)
	}
	return &screen.Env{
		Styles:    themes.New(th, mode, nil),
		Keys:      keys.Default(),
		Caps:      c.Capabilities(),
		Allowed:   slices.Clone(cc.AllowedFacilities),
		ExportDir: dir,
	}
}

// PlainEnv is NewEnv without colour, exporting to a temporary directory.
func PlainEnv(t testing.TB, c Caller, cc *registry.CallContext) *screen.Env {
	t.Helper()
	return NewEnv(t, c, cc, themes.NameMono, Modes[2].Mode, t.TempDir())
}

// Exec runs cmd by hand the way the root would: batches are run one by
// one, and each screen.CallMsg becomes the screen.DoneMsg of calling c. It
// returns every message produced, in order (nil messages dropped).
func Exec(c Caller, cc *registry.CallContext, cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	switch m := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c2 := range m {
			out = append(out, Exec(c, cc, c2)...)
		}
		return out
	case screen.CallMsg:
		start := time.Now()
		res, err := c.Call(context.Background(), m.Name, m.Args, cc)
		return []tea.Msg{screen.DoneMsg{Owner: m.Owner, Tag: m.Tag, Name: m.Name, Args: m.Args, Result: res, Err: err,
			Elapsed: time.Since(start).Round(time.Second)}}
	}
	return []tea.Msg{msg}
}

// Key returns the key message bubbletea sends for k ("n", "enter",
// "shift+tab", "pgdown", "ctrl+c" ...).
func Key(k string) tea.KeyMsg {
	for t := -200; t <= 200; t++ {
		if tea.KeyType(t).String() == k && k != "runes" {
			return tea.KeyMsg{Type: tea.KeyType(t)}
		}
	}
	if k == " " || k == "space" {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Find returns the first message of type M in msgs.
func Find[M any](msgs []tea.Msg) (M, bool) {
	for _, m := range msgs {
		if x, ok := m.(M); ok {
			return x, true
		}
	}
	var zero M
	return zero, false
}
