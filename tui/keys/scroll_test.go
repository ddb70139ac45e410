package keys

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

func TestNavScroll(t *testing.T) {
	nav := Default().Nav
	vp := viewport.New(20, 10)
	lines := make([]string, 100)
	for i := range lines {
		lines[i] = "line"
	}
	vp.SetContent(strings.Join(lines, "\n"))
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	for _, tc := range []struct {
		name string
		msg  tea.KeyMsg
		want int // YOffset after the key
	}{
		{"down", tea.KeyMsg{Type: tea.KeyDown}, 1},
		{"j", runes("j"), 2},
		{"page down", tea.KeyMsg{Type: tea.KeyPgDown}, 12},
		{"up", tea.KeyMsg{Type: tea.KeyUp}, 11},
		{"page up", tea.KeyMsg{Type: tea.KeyPgUp}, 1},
		{"end", runes("G"), 90},
		{"home", tea.KeyMsg{Type: tea.KeyHome}, 0},
	} {
		if !nav.Scroll(&vp, tc.msg) {
			t.Fatalf("%s: not a scroll key", tc.name)
		}
		if vp.YOffset != tc.want {
			t.Fatalf("%s: offset %d, want %d", tc.name, vp.YOffset, tc.want)
		}
	}
	for _, msg := range []tea.KeyMsg{runes("x"), {Type: tea.KeyEnter}, runes("/")} {
		vp.SetYOffset(5)
		if nav.Scroll(&vp, msg) || vp.YOffset != 5 {
			t.Errorf("%q scrolled (offset %d)", msg.String(), vp.YOffset)
		}
	}
}
