package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

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
	bs := []key.Binding{k.Global.Help}
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
	var groups [][]key.Binding
	if hp, ok := m.Top().(screen.Helper); ok {
		groups = append(groups, hp.FullHelp()...)
	}
	groups = append(groups, []key.Binding{k.Global.Back, k.Global.Help, k.Global.Runner, k.Global.Serve, k.Global.Quit, k.Global.ForceQuit})
	lines := []string{st.Title.Render("keys") + st.Muted.Render(" · any key closes this · rebind in the config (keys: {action: [keys]})")}
	hm := m.help
	hm.Width = w
	lines = append(lines, strings.Split(hm.FullHelpView(groups), "\n")...)
	if m.opts.Mouse {
		lines = append(lines, "", st.Muted.Render("mouse on: the wheel scrolls; hold Shift to select text"))
	}
	return widget.Fit(strings.Join(lines, "\n"), w, h)
}
