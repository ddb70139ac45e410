package console

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// resultScreen shows a result a command made, in the result view: paging,
// facts, raw JSON, copy and export work as anywhere, Enter on a finding
// opens it, Esc comes back to the command line.
type resultScreen struct {
	env  *screen.Env
	m    *result.Model
	name string
	args map[string]any
}

// newResultScreen shows res, the answer to name with args, without
// calling again: the view's own call is answered with res at once.
func newResultScreen(env *screen.Env, name string, args map[string]any, res *registry.Result) *resultScreen {
	m := result.New(env, env.NewOwner(), "console")
	if call, ok := m.Call(name, args)().(screen.CallMsg); ok {
		m.Update(screen.DoneMsg{Owner: call.Owner, Tag: call.Tag, Name: call.Name, Args: call.Args, Result: res})
	}
	return &resultScreen{env: env, m: m, name: name, args: screen.CloneArgs(args)}
}

// Model returns the result view.
func (r *resultScreen) Model() *result.Model { return r.m }

func (r *resultScreen) Init() tea.Cmd { return nil }

func (r *resultScreen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	cmd, act := r.m.Update(msg)
	switch a := act.(type) {
	case result.Leave:
		return r, screen.Back
	case result.Selected:
		if a.Capability == "facilities" && a.List == "facilities" {
			id, _ := a.Row["facility_id"].(string)
			name, _ := a.Row["name"].(string)
			if id != "" {
				return r, screen.Open(facility.New(r.env, id, name))
			}
		}
		return r, finding.OpenRow(r.env, a)
	}
	return r, cmd
}

func (r *resultScreen) View() string     { return r.m.View() }
func (r *resultScreen) SetSize(w, h int) { r.m.SetSize(w, h) }
func (r *resultScreen) Title() string    { return ": " + r.name }
func (r *resultScreen) Capturing() bool  { return r.m.Capturing() }
func (r *resultScreen) FacilityID() string {
	f, _ := r.args["facility_id"].(string)
	return f
}
func (r *resultScreen) ShortHelp() []key.Binding  { return r.m.ShortHelp() }
func (r *resultScreen) FullHelp() [][]key.Binding { return r.m.FullHelp() }
