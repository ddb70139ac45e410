package walkthrough

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// field is one argument of the chosen prompt.
type field struct {
	name     string
	desc     string
	required bool
	input    textinput.Model
	err      string
}

// fieldsOf builds the form of prompt p.
func fieldsOf(p registry.Prompt, st *themes.Styles, width int) []*field {
	out := make([]*field, 0, len(p.Arguments))
	for _, a := range p.Arguments {
		ti := widget.NewInput(st, "", "", 2*prompts.MaxClaimLen)
		ti.Width = max(width-1, 1) // the cursor takes a cell more
		if a.Required {
			ti.Placeholder = "required"
		} else {
			ti.Placeholder = "optional"
		}
		out = append(out, &field{name: a.Name, desc: a.Description, required: a.Required, input: ti})
	}
	return out
}

// compState is the Tab completion in progress: the values offered for a
// field and the one shown.
type compState struct {
	seq     int
	field   int // the field asked for, -1 for none
	asked   string
	cands   []string
	idx     int
	loading bool
	err     string
}

// compMsg carries completion values back.
type compMsg struct {
	owner, seq, field int
	value             string
	cands             []string
	err               error
}

// inputWidth is the width of a field's value box.
func (s *Screen) inputWidth() int { return min(max(s.w-s.nameWidth()-8, 8), 48) }

// nameWidth is the width of the argument-name column.
func (s *Screen) nameWidth() int {
	n := 8
	for _, f := range s.fields {
		n = max(n, len(f.name))
	}
	return n
}

// fieldValue returns a field's trimmed value ("" when absent).
func (s *Screen) fieldValue(name string) string {
	for _, f := range s.fields {
		if f.name == name {
			return strings.TrimSpace(f.input.Value())
		}
	}
	return ""
}

// chosen returns the filled arguments.
func (s *Screen) chosen() map[string]string {
	out := map[string]string{}
	for _, f := range s.fields {
		if v := strings.TrimSpace(f.input.Value()); v != "" {
			out[f.name] = v
		}
	}
	return out
}

// focusField moves the focus to field i.
func (s *Screen) focusField(i int) {
	if len(s.fields) == 0 {
		return
	}
	s.fields[s.focus].input.Blur()
	s.focus = min(max(i, 0), len(s.fields)-1)
	s.fields[s.focus].input.Focus()
}

// formKey handles a key in the form.
func (s *Screen) formKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Global.Back):
		s.state = StatePick
		s.comp = compState{field: -1, seq: s.comp.seq}
		return nil
	case key.Matches(msg, k.Form.Run):
		return s.start()
	case len(s.fields) == 0:
		return nil
	case key.Matches(msg, k.Form.Next):
		s.comp = compState{field: -1, seq: s.comp.seq}
		s.focusField(s.focus + 1)
		return nil
	case key.Matches(msg, k.Form.Prev):
		s.comp = compState{field: -1, seq: s.comp.seq}
		s.focusField(s.focus - 1)
		return nil
	case key.Matches(msg, k.Form.Complete):
		return s.complete()
	}
	f := s.fields[s.focus]
	before := f.input.Value()
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	if f.input.Value() != before {
		f.err, s.formErr = "", ""
		s.comp = compState{field: -1, seq: s.comp.seq}
	}
	return cmd
}

// complete offers the next value for the focused field: the next of the
// values already offered, else it asks for values (in a command).
func (s *Screen) complete() tea.Cmd {
	f := s.fields[s.focus]
	val := f.input.Value()
	c := &s.comp
	if c.field == s.focus && len(c.cands) > 0 && val == c.cands[c.idx] {
		c.idx = (c.idx + 1) % len(c.cands)
		f.input.SetValue(c.cands[c.idx])
		f.input.CursorEnd()
		return nil
	}
	if s.opts.Complete == nil {
		c.field, c.err = s.focus, "no completion in this session"
		return nil
	}
	c.seq++
	c.field, c.asked, c.cands, c.idx, c.loading, c.err = s.focus, val, nil, 0, true, ""
	complete, owner, seq, fi := s.opts.Complete, s.owner, c.seq, s.focus
	prompt, arg, chosen := s.prompt.Name, f.name, s.chosen()
	return func() tea.Msg {
		cands, err := complete(prompt, arg, val, chosen)
		return compMsg{owner: owner, seq: seq, field: fi, value: val, cands: cands, err: err}
	}
}

// completed takes completion values: the first fills the field when the
// field still holds what was asked about.
func (s *Screen) completed(msg compMsg) {
	c := &s.comp
	if msg.owner != s.owner || msg.seq != c.seq || s.state != StateForm {
		return
	}
	c.loading = false
	if msg.field >= len(s.fields) || s.fields[msg.field].input.Value() != msg.value {
		c.field = -1
		return
	}
	if msg.err != nil {
		c.err = screen.Explain(msg.err)
		return
	}
	c.cands = slices.Clone(msg.cands)
	if len(c.cands) == 0 {
		c.err = "nothing to complete " + strconv.Quote(msg.value) + " with"
		return
	}
	f := s.fields[msg.field]
	f.input.SetValue(c.cands[0])
	f.input.CursorEnd()
	f.err = ""
}

// start renders the prompt and plans it: the walk begins, or the fields
// the prompt refuses are marked.
func (s *Screen) start() tea.Cmd {
	args := s.chosen()
	for _, f := range s.fields {
		f.err = ""
		if f.required && args[f.name] == "" {
			f.err = "required"
		}
	}
	for i, f := range s.fields {
		if f.err != "" {
			s.formErr = "fill the required arguments"
			s.focusField(i)
			return nil
		}
	}
	msg, err := prompts.Render(s.prompt.Name, args)
	if err == nil {
		s.plan, err = prompts.PlanFor(s.prompt.Name, args)
	}
	if err != nil {
		var ae *prompts.ArgError
		if errors.As(err, &ae) {
			for i, f := range s.fields {
				if f.name == ae.Arg {
					f.err = ae.Problem
					s.focusField(i)
				}
			}
		}
		s.formErr = screen.Explain(err)
		return nil
	}
	s.fields[s.focus].input.Blur()
	s.message = msg
	s.beginWalk()
	return nil
}
