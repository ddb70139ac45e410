// Package facilities is the first screen: the facilities the session may
// read (from the facilities capability) with their withheld counts as
// banners, a fuzzy filter, and Enter to open one.
package facilities

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// Screen lists the facilities.
type Screen struct {
	env  *screen.Env
	m    *result.Model
	w, h int
}

// New returns the facilities screen.
func New(env *screen.Env) *Screen {
	return &Screen{env: env, m: result.New(env, env.NewOwner(), "facilities")}
}

// Model returns the screen's result view.
func (s *Screen) Model() *result.Model { return s.m }

// Init lists the facilities.
func (s *Screen) Init() tea.Cmd { return s.m.Call("facilities", nil) }

// Update handles msg; Enter on a row opens that facility.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	cmd, act := s.m.Update(msg)
	if _, ok := msg.(screen.DoneMsg); ok {
		s.layout()
	}
	switch a := act.(type) {
	case result.Selected:
		if a.List == "facilities" {
			id, _ := a.Row["facility_id"].(string)
			name, _ := a.Row["name"].(string)
			if id != "" {
				return s, screen.Open(facility.New(s.env, id, name))
			}
		}
	case result.Leave:
		// the first screen: nothing to leave to
	}
	return s, cmd
}

// Withheld returns the notice for withheld facilities that no banner
// already counts ("" when none).
func (s *Screen) Withheld() string {
	res := s.m.Result()
	if res == nil {
		return ""
	}
	data, _ := res.Data.(map[string]any)
	said := strings.ToLower(strings.Join(res.Banners, " "))
	var parts []string
	if n, ok := data["withheld_research_only"].(float64); ok && n > 0 && !strings.Contains(said, "research-only") {
		parts = append(parts, fmt.Sprintf("%d research-only", int(n)))
	}
	if n, ok := data["withheld_unverified"].(float64); ok && n > 0 && !strings.Contains(said, "unverified") {
		parts = append(parts, fmt.Sprintf("%d with an unverified licence", int(n)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "allowed facilities withheld: " + strings.Join(parts, ", ") + " (never served)"
}

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.layout()
}

func (s *Screen) layout() {
	s.m.SetSize(s.w, max(s.h-len(s.withheldLines()), 0))
}

// withheldLines renders the withheld notice as a licence banner.
func (s *Screen) withheldLines() []string {
	n := s.Withheld()
	if n == "" {
		return nil
	}
	label := result.KindLicence.Label()
	lines := widget.WrapIndent(label+"  ", n, s.w)
	if len(lines) > 0 {
		lines[0] = s.env.Styles.BannerLicence.Render(label) + strings.TrimPrefix(lines[0], label)
	}
	return lines
}

// View renders the list.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	lines := s.withheldLines()
	if len(lines) == 0 {
		return s.m.View()
	}
	return widget.Fit(strings.Join(lines, "\n")+"\n"+s.m.View(), s.w, s.h)
}

// Title names the screen.
func (s *Screen) Title() string { return "facilities" }

// Capturing reports whether the filter takes typed keys.
func (s *Screen) Capturing() bool { return s.m.Capturing() }

// ShortHelp and FullHelp list the keys.
func (s *Screen) ShortHelp() []key.Binding { return s.m.ShortHelp() }

// FullHelp lists the screen's keys for the full help.
func (s *Screen) FullHelp() [][]key.Binding { return s.m.FullHelp() }
