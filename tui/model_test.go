package tui

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/facilities"
	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/runner"
	"github.com/camber-tui/camber-tui/tui/serve"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

func checkFrame(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("frame has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := widget.Width(l); n > w {
			t.Errorf("line %d is %d cells, more than %d: %q", i+1, n, w, l)
		}
	}
}

func TestBrowseFlow(t *testing.T) {
	a := plainApp(t, 80, 24)
	v := a.m.View()
	for _, want := range []string{"store demo campus · 2 allowed · trust≥0.5 · template only", "north-campus", "facilities rows 1-2 of 2", "? help"} {
		if !strings.Contains(v, want) {
			t.Errorf("first frame lacks %q:\n%s", want, v)
		}
	}
	checkFrame(t, v, 80, 24)
	a.press("enter")
	fs, ok := a.m.Top().(*facility.Screen)
	if !ok || fs.FacilityID() != "north-campus" {
		t.Fatalf("enter opened %T", a.m.Top())
	}
	if v := a.m.View(); !strings.Contains(v, "· North Campus ") || !strings.Contains(v, "north-campus [1 Overview]") {
		t.Errorf("breadcrumb or facility missing:\n%s", v)
	}
	a.send(tea.WindowSizeMsg{Width: 160, Height: 24})
	if v := a.m.View(); !strings.Contains(v, "store demo campus · 2 allowed · trust floor 0.5 · template only") || !strings.Contains(v, "facilities › north-campus · North Campus") {
		t.Errorf("wide header:\n%s", v)
	}
	a.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	a.press("4")
	if c := a.lastCall(); c.Name != "rule_run" {
		t.Fatalf("findings tab called %v", c)
	}
	a.press("n")
	if c := a.lastCall(); c.Args["offset"] != 25 {
		t.Fatalf("n called %v", c)
	}
	if !strings.Contains(a.m.View(), "rows 26-50 of 159") {
		t.Errorf("page 2 not shown:\n%s", a.m.View())
	}
	a.press("enter")
	if _, ok := a.m.Top().(*finding.Screen); !ok {
		t.Fatalf("enter on a finding opened %T", a.m.Top())
	}
	if c := a.lastCall(); c.Name != "finding_detail" || c.Args["offset"] != nil || c.Args["finding_id"] == nil {
		t.Fatalf("finding_detail call %v", c)
	}
	checkFrame(t, a.m.View(), 80, 24)
	a.press("esc")
	if a.m.Depth() != 2 {
		t.Fatalf("esc: depth %d", a.m.Depth())
	}
	a.press("R")
	r, ok := a.m.Top().(*runner.Screen)
	if !ok || r.FacilityID() != "north-campus" {
		t.Fatalf("R opened %T", a.m.Top())
	}
	a.press("esc")
	a.press("S")
	if _, ok := a.m.Top().(*serve.Screen); !ok {
		t.Fatalf("S opened %T", a.m.Top())
	}
	if !strings.Contains(a.m.Top().(*serve.Screen).Selected(), "claude mcp add camber -- /usr/local/bin/camber-tui --serve-mcp --store /srv/camber/store") ||
		!strings.Contains(a.m.View(), "--serve-mcp --store") {
		t.Errorf("serve panel:\n%s", a.m.View())
	}
	a.press("S") // already open: nothing more
	if a.m.Depth() != 3 {
		t.Errorf("S twice: depth %d", a.m.Depth())
	}
	a.press("esc", "?")
	if !strings.Contains(a.m.View(), "next page") || !strings.Contains(a.m.View(), "any other key closes") {
		t.Errorf("full help:\n%s", a.m.View())
	}
	a.press("q") // closes the help, does not quit
	if a.quit {
		t.Fatal("q in the help quit")
	}
	a.press("q")
	if !a.quit {
		t.Error("q does not quit")
	}
}

func TestCancelRunningCall(t *testing.T) {
	a := plainApp(t, 80, 24)
	a.rec.Block = "rule_run"
	a.press("enter")
	// the findings tab's call blocks until cancelled: run it by hand
	_, cmd := a.m.Update(tuitest.Key("4"))
	call := cmd().(interface{}) // the screen's CallMsg
	_, run := a.m.Update(call)
	if got := a.m.Running(); len(got) != 1 || got[0] != "rule_run" {
		t.Fatalf("running %v", got)
	}
	if v := a.m.View(); !strings.Contains(v, "running rule_run 0.0s · esc cancel") {
		t.Errorf("status line:\n%s", v)
	}
	done := make(chan tea.Msg, 1)
	go func() {
		for _, c := range run().(tea.BatchMsg) {
			if c == nil {
				continue
			}
			if m := c(); m != nil {
				if _, ok := m.(callDoneMsg); ok {
					done <- m
				}
			}
		}
	}()
	a.press("esc")
	a.send(<-done)
	if len(a.m.Running()) != 0 {
		t.Error("still running")
	}
	if st, isErr := a.m.Status(); st != "rule_run cancelled" || isErr {
		t.Errorf("status %q %v", st, isErr)
	}
	if a.m.Depth() != 2 {
		t.Errorf("esc with a running call left the screen (depth %d)", a.m.Depth())
	}
	a.rec.Block = ""
	a.press("r")
	if !strings.Contains(a.m.View(), "rows 1-25 of 159") {
		t.Errorf("reload after cancel:\n%s", a.m.View())
	}
}

func TestErrorInStatusLine(t *testing.T) {
	a := plainApp(t, 100, 24)
	a.press("enter", "5")
	st, isErr := a.m.Status()
	if !isErr || !strings.HasPrefix(st, "drift: this build has no such capability yet") {
		t.Errorf("status %q %v", st, isErr)
	}
	if !strings.Contains(a.m.View(), "✖ drift: this build has no such capability yet") {
		t.Errorf("view:\n%s", a.m.View())
	}
}

func TestCopyOSC52(t *testing.T) {
	a := plainApp(t, 80, 24)
	a.press("tab", "y")
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(a.m.Top().(*facilities.Screen).Model().Result().Facts[0].ID))
	if !strings.Contains(a.out.String(), want) {
		t.Errorf("output %q lacks %q", a.out.String(), want)
	}
	if st, _ := a.m.Status(); !strings.HasPrefix(st, "copied fact F1@facilities-") {
		t.Errorf("status %q", st)
	}
	if !strings.Contains(a.m.View(), "● copied fact") {
		t.Error("status not shown")
	}
}

func TestCapturingKeepsKeys(t *testing.T) {
	a := plainApp(t, 80, 24)
	a.press("/", "q", "R", "S", "?")
	if a.quit || a.m.Depth() != 1 {
		t.Fatalf("typed keys acted globally: quit %v depth %d", a.quit, a.m.Depth())
	}
	if strings.Contains(a.m.View(), "any other key closes") {
		t.Fatal("'?' typed in a filter opened the help")
	}
	a.press("f1") // help while typing
	if !strings.Contains(a.m.View(), "any other key closes") {
		t.Fatalf("f1 while typing did not open the help:\n%s", a.m.View())
	}
	a.press("esc")
	a.press("ctrl+c")
	if !a.quit {
		t.Error("ctrl+c does not quit while typing")
	}
}

func TestTooSmallAndResize(t *testing.T) {
	a := plainApp(t, 80, 24)
	a.press("enter", "4")
	for _, sz := range [][2]int{{59, 24}, {80, 14}, {1, 1}, {0, 0}, {60, 15}, {250, 60}, {61, 20}, {80, 24}} {
		a.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		v := a.m.View()
		if sz[0] == 0 {
			if v != "" {
				t.Errorf("0x0: %q", v)
			}
			continue
		}
		checkFrame(t, v, sz[0], sz[1])
		small := sz[0] < MinWidth || sz[1] < MinHeight
		if sz[0] >= 40 && small != strings.Contains(v, "terminal too") {
			t.Errorf("%v: too-small line %v:\n%s", sz, small, v)
		}
	}
	if !strings.Contains(a.m.View(), "rows 1-25 of 159") {
		t.Errorf("after resizing:\n%s", a.m.View())
	}
}

func TestOptions(t *testing.T) {
	opts, _, _ := testOptions(t, "mono", tuitest.Modes[2].Mode)
	opts.Keys = map[string][]string{"result.copy": {"ctrl+c"}}
	if _, err := New(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "ctrl+c") {
		t.Errorf("a clashing binding: %v", err)
	}
	opts.Keys = map[string][]string{"result.copy": {"c"}, "global.quit": {"Q"}}
	m, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(m.Env().Keys.Keys("result.copy"), ","), "c") {
		t.Error("override not applied")
	}
	if _, err := New(context.Background(), Options{}); err == nil {
		t.Error("no registry accepted")
	}
	if _, err := Styles(&lockedBuffer{}, func(string) string { return "1" }, "neon", ""); err == nil || !strings.Contains(err.Error(), "neon") {
		t.Errorf("an unknown theme under NO_COLOR: %v", err)
	}
	st, err := Styles(&lockedBuffer{}, func(string) string { return "" }, "dark", "")
	if err != nil || !st.Mode.NoColor {
		t.Errorf("a buffer is not a terminal: %+v %v", st.Mode, err)
	}
}

func TestServePathsAbsolute(t *testing.T) {
	opts, _, _ := testOptions(t, "mono", tuitest.Modes[2].Mode)
	opts.CallContext.Store = "store-dir"
	opts.CallContext.Configs = []string{"cfg/north.yaml"}
	m, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	line := m.serveCfg.ClaudeLine()
	if strings.Contains(line, " store-dir") || strings.Contains(line, " cfg/north.yaml") || !strings.Contains(line, "/store-dir") {
		t.Errorf("relative paths in %q", line)
	}
}
