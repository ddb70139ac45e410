package repl

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// execAll runs lines in s and returns the last output.
func execAll(t *testing.T, s *Session, lines ...string) Output {
	t.Helper()
	var out Output
	for _, l := range lines {
		out = s.Exec(context.Background(), l)
	}
	return out
}

func TestSession_Exec(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		command string // of the last output
		code    string // its error code ("" for success)
		text    []string
	}{
		{"Blank", []string{"   "}, "", "", nil},
		{"Comment", []string{"# nothing"}, "", "", nil},
		{"UnknownCommand", []string{"frobnicate"}, "frobnicate", CodeUnknownCommand, []string{"error: unknown_command: unknown command frobnicate"}},
		{"ParseError", []string{`open "alpha`}, "parse", CodeUsage, []string{"error: usage: column 6: unterminated double quote"}},
		{"CaseInsensitiveCommand", []string{"FACILITIES"}, "facilities", "", []string{"2 facilities are served [F1@facilities-"}},
		{"CapabilityAsCommand", []string{"points facility_id=alpha limit=2"}, "call", "", []string{"rows 1-2 of 10 of 'points': next shows rows 3-4"}},
		{"OpenDefaultsFacility", []string{"open alpha", "call points equip=AHU-1"}, "call", "", []string{"alpha stores 4 points"}},
		{"OpenRefused", []string{"open secret"}, "open", string(registry.CodeNotAllowed), []string{"error: not_allowed: /facility_id names a facility this caller may not read"}},
		{"ExplicitFacilityWins", []string{"open alpha", "call points facility_id=beta"}, "call", "", []string{"beta stores 1 points"}},
		{"CommaListAndJSON", []string{`call rule_run facility_id=alpha equips=AHU-2 limit=5`}, "call", "", []string{"leaking_valve@AHU-2", "supply_air_control@AHU-2", "findings: 2 rows"}},
		{"TrailingObject", []string{`call rule_run {"facility_id": "alpha", "equips": ["AHU-1"], "limit": 1}`}, "call", "", []string{"rows 1-1", "findings: row 1 of 3"}},
		{"RegistryRefusal", []string{`call rule_run facility_id=alpha min_severity=loud`}, "call", CodeInvalidParams, []string{"error: invalid_params: invalid arguments for rule_run: /min_severity"}},
		{"Next", []string{"open alpha", "call points", "next"}, "next", "", []string{"points: rows 5-8 of 10", "rows 5-8 of 10 of 'points': next shows rows 9-10, prev shows rows 1-4"}},
		{"NextPastEnd", []string{"open alpha", "call points offset=8", "next"}, "next", CodeUsage, []string{"error: usage: next: already on the last page (rows 9-10 of 10 of 'points': prev shows rows 5-8)"}},
		{"Prev", []string{"open alpha", "call points offset=6", "prev"}, "prev", "", []string{"points: rows 3-6 of 10"}},
		{"PrevAtStart", []string{"open alpha", "call points", "prev"}, "prev", CodeUsage, []string{"prev: already on the first page of the last points call"}},
		{"NextAfterNonListCall", []string{"open alpha", "call points", "call sensor_trust", "next"}, "next", "", []string{"points: rows 5-8 of 10"}},
		{"NextWholeList", []string{"open beta", "call points", "next"}, "next", CodeUsage, []string{"next: the last points call showed its whole list"}},
		{"NextNothing", []string{"next"}, "next", CodeUsage, []string{"next: no list to page yet"}},
		{"NextAfterFailedCall", []string{"open alpha", "call points", "call points limit=0", "next"}, "next", "", []string{"points: rows 5-8 of 10"}},
		{"FactsEmpty", []string{"facts"}, "facts", "", []string{"no facts yet"}},
		{"FactByPlainID", []string{"open alpha", "fact F1@points"}, "fact", "", []string{"kind:  point_count", "value: 10"}},
		{"FactAmbiguous", []string{"open alpha", "call points", "fact F1@points"}, "fact", CodeUsage, []string{"F1@points names 2 facts"}},
		{"FactUnknown", []string{"fact F1@x"}, "fact", CodeNotFound, []string{"the session holds no fact F1@x"}},
		{"DerivedFact", []string{"call rule_run facility_id=alpha", "fact R1"}, "fact", "", []string{"kind:  recommendation", "(derived by the agent"}},
		{"AskWithoutFacts", []string{"ask what should I fix?"}, "ask", "", []string{"I don't know", "source: template"}},
		{"AskNeedsQuestion", []string{"ask   "}, "ask", CodeUsage, []string{"ask needs a question"}},
		{"Ask", []string{"call rule_run facility_id=alpha", "ask what should I do about AHU-1?"}, "ask", "", []string{"AHU-1: Lock out simultaneous heating and cooling [R1]."}},
		{"ExplainLLMUnwired", []string{"explain llm"}, "explain", CodeUnavailable, []string{"no language model is wired"}},
		{"DraftShowEmpty", []string{"draft"}, "draft", "", []string{"the draft is empty"}},
		{"DraftAppend", []string{"draft One.", "draft Two."}, "draft", "", []string{"draft (2 words):\nOne. Two.\n"}},
		{"DraftLiteralKeyword", []string{`draft "template"`}, "draft", "", []string{"draft (1 word):\ntemplate\n"}},
		{"DraftClear", []string{"draft x", "draft clear", "draft"}, "draft", "", []string{"the draft is empty"}},
		{"DraftTemplateNoFacts", []string{"draft template"}, "draft", CodeUsage, []string{"no facts to draft from"}},
		{"CheckNothing", []string{"check"}, "check", CodeUsage, []string{"nothing to check"}},
		{"CheckUncited", []string{"check AHU-1 has 4 points."}, "check", "", []string{"✗ uncited: AHU-1 has 4 points.", "states \"4\" but cites no fact"}},
		{"CheckDraft", []string{"call rule_run facility_id=alpha", "draft template", "check"}, "check", "", []string{"✓ supported: Lock out simultaneous heating and cooling [R1]."}},
		{"Theme", []string{"theme light"}, "theme", "", []string{"theme: light"}},
		{"ThemeUnknown", []string{"theme neon"}, "theme", CodeUsage, []string{"no theme is called neon: choose dark, light, mono"}},
		{"HelpCommand", []string{"help open"}, "help", "", []string{"open ID\n  make facility ID current"}},
		{"HelpCapability", []string{"help points"}, "help", "", []string{"points: List a facility's points.", "arguments: equip, facility_id, limit, offset, role"}},
		{"Quit", []string{"quit"}, "quit", "", nil},
		{"History", []string{"open alpha", "bogus", "history"}, "history", "", []string{"1  open alpha\n2  bogus\n3  history\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := execAll(t, fakeSession(t), tt.lines...)
			if out.Command != tt.command {
				t.Errorf("Command = %q, want %q", out.Command, tt.command)
			}
			code := ""
			if out.Err != nil {
				code = out.Err.Code
			}
			if code != tt.code {
				t.Fatalf("error code %q, want %q; text:\n%s", code, tt.code, out.Text)
			}
			if out.Failed != (tt.code != "") {
				t.Errorf("Failed = %v with error code %q", out.Failed, code)
			}
			if tt.code != "" && (strings.Count(out.Text, "\n") != 1 || !strings.HasPrefix(out.Text, "error: ")) {
				t.Errorf("an error is one line starting error: ; got %q", out.Text)
			}
			for _, want := range tt.text {
				if !strings.Contains(out.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, out.Text)
				}
			}
			if tt.command == "" && (out.Text != "" || out.JSON() != nil) {
				t.Errorf("a blank line printed %q / %s", out.Text, out.JSON())
			}
			if tt.name == "Quit" && !out.Quit {
				t.Error("quit did not set Quit")
			}
		})
	}
}

func TestSession_State(t *testing.T) {
	s := fakeSession(t)
	ctx := context.Background()
	if out := s.Exec(ctx, "open secret"); out.Err == nil || s.Facility() != "" {
		t.Fatalf("a refused open changed the facility to %q", s.Facility())
	}
	s.Exec(ctx, "open alpha")
	if s.Facility() != "alpha" {
		t.Fatalf("Facility() = %q after open alpha", s.Facility())
	}
	first := s.Exec(ctx, "call points")
	again := s.Exec(ctx, "call points")
	if len(first.Result.Facts) != 1 || first.Result.Facts[0].ID != again.Result.Facts[0].ID {
		t.Fatal("the same call twice should give the same fact ids")
	}
	if !strings.Contains(again.Text, "(1 in this result, 0 new;") {
		t.Errorf("the same facts twice are kept once:\n%s", again.Text)
	}
	n := len(s.Facts())
	s.Exec(ctx, "check It has 10 points ["+first.Result.Facts[0].ID+"].")
	if len(s.Facts()) != n {
		t.Error("check_citations' facts joined the session's")
	}
	s.Exec(ctx, "draft AHU-1 is fine.")
	if s.Draft() != "AHU-1 is fine." {
		t.Errorf("Draft() = %q", s.Draft())
	}
	s.Exec(ctx, "theme mono")
	if s.Theme() != "mono" {
		t.Errorf("Theme() = %q", s.Theme())
	}
	if h := s.History(); len(h) != 7 || h[0] != "open secret" {
		t.Errorf("History() = %q", h)
	}
}

// TestSession_Walkthrough steps the triage_ahu plan on the fake campus:
// one step, the rest up to the citation check, which waits for a draft.
func TestSession_Walkthrough(t *testing.T) {
	s := fakeSession(t)
	ctx := context.Background()
	calls := &countingCaller{Caller: s.caller}
	s.caller = calls
	out := s.Exec(ctx, "prompt triage_ahu facility_id=alpha equip=AHU-1")
	if out.Err != nil || !strings.Contains(out.Text, "plan: 5 steps") {
		t.Fatalf("prompt: %v\n%s", out.Err, out.Text)
	}
	out = s.Exec(ctx, "step")
	if !strings.Contains(out.Text, "step 1 of 5: points equip=AHU-1 facility_id=alpha") || !strings.Contains(out.Text, "next: step 2 of 5, sensor_trust") {
		t.Fatalf("step:\n%s", out.Text)
	}
	out = s.Exec(ctx, "step all")
	for _, want := range []string{"step 2 of 5: sensor_trust", "step 3 of 5: rule_run", "finding_id=simultaneous_heat_cool@AHU-1",
		"finding_id=economizer_high_limit@AHU-1", "step 5 of 5 checks the draft's citations: write the draft first"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("step all lacks %q:\n%s", want, out.Text)
		}
	}
	if out.Failed {
		t.Error("step all failed")
	}
	// points, sensor_trust, rule_run, and finding_detail for the two
	// findings on rule_run's first page: each call made once.
	if calls.n != 5 {
		t.Errorf("the plan made %d calls, want 5 (earlier steps are answered from memory)", calls.n)
	}
	if out := s.Exec(ctx, "step"); out.Err == nil || out.Err.Code != CodeUsage {
		t.Fatalf("the check step without a draft: %v", out.Err)
	}
	s.Exec(ctx, "draft template")
	out = s.Exec(ctx, "step")
	if out.Err != nil || !strings.Contains(out.Text, "step 5 of 5: check_citations") || !strings.Contains(out.Text, "the triage_ahu plan is done") {
		t.Fatalf("check step: %v\n%s", out.Err, out.Text)
	}
	if strings.Contains(out.Text, "✗") || strings.Contains(out.Text, "unknown ids") {
		t.Errorf("the template draft should check clean:\n%s", out.Text)
	}
	if out := s.Exec(ctx, "step"); out.Err == nil || !strings.Contains(out.Err.Message, "plan is done") {
		t.Fatalf("step after the end: %v", out.Err)
	}
	var v map[string]any
	if err := json.Unmarshal(s.Exec(ctx, "prompt triage_ahu facility_id=alpha equip=AHU-2").JSON(), &v); err != nil || v["prompt"] != "triage_ahu" {
		t.Fatalf("prompt JSON: %v %v", err, v)
	}
}

func TestSession_WalkthroughRefusedStep(t *testing.T) {
	s := fakeSession(t)
	out := execAll(t, s, "prompt triage_ahu facility_id=alpha equip=NOPE-1", "step all")
	if !out.Failed || out.Err != nil {
		t.Fatalf("a plan with no findings: Failed %v, Err %v", out.Failed, out.Err)
	}
	if !strings.Contains(out.Text, "skipped: step skipped: the result of step rule_run has no value at /findings/*/finding_id") {
		t.Errorf("the skipped step is reported:\n%s", out.Text)
	}
}

func TestSession_PromptArgs(t *testing.T) {
	tests := []struct {
		name, line, code, msg string
	}{
		{"ErrNoName", "prompt", CodeUsage, "prompt needs a prompt name"},
		{"ErrUnknown", "prompt nope", CodeInvalidParams, `unknown prompt "nope"`},
		{"ErrMissing", "prompt triage_ahu facility_id=alpha", CodeInvalidParams, "argument equip is required"},
		{"ErrPositional", "prompt triage_ahu alpha", CodeUsage, "prompt takes key=value arguments, not the word alpha"},
		{"ErrTwice", "prompt triage_ahu equip=A equip=B", CodeInvalidParams, "argument equip is given twice"},
		{"ErrNotString", `prompt triage_ahu {"equip": 5}`, CodeInvalidParams, "argument equip must be a string"},
		{"ErrTooLong", "prompt triage_ahu facility_id=alpha equip=" + strings.Repeat("x", 201), CodeInvalidParams, "over the limit of 200"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := execAll(t, fakeSession(t), tt.line)
			if out.Err == nil || out.Err.Code != tt.code || !strings.Contains(out.Err.Message, tt.msg) {
				t.Fatalf("got %v, want %s: …%s…", out.Err, tt.code, tt.msg)
			}
		})
	}
	out := execAll(t, fakeSession(t), "open alpha", "prompt triage_ahu equip=AHU-1")
	if out.Err != nil || !strings.Contains(out.Text, `at facility "alpha"`) {
		t.Fatalf("the open facility is the prompt's default facility_id: %v\n%s", out.Err, out.Text)
	}
}

func TestOutput_JSON(t *testing.T) {
	s := fakeSession(t)
	for _, line := range []string{"facilities", "open alpha", "bogus", "facts", "fact F1@points", "draft x", "theme dark", "help", "quit"} {
		out := s.Exec(context.Background(), line)
		b := out.JSON()
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %s is not one JSON object: %v", line, b, err)
		}
		if strings.Count(string(b), "\n") != 1 || !strings.HasSuffix(string(b), "\n") {
			t.Errorf("%s: not one line: %q", line, b)
		}
		if _, isErr := v["error"]; isErr != (out.Err != nil) {
			t.Errorf("%s: error object %v, Err %v", line, isErr, out.Err)
		}
	}
}

// countingCaller counts the calls that reach the registry.
type countingCaller struct {
	Caller
	n int
}

func (c *countingCaller) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	c.n++
	return c.Caller.Call(ctx, name, args, cc)
}
