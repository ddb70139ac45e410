package repl

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/camber-tui/camber-tui/agent"
)

// runFacts lists the session's facts.
func runFacts(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) > 0 || c.Object != nil {
		return failure(usageErr("facts takes no arguments (fact ID shows one)"))
	}
	fs := s.agentCtx.Facts()
	if len(fs) == 0 {
		return Output{Text: "no facts yet: every call adds its result's facts\n", Value: map[string]any{"facts": []agent.Fact{}}}
	}
	rows := make([][]string, len(fs))
	for i, f := range fs {
		rows[i] = []string{f.ID, f.Kind, f.Equip, oneLine(f.Text)}
	}
	table, _ := renderTable([]string{"id", "kind", "equip", "text"}, rows, s.tableWidth(), true)
	text := table + plural(len(fs), "fact") + "\n"
	return Output{Text: text, Value: map[string]any{"facts": fs}}
}

// runFact shows one fact of the session: as its call returned it, or as
// the agent derived it.
func runFact(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) != 1 || c.Args[0].Key != "" || c.Object != nil {
		return failure(usageErr("fact takes one fact id: fact F1@rule_run-1a2b3c (facts lists them)"))
	}
	af, e := s.lookupFact(c.Args[0].Value)
	if e != nil {
		return failure(e)
	}
	id := af.ID
	var b strings.Builder
	b.WriteString(af.ID + "\n")
	b.WriteString("  kind:  " + af.Kind + "\n")
	if af.Equip != "" {
		b.WriteString("  equip: " + af.Equip + "\n")
	}
	b.WriteString("  text:  " + oneLine(af.Text) + "\n")
	data := af.Data
	var value any = af
	if f, isCall := s.regFacts[id]; isCall {
		value, data = f, f.Data
		if f.Value != nil {
			b.WriteString("  value: " + compactJSON(f.Value) + "\n")
		}
	} else {
		b.WriteString("  (derived by the agent from the session's findings)\n")
	}
	if len(data) > 0 {
		b.WriteString("  data:\n")
		ind, _ := json.MarshalIndent(data, "    ", "  ")
		b.WriteString("    " + string(ind) + "\n")
	}
	return Output{Text: b.String(), Value: value}
}

// lookupFact finds a fact by its id, or by the id without its call token
// (F2@rule_run for F2@rule_run-1a2b3c) when exactly one fact has it.
func (s *Session) lookupFact(id string) (agent.Fact, *Error) {
	if f, ok := s.agentCtx.Lookup(id); ok {
		return f, nil
	}
	var hits []agent.Fact
	for _, f := range s.agentCtx.Facts() {
		if rest, ok := strings.CutPrefix(f.ID, id+"-"); ok && rest != "" && !strings.ContainsAny(rest, "-@") {
			hits = append(hits, f)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return agent.Fact{}, &Error{Code: CodeNotFound, Message: "the session holds no fact " + quoteWord(id, true) + " (facts lists them)"}
	}
	ids := make([]string, len(hits))
	for i, f := range hits {
		ids[i] = f.ID
	}
	return agent.Fact{}, usageErr("%s names %s: %s; give the whole id", quoteWord(id, true), plural(len(hits), "fact"), strings.Join(ids, ", "))
}

// compactJSON writes v as compact JSON.
func compactJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "?"
	}
	return strings.TrimRight(b.String(), "\n")
}

// runExplain explains the session's facts.
func runExplain(ctx context.Context, s *Session, c Command) Output {
	if len(c.Args) > 1 || c.Object != nil || (len(c.Args) == 1 && c.Args[0].Key != "") {
		return failure(usageErr("explain takes template or llm, or nothing"))
	}
	m, e := s.model(c.Args, "explain")
	if e != nil {
		return failure(e)
	}
	g, err := agent.Explain(ctx, s.agentCtx, m)
	if err != nil {
		return failure(callError(err))
	}
	return s.grounded(g)
}

// runAsk answers a question from the session's facts.
func runAsk(ctx context.Context, s *Session, c Command) Output {
	if strings.TrimSpace(c.Text) == "" {
		return failure(usageErr("ask needs a question: ask what should I fix first on AHU-1?"))
	}
	g, err := agent.Ask(ctx, c.Text, s.agentCtx, s.llm)
	if err != nil {
		return failure(callError(err))
	}
	return s.grounded(g)
}

// model returns the completer a command asks for: "llm" needs one wired,
// "template" none; no word means the wired one, if any.
func (s *Session) model(args []Arg, cmd string) (agent.Completer, *Error) {
	if len(args) == 0 {
		return s.llm, nil
	}
	switch strings.ToLower(args[0].Value) {
	case "template":
		return nil, nil
	case "llm":
		if s.llm == nil {
			return nil, &Error{Code: CodeUnavailable, Message: cmd + " llm: no language model is wired (set llm.command or llm.url); " + cmd + " template works without one"}
		}
		return s.llm, nil
	}
	return nil, usageErr("%s takes template or llm, not %s", cmd, quoteWord(args[0].Value, true))
}

// grounded shows an answer: its text, where it came from, and what was
// flagged.
func (s *Session) grounded(g agent.Grounded) Output {
	var b strings.Builder
	b.WriteString(s.wrap(g.Text))
	src := "source: " + g.Source
	if !g.Grounded {
		src += " (not grounded as written: see flagged)"
	}
	b.WriteString("\n" + src + "; cites " + plural(len(g.Cited), "fact") + "\n")
	for _, f := range g.Flagged {
		b.WriteString(s.wrap("flagged " + f.Reason + ": " + oneLine(f.Text)))
	}
	return Output{Text: b.String(), Value: g}
}
