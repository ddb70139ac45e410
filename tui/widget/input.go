package widget

import (
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"

	"github.com/camber-tui/camber-tui/themes"
)

// NewInput returns a one-line text input with a static cursor, drawn in
// st's styles (see [StyleInput]); limit 0 means no limit.
func NewInput(st *themes.Styles, prompt, placeholder string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt, ti.Placeholder, ti.CharLimit = prompt, placeholder, limit
	ti.Cursor.SetMode(cursor.CursorStatic)
	StyleInput(&ti, st)
	return ti
}

// StyleInput gives ti st's styles: the cursor's, the prompt (if any) in
// the title style, the text in the base style and the placeholder muted.
func StyleInput(ti *textinput.Model, st *themes.Styles) {
	ti.Cursor.Style = st.Cursor
	if ti.Prompt != "" {
		ti.PromptStyle = st.Title
	}
	ti.TextStyle = st.Base
	ti.PlaceholderStyle = st.Muted
}

// InputView draws ti in st's current styles, so a theme chosen after the
// input was made (the command line's theme) applies at once.
func InputView(ti *textinput.Model, st *themes.Styles) string {
	StyleInput(ti, st)
	return ti.View()
}
