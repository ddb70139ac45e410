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

// Flatten runs cmd and the commands of its batches, in order, and returns
// the messages they produce (nil messages dropped), calling nothing.
func Flatten(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, Flatten(c)...)
		}
		return out
	default:
		return []tea.Msg{m}
	}
}

// Exec runs cmd by hand the way the root would: batches are run one by
// one, and each screen.CallMsg becomes the screen.DoneMsg of calling c. It
// returns every message produced, in order (nil messages dropped).
func Exec(c Caller, cc *registry.CallContext, cmd tea.Cmd) []tea.Msg {
	msgs := Flatten(cmd)
	for i, msg := range msgs {
		if m, ok := msg.(screen.CallMsg); ok {
			start := time.Now()
			res, err := c.Call(context.Background(), m.Name, m.Args, cc)
			msgs[i] = screen.DoneMsg{Owner: m.Owner, Tag: m.Tag, Name: m.Name, Args: m.Args, Result: res, Err: err,
				Elapsed: time.Since(start).Round(time.Second)}
		}
	}
	return msgs
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

// Drive runs cmd for screen s by hand: each call's answer goes back into
// s (and what that returns is driven too); every other message is
// returned, in order, for the test to inspect (OpenMsg, StatusMsg ...).
func Drive(c Caller, cc *registry.CallContext, s screen.Screen, cmd tea.Cmd) []tea.Msg {
	var rest []tea.Msg
	for _, msg := range Exec(c, cc, cmd) {
		if d, ok := msg.(screen.DoneMsg); ok {
			_, next := s.Update(d)
			rest = append(rest, Drive(c, cc, s, next)...)
			continue
		}
		rest = append(rest, msg)
	}
	return rest
}

// Press sends key k to s and drives what it returns.
func Press(c Caller, cc *registry.CallContext, s screen.Screen, k string) []tea.Msg {
	_, cmd := s.Update(Key(k))
	return Drive(c, cc, s, cmd)
}

// Start sizes s, runs its Init and drives it.
func Start(c Caller, cc *registry.CallContext, s screen.Screen, w, h int) []tea.Msg {
	s.SetSize(w, h)
	return Drive(c, cc, s, s.Init())
}
