package apptest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// App is the root model over the test registry, driven by hand.
type App struct {
	T    testing.TB
	M    *tui.Model
	Rec  *tuitest.Recorder
	Dir  string // the export directory
	Quit bool   // a command asked to quit
}

// Now is the test clock: elapsed times are zero.
func Now() time.Time { return time.Date(2025, 9, 2, 8, 0, 0, 0, time.UTC) }

// sink takes the copy command's output.
type sink struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// Options returns app options over the test registry in theme and mode:
// exports to a temporary directory, the draft checked at every keystroke
// (no timers), a fixed clock.
func Options(t testing.TB, theme string, mode themes.Mode) (tui.Options, *tuitest.Recorder) {
	t.Helper()
	reg, cc, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	cc.Store = "/srv/camber/store"
	rec := &tuitest.Recorder{Caller: reg}
	th, err := themes.Select(theme, nil, mode)
	if err != nil {
		t.Fatal(err)
	}
	return tui.Options{
		Registry: rec, CallContext: cc, StoreLabel: "demo campus", Executable: "/usr/local/bin/camber-tui",
		ExportDir: t.TempDir(), Output: &sink{}, Getenv: func(string) string { return "" },
		Styles: themes.New(th, mode, nil), Now: Now, CheckDelay: -1,
	}, rec
}

// New returns the app at w×h in theme and mode; edit changes the options
// before the model is made.
func New(t testing.TB, w, h int, theme string, mode themes.Mode, edit func(*tui.Options)) *App {
	t.Helper()
	opts, rec := Options(t, theme, mode)
	if edit != nil {
		edit(&opts)
	}
	m, err := tui.New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{T: t, M: m, Rec: rec, Dir: opts.ExportDir}
	a.Send(tea.WindowSizeMsg{Width: w, Height: h})
	a.Drive(m.Init())
	return a
}

// Plain returns the app without colour.
func Plain(t testing.TB, w, h int) *App {
	t.Helper()
	return New(t, w, h, tuitest.Modes[2].Theme, tuitest.Modes[2].Mode, nil)
}

// Send delivers msg to the model and drives what it returns.
func (a *App) Send(msg tea.Msg) {
	_, cmd := a.M.Update(msg)
	a.Drive(cmd)
}

// Drive runs cmd by hand as the program loop would (a batch's commands in
// order), except the spinner's ticks, which would never end while a call
// runs (see [tuitest.Loop]).
func (a *App) Drive(cmd tea.Cmd) {
	if tuitest.Loop(cmd, a.Send) {
		a.Quit = true
	}
}

// Press sends keys one by one ("enter", "alt+t", "f2", "a" ...).
func (a *App) Press(keys ...string) {
	for _, k := range keys {
		a.Send(Key(k))
	}
}

// Type sends text one character at a time, as a person types.
func (a *App) Type(text string) {
	for _, r := range text {
		switch r {
		case ' ':
			a.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		case '\n':
			a.Send(tea.KeyMsg{Type: tea.KeyEnter})
		default:
			a.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

// View renders the frame.
func (a *App) View() string { return a.M.View() }

// Key returns the key message bubbletea sends for k, alt+ keys included.
func Key(k string) tea.KeyMsg {
	if rest, ok := strings.CutPrefix(k, "alt+"); ok && rest != "" {
		m := tuitest.Key(rest)
		m.Alt = true
		return m
	}
	return tuitest.Key(k)
}
