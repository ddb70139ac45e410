package draft

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

const fact = "F1@points-abc123"

// newSession holds one fact: AHU-1 stores 13 points.
func newSession(t testing.TB) *session.Session {
	t.Helper()
	s := session.New()
	res := &registry.Result{Facts: []registry.Fact{
		{ID: fact, Kind: "point_count", Value: 13, Text: "AHU-1 stores 13 points"},
		{ID: "F2@points-abc123", Kind: "role", Text: "AHU-1 stores supply_air_temp at 5 minute intervals", Equip: "AHU-1"},
	}}
	if n := s.AddResult("points", res); n != 2 {
		t.Fatalf("added %d facts", n)
	}
	return s
}

// newPane returns the pane at w×h checking at every keystroke.
func newPane(t testing.TB, sess *session.Session, opts Options, w, h int) *Screen {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	env := tuitest.PlainEnv(t, reg, cc)
	opts.Session = sess
	if opts.Debounce == 0 {
		opts.Debounce = -1
	}
	s := New(env, opts)
	s.SetSize(w, h)
	return s
}

// keyMsg returns the message of key k (alt+ included).
func keyMsg(k string) tea.KeyMsg {
	if rest, ok := strings.CutPrefix(k, "alt+"); ok {
		m := tuitest.Key(rest)
		m.Alt = true
		return m
	}
	return tuitest.Key(k)
}

// press sends keys and returns the last command.
func press(s *Screen, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = s.Update(keyMsg(k))
	}
	return cmd
}

// typeText types text a character at a time.
func typeText(s *Screen, text string) {
	for _, r := range text {
		if r == '\n' {
			s.Update(tea.KeyMsg{Type: tea.KeyEnter})
			continue
		}
		s.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

// run runs cmd (and its batches) and hands each message back to s,
// returning those that are not the pane's own.
func run(s *Screen, cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, run(s, c)...)
		}
		return out
	case screen.BackMsg, screen.StatusMsg, screen.OpenMsg:
		return []tea.Msg{m}
	default:
		_, next := s.Update(m)
		return run(s, next)
	}
}

func TestLiveCheckMarksEverySentence(t *testing.T) {
	s := newPane(t, newSession(t), Options{}, 120, 12)
	typeText(s, "AHU-1 stores 13 points ["+fact+"]. It wastes 42% ["+fact+"]. It has 7 fans. See [F9@x-1].")
	want := []verify.Verdict{verify.Supported, verify.UnsupportedNumber, verify.Uncited, verify.UnknownCitation}
	r := s.Report()
	if len(r.Sentences) != len(want) {
		t.Fatalf("%d sentences", len(r.Sentences))
	}
	for i, w := range want {
		if r.Sentences[i].Verdict != w {
			t.Errorf("sentence %d: %s, want %s", i+1, r.Sentences[i].Verdict, w)
		}
	}
	v := s.View()
	for _, g := range []string{"✓ AHU-1 stores", "✗ It wastes", "○ It has 7", "? See"} {
		if !strings.Contains(v, g) {
			t.Errorf("no mark %q:\n%s", g, v)
		}
	}
	if !strings.Contains(v, "✓ 1 supported · ? 1 unknown citation · ○ 1 uncited · ✗ 1 unsupported number") {
		t.Errorf("the title does not count:\n%s", v)
	}
	// the cursor is on the last sentence: its reason is shown
	if !strings.Contains(v, "? sentence 4 of 4: unknown citation") {
		t.Errorf("no reason for the cursor's sentence:\n%s", v)
	}
	if sess := s.opts.Session; sess.Draft != s.Text() {
		t.Error("the session's draft does not follow the text")
	}
}

func TestReasonFollowsTheCursor(t *testing.T) {
	s := newPane(t, newSession(t), Options{}, 100, 12)
	typeText(s, "It wastes 42% ["+fact+"]. Fine.")
	for range len(" Fine.") + 3 {
		press(s, "left")
	}
	if v := s.View(); !strings.Contains(v, `✗ sentence 1 of 2: unsupported number — states "42%"`) {
		t.Errorf("the reason of sentence 1 is not shown:\n%s", v)
	}
}

func TestDebouncedCheck(t *testing.T) {
	s := newPane(t, newSession(t), Options{Debounce: time.Millisecond}, 100, 12)
	if !s.Checked() {
		t.Fatal("a new pane is not checked")
	}
	first := press(s, "A")
	second := press(s, "B")
	if s.Checked() || first == nil || second == nil {
		t.Fatal("a keystroke checked at once")
	}
	if !strings.Contains(s.View(), "checking…") {
		t.Error("an unchecked draft does not say so")
	}
	run(s, first) // an earlier keystroke's tick: not the last edit
	if s.Checked() {
		t.Fatal("a stale tick checked")
	}
	run(s, second)
	if !s.Checked() || len(s.Report().Sentences) != 1 {
		t.Fatalf("the last tick did not check: %+v", s.Report())
	}
}

func TestShift(t *testing.T) {
	base := "One 1. Two 2. Three 3."
	tests := []struct {
		name  string
		after string
		want  []span
	}{
		{"OKTypeInSecond", "One 1. Two 22. Three 3.", []span{{0, 6, 0, false}, {7, 14, 1, true}, {15, 23, 2, false}}},
		{"OKDeleteInFirst", "One . Two 2. Three 3.", []span{{0, 5, 0, true}, {6, 12, 1, false}, {13, 21, 2, false}}},
		{"OKAppend", base + " Four.", []span{{0, 6, 0, false}, {7, 13, 1, false}, {14, 22, 2, false}}},
		{"OKReplaceAcross", "One 1. X 3.", []span{{0, 6, 0, false}, {7, 8, 1, true}, {7, 11, 2, true}}},
		{"OKPrepend", "Zero. " + base, []span{{6, 12, 0, false}, {13, 19, 1, false}, {20, 28, 2, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &Screen{spans: []span{{0, 6, 0, false}, {7, 13, 1, false}, {14, 22, 2, false}}}
			s.shift(base, tc.after)
			for i, w := range tc.want {
				if s.spans[i] != w {
					t.Errorf("span %d = %+v, want %+v", i, s.spans[i], w)
				}
			}
		})
	}
}

func TestTemplateInsertsAndChecks(t *testing.T) {
	s := newPane(t, newSession(t), Options{}, 100, 14)
	typeText(s, "Notes:")
	run(s, press(s, "alt+t"))
	if s.Source() != agent.SourceTemplate {
		t.Fatalf("source %q", s.Source())
	}
	if !strings.HasPrefix(s.Text(), "Notes:\n\n") || !strings.Contains(s.Text(), "["+fact+"]") {
		t.Fatalf("text %q", s.Text())
	}
	c := s.Report().Counts
	if c.UnsupportedNumber+c.Uncited+c.UnknownCitation != 0 || c.Supported < 2 {
		t.Errorf("the template does not check: %+v", c)
	}
	if n, _ := s.Note(); !strings.Contains(n, "inserted the template draft") {
		t.Errorf("note %q", n)
	}
	// F2 does the same
	before := len(s.Text())
	run(s, press(s, "f2"))
	if len(s.Text()) <= before {
		t.Error("f2 inserted nothing")
	}
}

func TestNoFacts(t *testing.T) {
	s := newPane(t, session.New(), Options{Completer: agent.CompleterFunc(func(context.Context, string, agent.Options) (string, error) { return "x", nil })}, 100, 12)
	for _, k := range []string{"alt+t", "alt+l"} {
		if cmd := press(s, k); cmd != nil {
			t.Errorf("%s without facts made a command", k)
		}
		if n, isErr := s.Note(); !isErr || !strings.Contains(n, "no facts to draft from") {
			t.Errorf("%s: note %q", k, n)
		}
	}
}

func TestLLM(t *testing.T) {
	good := "AHU-1 stores 13 points [" + fact + "]."
	tests := []struct {
		name     string
		answer   string
		err      error
		source   string
		flagged  bool
		contains string
	}{
		{"OK", good, nil, agent.SourceLLM, false, good},
		{"OKFallbackOnUnsupported", "AHU-1 has 99 faults [" + fact + "].", nil, agent.SourceTemplate, true, "["},
		{"OKFallbackOnModelError", "", errors.New("connection refused"), agent.SourceTemplate, true, "["},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := agent.CompleterFunc(func(context.Context, string, agent.Options) (string, error) { return tc.answer, tc.err })
			s := newPane(t, newSession(t), Options{Completer: m, LLM: "stub"}, 100, 12)
			cmd := press(s, "alt+l")
			if !s.Drafting() || !strings.Contains(s.View(), "asking stub to draft from 2 facts") {
				t.Fatalf("not drafting:\n%s", s.View())
			}
			run(s, cmd)
			if s.Drafting() {
				t.Fatal("still drafting")
			}
			if s.Source() != tc.source || (len(s.Flags()) > 0) != tc.flagged || !strings.Contains(s.Text(), tc.contains) {
				t.Errorf("source %q flags %v text %q", s.Source(), s.Flags(), s.Text())
			}
			if tc.flagged {
				if n, _ := s.Note(); !strings.Contains(n, "flagged") {
					t.Errorf("note %q", n)
				}
			}
		})
	}
}

func TestLLMCancelAndNone(t *testing.T) {
	block := agent.CompleterFunc(func(ctx context.Context, _ string, _ agent.Options) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	})
	s := newPane(t, newSession(t), Options{Completer: block}, 100, 12)
	cmd := press(s, "alt+l")
	if out := run(s, press(s, "esc")); len(out) != 0 {
		t.Fatalf("esc while drafting left the pane: %v", out)
	}
	run(s, cmd)
	if n, _ := s.Note(); n != "the LLM draft was cancelled" || s.Drafting() || s.Text() != "" {
		t.Errorf("note %q drafting %v text %q", n, s.Drafting(), s.Text())
	}
	if _, ok := tuitest.Find[screen.BackMsg](run(s, press(s, "esc"))); !ok {
		t.Error("esc does not leave the pane")
	}

	none := newPane(t, newSession(t), Options{}, 100, 12)
	if press(none, "alt+l") != nil {
		t.Error("no LLM made a command")
	}
	if n, isErr := none.Note(); !isErr || !strings.Contains(n, "no LLM is wired (template only)") {
		t.Errorf("note %q", n)
	}
}

func TestSave(t *testing.T) {
	sess := newSession(t)
	sess.DraftLabel = "triage_ahu-AHU-1"
	s := newPane(t, sess, Options{}, 100, 12)
	if press(s, "alt+s") != nil {
		t.Fatal("an empty draft was saved")
	}
	typeText(s, "AHU-1 stores 13 points ["+fact+"]. It wastes 42% ["+fact+"].")
	out := run(s, press(s, "alt+s"))
	st, ok := tuitest.Find[screen.StatusMsg](out)
	if !ok || st.Text != "saved camber-draft-triage_ahu-AHU-1.md" {
		t.Fatalf("status %+v", out)
	}
	b, err := os.ReadFile(filepath.Join(s.env.ExportDir, "camber-draft-triage_ahu-AHU-1.md"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{
		"# Draft: triage_ahu-AHU-1\n\nAHU-1 stores 13 points [" + fact + "].\n",
		"## Removed by the citation check\n\n- unsupported number: It wastes 42%",
		"| " + fact + " | point_count |  | AHU-1 stores 13 points |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the file lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "F2@points") {
		t.Error("the appendix lists a fact the text does not cite")
	}
	// never overwritten
	st2, _ := tuitest.Find[screen.StatusMsg](run(s, press(s, "alt+s")))
	if st2.Text != "saved camber-draft-triage_ahu-AHU-1-2.md" {
		t.Errorf("second save %q", st2.Text)
	}
	// a failure is said plainly
	s.env.ExportDir = filepath.Join(s.env.ExportDir, "missing")
	run(s, press(s, "alt+s"))
	if n, isErr := s.Note(); !isErr || !strings.HasPrefix(n, "save failed: create: ") || strings.Contains(n, s.env.ExportDir) {
		t.Errorf("note %q", n)
	}
}

func TestUpDownMoveByScreenRows(t *testing.T) {
	s := newPane(t, newSession(t), Options{}, 30, 12)
	typeText(s, strings.Repeat("word ", 30)+"\nsecond line")
	end := s.cursorOff()
	press(s, "up")
	up1 := s.cursorOff()
	if up1 >= end || s.ta.Line() != 0 {
		t.Fatalf("up from the last line went to %d (line %d)", up1, s.ta.Line())
	}
	press(s, "up")
	if up2 := s.cursorOff(); up2 >= up1 || up1-up2 > 30 {
		t.Errorf("up within a wrapped line moved from %d to %d", up1, up2)
	}
	press(s, "down", "down")
	if s.ta.Line() != 1 {
		t.Errorf("down did not come back to line 2 (at %d)", s.cursorOff())
	}
	press(s, "pgup")
	if s.cursorOff() != 0 && s.ta.Line() != 0 {
		t.Error("pgup did not go up")
	}
}

func TestViewFits(t *testing.T) {
	for _, w := range []int{20, 60, 80, 160} {
		s := newPane(t, newSession(t), Options{}, w, 10)
		typeText(s, "Ünïcode 漢字 wide text [F1@points-abc123]. \tTabbed 13 points.\n\n"+strings.Repeat("long ", 50))
		v := s.View()
		lines := strings.Split(v, "\n")
		if len(lines) != 10 {
			t.Errorf("width %d: %d lines", w, len(lines))
		}
		for i, l := range lines {
			if widget.Width(l) > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, widget.Width(l), l)
			}
		}
	}
}
