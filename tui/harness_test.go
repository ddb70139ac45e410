package tui

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// lockedBuffer is a bytes.Buffer safe for the copy command's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// fixedNow is the test clock: elapsed times are zero.
func fixedNow() time.Time { return time.Date(2025, 9, 2, 8, 0, 0, 0, time.UTC) }

// app is a root model over the fake registry.
type app struct {
	t   testing.TB
	m   *Model
	rec *tuitest.Recorder
	out *lockedBuffer
	// quit is set when a command asked to quit.
	quit bool
}

// testOptions returns options over the fake registry.
func testOptions(t testing.TB, theme string, mode themes.Mode) (Options, *tuitest.Recorder, *lockedBuffer) {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	cc.Store = "/srv/camber/store"
	rec := &tuitest.Recorder{Caller: reg}
	th, err := themes.Select(theme, nil, mode)
	if err != nil {
		t.Fatal(err)
	}
	out := &lockedBuffer{}
	return Options{
		Registry: rec, CallContext: cc, StoreLabel: "demo campus", Executable: "/usr/local/bin/camber-tui",
		ExportDir: t.TempDir(), Output: out, Getenv: func(string) string { return "" },
		Styles: themes.New(th, mode, nil), Now: fixedNow,
	}, rec, out
}

func newApp(t testing.TB, w, h int, theme string, mode themes.Mode) *app {
	t.Helper()
	opts, rec, out := testOptions(t, theme, mode)
	m, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, m: m, rec: rec, out: out}
	a.send(tea.WindowSizeMsg{Width: w, Height: h})
	a.drive(m.Init())
	return a
}

func plainApp(t testing.TB, w, h int) *app {
	t.Helper()
	return newApp(t, w, h, themes.NameMono, tuitest.Modes[2].Mode)
}

// send delivers msg to the model and drives what it returns.
func (a *app) send(msg tea.Msg) {
	_, cmd := a.m.Update(msg)
	a.drive(cmd)
}

// drive runs cmd by hand like the program loop would, except the
// spinner's ticks (which would never end while a call runs).
func (a *app) drive(cmd tea.Cmd) {
	if tuitest.Loop(cmd, a.send) {
		a.quit = true
	}
}

// press sends keys one by one.
func (a *app) press(keys ...string) {
	for _, k := range keys {
		a.send(tuitest.Key(k))
	}
}

// lastCall returns the last recorded call.
func (a *app) lastCall() tuitest.Recorded {
	c := a.rec.Calls()
	if len(c) == 0 {
		a.t.Fatal("no call")
	}
	return c[len(c)-1]
}

var _ = registry.DefaultMinTrust
