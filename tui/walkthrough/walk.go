package walkthrough

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// stepState is how far a step has got.
type stepState int

const (
	stepTodo    stepState = iota // not run
	stepRunning                  // its calls are in flight
	stepDone                     // answered (some calls may have been refused)
	stepFailed                   // every call was refused
	stepSkipped                  // an argument could not be derived
)

// step is one step of the plan and the calls it made.
type step struct {
	st    prompts.Step
	state stepState
	why   string // why it was skipped
	calls []*call
}

// check reports whether the step is the plan's citation check of the draft.
func (s *step) check() bool { return s.st.TextFrom == prompts.FromDraft }

// call is one call a step made, shown in its own result view.
type call struct {
	base    string // the view's tag within the owner
	name    string
	args    map[string]any
	running bool
	err     error // the call's error, nil once answered
	view    *result.Model
	w, h    int // the size the view was last given
}

// beginWalk sets the walk up for the rendered plan.
func (s *Screen) beginWalk() {
	s.state, s.sel, s.zoom, s.runAll, s.running = StateWalk, 1, false, false, -1
	s.memo = map[string]memoCall{}
	s.steps = make([]*step, len(s.plan.Steps))
	for i, st := range s.plan.Steps {
		s.steps[i] = &step{st: st}
	}
	s.note, s.noteErr = "", false
	s.opts.Session.DraftLabel = s.label()
	s.msgView.SetContent(s.message)
	s.layout()
}

// label names the walk's draft: the prompt and its main argument.
func (s *Screen) label() string {
	parts := []string{s.plan.Prompt}
	for _, a := range []string{prompts.ArgEquip, prompts.ArgFindingID, prompts.ArgFacilityID} {
		if v := s.plan.Arguments[a]; v != "" {
			parts = append(parts, v)
			break
		}
	}
	return strings.Join(parts, "-")
}

// rows are the walk's selectable rows: the message, then per step the
// step and, when it made several calls, each call.
type row struct {
	step int // -1 for the message
	call int // -1 for the step itself
}

func (s *Screen) rows() []row {
	out := []row{{step: -1, call: -1}}
	for i, st := range s.steps {
		out = append(out, row{step: i, call: -1})
		if len(st.calls) > 1 {
			for j := range st.calls {
				out = append(out, row{step: i, call: j})
			}
		}
	}
	return out
}

// selectedStep returns the selected row's step (nil on the message).
func (s *Screen) selectedStep() *step {
	rs := s.rows()
	if s.sel <= 0 || s.sel >= len(rs) {
		return nil
	}
	return s.steps[rs[s.sel].step]
}

// selectedCall returns the call the selected row shows: its own, or a
// step's only (or first) call.
func (s *Screen) selectedCall() *call {
	rs := s.rows()
	if s.sel <= 0 || s.sel >= len(rs) {
		return nil
	}
	r := rs[s.sel]
	st := s.steps[r.step]
	switch {
	case r.call >= 0:
		return st.calls[r.call]
	case len(st.calls) > 0:
		return st.calls[0]
	}
	return nil
}

// Steps returns each step's state word (todo, running, done, failed,
// skipped) in plan order.
func (s *Screen) Steps() []string {
	out := make([]string, len(s.steps))
	for i, st := range s.steps {
		out[i] = [...]string{"todo", "running", "done", "failed", "skipped"}[st.state]
	}
	return out
}

// walkKey handles a key while stepping through the plan.
func (s *Screen) walkKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	if s.zoom {
		return s.zoomKey(msg)
	}
	n := len(s.rows())
	switch {
	case key.Matches(msg, k.Global.Back):
		if s.running >= 0 {
			return nil
		}
		s.state = StateForm
		s.focusField(s.focus)
		return nil
	case key.Matches(msg, k.Nav.Up):
		s.sel = max(s.sel-1, 0)
	case key.Matches(msg, k.Nav.Down):
		s.sel = min(s.sel+1, n-1)
	case key.Matches(msg, k.Nav.Home):
		s.sel = 0
	case key.Matches(msg, k.Nav.End):
		s.sel = n - 1
	case key.Matches(msg, k.Walk.RunAll):
		return s.runFrom(true)
	case key.Matches(msg, k.Nav.Select):
		return s.enter()
	}
	s.layout()
	return nil
}

// enter acts on the selected row: read the message, run a step, open a
// result, or write or check the draft.
func (s *Screen) enter() tea.Cmd {
	if s.sel == 0 {
		s.zoom = true
		s.layout()
		return nil
	}
	st := s.selectedStep()
	if st == nil {
		return nil
	}
	if st.check() {
		if strings.TrimSpace(s.opts.Session.Draft) == "" {
			return s.openDraft()
		}
		if s.running >= 0 {
			return s.busy()
		}
		return s.runCheck(s.indexOf(st))
	}
	if st.state == stepTodo {
		return s.runFrom(false)
	}
	if c := s.selectedCall(); c != nil && !c.running {
		s.zoom = true
		s.layout()
	}
	return nil
}

// openDraft opens the draft pane.
func (s *Screen) openDraft() tea.Cmd {
	if s.opts.Draft == nil {
		return screen.Status("the draft pane opens with "+s.env.Keys.Global.Draft.Help().Key, false)
	}
	return screen.Open(s.opts.Draft())
}

func (s *Screen) indexOf(st *step) int {
	for i, x := range s.steps {
		if x == st {
			return i
		}
	}
	return -1
}

// busy says a step is running.
func (s *Screen) busy() tea.Cmd {
	return screen.Status("step "+fmt.Sprint(s.running+1)+" is running: wait, or esc cancels it", false)
}

// zoomKey handles a key while the selected row fills the screen.
func (s *Screen) zoomKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	if s.sel == 0 {
		switch {
		case key.Matches(msg, k.Global.Back), key.Matches(msg, k.Nav.Select):
			s.zoom = false
			s.layout()
		default:
			k.Nav.Scroll(&s.msgView, msg)
		}
		return nil
	}
	c := s.selectedCall()
	if c == nil || c.view == nil {
		s.zoom = false
		s.layout()
		return nil
	}
	cmd, act := c.view.Update(msg)
	switch a := act.(type) {
	case result.Leave:
		s.zoom = false
		s.layout()
		return nil
	case result.Selected:
		if a.Capability == "facilities" && a.List == "facilities" {
			id, _ := a.Row["facility_id"].(string)
			name, _ := a.Row["name"].(string)
			if id != "" {
				return screen.Open(facility.New(s.env, id, name))
			}
		}
		return finding.OpenRow(s.env, a)
	}
	return cmd
}
