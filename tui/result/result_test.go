package result

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// fixture is a result view over the fake registry.
type fixture struct {
	t   *testing.T
	reg *registry.Registry
	cc  *registry.CallContext
	env *screen.Env
	m   *Model
}

func newFixture(t *testing.T, w, h int) *fixture {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	env := tuitest.PlainEnv(t, reg, cc)
	m := New(env, env.NewOwner(), "test")
	m.SetSize(w, h)
	return &fixture{t: t, reg: reg, cc: cc, env: env, m: m}
}

// run executes cmd and feeds every message back to the view; it returns
// the messages the view did not consume (status, copy, ...).
func (f *fixture) run(cmd tea.Cmd) []tea.Msg {
	f.t.Helper()
	var rest []tea.Msg
	for _, msg := range tuitest.Exec(f.reg, f.cc, cmd) {
		if d, ok := msg.(screen.DoneMsg); ok {
			c, _ := f.m.Update(d)
			rest = append(rest, f.run(c)...)
			continue
		}
		rest = append(rest, msg)
	}
	return rest
}

// press sends a key and runs what it returns.
func (f *fixture) press(k string) ([]tea.Msg, Action) {
	f.t.Helper()
	cmd, act := f.m.Update(tuitest.Key(k))
	return f.run(cmd), act
}

func (f *fixture) call(name string, args map[string]any) {
	f.t.Helper()
	f.run(f.m.Call(name, args))
}

func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := widget.Width(l); n > w {
			t.Errorf("line %d is %d wide (max %d): %q", i+1, n, w, l)
		}
	}
}

func TestPaging(t *testing.T) {
	f := newFixture(t, 100, 30)
	f.call("rule_run", map[string]any{"facility_id": "north-campus"})
	l, ok := f.m.CurrentList()
	if !ok || l.Key != "findings" || l.Page != (Page{1, 25, 159}) {
		t.Fatalf("list %q page %+v", l.Key, l.Page)
	}
	var kinds []Kind
	for _, b := range f.m.Banners() {
		kinds = append(kinds, b.Kind)
	}
	want := []Kind{KindPage, KindTrust, KindConfig} // skipped fits on the page
	if len(kinds) != len(want) {
		t.Fatalf("banner kinds %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Errorf("banner %d kind %v, want %v (%q)", i, kinds[i], want[i], f.m.Banners()[i].Text)
		}
	}
	if !strings.Contains(f.m.View(), "rows 1-25 of 159") {
		t.Error("view lacks the page")
	}
	f.press("n")
	if l, _ := f.m.CurrentList(); l.Page != (Page{26, 50, 159}) || f.m.Args()["offset"] != 25 {
		t.Fatalf("after n: page %+v args %v", l.Page, f.m.Args())
	}
	if !strings.Contains(f.m.View(), "rows 26-50 of 159") {
		t.Error("view lacks the second page")
	}
	f.press("p")
	if _, has := f.m.Args()["offset"]; has {
		t.Errorf("after p: args %v", f.m.Args())
	}
	// PgDn past the end of the page pages on; PgUp before its start pages
	// back and lands on the last row.
	f.press("end")
	f.press("pgdown")
	if l, _ := f.m.CurrentList(); l.Page.Lo != 26 {
		t.Fatalf("pgdown past the end: page %+v", l.Page)
	}
	f.press("pgup")
	if l, _ := f.m.CurrentList(); l.Page.Lo != 1 || !f.m.table.AtEnd() {
		t.Fatalf("pgup past the start: page %+v, at end %v", l.Page, f.m.table.AtEnd())
	}
	// p on the first page does nothing.
	if cmd, _ := f.m.Update(tuitest.Key("p")); cmd != nil {
		t.Error("p on the first page issued a call")
	}
	// the last page has no next.
	f.call("rule_run", map[string]any{"facility_id": "north-campus", "offset": 150})
	if cmd, _ := f.m.Update(tuitest.Key("n")); cmd != nil {
		t.Error("n on the last page issued a call")
	}
}

func TestNextListKeepsList(t *testing.T) {
	f := newFixture(t, 100, 30)
	f.call("rule_run", map[string]any{"facility_id": "north-campus", "limit": 5})
	f.press("t")
	if l, _ := f.m.CurrentList(); l.Key != "skipped" || l.Page != (Page{1, 5, 12}) {
		t.Fatalf("t: list %q page %+v", l.Key, l.Page)
	}
	f.press("n")
	if l, _ := f.m.CurrentList(); l.Key != "skipped" || l.Page != (Page{6, 10, 12}) || f.m.Args()["limit"] != 5 {
		t.Fatalf("next page of skipped: %q %+v %v", l.Key, l.Page, f.m.Args())
	}
	f.press("t")
	f.press("t")
	if l, _ := f.m.CurrentList(); l.Key != "findings" {
		t.Errorf("t cycles back to findings, got %q", l.Key)
	}
}

func TestFacts(t *testing.T) {
	f := newFixture(t, 80, 24)
	f.call("rule_run", map[string]any{"facility_id": "north-campus"})
	cited := Cited(f.m.Result().Text)
	if len(cited) != 4 {
		t.Fatalf("cited %v", cited)
	}
	f.press("tab")
	if fa, ok := f.m.Fact(); !ok || fa.ID != cited[0] || f.m.Focus() != FocusFacts {
		t.Fatalf("tab: fact %v focus %v", fa.ID, f.m.Focus())
	}
	f.press("tab")
	if fa, _ := f.m.Fact(); fa.ID != cited[1] {
		t.Errorf("second tab: %s", fa.ID)
	}
	f.press("shift+tab")
	f.press("shift+tab")
	if fa, _ := f.m.Fact(); fa.ID != f.m.facts[len(f.m.facts)-1].ID {
		t.Errorf("shift+tab wraps to the last fact, got %s", fa.ID)
	}
	f.press("home")
	if !strings.Contains(f.m.View(), "› "+cited[0]) {
		t.Errorf("the facts pane does not mark the fact:\n%s", f.m.View())
	}
	msgs, _ := f.press("y")
	if c, ok := tuitest.Find[screen.CopyMsg](msgs); !ok || c.Text != cited[0] {
		t.Errorf("copy = %+v", msgs)
	}
	f.press("enter")
	if f.m.Mode() != ModeFact || !strings.Contains(f.m.View(), "finding_counts") {
		t.Fatalf("enter: mode %v view\n%s", f.m.Mode(), f.m.View())
	}
	f.press("esc")
	f.press("esc")
	if f.m.Mode() != ModeTable || f.m.Focus() != FocusTable {
		t.Errorf("esc: mode %v focus %v", f.m.Mode(), f.m.Focus())
	}
	if _, act := f.press("esc"); act != (Leave{}) {
		t.Errorf("esc with nothing open: action %v", act)
	}
}

func TestRawJSONAndText(t *testing.T) {
	f := newFixture(t, 80, 24)
	f.call("points", map[string]any{"facility_id": "south-annex"})
	f.press("J")
	if f.m.Mode() != ModeJSON || !strings.Contains(f.m.View(), `"data": {`) {
		t.Fatalf("J: %v\n%s", f.m.Mode(), f.m.View())
	}
	msgs, _ := f.press("y")
	c, ok := tuitest.Find[screen.CopyMsg](msgs)
	var back registry.Result
	if !ok || json.Unmarshal([]byte(c.Text), &back) != nil || back.Text != f.m.Result().Text {
		t.Errorf("copying the JSON: %v", msgs)
	}
	f.press("J")
	if f.m.Mode() != ModeTable {
		t.Error("J again does not close")
	}
	f.press("s")
	if f.m.Mode() != ModeText || !strings.Contains(f.m.View(), "summary") {
		t.Errorf("s: %v", f.m.Mode())
	}
}

func TestFilterAndSelect(t *testing.T) {
	f := newFixture(t, 100, 30)
	f.call("points", map[string]any{"facility_id": "north-campus"})
	f.press("/")
	if !f.m.Capturing() {
		t.Fatal("/ does not start the filter")
	}
	for _, k := range []string{"C", "T", "-", "1"} {
		f.press(k)
	}
	if f.m.table.Shown() == 0 || f.m.table.Shown() >= f.m.table.Len() {
		t.Fatalf("filter CT-1 shows %d of %d", f.m.table.Shown(), f.m.table.Len())
	}
	f.press("enter")
	if f.m.Capturing() || f.m.table.Filter() != "CT-1" {
		t.Fatalf("enter keeps the filter: capturing %v filter %q", f.m.Capturing(), f.m.table.Filter())
	}
	_, act := f.press("enter")
	sel, ok := act.(Selected)
	if !ok || sel.List != "points" || sel.Row["equip"] != "CT-1" || sel.Capability != "points" {
		t.Fatalf("enter on a row: %#v", act)
	}
	f.press("esc")
	if f.m.table.Filter() != "" || f.m.table.Shown() != f.m.table.Len() {
		t.Error("esc does not clear the filter")
	}
}

func TestErrorsShownPlainly(t *testing.T) {
	tests := []struct {
		name, capability string
		args             map[string]any
		want             string
	}{
		{"Unknown", "drift", map[string]any{"facility_id": "north-campus"}, "this build has no such capability yet"},
		{"NotAllowed", "points", map[string]any{"facility_id": "west-wing"}, "not allowed in this session"},
		{"Invalid", "rule_run", map[string]any{"facility_id": "north-campus", "limit": 0}, "/limit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, 80, 12)
			f.call(tc.capability, tc.args)
			v := f.m.View()
			if f.m.Err() == nil || !strings.Contains(v, tc.want) {
				t.Errorf("view lacks %q:\n%s", tc.want, v)
			}
			checkSize(t, v, 80, 12)
			if cmd := f.m.Reload(); cmd == nil {
				t.Error("r cannot retry")
			}
		})
	}
}

func TestCancelKeepsResult(t *testing.T) {
	f := newFixture(t, 80, 24)
	f.call("points", map[string]any{"facility_id": "south-annex"})
	cmd := f.m.NextPage()
	if cmd != nil {
		t.Fatal("a single page has no next")
	}
	f.call("points", map[string]any{"facility_id": "south-annex", "limit": 10})
	msg := f.m.NextPage()()
	call := msg.(screen.CallMsg)
	f.m.Update(screen.DoneMsg{Owner: call.Owner, Tag: call.Tag, Name: call.Name, Args: call.Args, Err: context.Canceled})
	if f.m.Result() == nil || f.m.Pending() {
		t.Fatal("a cancelled page call dropped the shown result")
	}
	if l, _ := f.m.CurrentList(); l.Page.Lo != 1 || !strings.Contains(f.m.View(), "cancelled") {
		t.Errorf("page %+v view:\n%s", l.Page, f.m.View())
	}
	// a stale answer (an earlier tag) is ignored
	f.m.Update(screen.DoneMsg{Owner: call.Owner, Tag: "test#1", Err: context.DeadlineExceeded})
	if f.m.Err() != context.Canceled {
		t.Errorf("a stale answer replaced the state: %v", f.m.Err())
	}
}

func TestExport(t *testing.T) {
	f := newFixture(t, 80, 24)
	f.call("rule_run", map[string]any{"facility_id": "north-campus", "offset": 25})
	dir := f.env.ExportDir
	for i, want := range []string{"camber-rule_run-north-campus-from-26.md", "camber-rule_run-north-campus-from-26-2.md"} {
		msgs, _ := f.press("e")
		st, ok := tuitest.Find[screen.StatusMsg](msgs)
		if !ok || st.Err || st.Text != "exported to "+want {
			t.Fatalf("export %d: %+v", i, msgs)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "camber-rule_run-north-campus-from-26.md"))
	b, _ := os.ReadFile(filepath.Join(dir, "camber-rule_run-north-campus-from-26-2.md"))
	if string(a) != string(b) || !strings.Contains(string(a), "## Facts") || !strings.Contains(string(a), "findings (rows 26-50 of 159)") {
		t.Errorf("export:\n%s", a)
	}
	msgs, _ := f.press("E")
	st, _ := tuitest.Find[screen.StatusMsg](msgs)
	raw, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(st.Text, "exported to ")))
	var back struct {
		Capability string
		Result     registry.Result
	}
	if err != nil || json.Unmarshal(raw, &back) != nil || back.Capability != "rule_run" || len(back.Result.Facts) == 0 {
		t.Errorf("JSON export %q: %v", st.Text, err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".camber-export") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestExportMarkdownGolden(t *testing.T) {
	f := newFixture(t, 80, 24)
	f.call("rule_run", map[string]any{"facility_id": "north-campus", "limit": 3})
	golden.Check(t, "export_rule_run.md", []byte(Markdown(f.m.Name(), f.m.Args(), f.m.Result())))
}

func TestWriteNewNoDir(t *testing.T) {
	_, err := WriteNew(filepath.Join(t.TempDir(), "gone"), "x", ".md", []byte("x"))
	if err == nil || strings.Contains(err.Error(), t.TempDir()) {
		t.Errorf("err = %v (must not name the path)", err)
	}
}

func TestViewSizes(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {80, 24}, {160, 48}, {20, 5}, {1, 1}, {0, 0}} {
		f := newFixture(t, sz[0], sz[1])
		f.call("rule_run", map[string]any{"facility_id": "north-campus"})
		for _, k := range []string{"", "tab", "enter", "esc", "J", "J", "s"} {
			if k != "" {
				f.press(k)
			}
			v := f.m.View()
			if sz[0] == 0 {
				if v != "" {
					t.Errorf("0x0 view = %q", v)
				}
				continue
			}
			checkSize(t, v, sz[0], sz[1])
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want Kind
	}{
		{"'findings' shows rows 1-10 of 167 (worst first): call again with offset=10 for the next page", KindPage},
		{"'cited' is empty on this page: all its 1 row(s) are on the first page", KindPage},
		{"'facts' had 6,000 rows; only the first 5,000 are shown (the row cap)", KindPage},
		{"1 allowed facility holds research-only data and is withheld: this server never serves it.", KindLicence},
		{"2 checks were declined because an input scores below the trust floor 0.5", KindTrust},
		{`4 findings are conditional on sensor_drift:supply_air_temp warn`, KindTrust},
		{"no run config names facility north-campus: the run uses the store-backed default config", KindConfig},
		{"the store's facility registry could not be read", KindNotice},
	}
	for _, tc := range tests {
		if got := Classify(tc.in); got != tc.want {
			t.Errorf("Classify(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	p := pages([]string{"'findings' shows rows 26-50 of 159 (worst first): x", "'skipped' is empty on this page: offset=50 is past its 12 row(s); call again"})
	if p["findings"] != (Page{26, 50, 159}) || p["skipped"] != (Page{0, 0, 12}) {
		t.Errorf("pages = %+v", p)
	}
	if s := (Page{0, 0, 12}).String(); s != "no rows on this page of 12" {
		t.Error(s)
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[any]string{nil: "—", 3.0: "3", 0.6191756: "0.6192", 12345.678: "1.235e+04", true: "yes", "x": "x"} {
		if got := Format(in); got != want {
			t.Errorf("Format(%v) = %q, want %q", in, got, want)
		}
	}
	if got := Format([]any{"a", 1.0}); got != "a, 1" {
		t.Error(got)
	}
	if got := percent(0.619); got != "61.9%" {
		t.Error(got)
	}
}
