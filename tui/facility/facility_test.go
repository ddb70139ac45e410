package facility

import (
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// recorder is the fake registry with its call context.
type recorder struct {
	*tuitest.Recorder
	cc *registry.CallContext
}

func newScreen(t *testing.T, w, h int) (*Screen, recorder) {
	t.Helper()
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec := recorder{&tuitest.Recorder{Caller: reg}, cc}
	env := tuitest.PlainEnv(t, rec, cc)
	s := New(env, "north-campus", "North Campus")
	tuitest.Start(rec, cc, s, w, h)
	return s, rec
}

func press(t *testing.T, s *Screen, rec recorder, keys ...string) []any {
	t.Helper()
	var out []any
	for _, k := range keys {
		for _, m := range tuitest.Press(rec, rec.cc, s, k) {
			out = append(out, m)
		}
	}
	return out
}

func TestOverviewTree(t *testing.T) {
	s, rec := newScreen(t, 80, 24)
	if c := rec.Calls(); len(c) != 1 || c[0].Name != "points" || c[0].Args["limit"] != 1000 {
		t.Fatalf("calls %v", c)
	}
	if len(s.tree.Nodes) != 20 || s.tree.Nodes[0].Label != "AHU-1" || s.tree.Nodes[0].Detail != "AHU · 10 points" {
		t.Fatalf("tree %+v", s.tree.Nodes[:1])
	}
	v := s.View()
	if !strings.Contains(v, "[1 Overview]") || !strings.Contains(v, "▸ AHU-1") || !strings.Contains(v, "equipment 20") {
		t.Errorf("view:\n%s", v)
	}
	press(t, s, rec, "enter")
	if !s.tree.Nodes[0].Open || !strings.Contains(s.View(), "▾ AHU-1") {
		t.Fatal("enter does not open the node")
	}
	msgs := press(t, s, rec, "down", "enter")
	var opened screen.Screen
	for _, m := range msgs {
		if o, ok := m.(screen.OpenMsg); ok {
			opened = o.Screen
		}
	}
	if opened == nil || opened.Title() != "sensor_trust · north-campus" {
		t.Fatalf("enter on a point opened %v", msgs)
	}
}

func TestTabsLoadLazily(t *testing.T) {
	s, rec := newScreen(t, 100, 30)
	press(t, s, rec, "4")
	if s.Active() != TabFindings {
		t.Fatalf("active %d", s.Active())
	}
	calls := rec.Calls()
	if last := calls[len(calls)-1]; last.Name != "rule_run" || last.Args["facility_id"] != "north-campus" {
		t.Fatalf("last call %v", last)
	}
	if !strings.Contains(s.View(), "rows 1-25 of 159") {
		t.Errorf("findings view:\n%s", s.View())
	}
	n := len(rec.Calls())
	press(t, s, rec, "]", "[")
	press(t, s, rec, "[") // back to Trust... then forward again
	press(t, s, rec, "]")
	if s.Active() != TabFindings {
		t.Errorf("active %d", s.Active())
	}
	if got := len(rec.Calls()) - n; got != 2 { // drift and trust, once each
		t.Errorf("%d further calls, want 2 (a tab loads once)", got)
	}
	// paging and opening a finding
	press(t, s, rec, "n")
	if l, _ := s.TabView(TabFindings).CurrentList(); l.Page.Lo != 26 {
		t.Fatalf("page %+v", l.Page)
	}
	msgs := press(t, s, rec, "enter")
	var opened screen.Screen
	for _, m := range msgs {
		if o, ok := m.(screen.OpenMsg); ok {
			opened = o.Screen
		}
	}
	if opened == nil || !strings.HasPrefix(opened.Title(), "finding · ") {
		t.Fatalf("enter opened %v", msgs)
	}
}

func TestUnknownCapabilityShownPlainly(t *testing.T) {
	s, rec := newScreen(t, 80, 24)
	for _, tab := range []struct {
		key, name string
	}{{"5", "drift"}, {"6", "mv_summary"}} {
		press(t, s, rec, tab.key)
		v := s.View()
		if !strings.Contains(v, "this build has no such capability yet") || !strings.Contains(v, tab.name) {
			t.Errorf("%s tab:\n%s", tab.name, v)
		}
	}
}

func TestRCxMarkdown(t *testing.T) {
	s, rec := newScreen(t, 80, 24)
	// stand in an rcx_report answer: the tab renders its markdown
	call := s.SetTab(TabRCx)().(screen.CallMsg)
	s.Update(screen.DoneMsg{Owner: call.Owner, Tag: call.Tag, Name: "rcx_report", Args: call.Args,
		Result: resultWith(map[string]any{"markdown": "# RCx report\n\n1. **AHU-1** economizer stuck open\n"}, "2 issues [F1@rcx_report-abc123].")})
	got := s.View()
	if !strings.Contains(got, "RCx report") || !strings.Contains(got, "AHU-1") || strings.Contains(got, "\x1b") {
		t.Errorf("rcx view:\n%s", got)
	}
	press(t, s, rec, "J")
	if !strings.Contains(s.View(), `"markdown"`) {
		t.Errorf("J on RCx:\n%s", s.View())
	}
}

func TestSizes(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {80, 24}, {160, 48}, {30, 5}} {
		s, rec := newScreen(t, sz[0], sz[1])
		for _, k := range []string{"", "4", "tab", "7", "8", "1"} {
			if k != "" {
				press(t, s, rec, k)
			}
			lines := strings.Split(s.View(), "\n")
			if len(lines) != sz[1] {
				t.Errorf("%v after %q: %d lines", sz, k, len(lines))
			}
			for _, l := range lines {
				if widget.Width(l) > sz[0] {
					t.Errorf("%v after %q: too wide %q", sz, k, l)
				}
			}
		}
	}
}

var _ = result.ModeTable

func TestRCxReport(t *testing.T) {
	s, rec := newScreen(t, 100, 40)
	press(t, s, rec, "7")
	v := s.View()
	for _, want := range []string{"RCx report: north-campus", "Health scorecard", "Overall 56.3, grade F", "1. ✖ fault VAV-1-2: zone_overcool", "↕ page", "t: the issues as a table"} {
		if !strings.Contains(v, want) {
			t.Errorf("RCx lacks %q:\n%s", want, v)
		}
	}
	press(t, s, rec, "pgdown")
	if s.View() == v {
		t.Error("pgdown does not scroll the report")
	}
	press(t, s, rec, "t")
	if l, ok := s.TabView(TabRCx).CurrentList(); !ok || l.Key != "issues" || !strings.Contains(s.View(), "rows 1-8 of 16") {
		t.Fatalf("t: list %q view:\n%s", l.Key, s.View())
	}
	var opened screen.Screen
	for _, m := range press(t, s, rec, "enter") {
		if o, ok := m.(screen.OpenMsg); ok {
			opened = o.Screen
		}
	}
	if opened == nil || opened.Title() != "finding · zone_overcool@VAV-1-2" {
		t.Fatalf("enter on an issue opened %v", opened)
	}
	press(t, s, rec, "esc")
	if v := s.View(); !strings.Contains(v, "t: the issues as a table") || strings.Contains(v, "issues rows 1-8") {
		t.Errorf("esc does not return to the report:\n%s", s.View())
	}
}
