package flows

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// sink discards the copy command's output.
type sink struct{}

func (sink) Write(p []byte) (int, error) { return len(p), nil }

// testOptions returns app options over the fake registry, without colour.
func testOptions(t *testing.T) (tui.Options, *tuitest.Recorder, *strings.Builder) {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec := &tuitest.Recorder{Caller: reg}
	mode := tuitest.Modes[2].Mode
	th, _ := themes.Select(themes.NameMono, nil, mode)
	return tui.Options{
		Registry: rec, CallContext: cc, StoreLabel: "demo campus", Executable: "/usr/local/bin/camber-tui",
		ExportDir: t.TempDir(), Output: sink{}, Getenv: func(string) string { return "" },
		Styles: themes.New(th, mode, nil),
	}, rec, &strings.Builder{}
}

// waitFor waits until the program's output holds every one of want.
func waitFor(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	var seen []byte
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		seen = append(seen, b...)
		for _, w := range want {
			if !bytes.Contains(seen, []byte(w)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
}

// typeKey sends one key, as a person (or tmux send-keys) would.
func typeKey(tm *teatest.TestModel, k string) { tm.Send(tuitest.Key(k)) }

// TestFlowOpenRunPageDetail drives the real program loop at 80x24: open a
// facility, run rule_run on the Findings tab, page, open a finding.
func TestFlowOpenRunPageDetail(t *testing.T) {
	opts, rec, _ := testOptions(t)
	m, err := tui.New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "north-campus", "rows 1-2 of 2")
	typeKey(tm, "enter")
	waitFor(t, tm, "[1 Overview]", "AHU-1")
	typeKey(tm, "4")
	waitFor(t, tm, "rows 1-25 of 159")
	typeKey(tm, "n")
	waitFor(t, tm, "rows 26-50 of 159")
	typeKey(tm, "down")
	typeKey(tm, "enter")
	waitFor(t, tm, "spans (", "finding_detail facility_id=north-campus")
	typeKey(tm, "q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*tui.Model)
	if _, ok := final.Top().(*finding.Screen); !ok || final.Depth() != 3 {
		t.Fatalf("final screen %T depth %d", final.Top(), final.Depth())
	}
	var names []string
	for _, c := range rec.Calls() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "facilities points rule_run rule_run finding_detail" {
		t.Errorf("calls %q", got)
	}
	last := rec.Calls()[len(rec.Calls())-1]
	if last.Args["finding_id"] == nil || last.Args["offset"] != nil {
		t.Errorf("finding_detail args %v", last.Args)
	}
}

// TestFlowRunnerAndCancel runs a capability from the runner, cancels a
// call that never ends with Esc, and quits with ctrl+c.
func TestFlowRunnerAndCancel(t *testing.T) {
	opts, rec, _ := testOptions(t)
	rec.Block = "sensor_trust"
	m, err := tui.New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "rows 1-2 of 2")
	typeKey(tm, "R")
	waitFor(t, tm, "run a capability")
	for _, k := range []string{"/", "p", "o", "i", "n", "t", "s", "enter", "enter"} {
		typeKey(tm, k)
	}
	waitFor(t, tm, "*facility_id")
	for _, k := range []string{"s", "o", "tab", "enter"} {
		typeKey(tm, k)
	}
	waitFor(t, tm, "south-annex stores 24 matching points")
	typeKey(tm, "esc") // back to the form
	typeKey(tm, "esc") // back to the picker
	typeKey(tm, "esc") // clear the picker's filter
	typeKey(tm, "/")
	for _, k := range []string{"s", "e", "n", "s", "o", "r", "enter", "enter", "n", "o", "tab", "enter"} {
		typeKey(tm, k)
	}
	waitFor(t, tm, "running sensor_trust", "esc cancel")
	typeKey(tm, "esc")
	waitFor(t, tm, "sensor_trust cancelled")
	typeKey(tm, "ctrl+c")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*tui.Model)
	if len(final.Running()) != 0 {
		t.Errorf("still running %v", final.Running())
	}
}

// TestRunQuits starts Run on a pipe (no terminal: no colour) and quits.
func TestRunQuits(t *testing.T) {
	opts, _, out := testOptions(t)
	opts.Styles = nil
	opts.Input = strings.NewReader("q")
	opts.Output = out
	if err := tui.Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\x1b[38;") {
		t.Error("colour on a pipe")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts.Input = strings.NewReader("")
	if err := tui.Run(ctx, opts); err == nil {
		t.Error("a cancelled context returned nil")
	}
	opts.Theme = "neon"
	if err := tui.Run(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "neon") {
		t.Errorf("unknown theme: %v", err)
	}
}

var _ tea.Model = (*tui.Model)(nil)
