// Package runner is the capability runner: pick any capability of the
// registry, fill a form generated from its input schema (types, enums as
// choices, bounds, required marks, defaults, completion of facility,
// equipment and role values) and run it into the result view.
package runner

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// State is the runner's step.
type State int

// The steps.
const (
	StatePick   State = iota // choosing a capability
	StateForm                // filling its arguments
	StateResult              // its result
)

// Screen is the capability runner.
type Screen struct {
	env      *screen.Env
	owner    int
	preset   string
	state    State
	picker   widget.Table
	filter   textinput.Model
	picking  bool // the picker's filter takes keys
	capab    registry.Capability
	fields   []*field
	focus    int
	formErr  string
	comp     completer
	res      *result.Model
	w, h     int
	formTop  int
	lastArgs map[string]any
}

// New returns the runner; facilityID, when set, fills facility_id fields.
func New(env *screen.Env, facilityID string) *Screen {
	s := &Screen{env: env, owner: env.NewOwner(), preset: facilityID, comp: completer{allowed: env.Allowed, field: -1}}
	rows := make([][]widget.Cell, len(env.Caps))
	for i, c := range env.Caps {
		desc := c.Title
		if d := firstSentence(c.Description); d != "" {
			desc = d
		}
		rows[i] = []widget.Cell{{Text: c.Name}, {Text: string(c.Cost), Tone: widget.ToneMuted}, {Text: desc}}
	}
	s.picker = widget.NewTable([]string{"capability", "cost", "what it does"}, rows)
	s.picker.ByScore = true
	s.picker.SearchOnly(0)
	s.filter = widget.NewInput(env.Styles, "/ ", "filter capabilities", 0)
	s.res = result.New(env, s.owner, "run")
	return s
}

// firstSentence returns s up to its first ". ".
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// State returns the step; Capability the chosen capability.
func (s *Screen) State() State { return s.state }

// Capability is the chosen capability.
func (s *Screen) Capability() registry.Capability { return s.capab }

// Result is the result view of the last run.
func (s *Screen) Result() *result.Model { return s.res }

// Init does nothing: the runner waits for a pick.
func (s *Screen) Init() tea.Cmd { return nil }

// Title names the step.
func (s *Screen) Title() string {
	if s.state == StatePick {
		return "run a capability"
	}
	return "run · " + s.capab.Name
}

// FacilityID returns the facility the form names (or the preset).
func (s *Screen) FacilityID() string {
	if f := s.fieldValue("facility_id"); f != "" {
		return f
	}
	return s.preset
}

// Capturing reports whether typed keys go to a text field.
func (s *Screen) Capturing() bool {
	switch s.state {
	case StatePick:
		return s.picking
	case StateForm:
		return true
	}
	return s.res.Capturing()
}

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.picker.SetSize(s.w, max(s.h-3, 1))
	s.filter.Width = max(s.w-4, 1)
	s.res.SetSize(s.w, s.h)
	for _, f := range s.fields {
		f.input.Width = s.inputWidth()
	}
}

// Pick opens the form of capability name (as Enter on it would).
func (s *Screen) Pick(name string) tea.Cmd {
	c, ok := s.env.Capability(name)
	if !ok {
		return screen.Status("no capability "+name, true)
	}
	s.capab = c
	s.fields = fieldsOf(c.InputSchema, s.env.Styles)
	s.state, s.focus, s.formErr, s.formTop = StateForm, 0, "", 0
	s.comp.reset()
	for _, f := range s.fields {
		f.input.Width = s.inputWidth()
		if f.name == "facility_id" && s.preset != "" {
			f.set(s.preset)
		}
	}
	s.focusField(0)
	return s.maybeLoadPoints()
}

// maybeLoadPoints loads the chosen facility's points when the form has a
// field that completes from them.
func (s *Screen) maybeLoadPoints() tea.Cmd {
	fac := s.fieldValue("facility_id")
	for _, f := range s.fields {
		if s.comp.needsPoints(f.name, fac) {
			return s.comp.loadPoints(s.owner, fac)
		}
	}
	return nil
}

// fieldValue returns a text field's trimmed value ("" when absent).
func (s *Screen) fieldValue(name string) string {
	for _, f := range s.fields {
		if f.name == name && !f.choices() {
			return strings.TrimSpace(f.input.Value())
		}
	}
	return ""
}

// equipsChosen lists the equipment the form names (for role completion).
func (s *Screen) equipsChosen() []string {
	var out []string
	for _, n := range []string{"equip", "equips"} {
		for _, p := range strings.Split(s.fieldValue(n), ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
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
	if !s.fields[s.focus].choices() {
		s.fields[s.focus].input.Focus()
	}
}

// Update handles msg in the current step.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	if d, ok := msg.(screen.DoneMsg); ok {
		if d.Owner == s.owner && strings.HasPrefix(d.Tag, "points:") {
			s.comp.took(d)
			return s, nil
		}
		s.res.Update(d)
		if d.Owner == s.owner && s.state == StateResult && registry.CodeOf(d.Err) == registry.CodeInvalidParams && s.res.Result() == nil {
			// back to the form with the problems on their fields
			rest := markProblems(s.fields, d.Err)
			s.state = StateForm
			s.formErr = strings.Join(rest, "; ")
			if s.formErr == "" {
				s.formErr = "the registry refused some arguments: see the marked fields"
			}
			return s, nil
		}
		return s, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, nil
	}
	switch s.state {
	case StatePick:
		return s, s.pickKey(k)
	case StateForm:
		return s, s.formKey(k)
	}
	cmd, act := s.res.Update(k)
	switch a := act.(type) {
	case result.Leave:
		s.state = StateForm
		s.focusField(s.focus)
		return s, nil
	case result.Selected:
		if a.Capability == "facilities" && a.List == "facilities" {
			id, _ := a.Row["facility_id"].(string)
			name, _ := a.Row["name"].(string)
			if id != "" {
				return s, screen.Open(facility.New(s.env, id, name))
			}
		}
		return s, finding.OpenRow(s.env, a)
	}
	return s, cmd
}

// pickKey handles a key while picking.
func (s *Screen) pickKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	if s.picking {
		switch msg.Type {
		case tea.KeyEsc:
			s.picking = false
			s.filter.SetValue("")
			s.picker.SetFilter("")
			return nil
		case tea.KeyEnter:
			s.picking = false
			return nil
		}
		var cmd tea.Cmd
		s.filter, cmd = s.filter.Update(msg)
		s.picker.SetFilter(s.filter.Value())
		return cmd
	}
	switch {
	case key.Matches(msg, k.Global.Back):
		if s.picker.Filter() != "" {
			s.filter.SetValue("")
			s.picker.SetFilter("")
			return nil
		}
		return screen.Back
	case key.Matches(msg, k.Nav.Up):
		s.picker.Move(-1)
	case key.Matches(msg, k.Nav.Down):
		s.picker.Move(1)
	case key.Matches(msg, k.Nav.PageUp):
		s.picker.PageUp()
	case key.Matches(msg, k.Nav.PageDown):
		s.picker.PageDown()
	case key.Matches(msg, k.Nav.Home):
		s.picker.Home()
	case key.Matches(msg, k.Nav.End):
		s.picker.End()
	case key.Matches(msg, k.Nav.Filter):
		s.picking = true
		return s.filter.Focus()
	case key.Matches(msg, k.Nav.Select):
		if i, ok := s.picker.Selected(); ok {
			return s.Pick(s.env.Caps[i].Name)
		}
	}
	return nil
}

// formKey handles a key in the form.
func (s *Screen) formKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	if len(s.fields) == 0 {
		switch {
		case key.Matches(msg, k.Global.Back):
			s.state = StatePick
		case key.Matches(msg, k.Form.Run):
			return s.run()
		}
		return nil
	}
	f := s.fields[s.focus]
	switch {
	case key.Matches(msg, k.Global.Back):
		s.fields[s.focus].input.Blur()
		s.state = StatePick
		return nil
	case key.Matches(msg, k.Form.Run):
		return s.run()
	case key.Matches(msg, k.Form.Next), key.Matches(msg, k.Form.Prev):
		d := 1
		if key.Matches(msg, k.Form.Prev) {
			d = -1
		}
		leaving := f.name
		s.comp.reset()
		s.focusField(s.focus + d)
		if leaving == "facility_id" {
			return s.maybeLoadPoints()
		}
		return nil
	case key.Matches(msg, k.Form.Complete):
		if kindOf(f.name) == "" || f.choices() {
			return nil
		}
		fac := s.fieldValue("facility_id")
		if s.comp.needsPoints(f.name, fac) {
			return tea.Batch(s.comp.loadPoints(s.owner, fac), screen.Status("loading the points of "+fac+" to complete from", false))
		}
		s.comp.complete(s.focus, f, s.equipsChosen())
		return nil
	case f.choices() && key.Matches(msg, k.Form.Choice):
		f.cycle(1)
		return nil
	case f.choices() && key.Matches(msg, k.Form.PrevChoi):
		f.cycle(-1)
		return nil
	}
	if f.choices() {
		return nil
	}
	s.comp.reset()
	f.err = ""
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return cmd
}

// run validates the form and calls the capability.
func (s *Screen) run() tea.Cmd {
	a, ok := args(s.fields)
	if !ok {
		s.formErr = "fix the marked fields"
		for i, f := range s.fields {
			if f.err != "" {
				s.focusField(i)
				break
			}
		}
		return nil
	}
	s.formErr = ""
	s.lastArgs = a
	s.fields[s.focus].input.Blur()
	s.state = StateResult
	// the same view every run: its calls are numbered, so an earlier
	// run's late answer is never taken for this one's
	return s.res.Call(s.capab.Name, a)
}

// ShortHelp lists the keys of the step.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	switch s.state {
	case StatePick:
		return []key.Binding{k.Nav.Select, k.Nav.Filter, k.Nav.Down, k.Global.Back}
	case StateForm:
		return []key.Binding{k.Form.Run, k.Form.Next, k.Form.Prev, k.Form.Complete, k.Form.Choice, k.Global.Back}
	}
	return s.res.ShortHelp()
}

// FullHelp lists every key of the step.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	switch s.state {
	case StatePick:
		return [][]key.Binding{{k.Nav.Up, k.Nav.Down, k.Nav.PageUp, k.Nav.PageDown, k.Nav.Select, k.Nav.Filter}}
	case StateForm:
		return [][]key.Binding{{k.Form.Next, k.Form.Prev, k.Form.Complete, k.Form.Choice, k.Form.PrevChoi, k.Form.Run}}
	}
	return s.res.FullHelp()
}
