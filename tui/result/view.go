package result

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// The widths at which the facts pane sits beside the table.
const (
	sideFactsMin = 110
	minTableRows = 3
)

// sideFacts reports whether the facts pane sits beside the table.
func (m *Model) sideFacts() bool { return m.w >= sideFactsMin && len(m.facts) > 0 }

// factsWidth is the width of the side facts pane.
func (m *Model) factsWidth() int { return min(max(m.w*2/5, 36), 64) }

// mainWidth is the width left for banners, summary and table.
func (m *Model) mainWidth() int {
	if m.sideFacts() {
		return m.w - m.factsWidth() - 1
	}
	return m.w
}

// section heights of the table mode, computed by layout.
type sections struct {
	banners []string // rendered
	summary []string // plain
	cut     bool     // summary cut
	rows    int      // table rows
}

// plan lays out the table mode for the current size.
func (m *Model) plan() sections {
	var s sections
	mw := m.mainWidth()
	avail := m.h - 1
	if avail <= 0 || mw <= 0 {
		return s
	}
	tableMin := 0
	if len(m.lists) > 0 {
		tableMin = 2 + minTableRows
		if m.filtering || m.table.Filter() != "" {
			tableMin++
		}
	}
	st := m.env.Styles
	full := m.BannerLines(mw)
	budget := max(avail-tableMin-1, 1)
	if len(full) <= budget {
		s.banners = full
	} else {
		// one line each, then a count of the rest: the full text view holds all
		for i, b := range m.banners {
			if len(s.banners) == budget-1 && i < len(m.banners)-1 {
				s.banners = append(s.banners, st.Warn.Render(widget.Truncate(fmt.Sprintf("+%d more notices: s shows them all", len(m.banners)-i), mw)))
				break
			}
			label := b.Kind.Label()
			s.banners = append(s.banners, m.bannerStyle(b.Kind).Render(label)+widget.Truncate("  "+oneLine(b.Text), mw-widget.Width(label)))
		}
	}
	left := avail - len(s.banners) - tableMin
	if m.res != nil && m.res.Text != "" {
		sum := widget.Wrap(oneLine(m.res.Text), mw)
		limit := len(sum)
		if len(m.lists) > 0 {
			// the table's rows come first, but a short table leaves the
			// summary the room it does not need
			need := 2 + max(min(m.table.Shown(), avail), minTableRows)
			limit = min(limit, max(avail-len(s.banners)-need, (avail-len(s.banners))/3, 1))
		}
		limit = min(limit, max(left, 1))
		if limit < len(sum) {
			s.cut = true
			sum = sum[:limit]
			sum[limit-1] = widget.Truncate(sum[limit-1], mw-16) + " … s: full text"
		}
		s.summary = sum
	}
	if len(m.lists) > 0 {
		s.rows = max(avail-len(s.banners)-len(s.summary)-2, 1)
		if m.filtering || m.table.Filter() != "" {
			s.rows = max(s.rows-1, 1)
		}
	}
	return s
}

// layout sizes the table and the viewport.
func (m *Model) layout() {
	s := m.plan()
	m.table.SetSize(m.mainWidth(), s.rows)
	m.vp.Width, m.vp.Height = m.w, max(m.h-1, 0)
	m.filter.Width = max(m.mainWidth()-4, 1)
}

// bannerStyle returns the style of a banner kind.
func (m *Model) bannerStyle(k Kind) lipgloss.Style {
	st := m.env.Styles
	switch k {
	case KindPage:
		return st.BannerPage
	case KindLicence:
		return st.BannerLicence
	case KindTrust:
		return st.BannerTrust
	case KindConfig:
		return st.BannerConfig
	}
	return st.BannerNotice
}

// View renders the result view in exactly its size.
func (m *Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	return widget.Height(m.view(), m.h)
}

func (m *Model) view() string {
	st := m.env.Styles
	title := widget.Truncate(m.titleLine(), m.w)
	switch {
	case m.mode != ModeTable && (m.res != nil || m.err != nil):
		return title + "\n" + m.vp.View()
	case m.err != nil && m.res == nil:
		lines := []string{title}
		for _, l := range widget.WrapIndent("✖ ", screen.Explain(m.err), m.w) {
			lines = append(lines, st.Error.Render(l))
		}
		lines = append(lines, "", st.Muted.Render("r: try again · esc: back"))
		return strings.Join(lines, "\n")
	case m.res == nil:
		if m.pending {
			return title + "\n" + st.Muted.Render(widget.Truncate("calling "+m.name+"…", m.w))
		}
		return title
	}
	s := m.plan()
	lines := []string{title}
	lines = append(lines, s.banners...)
	for _, l := range s.summary {
		lines = append(lines, m.cite(l))
	}
	if len(m.lists) > 0 {
		if !m.sideFacts() && m.focus == FocusFacts {
			lines = append(lines, m.factsPane(m.mainWidth(), s.rows+2))
		} else {
			mw := m.mainWidth()
			lines = append(lines, widget.Truncate(m.listTitle(), mw), m.table.View(st, m.focus == FocusTable))
			if m.filtering {
				lines = append(lines, widget.Truncate(widget.InputView(&m.filter, m.env.Styles), mw))
			} else if f := m.table.Filter(); f != "" {
				lines = append(lines, st.Muted.Render(widget.Truncate("filter: "+f+" (/ to edit, esc to clear)", mw)))
			}
		}
	} else if !m.sideFacts() && m.focus == FocusFacts {
		lines = append(lines, m.factsPane(m.mainWidth(), max(m.h-len(lines), 1)))
	}
	body := strings.Join(lines, "\n")
	if !m.sideFacts() {
		return body
	}
	main := widget.Fit(body, m.mainWidth(), m.h)
	side := m.factsPane(m.factsWidth(), m.h)
	return widget.Columns(main, side, m.mainWidth(), m.factsWidth(), st.Border.Render("│"))
}

// titleLine names the call, its arguments and its state.
func (m *Model) titleLine() string {
	st := m.env.Styles
	var args []string
	for _, k := range sortedKeys(m.shownArgs()) {
		v := m.shownArgs()[k]
		s := Format(v)
		if _, ok := v.(map[string]any); ok {
			b, _ := json.Marshal(v)
			s = string(b)
		}
		args = append(args, k+"="+s)
	}
	line := st.Title.Render(m.name) + " " + st.Muted.Render(strings.Join(args, " "))
	switch {
	case m.pending:
		line += st.Muted.Render("  · running")
	case m.err != nil && m.res != nil:
		line += st.Warn.Render("  · " + screen.Explain(m.err))
	case m.res != nil && m.elapsed > 0:
		line += st.Muted.Render(fmt.Sprintf("  · %.1fs", m.elapsed.Seconds()))
	}
	if m.mode == ModeJSON {
		line += st.Muted.Render("  · raw JSON (J to close)")
	}
	return line
}

// shownArgs are the arguments the title names: the pending call's while
// one runs.
func (m *Model) shownArgs() map[string]any {
	if m.pending {
		return m.pendingArgs
	}
	return m.args
}

// listTitle names the list, its page and the list switcher.
func (m *Model) listTitle() string {
	st := m.env.Styles
	l, ok := m.CurrentList()
	if !ok {
		return ""
	}
	t := st.Subtitle.Render(l.Key) + " " + st.Muted.Render(l.Page.String())
	if f := m.table.Filter(); f != "" {
		t += st.Muted.Render(fmt.Sprintf(" · %d match", m.table.Shown()))
	}
	var more []string
	if l.Page.More() {
		more = append(more, "n: next page")
	}
	if m.offsetArg() > 0 {
		more = append(more, "p: previous")
	}
	if len(m.lists) > 1 {
		var others []string
		for i, o := range m.lists {
			if i != m.list {
				others = append(others, o.Key)
			}
		}
		more = append(more, "t: "+strings.Join(others, ", "))
	}
	if len(more) > 0 {
		t += st.Muted.Render(" · " + strings.Join(more, " · "))
	}
	return t
}

// cite styles the fact ids of one summary line.
func (m *Model) cite(line string) string {
	st := m.env.Styles
	cur := ""
	if f, ok := m.Fact(); ok {
		cur = f.ID
	}
	return citeRe.ReplaceAllStringFunc(line, func(s string) string {
		if s[1:len(s)-1] == cur {
			return st.CiteFocus.Render(s)
		}
		return st.Citation.Render(s)
	})
}

// factsPane renders the facts list in w×h, the selected fact marked "›".
func (m *Model) factsPane(w, h int) string {
	st := m.env.Styles
	if h <= 0 || w <= 0 {
		return ""
	}
	head := fmt.Sprintf("facts %d", len(m.facts))
	if m.factIdx >= 0 {
		head = fmt.Sprintf("facts %d/%d", m.factIdx+1, len(m.facts))
	}
	hint := " · tab: next, enter: open"
	titleStyle := st.Subtitle
	if m.focus == FocusFacts {
		titleStyle = st.Focus
	}
	lines := []string{titleStyle.Render(head) + st.Muted.Render(widget.Truncate(hint, max(w-widget.Width(head), 0)))}
	rows := h - 1
	top := 0
	if m.factIdx >= rows {
		top = m.factIdx - rows + 1
	}
	for i := top; i < len(m.facts) && len(lines) < h; i++ {
		f := m.facts[i]
		if i == m.factIdx {
			line := widget.Pad("› "+f.ID+"  "+oneLine(f.Text), w)
			lines = append(lines, st.Selected.Render(line))
			continue
		}
		lines = append(lines, widget.Truncate("  "+st.Citation.Render(f.ID)+"  "+oneLine(f.Text), w))
	}
	return widget.Fit(strings.Join(lines, "\n"), w, h)
}

// BannerLines renders every banner wrapped to w, each led by its kind's
// label (for screens that draw the data their own way).
func (m *Model) BannerLines(w int) []string {
	var out []string
	for _, b := range m.banners {
		label := b.Kind.Label()
		for i, l := range widget.WrapIndent(label+"  ", oneLine(b.Text), w) {
			if i == 0 {
				l = m.bannerStyle(b.Kind).Render(label) + strings.TrimPrefix(l, label)
			}
			out = append(out, l)
		}
	}
	return out
}

// SummaryLines renders the summary wrapped to w with its fact ids
// highlighted, at most n lines (the last cut with "…").
func (m *Model) SummaryLines(w, n int) []string {
	if m.res == nil || n <= 0 {
		return nil
	}
	sum := widget.Wrap(oneLine(m.res.Text), w)
	if len(sum) > n {
		sum = sum[:n]
		sum[n-1] = widget.Truncate(sum[n-1], max(w-16, 1)) + " … s: full text"
	}
	for i, l := range sum {
		sum[i] = m.cite(l)
	}
	return sum
}

// TitleLine renders the call's title line, cut to the view's width.
func (m *Model) TitleLine() string { return widget.Truncate(m.titleLine(), m.w) }
