package themes

import (
	"io"
	"strconv"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles are the lipgloss styles of one theme in one mode, bound to their
// own renderer (never lipgloss's global one), so rendering is the same in
// tests and on any terminal.
type Styles struct {
	// Theme and Mode are what the styles were built from.
	Theme Theme
	Mode  Mode

	r *lipgloss.Renderer

	Base      lipgloss.Style // body text
	Title     lipgloss.Style // pane and screen titles
	Subtitle  lipgloss.Style // headings of lesser weight
	Muted     lipgloss.Style // hints and descriptions
	Bold      lipgloss.Style // emphasis without colour
	OK        lipgloss.Style // passing, trusted
	Info      lipgloss.Style // informational
	Warn      lipgloss.Style // warnings, trust declines
	Fault     lipgloss.Style // faults and errors
	Citation  lipgloss.Style // a fact id in text
	CiteFocus lipgloss.Style // the fact id the facts pane has selected
	Selected  lipgloss.Style // the selected row (reverse video without colour)
	Cursor    lipgloss.Style // a text cursor
	Header    lipgloss.Style // the header line
	HeaderKey lipgloss.Style // a label inside the header
	Status    lipgloss.Style // the status line
	Error     lipgloss.Style // an error in the status line or a pane
	Spinner   lipgloss.Style // the running-call spinner
	Border    lipgloss.Style // rules and pane borders, unfocused
	Focus     lipgloss.Style // rules and pane borders, focused
	TableHead lipgloss.Style // column headings
	TabActive lipgloss.Style // the active tab
	TabIdle   lipgloss.Style // other tabs
	HelpKey   lipgloss.Style // a key in the help bar
	HelpDesc  lipgloss.Style // its description
	HelpSep   lipgloss.Style // separators in the help bar
	Code      lipgloss.Style // a command line or snippet to copy

	// Banners by kind.
	BannerPage    lipgloss.Style // truncation and paging notices
	BannerLicence lipgloss.Style // licence withholding and refusals
	BannerTrust   lipgloss.Style // trust declines and conditional findings
	BannerConfig  lipgloss.Style // run-config notices
	BannerNotice  lipgloss.Style // any other notice
}

// NewRenderer returns a lipgloss renderer writing to w with the mode's
// profile and background fixed, so it never queries the terminal.
func NewRenderer(w io.Writer, mode Mode) *lipgloss.Renderer {
	if w == nil {
		w = io.Discard
	}
	r := lipgloss.NewRenderer(w, termenv.WithProfile(mode.Profile))
	r.SetColorProfile(mode.Profile)
	r.SetHasDarkBackground(mode.DarkBackground)
	return r
}

// New builds the styles of theme t for mode on renderer r (a new one
// writing nowhere when nil).
func New(t Theme, mode Mode, r *lipgloss.Renderer) *Styles {
	if r == nil {
		r = NewRenderer(nil, mode)
	}
	if mode.NoColor {
		t, _ = Builtin(NameMono)
	}
	t = forProfile(t, mode.Profile)
	fg := func(tok Token) lipgloss.Style {
		s := r.NewStyle()
		if c := t.Color(tok); c != "" {
			s = s.Foreground(lipgloss.Color(c))
		}
		return s
	}
	s := &Styles{Theme: t, Mode: mode, r: r}
	s.Base = fg(Text)
	s.Title = fg(Primary).Bold(true)
	s.Subtitle = fg(Secondary).Bold(true)
	s.Muted = fg(Muted)
	s.Bold = r.NewStyle().Bold(true)
	s.OK = fg(OK)
	s.Info = fg(Info)
	s.Warn = fg(Warn).Bold(true)
	s.Fault = fg(Fault).Bold(true)
	s.Citation = fg(Citation).Underline(true)
	s.CiteFocus = fg(Citation).Reverse(true).Bold(true)
	if sel, txt := t.Color(Selection), t.Color(SelectionText); sel != "" {
		s.Selected = r.NewStyle().Background(lipgloss.Color(sel)).Bold(true)
		if txt != "" {
			s.Selected = s.Selected.Foreground(lipgloss.Color(txt))
		}
	} else {
		s.Selected = r.NewStyle().Reverse(true)
	}
	s.Cursor = r.NewStyle().Reverse(true)
	if hb, ht := t.Color(Header), t.Color(HeaderText); hb != "" {
		s.Header = r.NewStyle().Background(lipgloss.Color(hb))
		if ht != "" {
			s.Header = s.Header.Foreground(lipgloss.Color(ht))
		}
	} else {
		s.Header = r.NewStyle().Reverse(true)
	}
	s.HeaderKey = s.Header.Bold(true)
	s.Status = fg(Muted)
	s.Error = fg(Fault).Bold(true)
	s.Spinner = fg(Primary)
	s.Border = fg(Border)
	s.Focus = fg(Primary).Bold(true)
	s.TableHead = fg(Secondary).Bold(true)
	s.TabActive = fg(Primary).Bold(true).Reverse(true)
	s.TabIdle = fg(Muted)
	s.HelpKey = fg(Primary).Bold(true)
	s.HelpDesc = fg(Muted)
	s.HelpSep = fg(Border)
	s.Code = fg(Citation)
	s.BannerPage = fg(Info)
	s.BannerLicence = fg(Fault).Bold(true)
	s.BannerTrust = fg(Warn).Bold(true)
	s.BannerConfig = fg(Secondary)
	s.BannerNotice = fg(Banner).Bold(true)
	return s
}

// Renderer returns the renderer the styles draw with.
func (s *Styles) Renderer() *lipgloss.Renderer { return s.r }

// NewStyle returns a blank style on the styles' renderer.
func (s *Styles) NewStyle() lipgloss.Style { return s.r.NewStyle() }

// forProfile converts t's hex colours to the nearest colour p can show,
// once, so rendering never repeats the conversion (lipgloss would redo it
// on every Render).
func forProfile(t Theme, p termenv.Profile) Theme {
	if p == termenv.TrueColor || p == termenv.Ascii {
		return t
	}
	out := Theme{Name: t.Name, Dark: t.Dark, Colors: make(map[Token]string, len(t.Colors))}
	for tok, c := range t.Colors {
		switch col := p.Color(c).(type) {
		case termenv.ANSI256Color:
			out.Colors[tok] = strconv.Itoa(int(col))
		case termenv.ANSIColor:
			out.Colors[tok] = strconv.Itoa(int(col))
		default:
			out.Colors[tok] = c
		}
	}
	return out
}
