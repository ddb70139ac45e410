package runner

import (
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/tui/widget"
)

// nameWidth is the width of the field-name column.
func (s *Screen) nameWidth() int {
	n := 8
	for _, f := range s.fields {
		n = max(n, widget.Width(f.name))
	}
	return min(n, 20)
}

// inputWidth is the width of a field's value box.
func (s *Screen) inputWidth() int { return min(max(s.w-s.nameWidth()-8, 8), 40) }

// View renders the step.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	switch s.state {
	case StatePick:
		return widget.Fit(s.pickView(), s.w, s.h)
	case StateForm:
		return widget.Fit(s.formView(), s.w, s.h)
	}
	return s.res.View()
}

func (s *Screen) pickView() string {
	st := s.env.Styles
	lines := []string{st.Title.Render("run a capability") + st.Muted.Render(fmt.Sprintf("  %d in this build · enter: fill its arguments · /: filter", len(s.env.Caps)))}
	if s.preset != "" {
		lines = append(lines, st.Muted.Render("facility_id will be "+s.preset))
	} else {
		lines = append(lines, "")
	}
	lines = append(lines, s.picker.View(st, true))
	if s.picking || s.picker.Filter() != "" {
		lines = append(lines, widget.InputView(&s.filter, s.env.Styles))
	}
	return strings.Join(lines, "\n")
}

func (s *Screen) formView() string {
	st := s.env.Styles
	head := []string{st.Title.Render(s.capab.Name) + st.Muted.Render("  cost: "+string(s.capab.Cost))}
	desc := widget.Wrap(firstSentence(s.capab.Description), s.w)
	if len(desc) > 2 {
		desc = desc[:2]
	}
	head = append(head, desc...)
	// the footer: the focused field's hint and description, completions,
	// the form's error
	var foot []string
	if len(s.fields) > 0 {
		f := s.fields[s.focus]
		foot = append(foot, st.Muted.Render(widget.Truncate(f.name+": "+f.hint(), s.w)))
		if d := widget.Wrap(f.desc, s.w); len(d) > 0 {
			foot = append(foot, st.Muted.Render(d[0]))
		}
		if kindOf(f.name) != "" && !f.choices() {
			vals := s.comp.values(f.name, s.equipsChosen())
			switch {
			case s.comp.loading != "":
				foot = append(foot, st.Muted.Render("loading the points of "+s.comp.loading+"…"))
			case len(vals) > 0:
				foot = append(foot, st.Muted.Render(widget.Truncate(fmt.Sprintf("tab completes (%d): %s", len(vals), strings.Join(vals, " ")), s.w)))
			}
		}
	} else {
		foot = append(foot, st.Muted.Render("no arguments · enter: run"))
	}
	if s.formErr != "" {
		for _, l := range widget.WrapIndent("✖ ", s.formErr, s.w) {
			foot = append(foot, st.Error.Render(l))
		}
	}
	rows := max(s.h-len(head)-len(foot)-1, 1)
	// keep the focused field in view
	if s.focus < s.formTop {
		s.formTop = s.focus
	}
	if s.focus >= s.formTop+rows {
		s.formTop = s.focus - rows + 1
	}
	nw, iw := s.nameWidth(), s.inputWidth()
	var body []string
	for i := s.formTop; i < len(s.fields) && len(body) < rows; i++ {
		f := s.fields[i]
		var val string
		if f.choices() || i != s.focus {
			val = f.display()
			if val == "" {
				val = st.Muted.Render(f.input.Placeholder)
			}
		} else {
			val = widget.InputView(&f.input, s.env.Styles)
		}
		line := widget.FormRow(st, widget.FormField{Name: f.name, Value: val, Required: f.required, Focused: i == s.focus, Err: f.err}, nw, iw)
		if f.err == "" && s.w >= 100 {
			line += " " + st.Muted.Render(f.hint())
		}
		body = append(body, widget.Truncate(line, s.w))
	}
	if len(s.fields) > rows {
		body = append(body, st.Muted.Render(fmt.Sprintf("fields %d-%d of %d (↑/↓)", s.formTop+1, min(s.formTop+rows, len(s.fields)), len(s.fields))))
	} else {
		body = append(body, "")
	}
	return strings.Join(append(append(head, body...), foot...), "\n")
}
