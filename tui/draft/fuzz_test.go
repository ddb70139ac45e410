package draft

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/widget"
)

// FuzzEdit types into any draft at any place, with or without a check
// between keystrokes: the pane never panics, its frame fits, and the
// sentence marks stay inside the text.
func FuzzEdit(f *testing.F) {
	f.Add("AHU-1 stores 13 points ["+fact+"]. It wastes 42% ["+fact+"].", "99% ", uint16(20), uint8(40), false)
	f.Add("One.\n\nTwo 2 [F9@x-1]. 漢字 wide\tTab.", "\n\n", uint16(3), uint8(12), true)
	f.Add("", "x", uint16(0), uint8(4), false)
	f.Add("a.b.c. [F1@points-abc123] 5 … “quoted 7” e.g. 5.16.14", "\x7f[", uint16(9), uint8(30), true)
	f.Fuzz(func(t *testing.T, text, typed string, pos uint16, width uint8, checkEach bool) {
		if len(text) > 2000 || len(typed) > 40 {
			return
		}
		sess := newSession(t)
		sess.Draft = text
		opts := Options{Debounce: 1 << 40} // checked only when told
		if checkEach {
			opts.Debounce = -1
		}
		w := int(width)%150 + 4
		s := newPane(t, sess, opts, w, 10)
		s.moveTo(int(pos) % (len(s.Text()) + 1))
		for _, r := range typed {
			switch r {
			case '\n':
				s.Update(tea.KeyMsg{Type: tea.KeyEnter})
			case 0x7f:
				s.Update(tea.KeyMsg{Type: tea.KeyBackspace})
			case '[':
				s.Update(tea.KeyMsg{Type: tea.KeyUp})
			default:
				s.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			}
			n := len(s.Text())
			for _, sp := range s.spans {
				if sp.start < 0 || sp.end > n || sp.start > sp.end {
					t.Fatalf("span %+v outside a text of %d bytes", sp, n)
				}
			}
			v := s.View()
			lines := strings.Split(v, "\n")
			if len(lines) != 10 {
				t.Fatalf("%d lines", len(lines))
			}
			for i, l := range lines {
				if widget.Width(l) > w {
					t.Fatalf("line %d is %d wide at width %d: %q", i, widget.Width(l), w, l)
				}
			}
		}
		s.check()
		if s.Text() != sess.Draft {
			t.Fatal("the session's draft does not follow the text")
		}
	})
}
