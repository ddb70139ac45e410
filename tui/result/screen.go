package result

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/screen"
)

// Screen shows one call's result as a screen of its own (the capability
// runner's output, a dataset entry). OnSelect, when set, acts on Enter on
// a row.
type Screen struct {
	m        *Model
	name     string
	args     map[string]any
	OnSelect func(Selected) tea.Cmd
}

// NewScreen returns a screen that calls name with args when shown.
func NewScreen(env *screen.Env, name string, args map[string]any) *Screen {
	return &Screen{m: New(env, env.NewOwner(), "result"), name: name, args: screen.CloneArgs(args)}
}

// Model returns the screen's result view.
func (s *Screen) Model() *Model { return s.m }

// Init starts the call.
func (s *Screen) Init() tea.Cmd { return s.m.Call(s.name, s.args) }

// Update passes msg to the view and acts on its action.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	cmd, act := s.m.Update(msg)
	switch a := act.(type) {
	case Leave:
		return s, screen.Back
	case Selected:
		if s.OnSelect != nil {
			return s, s.OnSelect(a)
		}
	}
	return s, cmd
}

// View renders the result.
func (s *Screen) View() string { return s.m.View() }

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) { s.m.SetSize(w, h) }

// Title names the call.
func (s *Screen) Title() string {
	if f, ok := s.args["facility_id"].(string); ok {
		return s.name + " · " + f
	}
	return s.name
}

// FacilityID returns the call's facility.
func (s *Screen) FacilityID() string { f, _ := s.args["facility_id"].(string); return f }

// Capturing reports whether the filter takes typed keys.
func (s *Screen) Capturing() bool { return s.m.Capturing() }

// ShortHelp and FullHelp list the view's keys.
func (s *Screen) ShortHelp() []key.Binding { return s.m.ShortHelp() }

// FullHelp lists the screen's keys for the full help.
func (s *Screen) FullHelp() [][]key.Binding { return s.m.FullHelp() }
