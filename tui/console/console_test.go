package console

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// rig is a command line over the fake registry.
type rig struct {
	t     *testing.T
	s     *Screen
	sh    *Shared
	facts *session.Session
	rec   *tuitest.Recorder
	cc    *registry.CallContext
	out   []tea.Msg
}

func newRig(t *testing.T) *rig {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec := &tuitest.Recorder{Caller: reg}
	env := tuitest.PlainEnv(t, rec, cc)
	sh := NewShared(Options{Caller: rec, CallContext: cc, Theme: "dark"})
	facts := session.New()
	r := &rig{t: t, sh: sh, facts: facts, rec: rec, cc: cc}
	r.s = New(env, sh, facts)
	r.s.SetSize(100, 27)
	r.drive(r.s.Init())
	return r
}

// drive runs cmd: the pane's own messages go back to it (ticks are left
// out: they only turn the running indicator), the rest are kept.
func (r *rig) drive(cmd tea.Cmd) {
	for _, msg := range flatten(cmd) {
		switch msg.(type) {
		case frameMsg:
		case execMsg, primedMsg:
			_, next := r.s.Update(msg)
			r.drive(next)
		default:
			r.out = append(r.out, msg)
		}
	}
}

// flatten runs cmd and its batches, skipping the indicator's ticks.
func flatten(cmd tea.Cmd) []tea.Msg {
	return slices.DeleteFunc(tuitest.Flatten(cmd), func(m tea.Msg) bool { _, tick := m.(frameMsg); return tick })
}

func (r *rig) press(keys ...string) {
	for _, k := range keys {
		_, cmd := r.s.Update(tuitest.Key(k))
		r.drive(cmd)
	}
}

func (r *rig) typeText(s string) {
	for _, c := range s {
		if c == ' ' {
			_, cmd := r.s.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
			r.drive(cmd)
			continue
		}
		r.press(string(c))
	}
}

// run types line and runs it.
func (r *rig) run(line string) {
	r.out = nil
	r.typeText(line)
	r.press("enter")
}

func (r *rig) transcript() string { return strings.Join(r.s.Transcript(), "\n") }

func TestRunShowsOutputAndCollectsFacts(t *testing.T) {
	r := newRig(t)
	if c := r.rec.Calls(); len(c) != 1 || c[0].Name != "facilities" {
		t.Fatalf("opening did not prime completion: %v", c)
	}
	r.run("open north-campus")
	tr := r.transcript()
	if !strings.Contains(tr, ": open north-campus") || !strings.Contains(tr, "open: north-campus") {
		t.Fatalf("transcript:\n%s", tr)
	}
	if r.facts.Len() == 0 {
		t.Error("the command's facts did not join the session")
	}
	if st, ok := tuitest.Find[screen.StatusMsg](r.out); !ok || !strings.Contains(st.Text, "joined the session's fact set") {
		t.Errorf("status %v", r.out)
	}
	if r.s.Line() != "" || r.s.Running() != "" {
		t.Error("the line was not cleared")
	}
	v := r.s.View()
	if !strings.Contains(v, "open: north-campus") || !strings.Contains(v, "fact") {
		t.Errorf("view:\n%s", v)
	}
}

func TestResultOpensInTheResultView(t *testing.T) {
	r := newRig(t)
	r.run("open north-campus")
	r.run("call rule_run min_severity=warn")
	o, ok := tuitest.Find[screen.OpenMsg](r.out)
	if !ok {
		t.Fatalf("no result view: %v", r.out)
	}
	rs, ok := o.Screen.(*resultScreen)
	if !ok {
		t.Fatalf("opened %T", o.Screen)
	}
	m := rs.Model()
	if m.Name() != "rule_run" || m.Args()["facility_id"] != "north-campus" || m.Args()["min_severity"] != "warn" || m.Result() == nil {
		t.Errorf("view of %s %v", m.Name(), m.Args())
	}
	n := len(r.rec.Calls())
	rs.SetSize(100, 27)
	if !strings.Contains(rs.View(), "findings rows 1-") {
		t.Errorf("result view:\n%s", rs.View())
	}
	if len(r.rec.Calls()) != n {
		t.Error("showing the result called again")
	}
	// paging through the view calls with the command's arguments
	_, cmd := rs.Update(tuitest.Key("n"))
	call, ok := tuitest.Find[screen.CallMsg](flatten(cmd))
	if !ok || call.Args["offset"] == nil || call.Args["min_severity"] != "warn" {
		t.Errorf("next page asked %+v", call)
	}
	if rs.FacilityID() != "north-campus" || rs.Title() != ": rule_run" {
		t.Errorf("facility %q title %q", rs.FacilityID(), rs.Title())
	}
	_, cmd = rs.Update(tuitest.Key("esc"))
	if _, ok := tuitest.Find[screen.BackMsg](flatten(cmd)); !ok {
		t.Error("esc does not come back")
	}
}

func TestErrorsAndHelp(t *testing.T) {
	r := newRig(t)
	r.run("frobnicate")
	r.run("help")
	tr := r.transcript()
	if !strings.Contains(tr, "error: unknown_command") || !strings.Contains(tr, "facilities") {
		t.Errorf("transcript:\n%s", tr)
	}
	if _, ok := tuitest.Find[screen.OpenMsg](r.out); ok {
		t.Error("help opened a view")
	}
}

func TestCompletion(t *testing.T) {
	r := newRig(t)
	r.typeText("call rule_r")
	r.press("tab")
	if got := r.s.Line(); got != "call rule_run" && got != "call rule_run " {
		t.Fatalf("completed to %q", got)
	}
	r.typeText(" fac")
	r.press("tab")
	first := r.s.Line()
	if !strings.HasSuffix(first, "facility_id=") {
		t.Fatalf("key completed to %q", first)
	}
	r.press("tab")
	second := r.s.Line()
	r.press("tab")
	third := r.s.Line()
	if !strings.HasSuffix(second, "facility_id=north-campus") || !strings.HasSuffix(third, "facility_id=south-annex") {
		t.Errorf("values cycled %q then %q", second, third)
	}
	if !strings.Contains(r.s.View(), "tab (2/2)") {
		t.Errorf("the candidates are not shown:\n%s", r.s.View())
	}
	r.press("tab")
	if got := r.s.Line(); got != second {
		t.Errorf("the cycle did not wrap: %q", got)
	}
	r.s.Update(tuitest.Key("x"))
	r.press("tab")
	if !strings.Contains(r.s.View(), "nothing to complete") {
		t.Error("no note for a word without candidates")
	}
}

func TestHistory(t *testing.T) {
	r := newRig(t)
	r.run("help")
	r.run("facts")
	r.typeText("draft")
	r.press("up")
	if r.s.Line() != "facts" {
		t.Fatalf("up gave %q", r.s.Line())
	}
	r.press("up", "up")
	if r.s.Line() != "help" {
		t.Fatalf("up up gave %q", r.s.Line())
	}
	r.press("down", "down")
	if r.s.Line() != "draft" {
		t.Errorf("down past the newest gave %q, want the line typed", r.s.Line())
	}
}

func TestCancelAndClose(t *testing.T) {
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec := &tuitest.Recorder{Caller: reg, Block: "sensor_trust"}
	env := tuitest.PlainEnv(t, rec, cc)
	sh := NewShared(Options{Caller: rec, CallContext: cc})
	sh.primed = true
	s := New(env, sh, nil)
	s.SetSize(80, 20)
	for _, c := range "call sensor_trust facility_id=north-campus" {
		s.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}})
	}
	_, cmd := s.Update(tuitest.Key("enter"))
	if s.Running() == "" || !strings.Contains(s.View(), "running call sensor_trust") {
		t.Fatalf("not running:\n%s", s.View())
	}
	if _, next := s.Update(tuitest.Key("esc")); next != nil {
		t.Fatal("esc while running did more than cancel")
	}
	for _, msg := range flatten(cmd) { // the call ends with the cancel
		s.Update(msg)
	}
	if s.Running() != "" || !strings.Contains(strings.Join(s.Transcript(), "\n"), "error: canceled") {
		t.Errorf("transcript:\n%s", strings.Join(s.Transcript(), "\n"))
	}
	_, next := s.Update(tuitest.Key("esc"))
	if _, ok := tuitest.Find[screen.BackMsg](flatten(next)); !ok {
		t.Error("esc does not close the line")
	}
}

func TestQuitAndTheme(t *testing.T) {
	r := newRig(t)
	r.run("theme")
	if _, ok := tuitest.Find[ThemeMsg](r.out); ok {
		t.Error("showing the theme asked to apply one")
	}
	r.run("theme light")
	if tm, ok := tuitest.Find[ThemeMsg](r.out); !ok || tm.Name != "light" {
		t.Errorf("theme light sent %v", r.out)
	}
	r.run("quit")
	if _, ok := tuitest.Find[tea.QuitMsg](r.out); !ok {
		t.Errorf("quit sent %v", r.out)
	}
}

func TestSharedForTheAppsLife(t *testing.T) {
	r := newRig(t)
	r.run("open south-annex")
	env := tuitest.PlainEnv(t, r.rec, r.cc)
	again := New(env, r.sh, r.facts)
	again.SetSize(100, 27)
	if cmd := again.Init(); cmd != nil {
		t.Error("a second pane primed again")
	}
	if !strings.Contains(strings.Join(again.Transcript(), "\n"), "open: south-annex") {
		t.Error("the transcript is not shared")
	}
	if r.sh.Session().Facility() != "south-annex" {
		t.Error("the session is not shared")
	}
	_ = context.Background()
}
