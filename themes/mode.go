package themes

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"
	"github.com/muesli/termenv"
	"golang.org/x/term"
)

// Mode is how the output shows colour, decided once at start and passed
// down to every style and to the markdown renderer.
type Mode struct {
	// NoColor turns every colour off (NO_COLOR, --theme mono or output
	// that is not a terminal). Attributes (bold, reverse) stay when
	// Profile allows them.
	NoColor bool
	// Profile is the colour profile lipgloss and glamour render with.
	Profile termenv.Profile
	// DarkBackground reports a dark terminal background (for auto).
	DarkBackground bool
}

// NoColor decides "no colour": NO_COLOR set to anything non-empty (see
// no-color.org), the mono theme, or output that is not a terminal.
func NoColor(noColorEnv, theme string, isTTY bool) bool {
	return noColorEnv != "" || theme == NameMono || !isTTY
}

// Detect decides the Mode for output w. getenv reads the environment
// (NO_COLOR, TERM, COLORTERM). It asks the terminal for its background
// only when theme is auto (or empty) and colour is on; call it before the
// program starts reading input.
func Detect(w io.Writer, getenv func(string) string, theme string) Mode {
	tty := isTerminal(w)
	env := envFunc(getenv)
	o := termenv.NewOutput(w, termenv.WithEnvironment(env), termenv.WithTTY(tty))
	if NoColor(getenv("NO_COLOR"), theme, tty) {
		p := termenv.Ascii
		if tty {
			p = termenv.ANSI // attributes only: the mono theme sets no colour
		}
		return Mode{NoColor: true, Profile: p, DarkBackground: true}
	}
	p := o.EnvColorProfile()
	if p == termenv.Ascii {
		return Mode{NoColor: true, Profile: termenv.ANSI, DarkBackground: true}
	}
	dark := true
	if theme == "" || theme == NameAuto {
		dark = o.HasDarkBackground()
	}
	return Mode{Profile: p, DarkBackground: dark}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// envFunc adapts getenv to termenv's Environ.
type envFunc func(string) string

func (e envFunc) Environ() []string {
	var out []string
	for _, k := range []string{"TERM", "COLORTERM", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM_PROGRAM"} {
		if v := e(k); v != "" {
			out = append(out, k+"="+v)
		}
	}
	return out
}

func (e envFunc) Getenv(k string) string { return e(k) }

// Select returns the theme called name for mode: mono whenever colour is
// off; for "" or auto, dark or light from the background; else the
// built-in or user theme of that name.
func Select(name string, user map[string]Theme, mode Mode) (Theme, error) {
	if mode.NoColor {
		t, _ := Builtin(NameMono)
		return t, nil
	}
	switch name {
	case "", NameAuto:
		if mode.DarkBackground {
			t, _ := Builtin(NameDark)
			return t, nil
		}
		t, _ := Builtin(NameLight)
		return t, nil
	}
	if t, ok := Builtin(name); ok {
		return t, nil
	}
	if t, ok := user[name]; ok {
		return t, nil
	}
	return Theme{}, fmt.Errorf("theme %q: no such theme (%s)", name, strings.Join(Available(user), ", "))
}

// MarkdownOptions returns the glamour options that render markdown for
// theme t in mode at width columns: the colourless notty style when colour
// is off, else glamour's dark or light style with the mode's profile. No
// option queries the terminal.
func MarkdownOptions(t Theme, mode Mode, width int) []glamour.TermRendererOption {
	opts := []glamour.TermRendererOption{glamour.WithWordWrap(max(width, 10))}
	if mode.NoColor || t.Mono() {
		return append(opts, glamour.WithStandardStyle(styles.NoTTYStyle))
	}
	style := styles.LightStyle
	if t.Dark {
		style = styles.DarkStyle
	}
	return append(opts, glamour.WithStandardStyle(style), glamour.WithColorProfile(mode.Profile))
}
