package console

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/camber-tui/camber-tui/tui/widget"
)

// refresh lays the transcript out in the output pane.
func (s *Screen) refresh() {
	if s.w <= 0 {
		return
	}
	st := s.env.Styles
	var out []string
	for _, l := range s.sh.lines {
		for _, w := range widget.Wrap(l.text, s.w) {
			switch l.kind {
			case kindInput:
				out = append(out, st.Title.Render(w))
			case kindError:
				out = append(out, st.Error.Render(w))
			case kindNotice:
				out = append(out, st.BannerNotice.Render(w))
			default:
				out = append(out, w)
			}
		}
	}
	s.out.SetContent(strings.Join(out, "\n"))
	if s.follow {
		s.out.GotoBottom()
	}
}

// frames of the running indicator.
var frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// View renders the pane: a title, the transcript, a hint and the line.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	st := s.env.Styles
	title := st.Title.Render("command line") + st.Muted.Render(" · "+plural(s.facts.Len(), "fact")+" in the session")
	if !s.out.AtBottom() {
		title += st.Muted.Render(" · pgdown: newer output")
	}
	var hint string
	switch {
	case s.running != "":
		hint = st.Info.Render(widget.Truncate(frames[s.frame%len(frames)]+" running "+s.running+" · esc cancels", s.w))
	case s.hint != "":
		hint = st.Muted.Render(widget.Truncate(s.hint, s.w))
	}
	lines := []string{widget.Truncate(title, s.w), widget.Height(s.out.View(), s.out.Height), hint, widget.InputView(&s.input, s.env.Styles)}
	return widget.Fit(strings.Join(lines, "\n"), s.w, s.h)
}

// ShortHelp lists the line's keys.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	return []key.Binding{k.Console.Run, k.Console.Complete, k.Console.Older, k.Console.ScrollUp, s.back()}
}

// FullHelp lists every key of the line.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	return [][]key.Binding{{k.Console.Run, k.Console.Complete, k.Console.Older, k.Console.Newer, k.Console.ScrollUp, k.Console.ScrollDown, s.back()}}
}

// back is Esc's meaning here.
func (s *Screen) back() key.Binding {
	b := s.env.Keys.Global.Back
	desc := "close"
	if s.running != "" {
		desc = "cancel the command"
	}
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}
