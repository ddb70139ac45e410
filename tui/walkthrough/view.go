package walkthrough

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// listRows is how many rows the step list takes; the preview has the rest.
func (s *Screen) listRows() int {
	n := len(s.rows())
	return min(n, max(s.h/2-1, 3))
}

// previewSize is the size of the selected row's preview.
func (s *Screen) previewSize() (int, int) {
	if s.zoom {
		return s.w, s.h
	}
	// title, list, note, rule
	return s.w, max(s.h-s.listRows()-3, 1)
}

// layout sizes the shown view.
func (s *Screen) layout() {
	if s.state != StateWalk {
		return
	}
	w, h := s.previewSize()
	s.msgView.Width, s.msgView.Height = w, max(h-1, 1)
	s.msgView.SetContent(strings.Join(widget.Wrap(s.message, max(w, 1)), "\n"))
	if c := s.selectedCall(); c != nil && c.view != nil && (c.w != w || c.h != h) {
		c.view.SetSize(w, h)
		c.w, c.h = w, h
	}
}

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
	if s.zoom {
		if s.sel == 0 {
			st := s.env.Styles
			head := st.Title.Render("message") + st.Muted.Render(fmt.Sprintf("  %s · ↑/↓ scroll · esc back", s.plan.Prompt))
			return widget.Fit(head+"\n"+s.msgView.View(), s.w, s.h)
		}
		if c := s.selectedCall(); c != nil && c.view != nil {
			return widget.Fit(c.view.View(), s.w, s.h)
		}
	}
	return widget.Fit(s.walkView(), s.w, s.h)
}

func (s *Screen) pickView() string {
	st := s.env.Styles
	lines := []string{
		st.Title.Render("guided prompts") + st.Muted.Render(fmt.Sprintf("  %d · enter: fill its arguments, then step through its calls to a cited draft", len(s.prompts))),
		"",
		s.picker.View(st, true),
	}
	return strings.Join(lines, "\n")
}

func (s *Screen) formView() string {
	st := s.env.Styles
	head := []string{st.Title.Render(s.prompt.Name) + st.Muted.Render("  fill its arguments · tab completes from the store · enter renders it")}
	desc := widget.Wrap(s.prompt.Description, s.w)
	if len(desc) > 2 {
		desc = desc[:2]
	}
	head = append(head, desc...)
	head = append(head, "")
	nw, iw := s.nameWidth(), s.inputWidth()
	var body []string
	for i, f := range s.fields {
		row := widget.FormField{Name: f.name, Value: widget.InputView(&f.input, s.env.Styles), Required: f.required, Focused: i == s.focus, Err: f.err}
		body = append(body, widget.Truncate(widget.FormRow(st, row, nw, iw), s.w))
	}
	var foot []string
	if len(s.fields) > 0 {
		f := s.fields[s.focus]
		for i, l := range widget.Wrap(f.name+": "+f.desc, s.w) {
			if i < 2 {
				foot = append(foot, st.Muted.Render(l))
			}
		}
		c := s.comp
		switch {
		case c.loading:
			foot = append(foot, st.Muted.Render("completing "+f.name+"…"))
		case c.err != "" && c.field == s.focus:
			foot = append(foot, st.Warn.Render(widget.Truncate("tab: "+c.err, s.w)))
		case len(c.cands) > 0 && c.field == s.focus:
			foot = append(foot, st.Muted.Render(widget.Truncate(fmt.Sprintf("tab (%d/%d): %s", c.idx+1, len(c.cands), strings.Join(c.cands, " ")), s.w)))
		}
	} else {
		foot = append(foot, st.Muted.Render("no arguments · enter: render it"))
	}
	if s.formErr != "" {
		for _, l := range widget.WrapIndent("✖ ", s.formErr, s.w) {
			foot = append(foot, st.Error.Render(l))
		}
	}
	return strings.Join(append(append(append(head, body...), ""), foot...), "\n")
}

// walkView is the plan: a title, the step rows, a note, and the selected
// row's preview.
func (s *Screen) walkView() string {
	st := s.env.Styles
	done := 0
	for _, x := range s.steps {
		if x.state == stepDone || x.state == stepFailed || x.state == stepSkipped {
			done++
		}
	}
	title := st.Title.Render(s.plan.Prompt) + " " + st.Muted.Render(argLine(s.plan.Arguments)) +
		st.Muted.Render(fmt.Sprintf(" · %d of %d steps · %d facts", done, len(s.steps), s.opts.Session.Len()))
	lines := []string{widget.Truncate(title, s.w)}
	rs := s.rows()
	n := s.listRows()
	top := min(max(s.sel-n/2, 0), max(len(rs)-n, 0))
	for i := top; i < top+n && i < len(rs); i++ {
		lines = append(lines, s.rowLine(rs[i], i == s.sel))
	}
	switch {
	case s.note != "" && s.noteErr:
		lines = append(lines, st.Error.Render(widget.Truncate("✖ "+s.note, s.w)))
	case s.note != "":
		lines = append(lines, st.Muted.Render(widget.Truncate(s.note, s.w)))
	case len(rs) > n:
		lines = append(lines, st.Muted.Render(fmt.Sprintf("rows %d-%d of %d (↑/↓)", top+1, min(top+n, len(rs)), len(rs))))
	default:
		lines = append(lines, "")
	}
	lines = append(lines, st.Border.Render(strings.Repeat("─", s.w)))
	lines = append(lines, s.preview())
	return strings.Join(lines, "\n")
}

// argLine writes a prompt's arguments as key=value words.
func argLine(args map[string]string) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + args[k]
	}
	return strings.Join(parts, " ")
}

// glyphs mark a step's state without colour.
var glyphs = [...]string{stepTodo: "·", stepRunning: "⟳", stepDone: "✓", stepFailed: "✖", stepSkipped: "↷"}

// rowLine renders one row of the step list.
func (s *Screen) rowLine(r row, selected bool) string {
	st := s.env.Styles
	mark := "  "
	if selected {
		mark = "› "
	}
	var text string
	var style lipgloss.Style
	switch {
	case r.step < 0:
		style = st.Base
		text = "≡ message   " + firstLine(s.message)
	case r.call >= 0:
		c := s.steps[r.step].calls[r.call]
		g, sty := s.callGlyph(c)
		style = sty
		text = fmt.Sprintf("    %s %d.%d %s", g, r.step+1, r.call+1, describeCall(c.name, c.args))
	default:
		x := s.steps[r.step]
		g := glyphs[x.state]
		style = s.stateStyle(x.state)
		if x.check() && x.state == stepTodo {
			g = "✎"
		}
		desc := describeStep(x)
		text = fmt.Sprintf("%s %d %s", g, r.step+1, desc)
		if x.state == stepFailed && len(x.calls) == 1 {
			text += " — " + screen.Explain(x.calls[0].err)
		}
		if x.state == stepSkipped {
			text += " — skipped: " + x.why
		}
	}
	line := widget.Truncate(mark+text, s.w)
	if selected {
		return st.Selected.Render(widget.Pad(line, s.w))
	}
	return style.Render(line)
}

// callGlyph marks one call of a step.
func (s *Screen) callGlyph(c *call) (string, lipgloss.Style) {
	switch {
	case c.running:
		return glyphs[stepRunning], s.stateStyle(stepRunning)
	case c.err != nil:
		return glyphs[stepFailed], s.stateStyle(stepFailed)
	}
	return glyphs[stepDone], s.stateStyle(stepDone)
}

// stateStyle colours a state (the glyph carries it without colour).
func (s *Screen) stateStyle(x stepState) lipgloss.Style {
	st := s.env.Styles
	switch x {
	case stepRunning:
		return st.Info
	case stepDone:
		return st.OK
	case stepFailed:
		return st.Fault
	case stepSkipped:
		return st.Warn
	}
	return st.Base
}

// describeStep writes a step's call: the arguments as sent once it ran
// (several calls: how many), else the known ones and where the derived
// ones will come from.
func describeStep(x *step) string {
	switch {
	case x.check():
		return x.st.Capability + " text=<the draft> facts=<the session's facts it cites>"
	case len(x.calls) == 1:
		return describeCall(x.calls[0].name, x.calls[0].args)
	case len(x.calls) > 1:
		return fmt.Sprintf("%s × %d calls", x.st.Capability, len(x.calls))
	}
	parts := []string{x.st.Capability}
	keys := make([]string, 0, len(x.st.Args))
	for k := range x.st.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+value(x.st.Args[k]))
	}
	for _, d := range x.st.Derive {
		parts = append(parts, d.Arg+"=<"+d.Step+" "+d.Path+">")
	}
	if f := x.st.ForEach; f != nil {
		parts = append(parts, fmt.Sprintf("%s=<each of the first %d %s %s>", f.Arg, max(f.Max, 1), f.Step, f.Path))
	}
	return strings.Join(parts, " ")
}

// describeCall writes a call as made.
func describeCall(name string, args map[string]any) string {
	parts := []string{name}
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "text":
			parts = append(parts, "text=<the draft>")
		case "facts":
			l, _ := args[k].([]any)
			parts = append(parts, fmt.Sprintf("facts=<%d>", len(l)))
		default:
			parts = append(parts, k+"="+value(args[k]))
		}
	}
	return strings.Join(parts, " ")
}

// value writes an argument value briefly.
func value(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = value(e)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

// firstLine returns s's first line.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// preview renders the selected row below the list.
func (s *Screen) preview() string {
	st := s.env.Styles
	w, h := s.previewSize()
	if s.sel == 0 {
		lines := widget.Wrap(s.message, w)
		if len(lines) > h-1 {
			lines = append(lines[:h-1], st.Muted.Render("… enter: read it all"))
		}
		return strings.Join(lines, "\n")
	}
	x := s.selectedStep()
	if x == nil {
		return ""
	}
	c := s.selectedCall()
	if c != nil && c.view != nil && (c.view.Result() != nil || c.view.Err() != nil) {
		return widget.Height(c.view.View(), h)
	}
	var out []string
	for _, l := range widget.Wrap(x.st.Purpose, w) {
		out = append(out, st.Muted.Render(l))
	}
	more := ""
	switch {
	case x.state == stepRunning:
		out = append(out, st.Info.Render("running…"))
	case x.state == stepSkipped:
		for _, l := range widget.WrapIndent("↷ skipped: ", x.why, w) {
			out = append(out, st.Warn.Render(l))
		}
	case x.check() && strings.TrimSpace(s.opts.Session.Draft) == "":
		more = "The draft is empty: enter (or " + s.env.Keys.Global.Draft.Help().Key + ") opens the draft pane, where " +
			s.env.Keys.Draft.Template.Help().Key + " inserts the template explanation of the session's facts."
	case x.check():
		more = fmt.Sprintf("enter checks the draft (%d words) through the registry's check_citations.", len(strings.Fields(s.opts.Session.Draft)))
	case x.st.ForEach != nil || len(x.st.Derive) > 0:
		more = "enter runs it: its derived arguments come from the earlier steps' results."
	default:
		more = "enter runs it; " + s.env.Keys.Walk.RunAll.Help().Key + " runs every step up to the draft."
	}
	if more != "" {
		out = append(append(out, ""), widget.Wrap(more, w)...)
	}
	return strings.Join(out, "\n")
}
