package result

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// refreshViewport fills the viewport for the JSON, text and fact modes.
func (m *Model) refreshViewport() {
	m.vp.Width, m.vp.Height = m.w, max(m.h-1, 0)
	w := max(m.w, 1)
	var content string
	switch m.mode {
	case ModeJSON:
		content = m.rawJSON()
	case ModeText:
		content = m.fullText(w)
	case ModeFact:
		if f, ok := m.Fact(); ok {
			content = m.factText(f, w)
		}
	default:
		return
	}
	var lines []string
	for _, l := range strings.Split(content, "\n") {
		lines = append(lines, widget.Truncate(l, w))
	}
	m.vp.SetContent(strings.Join(lines, "\n"))
	m.vp.GotoTop()
}

// fullText is every banner, the whole summary and every fact.
func (m *Model) fullText(w int) string {
	st := m.env.Styles
	var lines []string
	if m.err != nil {
		lines = append(lines, widget.WrapIndent("✖ ", screen.Explain(m.err), w)...)
	}
	if len(m.banners) > 0 {
		lines = append(lines, st.Subtitle.Render("notices"))
		for _, b := range m.banners {
			for i, l := range widget.WrapIndent(b.Kind.Label()+"  ", oneLine(b.Text), w) {
				if i == 0 {
					l = m.bannerStyle(b.Kind).Render(l)
				}
				lines = append(lines, l)
			}
		}
		lines = append(lines, "")
	}
	if m.res != nil {
		lines = append(lines, st.Subtitle.Render("summary"))
		for _, l := range widget.Wrap(oneLine(m.res.Text), w) {
			lines = append(lines, m.cite(l))
		}
		if len(m.facts) > 0 {
			lines = append(lines, "", st.Subtitle.Render("facts"))
			for _, f := range m.facts {
				lines = append(lines, widget.WrapIndent(f.ID+"  ", oneLine(f.Text), w)...)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// factText shows one fact: id, kind, value, equipment, text and data.
func (m *Model) factText(f registry.Fact, w int) string {
	st := m.env.Styles
	lines := []string{st.CiteFocus.Render(f.ID) + st.Muted.Render(fmt.Sprintf("  (%d of %d; tab: next, y: copy id, esc: back)", m.factIdx+1, len(m.facts)))}
	lines = append(lines, st.Bold.Render("kind")+"   "+f.Kind)
	if f.Value != nil {
		lines = append(lines, st.Bold.Render("value")+"  "+Format(f.Value))
	}
	if f.Equip != "" {
		lines = append(lines, st.Bold.Render("equip")+"  "+f.Equip)
	}
	lines = append(lines, "", st.Bold.Render("text"))
	lines = append(lines, widget.Wrap(oneLine(f.Text), w)...)
	if len(f.Data) > 0 {
		lines = append(lines, "", st.Bold.Render("data"))
		b, err := json.MarshalIndent(f.Data, "", "  ")
		if err == nil {
			lines = append(lines, strings.Split(string(b), "\n")...)
		}
	}
	return strings.Join(lines, "\n")
}
