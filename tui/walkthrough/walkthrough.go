// Package walkthrough is the guided prompt walkthrough: pick one of the
// prompts, fill its arguments (Tab completes them from the store through
// the registry), read the rendered message, then step through its plan.
// Each step shows its call (capability and arguments, the derived ones
// resolved from the earlier results), runs on Enter (or every step with
// a), shows its answer in the result view and adds its facts to the
// session's fact set. A refused step is shown with its error and the
// walkthrough goes on where it can (a step that derives from it is
// skipped, saying why). The plan's last step, the citation check, checks
// the draft: Enter on it opens the draft pane while the draft is empty.
package walkthrough

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// State is the walkthrough's step.
type State int

// The states.
const (
	StatePick State = iota // choosing a prompt
	StateForm              // filling its arguments
	StateWalk              // stepping through its plan
)

// Completer offers values for argument arg of prompt, given what was
// typed and the arguments already chosen (prompts.Complete through the
// registry, bound to the app's lifetime). It runs in a command.
type Completer func(prompt, arg, value string, chosen map[string]string) ([]string, error)

// Options are what the walkthrough needs besides the screens' Env.
type Options struct {
	// Prompts are the registry's prompts; nil means prompts.All.
	Prompts []registry.Prompt
	// Session is the app's fact set and draft (required).
	Session *session.Session
	// Complete completes arguments; nil offers nothing.
	Complete Completer
	// Facility fills facility_id (the facility screen the walkthrough was
	// opened from).
	Facility string
	// Draft opens the draft pane; nil leaves the draft to the global key.
	Draft func() screen.Screen
}

// Screen is the walkthrough. Use [New].
type Screen struct {
	env   *screen.Env
	opts  Options
	owner int
	state State
	w, h  int

	prompts []registry.Prompt
	picker  widget.Table

	// the form
	prompt  registry.Prompt
	fields  []*field
	focus   int
	formErr string
	comp    compState

	// the walk
	message string
	plan    prompts.Plan
	steps   []*step
	sel     int  // the selected row (0: the message)
	zoom    bool // the selected row fills the screen and takes the keys
	msgView viewport.Model
	memo    map[string]memoCall
	running int  // the step whose calls are in flight, -1 for none
	runAll  bool // go on to the next step when this one ends
	note    string
	noteErr bool
	added   int // facts this walkthrough added to the session
}

// New returns the walkthrough at its prompt list.
func New(env *screen.Env, opts Options) *Screen {
	if opts.Session == nil {
		opts.Session = session.New()
	}
	ps := opts.Prompts
	if len(ps) == 0 {
		ps = prompts.All()
	}
	// only the prompts this build can plan
	var known []registry.Prompt
	for _, p := range ps {
		if _, ok := prompts.Lookup(p.Name); ok {
			known = append(known, p)
		}
	}
	s := &Screen{env: env, opts: opts, owner: env.NewOwner(), prompts: known, running: -1, msgView: viewport.New(0, 0)}
	rows := make([][]widget.Cell, len(known))
	for i, p := range known {
		var args []string
		for _, a := range p.Arguments {
			n := a.Name
			if a.Required {
				n += "*"
			}
			args = append(args, n)
		}
		rows[i] = []widget.Cell{{Text: p.Name}, {Text: strings.Join(args, " "), Tone: widget.ToneMuted}, {Text: p.Description}}
	}
	s.picker = widget.NewTable([]string{"prompt", "arguments", "what it asks for"}, rows)
	s.picker.SetPriorities([]int{0, 2, 1}, 2)
	return s
}

// State returns the walkthrough's step; Prompt the chosen prompt; Plan its
// plan (once rendered); Message its rendered message.
func (s *Screen) State() State { return s.state }

// Prompt is the chosen prompt.
func (s *Screen) Prompt() registry.Prompt { return s.prompt }

// Plan is the chosen prompt's plan, once rendered.
func (s *Screen) Plan() prompts.Plan { return s.plan }

// Message is the rendered prompt message.
func (s *Screen) Message() string { return s.message }

// Added returns how many facts the walkthrough's calls added to the session.
func (s *Screen) Added() int { return s.added }

// Init does nothing: the walkthrough waits for a pick.
func (s *Screen) Init() tea.Cmd { return nil }

// Title names the step.
func (s *Screen) Title() string {
	if s.state == StatePick {
		return "guided prompts"
	}
	return "prompt · " + s.prompt.Name
}

// FacilityID returns the facility the prompt names (or the preset).
func (s *Screen) FacilityID() string {
	if f := s.plan.Arguments[prompts.ArgFacilityID]; f != "" {
		return f
	}
	if f := s.fieldValue(prompts.ArgFacilityID); f != "" {
		return f
	}
	return s.opts.Facility
}

// Capturing reports whether typed keys go to a field or the zoomed view.
func (s *Screen) Capturing() bool {
	switch s.state {
	case StateForm:
		return true
	case StateWalk:
		if s.zoom {
			if c := s.selectedCall(); c != nil && c.view != nil {
				return c.view.Capturing()
			}
		}
	}
	return false
}

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.picker.SetSize(s.w, max(s.h-2, 1))
	for _, f := range s.fields {
		f.input.Width = max(s.inputWidth()-1, 1)
	}
	s.layout()
}

// Pick opens the form of prompt name (as Enter on it would).
func (s *Screen) Pick(name string) tea.Cmd {
	for _, p := range s.prompts {
		if p.Name == name {
			s.prompt = p
			s.fields = fieldsOf(p, s.env.Styles, s.inputWidth())
			s.state, s.focus, s.formErr = StateForm, 0, ""
			s.comp = compState{field: -1}
			for _, f := range s.fields {
				f.input.Width = max(s.inputWidth()-1, 1) // the names' width is known now
				if f.name == prompts.ArgFacilityID && s.opts.Facility != "" {
					f.input.SetValue(s.opts.Facility)
					f.input.CursorEnd()
				}
			}
			s.focusField(0)
			return nil
		}
	}
	return screen.Status("no prompt "+name, true)
}

// Update handles msg in the current step.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.DoneMsg:
		return s, s.done(msg)
	case compMsg:
		s.completed(msg)
		return s, nil
	case tea.KeyMsg:
		switch s.state {
		case StatePick:
			return s, s.pickKey(msg)
		case StateForm:
			return s, s.formKey(msg)
		}
		return s, s.walkKey(msg)
	}
	return s, nil
}

// pickKey handles a key on the prompt list.
func (s *Screen) pickKey(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Global.Back):
		return screen.Back
	case key.Matches(msg, k.Nav.Up):
		s.picker.Move(-1)
	case key.Matches(msg, k.Nav.Down):
		s.picker.Move(1)
	case key.Matches(msg, k.Nav.Home):
		s.picker.Home()
	case key.Matches(msg, k.Nav.End):
		s.picker.End()
	case key.Matches(msg, k.Nav.Select):
		if i, ok := s.picker.Selected(); ok {
			return s.Pick(s.prompts[i].Name)
		}
	}
	return nil
}

// ShortHelp lists the keys of the step.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	switch s.state {
	case StatePick:
		return []key.Binding{k.Nav.Select, k.Nav.Down, k.Global.Back}
	case StateForm:
		return []key.Binding{k.Form.Run, k.Form.Complete, k.Form.Next, k.Form.Prev, k.Global.Back}
	}
	if s.zoom {
		if c := s.selectedCall(); c != nil && c.view != nil {
			return c.view.ShortHelp()
		}
		return []key.Binding{k.Nav.Down, k.Nav.PageDown, k.Global.Back}
	}
	return []key.Binding{s.enterHelp(), k.Walk.RunAll, k.Global.Draft, k.Nav.Down, k.Global.Back}
}

// FullHelp lists every key of the step.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	switch s.state {
	case StatePick:
		return [][]key.Binding{{k.Nav.Up, k.Nav.Down, k.Nav.Select}}
	case StateForm:
		return [][]key.Binding{{k.Form.Next, k.Form.Prev, k.Form.Complete, k.Form.Run}}
	}
	if s.zoom {
		if c := s.selectedCall(); c != nil && c.view != nil {
			return c.view.FullHelp()
		}
	}
	return [][]key.Binding{{k.Nav.Up, k.Nav.Down, k.Nav.Home, k.Nav.End, s.enterHelp(), k.Walk.RunAll}}
}

// enterHelp says what Enter does on the selected row.
func (s *Screen) enterHelp() key.Binding {
	desc := "open"
	switch st := s.selectedStep(); {
	case s.sel == 0:
		desc = "read the message"
	case st == nil:
	case st.check() && strings.TrimSpace(s.opts.Session.Draft) == "":
		desc = "write the draft"
	case st.check():
		desc = "check the draft"
	case st.state == stepTodo:
		desc = "run the step"
	}
	keys := s.env.Keys.Nav.Select.Keys()
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(s.env.Keys.Nav.Select.Help().Key, desc))
}
