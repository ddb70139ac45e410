// Package widget holds the TUI's small building blocks as plain structs and
// functions (a table with a fuzzy filter, tabs, a timeline bar, a tree, and
// text fitting), not nested models: the screen that owns one calls its
// methods and renders it with the app's styles.
package widget

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width returns the cells s takes on a terminal (escapes excluded).
func Width(s string) int {
	if n, ok := asciiWidth(s); ok {
		return n
	}
	return ansi.StringWidth(s)
}

// asciiWidth returns len(s) when s is printable ASCII without escapes
// (the common case, measured without grapheme segmentation).
func asciiWidth(s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return 0, false
		}
	}
	return len(s), true
}

// Truncate cuts s (which may hold escapes) to at most w cells, ending it
// with "…" when cut.
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if len(s) <= w || Width(s) <= w {
		return s // a string of at most w bytes is at most w cells
	}
	return ansi.Truncate(s, w, "…")
}

// Pad returns s cut or padded with spaces to exactly w cells.
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = Truncate(s, w)
	if n := Width(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// PadLeft returns s cut or padded on the left to exactly w cells.
func PadLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = Truncate(s, w)
	if n := Width(s); n < w {
		s = strings.Repeat(" ", w-n) + s
	}
	return s
}

// Wrap word-wraps s to w cells (breaking a longer word) and returns its
// lines; blank input gives no lines.
func Wrap(s string, w int) []string {
	if w <= 0 || strings.TrimSpace(s) == "" {
		return nil
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// WrapIndent wraps s to w cells, starting with first and indenting later
// lines to the width of first.
func WrapIndent(first, s string, w int) []string {
	fw := ansi.StringWidth(first)
	if w-fw < 8 {
		return Wrap(first+s, w)
	}
	lines := Wrap(s, w-fw)
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = strings.Repeat(" ", fw) + lines[i]
		}
	}
	return lines
}

// Fit returns s with every line cut to w cells and exactly h lines (blank
// lines added, extra lines dropped).
func Fit(s string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = Truncate(l, w)
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// Height returns s with exactly h lines (blank lines added, extra lines
// dropped), the lines themselves as they are: for a component whose lines
// already fit, inside a frame that Fit checks once.
func Height(s string, h int) string {
	if h <= 0 {
		return ""
	}
	n := strings.Count(s, "\n") + 1
	switch {
	case n == h:
		return s
	case n < h:
		return s + strings.Repeat("\n", h-n)
	}
	i := 0
	for k := 0; k < h; k++ {
		j := strings.IndexByte(s[i:], '\n')
		if k == h-1 {
			return s[:i+j]
		}
		i += j + 1
	}
	return s
}

// Lines splits s into lines ("" gives none).
func Lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// Columns puts left and right side by side: left padded to lw cells, then
// sep, then right cut to rw; the taller side decides the height.
func Columns(left, right string, lw, rw int, sep string) string {
	l, r := Lines(left), Lines(right)
	n := max(len(l), len(r))
	out := make([]string, n)
	for i := range n {
		var a, b string
		if i < len(l) {
			a = l[i]
		}
		if i < len(r) {
			b = r[i]
		}
		out[i] = Pad(a, lw) + sep + Truncate(b, rw)
	}
	return strings.Join(out, "\n")
}

// stripped removes escapes from s.
func stripped(s string) string { return ansi.Strip(s) }
