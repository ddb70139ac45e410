package tui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// frames are the screens the goldens show, each reached by keys from the
// first screen.
var frames = []struct {
	name string
	keys []string
}{
	{"facilities", nil},
	{"overview", []string{"enter", "enter", "down", "down"}},
	{"findings", []string{"enter", "4", "down"}},
	{"findings-facts", []string{"enter", "4", "tab", "tab"}},
	{"finding", []string{"enter", "4", "enter"}},
	{"trust", []string{"enter", "3"}},
	{"unknown", []string{"enter", "5"}},
	{"rcx", []string{"enter", "7"}},
	{"datasets", []string{"enter", "8"}},
	{"runner", []string{"enter", "R", "/", "r", "u", "l", "e", "_", "r", "enter", "enter", "down", "down", "down"}},
	{"serve", []string{"S"}},
	{"help", []string{"enter", "4", "?"}},
}

var sizes = [][2]int{{60, 20}, {80, 24}, {160, 48}}

// TestGoldenViews renders every frame at every size in dark, light and
// no colour, and checks each against testdata/views (go test -update
// rewrites them) and against its size.
func TestGoldenViews(t *testing.T) {
	for _, md := range tuitest.Modes {
		for _, sz := range sizes {
			for _, f := range frames {
				name := fmt.Sprintf("%s-%s-%dx%d", f.name, md.Name, sz[0], sz[1])
				t.Run(name, func(t *testing.T) {
					a := newApp(t, sz[0], sz[1], md.Theme, md.Mode)
					a.press(f.keys...)
					v := a.m.View()
					checkFrame(t, v, sz[0], sz[1])
					golden.Check(t, "views/"+name+".golden", []byte(v+"\n"))
				})
			}
		}
	}
}

// sgr matches an SGR sequence.
var sgr = regexp.MustCompile("\x1b\\[([0-9;]*)m")

// TestNoColour checks that with NO_COLOR on a terminal (attributes kept)
// no frame holds a colour, while the dark theme's frames do.
func TestNoColour(t *testing.T) {
	mono, _ := themes.Builtin(themes.NameMono)
	_ = mono
	for _, f := range frames {
		a := newApp(t, 100, 30, themes.NameDark, themes.Mode{NoColor: true, Profile: termenv.ANSI})
		a.press(f.keys...)
		v := a.m.View()
		for _, m := range sgr.FindAllStringSubmatch(v, -1) {
			for _, p := range strings.Split(m[1], ";") {
				if n, err := strconv.Atoi(p); err == nil && ((n >= 30 && n <= 49) || (n >= 90 && n <= 107)) {
					t.Fatalf("%s: colour %q under NO_COLOR", f.name, m[0])
				}
			}
		}
		if f.name == "facilities" && !strings.Contains(v, "\x1b[7m") {
			t.Errorf("%s: no reverse video for the selection under NO_COLOR", f.name)
		}
	}
	a := newApp(t, 100, 30, themes.NameDark, tuitest.Modes[0].Mode)
	if !strings.Contains(a.m.View(), "38;5;") {
		t.Error("the dark theme draws no colour")
	}
}
