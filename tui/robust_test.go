package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/facility"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// alphabet is every key the app binds, a few typed letters and nonsense.
var alphabet = []string{"up", "down", "pgup", "pgdown", "home", "end", "enter", "esc", "tab", "shift+tab", "left", "right",
	"/", "n", "p", "t", "J", "s", "r", "y", "[", "]", "1", "2", "3", "4", "5", "6", "7", "8", "R", "S", "?",
	"a", "H", "U", "-", "backspace", " ", "x", ",", "e"}

// monkey sends events chosen by next (keys, resizes, wheel) and checks
// after each that the frame has the window's size; it never quits.
func monkey(t *testing.T, a *app, n int, next func(int) int) {
	t.Helper()
	w, h := 80, 24
	for i := 0; i < n; i++ {
		switch r := next(100); {
		case r < 4:
			w, h = 20+next(180), 5+next(55)
			a.send(tea.WindowSizeMsg{Width: w, Height: h})
		case r < 6:
			a.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
		default:
			a.press(alphabet[next(len(alphabet))])
		}
		if a.quit {
			t.Fatalf("event %d quit", i)
		}
		v := a.m.View()
		lines := strings.Split(v, "\n")
		if len(lines) != h {
			t.Fatalf("event %d: %d lines for a height of %d", i, len(lines), h)
		}
		for _, l := range lines {
			if n := widget.Width(l); n > w {
				t.Fatalf("event %d: a line of %d cells in %d: %q", i, n, w, l)
			}
		}
	}
}

// TestMonkey sends 3,000 seeded random events: Update and View never
// panic and every frame fits the window.
func TestMonkey(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		a := plainApp(t, 80, 24)
		rng := rand.New(rand.NewPCG(seed, 7))
		monkey(t, a, 1000, rng.IntN)
	}
}

// FuzzKeys feeds arbitrary event sequences to the app.
func FuzzKeys(f *testing.F) {
	f.Add([]byte{6, 6, 23, 10, 14, 6, 9, 30, 31, 7})
	f.Add([]byte("enter 4 n enter esc R / x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			data = data[:200]
		}
		a := plainApp(t, 80, 24)
		i := 0
		next := func(n int) int {
			if i >= len(data) {
				return 50 % n
			}
			i++
			return int(data[i-1]) % n
		}
		monkey(t, a, len(data)/2, next)
	})
}

func TestHelpScrollsAndWheel(t *testing.T) {
	a := plainApp(t, 60, 15)
	a.press("enter", "4", "?")
	first := a.m.View()
	if !strings.Contains(first, "↑/↓ scroll") {
		t.Fatalf("help does not say it scrolls:\n%s", first)
	}
	a.press("down", "down")
	if a.m.View() == first || !a.m.full {
		t.Error("down does not scroll the help")
	}
	a.press("x")
	if a.m.full {
		t.Error("another key does not close the help")
	}
	tab := a.m.Top().(*facility.Screen).TabView(facility.TabFindings)
	before, _ := tab.SelectedRow()
	a.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
	after, _ := tab.SelectedRow()
	if before["finding_id"] == after["finding_id"] {
		t.Errorf("the wheel does not move the cursor (%v)", after["finding_id"])
	}
}
