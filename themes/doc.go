// Package themes maps semantic colour tokens (primary, muted, ok, info, warn,
// fault, citation, banner, selection, ...) to lipgloss styles. It ships four
// built-in themes (dark, light, high-contrast and mono), reads user themes
// from YAML files of token → colour, and decides once whether colour is off
// (NO_COLOR, --theme mono, or output that is not a terminal) so the same
// decision reaches both lipgloss and glamour.
//
// Components never name a colour: they take a [Styles] built from a [Theme]
// and a [Mode], and mark state with glyphs or reverse video as well as
// colour, so every screen reads the same without colour.
package themes
