package finding

import (
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

func TestFindingScreen(t *testing.T) {
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	env := tuitest.PlainEnv(t, reg, cc)
	s := New(env, DetailArgs(map[string]any{"facility_id": "north-campus", "limit": 25, "offset": 25, "min_severity": "warn"}, "g36_ahu_fault_conditions@AHU-1"))
	if _, has := s.args["offset"]; has || s.args["min_severity"] != "warn" {
		t.Fatalf("detail args %v", s.args)
	}
	tuitest.Start(reg, cc, s, 100, 30)
	if s.Model().Err() != nil {
		t.Fatal(s.Model().Err())
	}
	v := s.View()
	for _, want := range []string{"g36_ahu_fault_conditions@AHU-1", "spans (", "2025-05-05", "2025-09-01", "fc2 mixed air", "fc5 supply", string(widget.BarOn)} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	lines := strings.Split(v, "\n")
	if len(lines) != 30 {
		t.Errorf("%d lines", len(lines))
	}
	for _, l := range lines {
		if widget.Width(l) > 100 {
			t.Errorf("too wide: %q", l)
		}
	}
	if s.FacilityID() != "north-campus" || !strings.Contains(s.Title(), "AHU-1") {
		t.Error("title / facility")
	}
	if _, cmd := s.Update(tuitest.Key("esc")); cmd == nil || cmd() != (screen.BackMsg{}) {
		t.Error("esc does not go back")
	}
	// small bodies draw no timeline but still fit
	s.SetSize(60, 6)
	if got := len(strings.Split(s.View(), "\n")); got != 6 {
		t.Errorf("small view has %d lines", got)
	}
}

func TestFindingNotFound(t *testing.T) {
	reg, cc, _ := tuitest.New()
	env := tuitest.PlainEnv(t, reg, cc)
	s := New(env, map[string]any{"facility_id": "north-campus", "finding_id": "nope@X"})
	tuitest.Start(reg, cc, s, 80, 20)
	if !strings.Contains(s.View(), "nothing was found") {
		t.Errorf("view:\n%s", s.View())
	}
}

func TestOpenRow(t *testing.T) {
	reg, cc, _ := tuitest.New()
	env := tuitest.PlainEnv(t, reg, cc)
	tests := []struct {
		name string
		sel  result.Selected
		want string // title of the opened screen, "" for none
	}{
		{"Finding", result.Selected{Capability: "rule_run", List: "findings", Args: map[string]any{"facility_id": "north-campus"}, Row: map[string]any{"finding_id": "leaking_valve@AHU-2"}}, "finding · leaking_valve@AHU-2"},
		{"Skipped", result.Selected{Capability: "rule_run", List: "skipped", Row: map[string]any{"rule": "x"}}, ""},
		{"Dataset", result.Selected{Capability: "dataset_search", List: "datasets", Row: map[string]any{"id": "bdg2"}}, "dataset_entry"},
		{"Issue", result.Selected{Capability: "rcx_report", List: "issues", Args: map[string]any{"facility_id": "north-campus", "top_n": 3}, Row: map[string]any{"finding_ids": []any{"leaking_valve@AHU-2"}}}, "finding · leaking_valve@AHU-2"},
		{"IssueNoFindings", result.Selected{Capability: "rcx_report", List: "issues", Row: map[string]any{"finding_ids": []any{}}}, ""},
		{"Other", result.Selected{Capability: "points", List: "points", Row: map[string]any{"equip": "AHU-1"}}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := OpenRow(env, tc.sel)
			if tc.want == "" {
				if cmd != nil {
					t.Fatal("opened something")
				}
				return
			}
			open, ok := cmd().(screen.OpenMsg)
			if !ok || open.Screen.Title() != tc.want {
				t.Fatalf("opened %#v", open)
			}
			if f, ok := open.Screen.(*Screen); ok {
				if _, has := f.args["top_n"]; has {
					t.Errorf("finding_detail got rcx_report's top_n: %v", f.args)
				}
			}
		})
	}
}
