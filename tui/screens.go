package tui

import (
	"errors"
	"path/filepath"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/draft"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/walkthrough"
)

// Session returns the facts and the draft the screens share.
func (m *Model) Session() *session.Session { return m.session }

// newWalkthrough returns the prompt walkthrough, starting with the
// facility of the screen it is opened from.
func (m *Model) newWalkthrough() screen.Screen {
	fac := ""
	if f, ok := m.Top().(screen.FacilityScreen); ok {
		fac = f.FacilityID()
	}
	return walkthrough.New(m.env, walkthrough.Options{
		Prompts:  m.caller.Prompts(),
		Session:  m.session,
		Complete: prompts.CompleteFunc(m.ctx, m.caller, m.cc),
		Facility: fac,
		Draft:    m.newDraft,
	})
}

// newDraft returns the draft pane over the session.
func (m *Model) newDraft() screen.Screen {
	name := m.opts.LLM
	return draft.New(m.env, draft.Options{Session: m.session, Completer: m.opts.Completer, LLM: name, Context: m.ctx,
		Debounce: m.opts.CheckDelay})
}

// themeMsg carries the styles of a theme the command line chose.
type themeMsg struct {
	styles *themes.Styles
	err    error
	name   string
}

// applyTheme builds the styles of theme name in the colour mode decided at
// start (the terminal is not asked again) in a command: user themes are
// read from the theme directory.
func (m *Model) applyTheme(name string) tea.Cmd {
	st := m.env.Styles
	mode, r, dir := st.Mode, st.Renderer(), m.opts.ThemeDir
	return func() tea.Msg {
		user := map[string]themes.Theme{}
		if dir != "" {
			u, err := themes.LoadDir(dir)
			if err != nil {
				return themeMsg{name: name, err: errors.New("themes in " + filepath.Base(dir) + ": " + err.Error())}
			}
			user = u
		}
		if !slices.Contains(themes.Available(user), name) {
			return themeMsg{name: name, err: errors.New("no theme is called " + name)}
		}
		t, err := themes.Select(name, user, mode)
		if err != nil {
			return themeMsg{name: name, err: err}
		}
		return themeMsg{name: name, styles: themes.New(t, mode, r)}
	}
}

// setStyles applies a theme's styles to every screen (they share the
// Env's styles) and to the root's own widgets.
func (m *Model) setStyles(msg themeMsg) {
	if msg.err != nil {
		m.status, m.isErr = "theme: "+msg.err.Error(), true
		return
	}
	*m.env.Styles = *msg.styles
	st := m.env.Styles
	m.spin.Style = st.Spinner
	m.help.Styles.Ellipsis, m.help.Styles.ShortKey, m.help.Styles.ShortDesc = st.HelpSep, st.HelpKey, st.HelpDesc
	m.help.Styles.ShortSeparator, m.help.Styles.FullKey, m.help.Styles.FullDesc = st.HelpSep, st.HelpKey, st.HelpDesc
	m.help.Styles.FullSeparator = st.HelpSep
	m.status, m.isErr = "theme "+msg.name, false
	if st.Mode.NoColor {
		m.status += " (colour is off: NO_COLOR, mono or no terminal)"
	}
}
