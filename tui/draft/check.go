package draft

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
)

// span is one checked sentence's place in the text as it stands: the
// checker's offsets, moved with every edit since; stale once an edit
// touched it (it is checked again after the pause).
type span struct {
	start, end int
	sent       int // index into the report's sentences
	stale      bool
}

// edited records an edit: the session's draft follows the text, the
// marks move with it, and a check is due after the pause.
func (s *Screen) edited(before, after string) tea.Cmd {
	s.opts.Session.Draft = after
	s.shift(before, after)
	s.editSeq++
	if s.opts.Debounce < 0 {
		s.check()
		return nil
	}
	id, seq := s.id, s.editSeq
	return tea.Tick(s.opts.Debounce, func(time.Time) tea.Msg { return checkMsg{id: id, seq: seq} })
}

// shift moves the spans over an edit of before into after: spans before
// the changed bytes stay, those after move by the change in length, those
// it touches stretch over it and go stale.
func (s *Screen) shift(before, after string) {
	a := 0
	for a < len(before) && a < len(after) && before[a] == after[a] {
		a++
	}
	b := 0
	for b < len(before)-a && b < len(after)-a && before[len(before)-1-b] == after[len(after)-1-b] {
		b++
	}
	oldEnd, newEnd, delta := len(before)-b, len(after)-b, len(after)-len(before)
	for i := range s.spans {
		sp := &s.spans[i]
		switch {
		case sp.end <= a:
			// wholly before the edit
		case sp.start >= oldEnd:
			sp.start += delta
			sp.end += delta
		default:
			sp.start = min(sp.start, a)
			if sp.end >= oldEnd {
				sp.end += delta
			} else {
				sp.end = newEnd
			}
			sp.stale = true
		}
		sp.start = min(max(sp.start, 0), len(after))
		sp.end = min(max(sp.end, sp.start), len(after))
	}
}

// check checks the text as it stands (facts refreshed when the session's
// changed) and marks every sentence afresh.
func (s *Screen) check() {
	if v := s.opts.Session.Version(); v != s.factsVer {
		s.checker.SetFacts(s.opts.Session.VerifyFacts())
		s.factsVer = v
	}
	s.report = s.checker.Check(s.ta.Value())
	s.spans = s.spans[:0]
	for i, se := range s.report.Sentences {
		if se.Start >= 0 {
			s.spans = append(s.spans, span{start: se.Start, end: se.End, sent: i})
		}
	}
	s.checked = s.editSeq
}

// template inserts the template explanation of the session's facts.
func (s *Screen) template() tea.Cmd {
	if s.opts.Session.Len() == 0 {
		s.setNote(noFacts, true)
		return nil
	}
	snap, id := s.opts.Session.Snapshot(), s.id
	return func() tea.Msg {
		g, err := agent.Explain(context.Background(), snap, nil)
		if err != nil {
			g = agent.Grounded{Source: agent.SourceTemplate}
		}
		return templateMsg{id: id, g: g}
	}
}

// noFacts says where facts come from.
const noFacts = "the session has no facts to draft from yet: run a guided prompt's steps (P), or call capabilities on the command line (:)"

// askLLM asks the wired model to draft from the session's facts.
func (s *Screen) askLLM() tea.Cmd {
	switch {
	case s.llmCancel != nil:
		return nil
	case s.opts.Completer == nil:
		s.setNote("no LLM is wired (template only): set the llm section of the config; "+
			s.env.Keys.Draft.Template.Help().Key+" inserts the template explanation", true)
		return nil
	case s.opts.Session.Len() == 0:
		s.setNote(noFacts, true)
		return nil
	}
	ctx, cancel := context.WithCancel(s.opts.Context)
	s.llmCancel = cancel
	s.llmSeq++
	s.frame = 0
	s.setNote(fmt.Sprintf("asking %s to draft from %d facts · esc cancels", s.llmName(), s.opts.Session.Len()), false)
	snap, m, id, seq := s.opts.Session.Snapshot(), s.opts.Completer, s.id, s.llmSeq
	call := func() tea.Msg {
		g, err := agent.Explain(ctx, snap, m)
		return llmMsg{id: id, seq: seq, g: g, err: err}
	}
	return tea.Batch(call, s.tick())
}

// llmName names the model.
func (s *Screen) llmName() string {
	if s.opts.LLM == "" {
		return "the LLM"
	}
	return s.opts.LLM
}

// tick is the spinner's next frame while the LLM drafts.
func (s *Screen) tick() tea.Cmd {
	id, seq := s.id, s.llmSeq
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return frameMsg{id: id, seq: seq} })
}

// drafted takes the LLM's answer.
func (s *Screen) drafted(msg llmMsg) tea.Cmd {
	if msg.id != s.id || msg.seq != s.llmSeq {
		return nil
	}
	if s.llmCancel != nil {
		s.llmCancel()
		s.llmCancel = nil
	}
	switch {
	case errors.Is(msg.err, context.Canceled):
		s.setNote("the LLM draft was cancelled", false)
		return nil
	case msg.err != nil:
		s.setNote("the LLM failed: "+oneLine(msg.err.Error()), true)
		return nil
	}
	return s.insert(msg.g)
}

// insert puts an answer's text at the cursor, as a paragraph of its own.
func (s *Screen) insert(g agent.Grounded) tea.Cmd {
	text := strings.TrimSpace(g.Text)
	if text == "" {
		s.setNote("nothing to insert: the answer was empty", true)
		return nil
	}
	before := s.ta.Value()
	line := []rune(strings.Split(before, "\n")[s.ta.Line()])
	col := min(s.ta.LineInfo().ColumnOffset, len(line))
	if strings.TrimSpace(string(line[:col])) != "" {
		text = "\n\n" + text
	}
	s.ta.InsertString(text)
	s.source, s.flags = g.Source, g.Flagged
	note := fmt.Sprintf("inserted the %s draft (%d words)", g.Source, len(strings.Fields(text)))
	if len(g.Flagged) > 0 {
		note += fmt.Sprintf(" · %d flagged: %s", len(g.Flagged), flagWords(g.Flagged))
	}
	s.setNote(note, false)
	after := s.ta.Value()
	if after == before {
		s.setNote("the draft is full: nothing was inserted", true)
		return nil
	}
	cmd := s.edited(before, after)
	s.check() // an insertion is checked at once
	return cmd
}

// flagWords lists what was flagged, briefly.
func flagWords(fs []agent.Flag) string {
	count := map[string]int{}
	var order []string
	for _, f := range fs {
		if count[f.Reason] == 0 {
			order = append(order, f.Reason)
		}
		count[f.Reason]++
	}
	parts := make([]string, len(order))
	for i, r := range order {
		parts[i] = fmt.Sprintf("%s ×%d", strings.ReplaceAll(r, "_", " "), count[r])
	}
	return strings.Join(parts, ", ")
}

// oneLine folds whitespace runs into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// verdictAt returns the sentence at byte offset off, if any.
func (s *Screen) verdictAt(off int) (verify.Sentence, span, bool) {
	for _, sp := range s.spans {
		if off >= sp.start && off <= sp.end {
			return s.report.Sentences[sp.sent], sp, true
		}
	}
	return verify.Sentence{}, span{}, false
}
