package repl

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/camber-tui/camber-tui/prompts"
)

// completionSession is a fake session that has listed the facilities,
// opened alpha and run the rules, so completion knows their names.
func completionSession(t *testing.T) (*Session, *countingCaller) {
	t.Helper()
	s := fakeSession(t)
	calls := &countingCaller{Caller: s.caller}
	s.caller = calls
	for _, l := range []string{"facilities", "open alpha", "call rule_run limit=10"} {
		if out := s.Exec(context.Background(), l); out.Err != nil {
			t.Fatalf("%s: %v", l, out.Err)
		}
	}
	return s, calls
}

func TestSession_Complete(t *testing.T) {
	s, calls := completionSession(t)
	before := calls.n
	tests := []struct {
		name   string
		line   string
		cursor int // -1: the end of line
		want   []string
	}{
		{"CommandPrefix", "fa", -1, []string{"facilities", "fact", "facts"}},
		{"CommandOrCapability", "fi", -1, []string{"finding_detail"}},
		{"CapabilityName", "call po", -1, []string{"call points"}},
		{"ArgumentKeys", "call points ", -1, []string{"call points equip=", "call points facility_id=", "call points limit=", "call points offset=", "call points role="}},
		{"ArgumentKeysNotGiven", "call points limit=2 o", -1, []string{"call points limit=2 offset="}},
		{"FacilityValue", "call points facility_id=", -1, []string{"call points facility_id=alpha", "call points facility_id=beta"}},
		{"EquipValueQuoted", "points equip=AHU", -1, []string{`points equip="AHU 3"`, "points equip=AHU-1", "points equip=AHU-2"}},
		{"EquipsLastItem", "call rule_run equips=AHU-1,AH", -1, []string{`call rule_run equips="AHU-1,AHU 3"`, "call rule_run equips=AHU-1,AHU-2"}},
		{"RoleValue", "call points role=s", -1, []string{"call points role=supply_air_temp"}},
		{"EnumValue", "call rule_run min_severity=", -1, []string{"call rule_run min_severity=fault", "call rule_run min_severity=info", "call rule_run min_severity=ok", "call rule_run min_severity=warn"}},
		{"FindingValue", "call finding_detail finding_id=eco", -1, []string{"call finding_detail finding_id=economizer_high_limit@AHU-1"}},
		{"OpenFacility", "open b", -1, []string{"open beta"}},
		{"HelpTopic", "help rule", -1, []string{"help rule_run"}},
		{"ThemeName", "theme l", -1, []string{"theme light"}},
		{"StepAll", "step ", -1, []string{"step all"}},
		{"DraftKeywords", "draft t", -1, []string{"draft template"}},
		{"ExplainKeywords", "explain ", -1, []string{"explain llm", "explain template"}},
		{"PromptName", "prompt tr", -1, []string{"prompt triage_ahu"}},
		{"PromptKeys", "prompt triage_ahu ", -1, []string{"prompt triage_ahu equip=", "prompt triage_ahu facility_id="}},
		{"PromptAHUOnly", "prompt triage_ahu equip=", -1, []string{`prompt triage_ahu equip="AHU 3"`, "prompt triage_ahu equip=AHU-1", "prompt triage_ahu equip=AHU-2"}},
		{"PromptEquipsAny", "prompt compare_equipment equips=AHU-1,M", -1, []string{"prompt compare_equipment equips=AHU-1,MTR-1"}},
		{"CursorInside", "call po limit=5", 7, []string{"call points limit=5"}},
		{"CaseInsensitive", "OPEN AL", -1, []string{"OPEN alpha"}},
		{"FreeTextNothing", "ask wh", -1, nil},
		{"UnknownCapabilityNothing", "call nope ", -1, nil},
		{"OpenQuote", `open "al`, -1, []string{"open alpha"}},
		{"CursorPastEnd", "op", 99, []string{"open"}},
		{"CursorNegative", "op", -5, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cursor := tt.cursor
			if cursor == -1 {
				cursor = len(tt.line)
			}
			got := s.Complete(tt.line, cursor)
			if tt.name == "CursorNegative" {
				if len(got) == 0 {
					t.Fatal("a negative cursor completes at the start")
				}
				return
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("Complete(%q, %d) (-want +got):\n%s", tt.line, cursor, diff)
			}
		})
	}
	if calls.n != before {
		t.Errorf("completion made %d calls; it must make none", calls.n-before)
	}
}

func TestSession_CompleteWords(t *testing.T) {
	s, _ := completionSession(t)
	start, words := s.CompleteWords("call points equip=AHU-", len("call points equip=AHU-"))
	if start != len("call points ") || !slices.Equal(words, []string{"equip=AHU-1", "equip=AHU-2"}) {
		t.Fatalf("CompleteWords = %d %q", start, words)
	}
	// Every candidate, typed in, parses back to what it offers.
	for _, line := range s.Complete("points equip=", len("points equip=")) {
		c, err := Parse(line)
		if err != nil || c.Args[0].Key != "equip" || !strings.HasPrefix(c.Args[0].Value, "AHU") && !strings.HasPrefix(c.Args[0].Value, "MTR") {
			t.Errorf("candidate %q parses to %+v, %v", line, c, err)
		}
	}
}

func TestSession_CompleteFactsAndPrime(t *testing.T) {
	s := fakeSession(t)
	if got := s.Complete("open ", 5); len(got) != 0 {
		t.Fatalf("before anything ran, open completes to %q", got)
	}
	s.Prime(context.Background())
	if got := s.Complete("open ", 5); !slices.Equal(got, []string{"open alpha", "open beta"}) {
		t.Fatalf("after Prime, open completes to %q", got)
	}
	if len(s.Facts()) != 0 {
		t.Fatal("Prime added facts")
	}
	s.Exec(context.Background(), "open alpha")
	got := s.Complete("fact F1@p", len("fact F1@p"))
	if len(got) != 1 || !strings.HasPrefix(got[0], "fact F1@points-") {
		t.Fatalf("fact ids complete: %q", got)
	}
}

func TestNaturalCompare(t *testing.T) {
	names := []string{"AHU-10", "AHU-2", "AHU-1", "AHU-02", "VAV-1-10", "VAV-1-9", "ahu-3"}
	slices.SortFunc(names, prompts.NaturalCompare)
	want := []string{"AHU-1", "AHU-02", "AHU-2", "AHU-10", "VAV-1-9", "VAV-1-10", "ahu-3"}
	if !slices.Equal(names, want) {
		t.Fatalf("sorted %q, want %q", names, want)
	}
}

// TestSession_CompleteWhileExec completes lines while commands run (the
// TUI completes as the person types, a call may be running): run it with
// -race.
func TestSession_CompleteWhileExec(t *testing.T) {
	s := fakeSession(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, l := range []string{"facilities", "open alpha", "call rule_run", "next", "prompt triage_ahu equip=AHU-1", "step all"} {
			s.Exec(context.Background(), l)
		}
	}()
	for i := 0; ; i++ {
		select {
		case <-done:
			if got := s.Complete("open ", 5); len(got) != 2 {
				t.Fatalf("open completes to %q", got)
			}
			return
		default:
			_ = s.Complete("call points equip=A", 19)
			_ = s.Complete("fact F", 6)
			_ = s.History()
		}
	}
}

func TestSession_CompleteChosenFacility(t *testing.T) {
	s, _ := completionSession(t)
	s.Exec(context.Background(), "call points facility_id=beta")
	got := s.Complete("call points facility_id=beta equip=", len("call points facility_id=beta equip="))
	if !slices.Equal(got, []string{"call points facility_id=beta equip=RTU-1"}) {
		t.Fatalf("the line's facility_id chooses the equipment: %q", got)
	}
}
