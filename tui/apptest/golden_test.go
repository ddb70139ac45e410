package apptest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// walkKeys fill triage_ahu for AHU-1 from the facility list and run its
// data steps.
var walkKeys = []string{"P", "end", "enter", "tab", "down", "tab", "enter", "a"}

// frames are the screens of the walkthrough, the draft pane and the
// command line, each reached by keys (and typed text) from the first screen.
var frames = []struct {
	name string
	keys []string
	typ  func(a *App) string // text typed after the keys
}{
	{"prompts", []string{"P"}, nil},
	{"form", []string{"P", "end", "enter", "tab", "down", "tab"}, nil},
	{"walk", walkKeys, nil},
	{"walk-result", append(append([]string{}, walkKeys...), "up", "up", "up", "up", "up"), nil},
	{"walk-help", append(append([]string{}, walkKeys...), "?"), nil},
	{"draft", append(append([]string{}, walkKeys...), "D", "alt+t"), func(a *App) string {
		return "\n\nAHU-1 wasted 99% of its hours [" + ruleRunFact(a) + "]."
	}},
	{"draft-empty", []string{"D"}, nil},
	{"console", []string{":"}, func(*App) string { return "open north-campus\n" }},
}

// ruleRunFact is the session's first rule_run finding fact.
func ruleRunFact(a *App) string {
	for _, f := range a.M.Session().Facts() {
		if strings.HasPrefix(f.ID, "F2@rule_run") {
			return f.ID
		}
	}
	a.T.Fatal("no rule_run fact in the session")
	return ""
}

var sizes = [][2]int{{60, 20}, {80, 24}, {160, 48}}

// sgr matches an SGR sequence.
var sgr = regexp.MustCompile("\x1b\\[([0-9;]*)m")

// TestGoldenViews renders every frame at every size in dark, light and
// no colour, checks it fits its size (and holds no colour without colour),
// and compares it with testdata/views (go test -update rewrites them).
func TestGoldenViews(t *testing.T) {
	for _, md := range tuitest.Modes {
		for _, sz := range sizes {
			for _, f := range frames {
				name := fmt.Sprintf("%s-%s-%dx%d", f.name, md.Name, sz[0], sz[1])
				t.Run(name, func(t *testing.T) {
					a := New(t, sz[0], sz[1], md.Theme, md.Mode, nil)
					a.Press(f.keys...)
					if f.typ != nil {
						a.Type(f.typ(a))
					}
					v := a.View()
					lines := strings.Split(v, "\n")
					if len(lines) != sz[1] {
						t.Errorf("%d lines, want %d", len(lines), sz[1])
					}
					for i, l := range lines {
						if w := widget.Width(l); w > sz[0] {
							t.Errorf("line %d is %d wide: %q", i+1, w, l)
						}
					}
					if md.Mode.NoColor {
						for _, m := range sgr.FindAllStringSubmatch(v, -1) {
							for _, p := range strings.Split(m[1], ";") {
								if n, err := strconv.Atoi(p); err == nil && ((n >= 30 && n <= 49) || (n >= 90 && n <= 107)) {
									t.Fatalf("colour %q without colour", m[0])
								}
							}
						}
					}
					golden.Check(t, "views/"+name+".golden", []byte(v+"\n"))
				})
			}
		}
	}
}
