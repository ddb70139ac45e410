package walkthrough

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// memoCall is a call's answer, for replaying the plan up to a step.
type memoCall struct {
	res *registry.Result
	err error
}

// errPending is what the replay's caller answers for a call not made yet.
var errPending = errors.New("not called yet")

// memoKey identifies a call by capability and arguments.
func memoKey(name string, args map[string]any) string {
	b, err := json.Marshal(args)
	if err != nil {
		return name
	}
	return name + "\x00" + string(b)
}

// replay answers a plan's calls from memory only.
type replay struct{ memo map[string]memoCall }

// Call implements prompts.Caller without making a call.
func (r replay) Call(_ context.Context, name string, args map[string]any, _ *registry.CallContext) (*registry.Result, error) {
	if m, ok := r.memo[memoKey(name, args)]; ok {
		return m.res, m.err
	}
	return nil, errPending
}

// runFrom runs the next step not yet run (all: and every data step after
// it, up to the citation check).
func (s *Screen) runFrom(all bool) tea.Cmd {
	if s.running >= 0 {
		return s.busy()
	}
	next := s.nextTodo()
	if next < 0 {
		s.setNote("every step has run", false)
		return nil
	}
	if s.steps[next].check() {
		s.selectStep(next)
		if strings.TrimSpace(s.opts.Session.Draft) == "" {
			return s.openDraft()
		}
		return s.runCheck(next)
	}
	s.runAll = all
	return s.runStep(next)
}

// nextTodo returns the first step not yet run, -1 for none.
func (s *Screen) nextTodo() int {
	for i, st := range s.steps {
		if st.state == stepTodo {
			return i
		}
	}
	return -1
}

// selectStep selects step i's row.
func (s *Screen) selectStep(i int) {
	for j, r := range s.rows() {
		if r.step == i && r.call < 0 {
			s.sel = j
		}
	}
	s.layout()
}

// runStep replays the plan up to step k from the answers so far (no call
// is made here) and asks for the calls of step k, which come back as
// DoneMsgs. A step whose arguments cannot be derived is skipped, saying
// why, and with runAll the next step runs.
func (s *Screen) runStep(k int) tea.Cmd {
	target := s.steps[k]
	plan := s.plan
	plan.Steps = append([]prompts.Step(nil), s.plan.Steps[:k+1]...)
	plan.Draft = ""
	type ask struct {
		name string
		args map[string]any
	}
	var asks []ask
	var skipped error
	_, err := prompts.Run(context.Background(), replay{memo: s.memo}, nil, plan, func(st prompts.Step, _ *registry.Result, err error) {
		if st.ID != target.st.ID {
			return
		}
		if errors.Is(err, prompts.ErrSkipped) {
			skipped = err
			return
		}
		asks = append(asks, ask{name: st.Capability, args: screen.CloneArgs(st.Args)})
	})
	if err != nil {
		target.state, target.why = stepSkipped, err.Error()
		s.runAll = false
		return nil
	}
	if skipped != nil || len(asks) == 0 {
		target.state = stepSkipped
		target.why = "skipped"
		if skipped != nil {
			target.why = strings.TrimPrefix(skipped.Error(), prompts.ErrSkipped.Error()+": ")
		}
		s.selectStep(k)
		return s.after(k)
	}
	target.state, target.calls = stepRunning, nil
	s.running = k
	var cmds []tea.Cmd
	for i, a := range asks {
		c := &call{base: fmt.Sprintf("step%d.%d", k+1, i+1), name: a.name, args: a.args, running: true}
		c.view = result.New(s.env, s.owner, c.base)
		target.calls = append(target.calls, c)
		cmds = append(cmds, c.view.Call(a.name, a.args))
	}
	s.selectStep(k)
	return tea.Batch(cmds...)
}

// runCheck runs the citation check of step k on the draft, with the
// session's facts the draft cites, through the registry.
func (s *Screen) runCheck(k int) tea.Cmd {
	st := s.steps[k]
	draft := s.opts.Session.Draft
	args := map[string]any{"text": draft, "facts": s.opts.Session.CitedArgs(draft), "detail": true}
	c := &call{base: fmt.Sprintf("step%d.%d", k+1, 1), name: st.st.Capability, args: args, running: true}
	if len(st.calls) > 0 {
		c.view = st.calls[0].view // one view: its calls are numbered, so an old answer is never taken for this one
	} else {
		c.view = result.New(s.env, s.owner, c.base)
	}
	st.calls, st.state, s.running = []*call{c}, stepRunning, k
	s.setNote("", false)
	s.selectStep(k)
	return c.view.Call(c.name, args)
}

// after ends step k: with runAll, the next data step runs.
func (s *Screen) after(k int) tea.Cmd {
	next := k + 1
	if !s.runAll || next >= len(s.steps) {
		s.runAll = false
		return nil
	}
	if s.steps[next].check() {
		s.runAll = false
		s.selectStep(next)
		if strings.TrimSpace(s.opts.Session.Draft) == "" {
			s.setNote(fmt.Sprintf("the data steps have run (%d facts in the session): %s opens the draft pane", s.opts.Session.Len(), s.env.Keys.Global.Draft.Help().Key), false)
		}
		return nil
	}
	return s.runStep(next)
}

// done takes a call's answer: into its view, and (for a step's call) into
// the step, the replay's memory and the session's facts.
func (s *Screen) done(d screen.DoneMsg) tea.Cmd {
	if d.Owner != s.owner {
		return nil
	}
	for k, st := range s.steps {
		for _, c := range st.calls {
			if !strings.HasPrefix(d.Tag, c.base+"#") {
				continue
			}
			c.view.Update(d)
			if d.Err == nil {
				s.added += s.opts.Session.AddResult(d.Name, d.Result)
			}
			if !c.running || d.Name != c.name || memoKey(d.Name, d.Args) != memoKey(c.name, c.args) {
				return nil // a page or a reload of a call already answered
			}
			return s.answered(k, st, c, d)
		}
	}
	return nil
}

// answered records the answer to one of step k's calls.
func (s *Screen) answered(k int, st *step, c *call, d screen.DoneMsg) tea.Cmd {
	c.running = false
	if errors.Is(d.Err, context.Canceled) {
		for _, x := range st.calls {
			x.running = false
		}
		st.state, st.calls, s.running, s.runAll = stepTodo, nil, -1, false
		s.setNote(fmt.Sprintf("step %d cancelled: enter runs it again", k+1), false)
		s.layout()
		return nil
	}
	c.err = d.Err
	if !st.check() {
		s.memo[memoKey(c.name, c.args)] = memoCall{res: d.Result, err: d.Err}
	}
	for _, x := range st.calls {
		if x.running {
			return nil
		}
	}
	st.state = stepFailed
	for _, x := range st.calls {
		if x.err == nil {
			st.state = stepDone
		}
	}
	s.running = -1
	s.layout()
	if st.check() {
		return nil
	}
	return s.after(k)
}

// setNote shows a line under the steps.
func (s *Screen) setNote(text string, isErr bool) { s.note, s.noteErr = text, isErr }
