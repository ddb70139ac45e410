package agent

import (
	"context"
	"strings"

	"github.com/camber-tui/camber-tui/agent/verify"
)

// Options are a completion's settings.
type Options struct {
	// System is the system instruction. The agent always sets it; an
	// adapter without a system channel puts it before the prompt.
	System      string
	MaxTokens   int
	Temperature float64
}

// Completer is the injected language model: one prompt in, one answer
// out. No vendor SDK is imported anywhere in the agent; package agent/llm
// provides an external-command and an OpenAI-compatible HTTP completer.
// With none wired (nil), Explain and Ask answer from the deterministic
// templates.
type Completer interface {
	Complete(ctx context.Context, prompt string, opt Options) (string, error)
}

// CompleterFunc adapts a function to [Completer].
type CompleterFunc func(ctx context.Context, prompt string, opt Options) (string, error)

// Complete calls f.
func (f CompleterFunc) Complete(ctx context.Context, prompt string, opt Options) (string, error) {
	return f(ctx, prompt, opt)
}

// Answer sources.
const (
	SourceLLM      = "llm"
	SourceTemplate = "template"
)

// Flag is one problem found in an answer: a checker verdict with the
// sentence it concerns, a model error, or why the template was used.
type Flag struct {
	// Reason is "unknown_citation", "uncited", "unsupported_number",
	// "model_error" or "fallback".
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

// Grounded is an answer: its text, the valid ids it cites and their
// facts, whether it was grounded as written, what was flagged, and which
// path wrote it. For a model's answer Grounded is false if anything was
// flagged, even after repair; a template answer (also a fallback, whose
// flags record what the model got wrong) is grounded by construction.
type Grounded struct {
	Text     string   `json:"text"`
	Cited    []string `json:"cited"`
	Facts    []Fact   `json:"facts"`
	Grounded bool     `json:"grounded"`
	Flagged  []Flag   `json:"flagged,omitempty"`
	Source   string   `json:"source"`
}

// SystemPrompt is the instruction every model call carries (CAMBER
// defined one and never passed it; here it is always sent).
const SystemPrompt = "You explain the results of building-automation analytics (HVAC fault detection, " +
	"costs, recommendations) to a building operator. Answer only from the numbered facts you are given. " +
	"Cite every sentence that states something with the [id] of the fact it comes from, inside the sentence " +
	"before its final period, for example: \"Both coils were open 20% of hours [F1].\" State no number, date " +
	"or time that the facts you cite do not carry, and invent no ids, equipment or metrics. If the facts do " +
	"not answer the question, say that you don't know and which fact is missing. Plain prose, no headings."

// Default completion settings.
const (
	DefaultMaxTokens   = 1024
	DefaultTemperature = 0
)

// Explain explains a context's facts: grouped by equipment, every sentence
// cited. With no model (m nil) it is the deterministic template, which is
// also the regression oracle for the model path; "No findings to explain."
// when the context is empty. With a model, the answer is verified strictly
// (per sentence, unknown ids stripped, unsupported sentences dropped) and
// falls back to the template when nothing cited survives. The error is the
// context's, when ctx ends; a model failure falls back and is flagged.
func Explain(ctx context.Context, c *Context, m Completer) (Grounded, error) {
	if c == nil {
		c, _ = NewContext()
	}
	tmpl := func() Grounded {
		if c.Len() == 0 {
			return Grounded{Text: "No findings to explain.", Cited: []string{}, Facts: []Fact{}, Grounded: true, Source: SourceTemplate}
		}
		text, r := templateAnswer(c, c.facts)
		return c.grounded(text, r.Grounded, nil, SourceTemplate)
	}
	if m == nil || c.Len() == 0 {
		return tmpl(), nil
	}
	task := "Task: explain these results to the building operator, grouped by equipment: what is wrong, " +
		"why (root causes), what it costs, and what to do."
	return c.viaModel(ctx, m, task, tmpl, false)
}

// Ask answers a question from a context. With no model (m nil) it routes
// the question over the facts (see routeQuestion) and answers with the
// selected facts, each sentence cited, or honestly: "I don't know — no
// matching fact for X is in the current context." With a model, as
// Explain: strict verification, template fallback when nothing cited
// survives (unless the template does not know either).
func Ask(ctx context.Context, question string, c *Context, m Completer) (Grounded, error) {
	if c == nil {
		c, _ = NewContext()
	}
	r := routeQuestion(question, c)
	tmpl := func() Grounded {
		if len(r.facts) == 0 {
			text := dontKnow(r)
			if !verify.Check(text, verifyFacts(c.facts), verify.Options{}).Grounded {
				// An equipment name that reads as a figure: say it without.
				text = "I don't know — no matching fact is in the current context."
			}
			return c.grounded(text, true, nil, SourceTemplate)
		}
		text, rep := templateAnswer(c, r.facts)
		return c.grounded(text, rep.Grounded, nil, SourceTemplate)
	}
	if m == nil {
		return tmpl(), nil
	}
	task := "Task: answer the question from these facts only.\n\nQuestion: " + strings.TrimSpace(question)
	return c.viaModel(ctx, m, task, tmpl, len(r.facts) == 0)
}

// viaModel asks the model, verifies its answer strictly and falls back to
// the template when nothing cited survives. An answer that cites nothing
// is kept only when the template has nothing to offer either (both say
// they do not know).
func (c *Context) viaModel(ctx context.Context, m Completer, task string, tmpl func() Grounded, templateEmpty bool) (Grounded, error) {
	prompt := "Facts:\n\n" + c.PromptBlock() + "\n" + task
	raw, err := m.Complete(ctx, prompt, Options{System: SystemPrompt, MaxTokens: DefaultMaxTokens, Temperature: DefaultTemperature})
	if ctx.Err() != nil {
		return Grounded{}, ctx.Err()
	}
	if err != nil {
		g := tmpl()
		g.Flagged = append(g.Flagged, Flag{Reason: "model_error", Text: oneLine(err.Error())},
			Flag{Reason: "fallback", Text: "the model failed, so the deterministic template answered"})
		return g, nil
	}
	r := verify.Check(strings.TrimSpace(raw), verifyFacts(c.facts), verify.Options{})
	var flags []Flag
	for _, s := range r.Sentences {
		if s.Verdict != verify.Supported {
			flags = append(flags, Flag{Reason: string(s.Verdict), Text: s.Text + " (" + s.Reason + ")"})
		}
	}
	verified := strings.TrimSpace(r.Verified)
	if verified == "" || len(verify.Citations(verified)) == 0 && !templateEmpty {
		g := tmpl()
		why := "strict verification removed every sentence of the model's answer"
		if verified != "" {
			why = "the model's answer cites no fact"
		}
		g.Flagged = append(flags, Flag{Reason: "fallback", Text: why + ", so the deterministic template answered"})
		return g, nil
	}
	return c.grounded(verified, r.Grounded, flags, SourceLLM), nil
}

// grounded assembles an answer: the ids text cites that name facts of the
// context, and those facts.
func (c *Context) grounded(text string, ok bool, flags []Flag, source string) Grounded {
	g := Grounded{Text: text, Cited: []string{}, Facts: []Fact{}, Grounded: ok, Flagged: flags, Source: source}
	for _, id := range verify.Citations(text) {
		if f, found := c.Lookup(id); found {
			g.Cited = append(g.Cited, id)
			g.Facts = append(g.Facts, f)
		}
	}
	return g
}
