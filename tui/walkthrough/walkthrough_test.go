package walkthrough_test

import (
	"context"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/apptest"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/walkthrough"
)

// rig is a walkthrough over the test registry, driven by hand.
type rig struct {
	t    *testing.T
	s    *walkthrough.Screen
	rec  *tuitest.Recorder
	cc   *registry.CallContext
	sess *session.Session
	out  []tea.Msg // what the screen sent that is not its own
}

// draftScreen stands for the draft pane the walkthrough opens.
type draftScreen struct{ screen.Screen }

func newRig(t *testing.T, facility string) *rig {
	t.Helper()
	reg, cc, err := apptest.Registry()
	if err != nil {
		t.Fatal(err)
	}
	rec := &tuitest.Recorder{Caller: reg}
	env := tuitest.PlainEnv(t, rec, cc)
	sess := session.New()
	s := walkthrough.New(env, walkthrough.Options{
		Prompts:  reg.Prompts(),
		Session:  sess,
		Complete: prompts.CompleteFunc(context.Background(), rec, cc),
		Facility: facility,
		Draft:    func() screen.Screen { return &draftScreen{} },
	})
	r := &rig{t: t, s: s, rec: rec, cc: cc, sess: sess}
	s.SetSize(100, 27)
	r.drive(s.Init())
	return r
}

// drive runs cmd: calls answered by the registry, the screen's own
// messages handed back to it, the rest kept in out.
func (r *rig) drive(cmd tea.Cmd) {
	for _, msg := range tuitest.Exec(r.rec, r.cc, cmd) {
		switch msg.(type) {
		case screen.OpenMsg, screen.StatusMsg, screen.BackMsg, screen.CopyMsg, tea.QuitMsg:
			r.out = append(r.out, msg)
		default:
			_, next := r.s.Update(msg)
			r.drive(next)
		}
	}
}

func (r *rig) press(keys ...string) {
	for _, k := range keys {
		_, cmd := r.s.Update(apptest.Key(k))
		r.drive(cmd)
	}
}

func (r *rig) typeText(s string) {
	for _, c := range s {
		r.press(string(c))
	}
}

func (r *rig) calls() string {
	var names []string
	for _, c := range r.rec.Calls() {
		names = append(names, c.Name)
	}
	return strings.Join(names, " ")
}

func TestPickListsThePrompts(t *testing.T) {
	r := newRig(t, "")
	v := r.s.View()
	for _, p := range prompts.All() {
		if !strings.Contains(v, p.Name) {
			t.Errorf("the list lacks %s", p.Name)
		}
	}
	if r.s.State() != walkthrough.StatePick || r.s.Title() != "guided prompts" {
		t.Errorf("state %v title %q", r.s.State(), r.s.Title())
	}
	r.press("esc")
	if _, ok := tuitest.Find[screen.BackMsg](r.out); !ok {
		t.Error("esc on the list does not leave")
	}
}

func TestFormCompletesAndRequires(t *testing.T) {
	r := newRig(t, "")
	r.s.Pick(prompts.TriageAHU)
	if r.s.State() != walkthrough.StateForm || !r.s.Capturing() {
		t.Fatalf("state %v capturing %v", r.s.State(), r.s.Capturing())
	}
	r.press("enter")
	if r.s.State() != walkthrough.StateForm || !strings.Contains(r.s.View(), "✖ required") {
		t.Fatalf("a missing argument passed:\n%s", r.s.View())
	}
	// tab completes facility_id from the facilities the caller may read,
	// and cycles through them
	r.press("tab")
	if got := r.s.FacilityID(); got != "north-campus" {
		t.Fatalf("facility_id completed to %q", got)
	}
	r.press("tab")
	if got := r.s.FacilityID(); got != "south-annex" {
		t.Fatalf("the second tab gave %q", got)
	}
	r.press("tab", "down", "A", "tab")
	v := r.s.View()
	if !strings.Contains(v, "[AHU-1") {
		t.Fatalf("equip did not complete:\n%s", v)
	}
	r.press("enter")
	if r.s.State() != walkthrough.StateWalk {
		t.Fatalf("state %v after enter:\n%s", r.s.State(), r.s.View())
	}
	p := r.s.Plan()
	if p.Prompt != prompts.TriageAHU || p.Arguments["equip"] != "AHU-1" || len(p.Steps) != 5 {
		t.Errorf("plan %+v", p)
	}
	if !strings.Contains(r.s.Message(), `"AHU-1"`) || !strings.Contains(r.s.View(), "≡ message") {
		t.Error("the rendered message is not shown")
	}
	if r.calls() != "facilities points" {
		t.Errorf("calls %q: rendering must call nothing", r.calls())
	}
	if r.sess.DraftLabel != "triage_ahu-AHU-1" {
		t.Errorf("draft label %q", r.sess.DraftLabel)
	}
}

func TestFormRefusedArgument(t *testing.T) {
	r := newRig(t, "north-campus")
	r.s.Pick(prompts.TriageAHU)
	if r.s.FacilityID() != "north-campus" {
		t.Fatal("the facility of the screen it was opened from is not filled in")
	}
	r.press("down")
	r.typeText(strings.Repeat("x", prompts.MaxIDLen+1))
	r.press("enter")
	if r.s.State() != walkthrough.StateForm || !strings.Contains(r.s.View(), "over the limit") {
		t.Fatalf("an over-long equip passed:\n%s", r.s.View())
	}
}

// walk fills triage_ahu for AHU-1 and starts the walk.
func walk(t *testing.T, facility string) *rig {
	t.Helper()
	r := newRig(t, facility)
	r.s.Pick(prompts.TriageAHU)
	r.press("down")
	r.typeText("AHU-1")
	r.press("enter")
	if r.s.State() != walkthrough.StateWalk {
		t.Fatalf("no walk:\n%s", r.s.View())
	}
	return r
}

func TestRunAllStopsAtTheDraft(t *testing.T) {
	r := walk(t, "north-campus")
	r.press("a")
	if got := strings.Join(r.s.Steps(), " "); got != "done done done done todo" {
		t.Fatalf("steps %s:\n%s", got, r.s.View())
	}
	if got := r.calls(); got != "points sensor_trust rule_run finding_detail finding_detail finding_detail" {
		t.Errorf("calls %q", got)
	}
	// the finding_detail calls take the three worst findings of rule_run
	var ids []string
	for _, c := range r.rec.Calls()[3:] {
		id, _ := c.Args["finding_id"].(string)
		ids = append(ids, id)
	}
	if len(ids) != 3 || ids[0] == "" || ids[0] == ids[1] {
		t.Errorf("finding ids %v", ids)
	}
	if r.sess.Len() == 0 || r.s.Added() != r.sess.Len() {
		t.Errorf("session facts %d, added %d", r.sess.Len(), r.s.Added())
	}
	v := r.s.View()
	for _, want := range []string{"4.3 finding_detail", "✎ 5 check_citations", "D opens the draft pane", "4 of 5 steps"} {
		if !strings.Contains(v, want) {
			t.Errorf("the view lacks %q:\n%s", want, v)
		}
	}
	// enter on the check with no draft opens the draft pane
	r.press("enter")
	if o, ok := tuitest.Find[screen.OpenMsg](r.out); !ok {
		t.Error("enter on the check did not open the draft pane")
	} else if _, ok := o.Screen.(*draftScreen); !ok {
		t.Errorf("opened %T", o.Screen)
	}
	// a second a runs nothing more
	n := len(r.rec.Calls())
	r.press("a")
	if len(r.rec.Calls()) != n {
		t.Error("a ran calls again")
	}
}

func TestCheckStepChecksTheDraft(t *testing.T) {
	r := walk(t, "north-campus")
	r.press("a")
	var cited string
	for _, f := range r.sess.Facts() {
		if strings.HasPrefix(f.ID, "F1@rule_run") {
			cited = f.ID
		}
	}
	if cited == "" {
		t.Fatal("no rule_run fact")
	}
	r.sess.Draft = "The run found 999 faults [" + cited + "]. Nothing else."
	r.press("enter")
	last := r.rec.Calls()[len(r.rec.Calls())-1]
	if last.Name != "check_citations" {
		t.Fatalf("last call %s", last.Name)
	}
	facts, _ := last.Args["facts"].([]any)
	if last.Args["text"] != r.sess.Draft || len(facts) != 1 {
		t.Errorf("check args %v", last.Args)
	}
	if got := strings.Join(r.s.Steps(), " "); got != "done done done done done" {
		t.Errorf("steps %s", got)
	}
	if v := r.s.View(); !strings.Contains(v, "unsupported_number") {
		t.Errorf("the check's answer is not shown:\n%s", v)
	}
	if r.sess.Len() == 0 {
		t.Fatal("no facts")
	}
	for _, f := range r.sess.Facts() {
		if strings.Contains(f.ID, "check_citations") || f.Kind == "citation_check" {
			t.Errorf("the check's own fact %s joined the session", f.ID)
		}
	}
}

func TestRefusedStepsGoOn(t *testing.T) {
	r := walk(t, "east-wing") // not in the allowlist
	r.press("a")
	if got := strings.Join(r.s.Steps(), " "); got != "failed failed failed skipped todo" {
		t.Fatalf("steps %s:\n%s", got, r.s.View())
	}
	r.press("up")
	v := r.s.View()
	if !strings.Contains(v, "not allowed in this session") || !strings.Contains(v, "skipped: finding_id needs step rule_run, which did not answer (not_allowed)") {
		t.Errorf("the refusals are not shown:\n%s", v)
	}
	if r.sess.Len() != 0 {
		t.Errorf("refused calls added %d facts", r.sess.Len())
	}
}

func TestStepByStepAndCancel(t *testing.T) {
	r := walk(t, "north-campus")
	// enter runs the selected step only; a cancelled call leaves it to run
	// again
	_, cmd := r.s.Update(apptest.Key("enter"))
	msgs := tuitest.Flatten(cmd) // the call messages, not called
	call, ok := tuitest.Find[screen.CallMsg](msgs)
	if !ok || call.Name != "points" {
		t.Fatalf("enter asked for %v", msgs)
	}
	if got := r.s.Steps()[0]; got != "running" {
		t.Fatalf("step 1 %s", got)
	}
	r.s.Update(screen.DoneMsg{Owner: call.Owner, Tag: call.Tag, Name: call.Name, Args: call.Args, Err: context.Canceled})
	if got := r.s.Steps()[0]; got != "todo" {
		t.Fatalf("cancelled step 1 is %s", got)
	}
	if !strings.Contains(r.s.View(), "step 1 cancelled") {
		t.Error("the cancel is not said")
	}
	r.press("enter")
	if got := strings.Join(r.s.Steps(), " "); got != "done todo todo todo todo" {
		t.Errorf("steps %s", got)
	}
	r.press("down", "enter")
	if got := strings.Join(r.s.Steps(), " "); got != "done done todo todo todo" {
		t.Errorf("steps %s", got)
	}
	if r.calls() != "points sensor_trust" {
		t.Errorf("calls %q", r.calls())
	}
}

func TestZoomIntoAResult(t *testing.T) {
	r := walk(t, "north-campus")
	r.press("a", "up", "up", "up", "up", "up") // step 3, rule_run
	if !strings.Contains(r.s.View(), "findings rows 1-") {
		t.Fatalf("the preview does not show rule_run's findings:\n%s", r.s.View())
	}
	r.press("enter")
	v := r.s.View()
	if strings.Contains(v, "≡ message") || !strings.Contains(v, "rule_run") {
		t.Fatalf("enter did not zoom into the result:\n%s", v)
	}
	r.press("enter") // the worst finding
	o, ok := tuitest.Find[screen.OpenMsg](r.out)
	if !ok {
		t.Fatal("enter on a finding opened nothing")
	}
	if _, ok := o.Screen.(*finding.Screen); !ok {
		t.Errorf("opened %T", o.Screen)
	}
	r.press("esc")
	if !strings.Contains(r.s.View(), "≡ message") {
		t.Error("esc did not come back to the steps")
	}
	// the message zooms too
	r.press("home", "enter")
	if v := r.s.View(); !strings.Contains(v, "message  triage_ahu") {
		t.Errorf("the message is not shown whole:\n%s", v)
	}
	r.press("esc", "esc")
	if r.s.State() != walkthrough.StateForm {
		t.Error("esc on the steps does not go back to the form")
	}
}

func TestNoCompleter(t *testing.T) {
	reg, cc, err := apptest.Registry()
	if err != nil {
		t.Fatal(err)
	}
	env := tuitest.PlainEnv(t, reg, cc)
	s := walkthrough.New(env, walkthrough.Options{})
	s.SetSize(80, 20)
	s.Pick(prompts.DataQualityReview)
	_, cmd := s.Update(apptest.Key("tab"))
	if cmd != nil || !strings.Contains(s.View(), "no completion") {
		t.Errorf("tab without a completer:\n%s", s.View())
	}
}
