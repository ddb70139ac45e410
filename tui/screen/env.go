package screen

import (
	"slices"
	"strings"

	"github.com/charmbracelet/glamour"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/keys"
)

// Env is what every screen shares: the styles, the key map, the registry's
// capabilities and the session's allowlist. The root builds one and hands
// the same pointer to each screen; it is used only from Update and View
// (one goroutine), never from a command.
type Env struct {
	Styles *themes.Styles
	Keys   *keys.KeyMap
	// Caps are the registry's capabilities, sorted by name.
	Caps []registry.Capability
	// Allowed is the session's facility allowlist.
	Allowed []string
	// ExportDir is where results are exported (the working directory).
	ExportDir string

	nextOwner int
	md        map[int]*glamour.TermRenderer
}

// NewOwner returns an id no other screen of this Env has: a screen stamps
// its calls with it.
func (e *Env) NewOwner() int {
	e.nextOwner++
	return e.nextOwner
}

// Capability returns the registry's capability called name.
func (e *Env) Capability(name string) (registry.Capability, bool) {
	i, ok := slices.BinarySearchFunc(e.Caps, name, func(c registry.Capability, n string) int { return strings.Compare(c.Name, n) })
	if !ok {
		return registry.Capability{}, false
	}
	return e.Caps[i], true
}

// Markdown renders md for width columns with glamour in the styles' theme
// and mode (no colour at all when colour is off). On a renderer error it
// returns md as it is.
func (e *Env) Markdown(md string, width int) string {
	width = max(width, 20)
	if e.md == nil {
		e.md = map[int]*glamour.TermRenderer{}
	}
	r, ok := e.md[width]
	if !ok {
		var err error
		r, err = glamour.NewTermRenderer(themes.MarkdownOptions(e.Styles.Theme, e.Styles.Mode, width)...)
		if err != nil {
			return md
		}
		e.md[width] = r
	}
	out, err := r.Render(md)
	if err != nil {
		return md
	}
	return strings.Trim(out, "\n")
}
