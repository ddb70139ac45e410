package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// View draws the whole window: header, body, status and help, every line
// within the width, exactly the height.
func (m *Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.w < MinWidth || m.h < MinHeight {
		msg := fmt.Sprintf("terminal too small: %d×%d (camber-tui needs %d×%d)", m.w, m.h, MinWidth, MinHeight)
		return widget.Fit(strings.Join(widget.Wrap(msg, m.w), "\n"), m.w, m.h)
	}
	bw, bh := m.bodySize()
	var body string
	if m.full {
		body = m.fullHelp(bw, bh)
	} else {
		body = widget.Fit(m.Top().View(), bw, bh)
	}
	return widget.Fit(m.header()+"\n"+body+"\n"+m.statusLine()+"\n"+m.helpLine(), m.w, m.h)
}

// header names the store, the allowlist, the trust floor and the LLM
// wiring, then (as room allows) where the person is.
func (m *Model) header() string {
	st := m.env.Styles
	store := m.opts.StoreLabel
	if store == "" {
		store = "store"
	}
	llm := m.opts.LLM
	if llm == "" {
		llm = "template only"
	}
	floor := trimFloat(m.minTrust())
	n := len(m.cc.AllowedFacilities)
	var crumbs []string
	for _, s := range m.stack {
		crumbs = append(crumbs, s.Title())
	}
	crumb := strings.Join(crumbs, " › ")
	left := fmt.Sprintf(" camber-tui  store %s · %d allowed · trust floor %s · %s", store, n, floor, llm)
	if widget.Width(left)+widget.Width(crumb)+3 > m.w {
		left = fmt.Sprintf(" store %s · %d allowed · trust≥%s · %s", store, n, floor, llm)
	}
	room := m.w - widget.Width(left) - 3
	line := left
	if room >= 8 {
		if widget.Width(crumb) > room {
			crumb = ansi.TruncateLeft(crumb, widget.Width(crumb)-room+1, "…")
		}
		line = left + strings.Repeat(" ", m.w-widget.Width(left)-widget.Width(crumb)-1) + crumb + " "
	}
	return st.Header.Render(widget.Pad(line, m.w))
}

// trimFloat prints a floor like 0.5 or 0.65.
func trimFloat(f float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// statusLine shows the running call (spinner, elapsed, esc cancel), else
// the last note or error.
func (m *Model) statusLine() string {
	st := m.env.Styles
	if names := m.Running(); len(names) > 0 {
		oldest := m.oldest()
		line := fmt.Sprintf(" running %s %.1fs · esc cancel", names[0], m.now().Sub(oldest).Seconds())
		if len(names) > 1 {
			line += fmt.Sprintf(" (+%d more)", len(names)-1)
		}
		return widget.Truncate(m.spin.View()+st.Status.Render(line), m.w)
	}
	if m.status == "" {
		return ""
	}
	if m.isErr {
		return st.Error.Render(widget.Truncate("✖ "+m.status, m.w))
	}
	return st.Status.Render(widget.Truncate("● "+m.status, m.w))
}

// oldest returns the start of the oldest running call.
func (m *Model) oldest() (t0 time.Time) {
	first := true
	for _, r := range m.running {
		if first || r.start.Before(t0) {
			t0, first = r.start, false
		}
	}
	return t0
}

// helpLine is the short key help of the current screen and the globals.
func (m *Model) helpLine() string {
	k := m.env.Keys
	bs := []key.Binding{k.Global.Help, k.Global.Prompt, k.Global.Console}
	if h, ok := m.Top().(screen.Helper); ok {
		bs = append(bs, h.ShortHelp()...)
	}
	bs = append(bs, k.Global.Runner, k.Global.Serve, k.Global.Quit)
	return widget.Truncate(m.help.ShortHelpView(bs), m.w)
}

// fullHelp lists every key of the current screen and the globals.
func (m *Model) fullHelp(w, h int) string {
	st := m.env.Styles
	k := m.env.Keys
	groups := [][]key.Binding{{k.Global.Back, k.Global.Help, k.Global.Prompt, k.Global.Draft, k.Global.Console, k.Global.Runner,
		k.Global.Serve, k.Global.Quit, k.Global.ForceQuit}}
	if hp, ok := m.Top().(screen.Helper); ok {
		groups = append(groups, hp.FullHelp()...)
	}
	cols := helpColumns(st, groups, w)
	m.helpTop = min(m.helpTop, max(len(cols)-(h-1), 0))
	more := ""
	if len(cols) > h-1 {
		more = fmt.Sprintf(" · ↑/↓ scroll (%d-%d of %d)", m.helpTop+1, min(m.helpTop+h-1, len(cols)), len(cols))
	}
	lines := []string{st.Title.Render("keys") + st.Muted.Render(more+" · any other key closes this · rebind in the config (keys: {action: [keys]})")}
	lines = append(lines, cols[m.helpTop:]...)
	if m.opts.Mouse {
		lines = append(lines, "", st.Muted.Render("mouse on: the wheel scrolls; hold Shift to select text"))
	}
	return widget.Fit(strings.Join(lines, "\n"), w, h)
}

// helpColumns lays the key groups out as columns of "key  description",
// as many side by side as fit, the rest in bands below: every key shows.
func helpColumns(st *themes.Styles, groups [][]key.Binding, w int) []string {
	type block struct {
		lines []string
		width int
	}
	var blocks []block
	for _, g := range groups {
		kw := 0
		for _, b := range g {
			if b.Enabled() {
				kw = max(kw, widget.Width(b.Help().Key))
			}
		}
		var bl block
		for _, b := range g {
			if !b.Enabled() {
				continue
			}
			h := b.Help()
			line := st.HelpKey.Render(widget.Pad(h.Key, kw)) + "  " + st.HelpDesc.Render(h.Desc)
			bl.lines = append(bl.lines, line)
			bl.width = max(bl.width, kw+2+widget.Width(h.Desc))
		}
		if len(bl.lines) > 0 {
			blocks = append(blocks, bl)
		}
	}
	var out []string
	for len(blocks) > 0 {
		band, used := 0, 0
		for band < len(blocks) && (band == 0 || used+3+blocks[band].width <= w) {
			used += blocks[band].width + 3
			band++
		}
		rows := 0
		for _, b := range blocks[:band] {
			rows = max(rows, len(b.lines))
		}
		for r := 0; r < rows; r++ {
			var line strings.Builder
			for i, b := range blocks[:band] {
				cell := ""
				if r < len(b.lines) {
					cell = b.lines[r]
				}
				if i < band-1 {
					cell = widget.Pad(cell, b.width) + "   "
				}
				line.WriteString(cell)
			}
			out = append(out, widget.Truncate(line.String(), w))
		}
		out = append(out, "")
		blocks = blocks[band:]
	}
	return out
}
