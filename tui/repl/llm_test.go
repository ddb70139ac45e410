package repl

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent"
)

// findingID finds the id of AHU-1's first finding in a prompt's fact block.
var findingID = regexp.MustCompile(`\[([^\]]+)\] \(finding, AHU-1\)`)

// lyingModel answers with one sentence its facts support and one with an
// invented figure, citing the same fact.
var lyingModel = agent.CompleterFunc(func(_ context.Context, prompt string, opt agent.Options) (string, error) {
	m := findingID.FindStringSubmatch(prompt)
	if m == nil || opt.System == "" {
		return "I cannot see a finding.", nil
	}
	return "AHU-1 heats and cools at once in 42% of hours [" + m[1] + "]. It wastes $9,999 a year [" + m[1] + "].", nil
})

func TestSession_LLM(t *testing.T) {
	ctx := context.Background()
	newSession := func(m agent.Completer) *Session {
		s := New(Options{Caller: fakeRegistry(t), CallContext: fakeCC(), Completer: m})
		if out := s.Exec(ctx, "call rule_run facility_id=alpha"); out.Err != nil {
			t.Fatal(out.Err)
		}
		return s
	}
	s := newSession(lyingModel)
	out := s.Exec(ctx, "explain")
	answer, _, _ := strings.Cut(out.Text, "source:")
	if out.Err != nil || !strings.Contains(answer, "in 42% of hours [F2@rule_run-") || strings.Contains(answer, "9,999") {
		t.Fatalf("explain with a model keeps the supported sentence and drops the invented figure:\n%s", out.Text)
	}
	if !strings.Contains(out.Text, "source: llm (not grounded as written: see flagged)") || !strings.Contains(out.Text, "flagged unsupported_number: It wastes $9,999") {
		t.Errorf("explain shows where the answer came from and what was flagged:\n%s", out.Text)
	}
	if out := s.Exec(ctx, "explain template"); !strings.Contains(out.Text, "source: template") {
		t.Errorf("explain template uses the template:\n%s", out.Text)
	}
	if out := s.Exec(ctx, "ask what is wrong with AHU-1?"); !strings.Contains(out.Text, "source: llm") {
		t.Errorf("ask uses the wired model:\n%s", out.Text)
	}
	out = s.Exec(ctx, "draft llm")
	if out.Err != nil || strings.Contains(s.Draft(), "9,999") || !strings.Contains(s.Draft(), "42% of hours") || !strings.Contains(out.Text, "(llm)") {
		t.Fatalf("draft llm appends the verified answer only: %q\n%s", s.Draft(), out.Text)
	}
	if out := s.Exec(ctx, "check"); strings.Contains(out.Text, "✗") {
		t.Errorf("the verified draft checks clean:\n%s", out.Text)
	}

	broken := newSession(agent.CompleterFunc(func(context.Context, string, agent.Options) (string, error) {
		return "", errors.New("connection refused")
	}))
	out = broken.Exec(ctx, "explain llm")
	if out.Err != nil || !strings.Contains(out.Text, "source: template") || !strings.Contains(out.Text, "flagged model_error: connection refused") ||
		!strings.Contains(out.Text, "flagged fallback:") {
		t.Fatalf("a failing model falls back to the template, flagged:\n%s", out.Text)
	}
}
