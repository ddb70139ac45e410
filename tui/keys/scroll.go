package keys

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// Scroll moves vp by the navigation key msg: a line up or down, a page up
// or down, to the top or the bottom. It reports whether msg was one of
// those keys (false leaves vp as it was), so a screen's key switch can
// test it in its place among its other bindings:
//
//	case k.Nav.Scroll(&m.vp, msg):
func (n Nav) Scroll(vp *viewport.Model, msg tea.KeyMsg) bool {
	switch {
	case key.Matches(msg, n.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, n.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, n.PageUp):
		vp.PageUp()
	case key.Matches(msg, n.PageDown):
		vp.PageDown()
	case key.Matches(msg, n.Home):
		vp.GotoTop()
	case key.Matches(msg, n.End):
		vp.GotoBottom()
	default:
		return false
	}
	return true
}
