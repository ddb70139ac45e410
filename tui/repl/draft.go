package repl

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

// runDraft shows the draft, or appends to it: TEXT, the template
// explanation (draft template) or the model's verified draft (draft llm);
// draft clear empties it.
func runDraft(ctx context.Context, s *Session, c Command) Output {
	word := ""
	if !c.Quoted {
		word = strings.ToLower(c.Text)
	}
	var chunk, source string
	var flagged []agent.Flag
	switch {
	case c.Text == "" && !c.Quoted:
		return s.showDraft()
	case word == "clear":
		s.draft = ""
		return Output{Text: "the draft is empty\n", Value: map[string]any{"draft": ""}}
	case word == "template" || word == "llm":
		m := s.llm
		if word == "template" {
			m = nil
		} else if m == nil {
			return failure(&Error{Code: CodeUnavailable, Message: "draft llm: no language model is wired (set llm.command or llm.url); draft template works without one"})
		}
		if s.agentCtx.Len() == 0 {
			return failure(usageErr("draft %s: the session has no facts to draft from yet; call capabilities (or step through a prompt) first", word))
		}
		g, err := agent.Explain(ctx, s.agentCtx, m)
		if err != nil {
			return failure(callError(err))
		}
		chunk, source, flagged = g.Text, g.Source, g.Flagged
	default:
		chunk, source = c.Text, "typed"
	}
	s.draft = appendDraft(s.draft, chunk)
	out := s.showDraft()
	var b strings.Builder
	b.WriteString("added " + plural(len(strings.Fields(chunk)), "word") + " (" + source + ")\n")
	for _, f := range flagged {
		b.WriteString(s.wrap("flagged " + f.Reason + ": " + oneLine(f.Text)))
	}
	out.Text = b.String() + out.Text
	out.Value = map[string]any{"draft": s.draft, "added": chunk, "source": source, "flagged": flagged}
	return out
}

// appendDraft joins a chunk to the draft: a new paragraph after one that
// ends a sentence, else a space.
func appendDraft(draft, chunk string) string {
	switch {
	case strings.TrimSpace(draft) == "":
		return chunk
	case strings.HasSuffix(draft, "\n"), strings.HasSuffix(draft, " "):
		return draft + chunk
	}
	return draft + " " + chunk
}

// showDraft shows the draft.
func (s *Session) showDraft() Output {
	if strings.TrimSpace(s.draft) == "" {
		return Output{Text: "the draft is empty: draft TEXT appends, draft template inserts the template explanation, draft llm asks the model\n",
			Value: map[string]any{"draft": s.draft}}
	}
	return Output{Text: "draft (" + plural(len(strings.Fields(s.draft)), "word") + "):\n" + s.wrap(s.draft),
		Value: map[string]any{"draft": s.draft}}
}

// runCheck checks TEXT, or the draft, with check_citations against the
// session's facts (those the text cites), through the registry so the
// policy applies, and shows each sentence's verdict.
func runCheck(ctx context.Context, s *Session, c Command) Output {
	text := c.Text
	if text == "" && !c.Quoted {
		text = s.draft
	}
	if strings.TrimSpace(text) == "" {
		return failure(usageErr("nothing to check: check TEXT, or write a draft first (draft TEXT, draft template)"))
	}
	res, e := s.check(ctx, text)
	if e != nil {
		return failure(e)
	}
	return Output{Text: s.renderCheck(res), Value: res, Result: res}
}

// check runs check_citations on text with the session's facts it cites,
// detailed per sentence; the result becomes the last result.
func (s *Session) check(ctx context.Context, text string) (*registry.Result, *Error) {
	facts, err := s.citedFacts(text)
	if err != nil {
		return nil, &Error{Code: CodeInternal, Message: "the session's facts do not encode"}
	}
	args := map[string]any{"text": text, "facts": facts, "detail": true, "limit": registry.MaxLimit}
	res, _, e := s.call(ctx, checkCitations, args)
	if e != nil {
		return nil, e
	}
	s.last = &shown{capability: checkCitations, args: args, result: res}
	return res, nil
}

// citedFacts returns the session's facts that text cites (derived ones
// included), as check_citations takes them.
func (s *Session) citedFacts(text string) ([]any, error) {
	ids := verify.Citations(text)
	out := []any{}
	for _, f := range s.agentCtx.Facts() {
		if !slices.Contains(ids, f.ID) {
			continue
		}
		m := map[string]any{"id": f.ID, "text": f.Text}
		if f.Kind != "" {
			m["kind"] = f.Kind
		}
		if f.Equip != "" {
			m["equip"] = f.Equip
		}
		if len(f.Data) > 0 {
			b, err := json.Marshal(f.Data)
			if err != nil {
				return nil, err
			}
			var d map[string]any
			if err := json.Unmarshal(b, &d); err != nil {
				return nil, err
			}
			m["data"] = d
		}
		out = append(out, m)
	}
	return out, nil
}

// verdictMarks mark a sentence by its verdict with a glyph and a word, so
// the mark reads without colour.
var verdictMarks = map[string]string{
	"supported":          "✓ supported",
	"unknown_citation":   "? unknown citation",
	"uncited":            "✗ uncited",
	"unsupported_number": "✗ unsupported number",
}

// renderCheck shows a check_citations result: banners, the counts with the
// result's fact id, then every sentence with its verdict and reason.
func (s *Session) renderCheck(res *registry.Result) string {
	var b strings.Builder
	for _, bn := range res.Banners {
		b.WriteString(s.wrap("NOTICE: " + oneLine(bn)))
	}
	b.WriteString(s.wrap(oneLine(res.Text)))
	data, _ := res.Data.(map[string]any)
	sentences, _ := data["sentences"].([]any)
	if sentences == nil {
		sentences, _ = data["failing"].([]any)
	}
	for _, raw := range sentences {
		m, _ := raw.(map[string]any)
		verdict, _ := m["verdict"].(string)
		text, _ := m["text"].(string)
		mark, ok := verdictMarks[verdict]
		if !ok {
			mark = verdict
		}
		b.WriteString(s.wrap(mark + ": " + oneLine(strings.Join(strings.Fields(text), " "))))
		if reason, _ := m["reason"].(string); reason != "" {
			b.WriteString(s.wrap("    " + oneLine(reason)))
		}
	}
	if ids, _ := data["unknown_ids"].([]any); len(ids) > 0 {
		var names []string
		for _, id := range ids {
			if v, ok := id.(string); ok {
				names = append(names, v)
			}
		}
		b.WriteString(s.wrap("unknown ids: " + strings.Join(names, ", ")))
	}
	return b.String()
}
