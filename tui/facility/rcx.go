package facility

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// markdownOf returns the RCx result as markdown: the report's own
// markdown when the data carries it, else the result written out.
func (s *Screen) markdownOf() string {
	v := s.views[TabRCx]
	res := v.Result()
	if res == nil {
		return ""
	}
	if obj, ok := res.Data.(map[string]any); ok {
		for _, k := range []string{"markdown", "report_markdown"} {
			if md, ok := obj[k].(string); ok && md != "" {
				return md
			}
		}
	}
	return result.Markdown(v.Name(), v.Args(), res)
}

// showMarkdown reports whether the RCx tab draws markdown.
func (s *Screen) showMarkdown() bool {
	v := s.views[TabRCx]
	return v.Result() != nil && v.Mode() == result.ModeTable && v.Focus() == result.FocusTable
}

// markdownHead renders the RCx tab's lines above the markdown.
func (s *Screen) markdownHead() []string {
	v := s.views[TabRCx]
	return append([]string{v.TitleLine()}, v.BannerLines(s.w)...)
}

// refreshMarkdown renders the RCx markdown for the current width when it
// changed (glamour is not cheap).
func (s *Screen) refreshMarkdown() {
	if !s.showMarkdown() {
		return
	}
	md := s.markdownOf()
	key := fmt.Sprintf("%d\x00%s", s.w, md)
	s.md.Width = s.w
	s.md.Height = max(s.h-1-len(s.markdownHead()), 1)
	if key == s.mdFor {
		return
	}
	s.mdFor = key
	var lines []string
	for _, l := range strings.Split(s.env.Markdown(md, s.w), "\n") {
		lines = append(lines, widget.Truncate(l, s.w))
	}
	s.md.SetContent(strings.Join(lines, "\n"))
	s.md.GotoTop()
}

// markdownKey scrolls the markdown.
func (s *Screen) markdownKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Nav.Up):
		s.md.ScrollUp(1)
	case key.Matches(msg, k.Nav.Down):
		s.md.ScrollDown(1)
	case key.Matches(msg, k.Nav.PageUp):
		s.md.PageUp()
	case key.Matches(msg, k.Nav.PageDown):
		s.md.PageDown()
	case key.Matches(msg, k.Nav.Home):
		s.md.GotoTop()
	case key.Matches(msg, k.Nav.End):
		s.md.GotoBottom()
	case key.Matches(msg, k.Nav.Select), key.Matches(msg, k.Nav.Filter):
	default:
		return nil, false
	}
	return nil, true
}

// markdownView renders the RCx tab.
func (s *Screen) markdownView() string {
	return strings.Join(append(s.markdownHead(), s.md.View()), "\n")
}
