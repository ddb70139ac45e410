package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
)

// askQuestions are the template-path questions of the golden file.
var askQuestions = []string{
	"what should I do about AHU-1?",
	"what will this cost?",
	"What does it cost on VAV-2-3?",
	"why is VAV-2-3 reheating?",
	"what is the root cause on AHU-1?",
	"how is Boiler 2?",
	"what do the findings say?",
	"what don't I know about the chiller?",
	"anything about AHU-10?",
	"what should I do about AHU-3?",
	"what is the cost of AHU-3?",
	"how many samples does AHU-1 have?",
}

func TestExplain_Template(t *testing.T) {
	g, err := Explain(context.Background(), demoContext(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Source != SourceTemplate || !g.Grounded || len(g.Flagged) != 0 {
		t.Errorf("source %s grounded %v flagged %v", g.Source, g.Grounded, g.Flagged)
	}
	if len(g.Cited) != demoContext().Len() || len(g.Facts) != len(g.Cited) {
		t.Errorf("cites %d of %d facts", len(g.Cited), demoContext().Len())
	}
	assertGrounded(t, g.Text, demoContext())
	golden.Check(t, "explain_template.golden", []byte(g.Text+"\n"))

	for _, c := range []*Context{nil, {}} {
		g, err := Explain(context.Background(), c, &lyingModel{})
		if err != nil || g.Text != "No findings to explain." || g.Source != SourceTemplate || !g.Grounded {
			t.Errorf("empty context: %+v, %v", g, err)
		}
	}
}

func TestAsk_Template(t *testing.T) {
	var b strings.Builder
	for _, q := range askQuestions {
		g, err := Ask(context.Background(), q, demoContext(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if g.Source != SourceTemplate || !g.Grounded {
			t.Errorf("%q: source %s grounded %v", q, g.Source, g.Grounded)
		}
		assertGrounded(t, g.Text, demoContext())
		fmt.Fprintf(&b, "Q: %s\nA: %s\ncited: %s\n\n", q, g.Text, strings.Join(g.Cited, " "))
	}
	golden.Check(t, "ask_template.golden", []byte(b.String()))
}

// assertGrounded fails unless text checks fully supported against c.
func assertGrounded(t *testing.T, text string, c *Context) {
	t.Helper()
	r := verify.Check(text, verifyFacts(c.facts), verify.Options{})
	if !r.Grounded || r.Verified != text {
		for _, s := range r.Sentences {
			if s.Verdict != verify.Supported {
				t.Logf("%s %q: %s", s.Verdict, s.Text, s.Reason)
			}
		}
		t.Fatalf("answer is not grounded: %q", text)
	}
}

// lyingModel answers with a scripted text and records its calls.
type lyingModel struct {
	answer string
	err    error
	calls  int
	prompt string
	opt    Options
}

func (m *lyingModel) Complete(ctx context.Context, prompt string, opt Options) (string, error) {
	m.calls++
	m.prompt, m.opt = prompt, opt
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return m.answer, m.err
}

func TestExplain_Model(t *testing.T) {
	honest, _ := Explain(context.Background(), demoContext(), nil)
	for _, tc := range []struct {
		name       string
		answer     string
		source     string
		grounded   bool
		reasons    []string
		mustHave   string // a substring the answer keeps
		mustNotHas string // a substring repaired away
	}{
		{"honest model: the template itself", honest.Text, SourceLLM, true, nil, "Both coils open 20% of hours [F1]", ""},
		{"paraphrase with rounding", "On AHU-1 both coils were open about 20% of the time [F1], costing roughly $2,900 a year [C1]. Boiler 2 starts 14 times a day [F4].",
			SourceLLM, true, nil, "$2,900", ""},
		{"invented number", "Both coils open 20% of hours [F1]. That wastes $9,999 a year [C1]. Lock out heating and cooling [R1].",
			SourceLLM, false, []string{"unsupported_number"}, "Lock out heating and cooling [R1].", "$9,999"},
		{"invented id", "Both coils open 20% of hours [F1][F99]. The chiller runs at 0.9 kW/ton [X7].",
			SourceLLM, false, []string{"unknown_citation", "unsupported_number"}, "Both coils open 20% of hours [F1].", "X7"},
		{"uncited claim", "AHU-1 wastes 45% of its energy. Lock out heating and cooling [R1].",
			SourceLLM, false, []string{"uncited"}, "Lock out", "45%"},
		{"another fact's figure", "Boiler 2 starts 14.2 times a day [F1].",
			SourceTemplate, true, []string{"unsupported_number", "fallback"}, "[N1]", "times a day [F1]"},
		{"all lies fall back (the template is grounded; the flags keep the lies)", "AHU-1 wastes $50,000 [C1]. It runs 99% of hours [F7].",
			SourceTemplate, true, []string{"unsupported_number", "unsupported_number", "fallback"}, "[F1]", "$50,000"},
		{"uncited prose falls back", "Everything looks fine to me.",
			SourceTemplate, true, []string{"fallback"}, "[F1]", "fine to me"},
		{"empty answer falls back", "  ", SourceTemplate, true, []string{"fallback"}, "[F1]", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &lyingModel{answer: tc.answer}
			g, err := Explain(context.Background(), demoContext(), m)
			if err != nil {
				t.Fatal(err)
			}
			var reasons []string
			for _, f := range g.Flagged {
				reasons = append(reasons, f.Reason)
			}
			if g.Source != tc.source || g.Grounded != tc.grounded || !slices.Equal(reasons, tc.reasons) {
				t.Errorf("source %s grounded %v flags %v; want %s %v %v", g.Source, g.Grounded, reasons, tc.source, tc.grounded, tc.reasons)
			}
			if !strings.Contains(g.Text, tc.mustHave) || tc.mustNotHas != "" && strings.Contains(g.Text, tc.mustNotHas) {
				t.Errorf("answer %q: want %q kept and %q gone", g.Text, tc.mustHave, tc.mustNotHas)
			}
			assertGrounded(t, g.Text, demoContext())
			for _, id := range g.Cited {
				if _, ok := demoContext().Lookup(id); !ok {
					t.Errorf("cites unknown %s", id)
				}
			}
			if m.calls != 1 || m.opt.System != SystemPrompt || m.opt.MaxTokens != DefaultMaxTokens {
				t.Errorf("model called %d times with %+v", m.calls, m.opt)
			}
			if !strings.HasPrefix(m.prompt, "Facts:\n\n"+demoContext().PromptBlock()) || !strings.Contains(m.prompt, "Task: explain") {
				t.Errorf("prompt %q lacks the fact block or the task", m.prompt)
			}
		})
	}
}

// TestModel_LiesNeverSurvive feeds the model path many lying answers:
// whatever the model says, what comes out checks fully grounded.
func TestModel_LiesNeverSurvive(t *testing.T) {
	c := demoContext()
	ids := []string{"F1", "C1", "R1", "F2", "F3", "C2", "F4", "G1", "N1", "H1", "F9", "Z1", "C1@x-123456"}
	claims := []string{"20%", "21%", "$2,897", "$2,900", "$3,000", "14.2", "14", "-5", "2025-01-01", "2025-02-30", "8,760", "99", "1e3", "0.2", "12.5%", "13%", "64%", "65 °F"}
	n := 0
	for i, id := range ids {
		for j, claim := range claims {
			answer := fmt.Sprintf("AHU-1 shows %s here [%s]. Also %s overall. See [%s] and %s [%s, %s].",
				claim, id, claims[(i+j)%len(claims)], ids[(i*7+j)%len(ids)], claims[(j*5+i)%len(claims)], ids[j%len(ids)], id)
			for _, ask := range []bool{false, true} {
				var g Grounded
				var err error
				if ask {
					g, err = Ask(context.Background(), "what will this cost?", c, &lyingModel{answer: answer})
				} else {
					g, err = Explain(context.Background(), c, &lyingModel{answer: answer})
				}
				if err != nil {
					t.Fatal(err)
				}
				assertGrounded(t, g.Text, c)
				n++
			}
		}
	}
	if n != 2*len(ids)*len(claims) {
		t.Fatal("not every answer was checked")
	}
}

func TestModel_Errors(t *testing.T) {
	m := &lyingModel{err: errors.New("connection refused")}
	g, err := Explain(context.Background(), demoContext(), m)
	if err != nil {
		t.Fatal(err)
	}
	if g.Source != SourceTemplate || len(g.Flagged) != 2 || g.Flagged[0].Reason != "model_error" || !strings.Contains(g.Flagged[0].Text, "connection refused") {
		t.Errorf("model error: %+v", g)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Ask(ctx, "what will this cost?", demoContext(), &lyingModel{answer: "x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

func TestAsk_Model(t *testing.T) {
	// The model may honestly not know when the facts do not say.
	empty, _ := NewContext(Fact{ID: "F1", Kind: "finding", Equip: "AHU-1", Text: "Both coils open 20% of hours."})
	g, _ := Ask(context.Background(), "what does it cost?", empty, &lyingModel{answer: "I don't know: no fact gives a cost."})
	if g.Source != SourceLLM || g.Text != "I don't know: no fact gives a cost." {
		t.Errorf("honest don't-know: %+v", g)
	}
	// But not when the facts answer the question.
	m := &lyingModel{answer: "I don't know."}
	g, _ = Ask(context.Background(), "what will this cost?", demoContext(), m)
	if g.Source != SourceTemplate || !strings.Contains(g.Text, "[C1]") {
		t.Errorf("don't-know with facts at hand: %+v", g)
	}
	if !strings.HasSuffix(m.prompt, "Question: what will this cost?") {
		t.Errorf("prompt ends %q", m.prompt[max(0, len(m.prompt)-60):])
	}
	// A cited answer is the model's.
	g, _ = Ask(context.Background(), "what will this cost?", demoContext(), &lyingModel{answer: "About $2,897 a year on AHU-1 [C1]."})
	if g.Source != SourceLLM || !g.Grounded || !slices.Equal(g.Cited, []string{"C1"}) || g.Facts[0].ID != "C1" {
		t.Errorf("cited answer: %+v", g)
	}
}

// TestExplain_RuleRunFacts explains facts shaped as rule_run returns them
// (tokenised ids, quoted finding ids, cost objects in data) with no model:
// derived cost, recommendation and root-cause facts join, and the answer is
// grounded.
func TestExplain_RuleRunFacts(t *testing.T) {
	res := &registry.Result{Facts: []registry.Fact{
		{ID: "F1@rule_run-9c1d2e", Kind: "rule_run", Value: 3, Text: "north-campus: 3 findings worst first (2 fault, 1 warn) from 38 rules; 1 check declined",
			Data: map[string]any{"facility_id": "north-campus", "count": 3.0, "declined": 1.0}},
		{ID: "F2@rule_run-9c1d2e", Kind: "finding", Value: "fault", Equip: "AHU-1",
			Text: `"simultaneous_heat_cool@AHU-1" is fault: both coils open 20.3% of occupied hours (356 of 1,752); triage cost about $2,897 a year`,
			Data: map[string]any{"finding_id": "simultaneous_heat_cool@AHU-1", "rule": "simultaneous_heat_cool", "severity": "fault",
				"share": 0.203, "cost": map[string]any{"annual_usd": 2897.3, "kwh": 8802.0, "therms": 1314.0, "basis": "reheat-gas+paired-cooling"}}},
		{ID: "F3@rule_run-9c1d2e", Kind: "finding", Value: "fault", Equip: "AHU-1",
			Text: `"supply_air_reset@AHU-1" is fault: SAT below 58 °F for 71% of cooling hours, no reset with OAT`,
			Data: map[string]any{"finding_id": "supply_air_reset@AHU-1", "rule": "supply_air_reset", "severity": "fault",
				"cost": map[string]any{"annual_usd": nil, "uncosted": "no cost model for rule supply_air_reset"}}},
		{ID: "F4@rule_run-9c1d2e", Kind: "finding", Value: "warn", Equip: "VAV-2-07",
			Text: `"reheat_penalty@VAV-2-07" is warn: reheating 12% of occupied hours above 65 °F OAT`,
			Data: map[string]any{"finding_id": "reheat_penalty@VAV-2-07", "rule": "reheat_penalty", "severity": "warn"}},
		{ID: "F5@rule_run-9c1d2e", Kind: "skipped", Value: 2, Text: "2 rules skipped for missing inputs", Data: map[string]any{"skipped": 2.0}},
	}}
	c, err := FromResults(res)
	if err != nil {
		t.Fatal(err)
	}
	c.Derive()
	g, err := Explain(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertGrounded(t, g.Text, c)
	var b strings.Builder
	b.WriteString(g.Text + "\n")
	for _, q := range []string{"what should I do about AHU-1?", "what will it cost?", "why is AHU-1 wasting energy?"} {
		a, _ := Ask(context.Background(), q, c, nil)
		assertGrounded(t, a.Text, c)
		fmt.Fprintf(&b, "\nQ: %s\nA: %s\n", q, a.Text)
	}
	golden.Check(t, "explain_rule_run.golden", []byte(b.String()))
}
