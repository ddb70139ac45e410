package runner

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

type rig struct {
	t   *testing.T
	rec *tuitest.Recorder
	cc  *registry.CallContext
	s   *Screen
}

func newRig(t *testing.T, preset string, w, h int) *rig {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec := &tuitest.Recorder{Caller: reg}
	s := New(tuitest.PlainEnv(t, rec, cc), preset)
	tuitest.Start(rec, cc, s, w, h)
	return &rig{t: t, rec: rec, cc: cc, s: s}
}

func (r *rig) press(keys ...string) []tea.Msg {
	r.t.Helper()
	var out []tea.Msg
	for _, k := range keys {
		out = append(out, tuitest.Press(r.rec, r.cc, r.s, k)...)
	}
	return out
}

func (r *rig) typ(text string) {
	r.t.Helper()
	for _, c := range text {
		r.press(string(c))
	}
}

func (r *rig) field(name string) *field {
	for _, f := range r.s.fields {
		if f.name == name {
			return f
		}
	}
	r.t.Fatalf("no field %s", name)
	return nil
}

func (r *rig) focusOn(name string) {
	r.t.Helper()
	for i, f := range r.s.fields {
		if f.name == name {
			for r.s.focus < i {
				r.press("down")
			}
			for r.s.focus > i {
				r.press("up")
			}
			return
		}
	}
	r.t.Fatalf("no field %s", name)
}

func TestPickAndRun(t *testing.T) {
	r := newRig(t, "", 100, 30)
	if r.s.picker.Len() != len(r.s.env.Caps) || !strings.Contains(r.s.View(), "rule_run") {
		t.Fatalf("picker:\n%s", r.s.View())
	}
	r.press("/")
	r.typ("rule")
	r.press("enter", "enter")
	if r.s.State() != StateForm || r.s.Capability().Name != "rule_run" {
		t.Fatalf("state %v cap %q", r.s.State(), r.s.Capability().Name)
	}
	var names []string
	for _, f := range r.s.fields {
		names = append(names, f.name)
	}
	if got := strings.Join(names, " "); got != "facility_id end equips min_severity rules start limit offset" {
		t.Errorf("field order %q", got)
	}
	v := r.s.View()
	for _, want := range []string{"› *facility_id", "default 25", "string · required"} {
		if !strings.Contains(v, want) {
			t.Errorf("form lacks %q:\n%s", want, v)
		}
	}
	// required field empty
	r.press("enter")
	if r.s.State() != StateForm || r.field("facility_id").err != "required" {
		t.Fatalf("empty required: state %v err %q", r.s.State(), r.field("facility_id").err)
	}
	r.typ("north-campus")
	r.focusOn("limit")
	r.typ("0")
	r.press("enter")
	if e := r.field("limit").err; !strings.Contains(e, "below the minimum (1..1000)") {
		t.Fatalf("limit 0: %q", e)
	}
	r.press("backspace")
	r.typ("5")
	r.focusOn("min_severity")
	r.press("right", "right", "right", "right") // unset → ok → info → warn → fault
	if got := r.field("min_severity").display(); got != "‹ fault ›" {
		t.Errorf("choice = %q", got)
	}
	r.press("left")
	r.press("enter")
	if r.s.State() != StateResult {
		t.Fatalf("state %v err %q", r.s.State(), r.s.formErr)
	}
	calls := r.rec.Calls()
	last := calls[len(calls)-1]
	if last.Name != "rule_run" || last.Args["facility_id"] != "north-campus" || last.Args["limit"] != 5 || last.Args["min_severity"] != "warn" {
		t.Fatalf("call %v", last)
	}
	if !strings.Contains(r.s.View(), "rows 1-5 of ") {
		t.Errorf("result:\n%s", r.s.View())
	}
	msgs := r.press("enter")
	if o, ok := tuitest.Find[screen.OpenMsg](msgs); !ok || !strings.HasPrefix(o.Screen.Title(), "finding · ") {
		t.Errorf("enter on a finding: %v", msgs)
	}
	r.press("esc")
	if r.s.State() != StateForm || r.field("limit").input.Value() != "5" {
		t.Errorf("esc from the result: state %v", r.s.State())
	}
	r.press("esc")
	if r.s.State() != StatePick {
		t.Error("esc from the form")
	}
	if _, cmd := r.s.Update(tuitest.Key("esc")); cmd != nil || r.s.picker.Filter() != "" {
		t.Error("esc in the picker clears the filter first")
	}
	if _, cmd := r.s.Update(tuitest.Key("esc")); cmd == nil || cmd() != (screen.BackMsg{}) {
		t.Error("then esc leaves the runner")
	}
}

func TestCompletion(t *testing.T) {
	r := newRig(t, "", 80, 24)
	r.s.Pick("sensor_trust")
	r.typ("so")
	r.press("tab")
	if v := r.field("facility_id").input.Value(); v != "south-annex" {
		t.Fatalf("facility completion = %q", v)
	}
	r.press("backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
	r.typ("north-campus")
	r.focusOn("equips") // leaving facility_id loads its points
	if r.s.comp.facility != "north-campus" || len(r.s.comp.points) == 0 {
		t.Fatalf("points not loaded: %+v", r.s.comp.facility)
	}
	r.typ("AHU")
	r.press("tab")
	if v := r.field("equips").input.Value(); v != "AHU-1" {
		t.Fatalf("equip completion = %q", v)
	}
	r.press("tab")
	if v := r.field("equips").input.Value(); v != "AHU-2" {
		t.Fatalf("second tab = %q", v)
	}
	r.typ(", c")
	r.press("tab")
	if v := r.field("equips").input.Value(); v != "AHU-2, CH-1" {
		t.Fatalf("list completion = %q", v)
	}
	r.focusOn("roles")
	r.typ("supply")
	r.press("tab")
	if v := r.field("roles").input.Value(); v != "supply_air_temp" {
		t.Errorf("role completion (for the chosen equipment) = %q", v)
	}
	if !strings.Contains(r.s.View(), "tab completes") {
		t.Errorf("no completion hint:\n%s", r.s.View())
	}
	// view-only choice: the view enum of sensor_trust
	r.focusOn("view")
	r.press("right")
	if r.field("view").display() != "‹ rules ›" {
		t.Errorf("view choice %q", r.field("view").display())
	}
}

func TestPresetAndRegistryProblems(t *testing.T) {
	r := newRig(t, "north-campus", 80, 24)
	if !strings.Contains(r.s.View(), "facility_id will be north-campus") {
		t.Error("preset not shown")
	}
	r.s.Pick("rule_run")
	if r.field("facility_id").input.Value() != "north-campus" || r.s.FacilityID() != "north-campus" {
		t.Fatal("preset not filled")
	}
	r.focusOn("start")
	r.typ("2025-13")
	r.press("enter")
	if r.s.State() != StateForm || r.field("start").err == "" {
		t.Fatalf("registry problem not on its field: state %v fields %q", r.s.State(), r.s.formErr)
	}
	if !strings.Contains(r.s.View(), "✖") {
		t.Errorf("form does not mark the error:\n%s", r.s.View())
	}
}

func TestFormValues(t *testing.T) {
	r := newRig(t, "", 80, 24)
	r.s.Pick("rule_run")
	tests := []struct {
		name, field, in string
		want            any
		wantErr         string
	}{
		{"Integer", "limit", "12", 12, ""},
		{"NotWhole", "limit", "1.5", nil, "not a whole number"},
		{"NotNumber", "limit", "x", nil, "not a number"},
		{"Above", "limit", "1001", nil, "above the maximum"},
		{"List", "equips", " AHU-1 ,, AHU-2 ", []any{"AHU-1", "AHU-2"}, ""},
		{"Empty", "rules", "   ", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := r.field(tc.field)
			f.input.SetValue(tc.in)
			v, has, err := f.value()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == nil {
				if has {
					t.Errorf("empty field gave %v", v)
				}
				return
			}
			if d := cmp.Diff(tc.want, v); d != "" {
				t.Errorf("value (-want +got):\n%s", d)
			}
		})
	}
	obj := &field{name: "params", typ: "object"}
	obj.input.SetValue(`{"leaking_valve": {"x": 1}`)
	if _, _, err := obj.value(); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("bad JSON: %v", err)
	}
}

func TestRunnerSizes(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {80, 24}, {160, 48}, {25, 4}} {
		r := newRig(t, "north-campus", sz[0], sz[1])
		for _, step := range []func(){func() {}, func() { r.s.Pick("rule_run") }, func() { r.press("enter") }} {
			step()
			lines := strings.Split(r.s.View(), "\n")
			if len(lines) != sz[1] {
				t.Errorf("%v: %d lines", sz, len(lines))
			}
			for _, l := range lines {
				if widget.Width(l) > sz[0] {
					t.Errorf("%v: too wide %q", sz, l)
				}
			}
		}
	}
}

func TestLateAnswerIgnored(t *testing.T) {
	r := newRig(t, "north-campus", 80, 24)
	r.s.Pick("points")
	first := r.s.run()().(screen.CallMsg) // not answered yet
	r.press("esc")                        // back to the form
	r.focusOn("equip")
	r.typ("CT-1")
	r.press("enter")
	if c := r.rec.Calls(); c[len(c)-1].Args["equip"] != "CT-1" {
		t.Fatalf("second run %v", c[len(c)-1])
	}
	res, err := r.rec.Caller.Call(t.Context(), first.Name, first.Args, r.cc)
	if err != nil {
		t.Fatal(err)
	}
	r.s.Update(screen.DoneMsg{Owner: first.Owner, Tag: first.Tag, Name: first.Name, Args: first.Args, Result: res})
	if got := r.s.Result().Args()["equip"]; got != "CT-1" {
		t.Errorf("the first run's late answer replaced the second's (equip %v)", got)
	}
}
