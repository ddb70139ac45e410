package widget

import "github.com/camber-tui/camber-tui/themes"

// FormField is one row of an argument form, as a screen draws it.
type FormField struct {
	Name     string
	Value    string // the value as drawn: the text input's View while it is edited
	Required bool
	Focused  bool
	Err      string // the field's error, drawn after the box
}

// FormRow renders one form row, untruncated: a "›" mark on the focused
// row, "*" for a required field, the name fitted to nameW cells and the
// value to valueW (padded or cut, as [Pad]) in brackets (the focused row's name bold, its brackets
// in the focus style), then the error, if any, after "✖". Every state
// shows without colour.
func FormRow(st *themes.Styles, f FormField, nameW, valueW int) string {
	mark := "  "
	if f.Focused {
		mark = "› "
	}
	req := " "
	if f.Required {
		req = "*"
	}
	name := Pad(f.Name, nameW)
	val := Pad(f.Value, valueW)
	box := "[" + val + "]"
	if f.Focused {
		box = st.Focus.Render("[") + val + st.Focus.Render("]")
		name = st.Bold.Render(name)
	}
	line := mark + st.Warn.Render(req) + name + " " + box
	if f.Err != "" {
		line += " " + st.Error.Render("✖ "+f.Err)
	}
	return line
}
