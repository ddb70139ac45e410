package flows

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui"
	"github.com/camber-tui/camber-tui/tui/apptest"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/walkthrough"
)

// TestFlowWalkthroughToDraft drives the real program loop at 100x30: pick
// triage_ahu, fill its arguments with Tab, run every step, open the draft
// pane, insert the template, type a sentence with a wrong number, and see
// the live check (after its real pause) mark it unsupported.
func TestFlowWalkthroughToDraft(t *testing.T) {
	reg, cc, err := apptest.Registry()
	if err != nil {
		t.Fatal(err)
	}
	// the fact the typed sentence cites: rule_run's worst finding, as the
	// walkthrough's call will return it (the same call, the same token)
	res, err := reg.Call(context.Background(), "rule_run", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-1"}}, cc)
	if err != nil {
		t.Fatal(err)
	}
	cited := res.Facts[1].ID
	rec := &tuitest.Recorder{Caller: reg}
	mode := tuitest.Modes[2].Mode
	th, _ := themes.Select(themes.NameMono, nil, mode)
	m, err := tui.New(context.Background(), tui.Options{
		Registry: rec, CallContext: cc, StoreLabel: "demo campus", ExportDir: t.TempDir(), Output: sink{},
		Getenv: func(string) string { return "" }, Styles: themes.New(th, mode, nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor(t, tm, "north-campus", "P guided prompt")
	typeKey(tm, "P")
	waitFor(t, tm, "guided prompts", "triage_ahu")
	for _, k := range []string{"end", "enter", "tab"} {
		typeKey(tm, k)
	}
	waitFor(t, tm, "tab (1/2): north-campus south-annex")
	for _, k := range []string{"down", "tab"} {
		typeKey(tm, k)
	}
	waitFor(t, tm, "tab (1/4): AHU-1")
	typeKey(tm, "enter")
	waitFor(t, tm, "≡ message", "0 of 5 steps")
	typeKey(tm, "a")
	waitFor(t, tm, "4.3 finding_detail", "D opens the draft pane")
	typeKey(tm, "D")
	waitFor(t, tm, "draft · 0 words")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'t'}, Alt: true})
	waitFor(t, tm, "inserted the template draft")
	typeKey(tm, "enter")
	typeKey(tm, "enter")
	for _, r := range "AHU-1 wasted 99% of its hours [" + cited + "]." {
		if r == ' ' {
			tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
			continue
		}
		tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	waitFor(t, tm, "✗ AHU-1 wasted 99% of its hours", "unsupported number — states \"99%\"")
	typeKey(tm, "esc")
	waitFor(t, tm, "enter check the draft")
	typeKey(tm, "q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*tui.Model)
	w, ok := final.Top().(*walkthrough.Screen)
	if !ok {
		t.Fatalf("final screen %T", final.Top())
	}
	if got := strings.Join(w.Steps(), " "); got != "done done done done todo" {
		t.Errorf("steps %s", got)
	}
	draft := final.Session().Draft
	r := verify.NewChecker(final.Session().VerifyFacts(), verify.Options{}).Check(draft)
	if r.Counts.UnsupportedNumber != 1 || r.Counts.Supported < 10 {
		t.Errorf("the draft checks as %+v", r.Counts)
	}
	var names []string
	for _, c := range rec.Calls() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "facilities facilities points points sensor_trust rule_run finding_detail finding_detail finding_detail" {
		t.Errorf("calls %q", got)
	}
}
