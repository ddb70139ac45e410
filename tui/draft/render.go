package draft

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// The marks of a sentence's verdict: a glyph (so they read without
// colour) and a word.
var marks = map[verify.Verdict]struct{ glyph, word string }{
	verify.Supported:         {"✓", "supported"},
	verify.UnknownCitation:   {"?", "unknown citation"},
	verify.Uncited:           {"○", "uncited"},
	verify.UnsupportedNumber: {"✗", "unsupported number"},
}

// staleGlyph marks a sentence edited since the last check.
const staleGlyph = "…"

// cell is one cell of the laid-out text: a character of the draft (at
// byte offset off), or a mark the pane adds (off -1).
type cell struct {
	s     string
	w     int
	off   int
	span  int // the span it belongs to, -1 for none
	glyph bool
}

// vrow is one screen row of the laid-out text.
type vrow struct{ cells []cell }

// layoutText lays the text out in rows of width w: each line word-wrapped,
// a mark before every checked sentence, and an end cell on every line
// where the cursor may stand after its last character.
func (s *Screen) layoutText(w int) []vrow {
	w = max(w, 4)
	text := s.ta.Value()
	// owner maps each byte to its span; glyphAt marks where a span starts
	owner := make([]int32, len(text))
	for i := range owner {
		owner[i] = -1
	}
	glyphAt := map[int]int{}
	for i, sp := range s.spans {
		for o := sp.start; o < sp.end && o < len(text); o++ {
			owner[o] = int32(i)
		}
		if _, taken := glyphAt[sp.start]; !taken && sp.start < sp.end {
			glyphAt[sp.start] = i
		}
	}
	var rows []vrow
	off := 0
	for _, line := range strings.Split(text, "\n") {
		var cells []cell
		for i := 0; i < len(line); {
			o := off + i
			if gi, ok := glyphAt[o]; ok {
				cells = append(cells, cell{s: s.glyphOf(gi), w: 1, off: -1, span: gi, glyph: true}, cell{s: " ", w: 1, off: -1, span: -1})
			}
			r, n := utf8.DecodeRuneInString(line[i:])
			ch := line[i : i+n]
			cw := 1
			switch {
			case r == '\t':
				ch = " "
			case r < ' ' || r == 0x7f:
				ch = "·"
			case r >= utf8.RuneSelf:
				cw = ansi.StringWidth(ch)
			}
			if cw > 0 {
				cells = append(cells, cell{s: ch, w: cw, off: o, span: int(owner[o])})
			}
			i += n
		}
		cells = append(cells, cell{s: " ", w: 1, off: off + len(line), span: -1})
		rows = append(rows, wrapCells(cells, w)...)
		off += len(line) + 1
	}
	return rows
}

// glyphOf is span i's mark.
func (s *Screen) glyphOf(i int) string {
	sp := s.spans[i]
	if sp.stale {
		return staleGlyph
	}
	return marks[s.report.Sentences[sp.sent].Verdict].glyph
}

// wrapCells word-wraps one line's cells into rows of at most w cells,
// breaking after a space where it can.
func wrapCells(cells []cell, w int) []vrow {
	var rows []vrow
	for len(cells) > 0 {
		width, cut, lastSpace := 0, len(cells), -1
		for i, c := range cells {
			if width+c.w > w {
				cut = i
				break
			}
			width += c.w
			if c.s == " " && c.off >= 0 {
				lastSpace = i
			}
		}
		if cut < len(cells) && lastSpace >= 0 && lastSpace+1 < cut {
			cut = lastSpace + 1
		}
		cut = max(cut, 1)
		rows = append(rows, vrow{cells: cells[:cut]})
		cells = cells[cut:]
	}
	return rows
}

// cursorOff is the cursor's byte offset in the text.
func (s *Screen) cursorOff() int {
	lines := strings.Split(s.ta.Value(), "\n")
	row := min(s.ta.Line(), len(lines)-1)
	off := 0
	for _, l := range lines[:row] {
		off += len(l) + 1
	}
	runes := []rune(lines[row])
	col := min(max(s.ta.LineInfo().ColumnOffset, 0), len(runes))
	return off + len(string(runes[:col]))
}

// cursorAt finds the row and column of byte offset off in rows.
func cursorAt(rows []vrow, off int) (int, int) {
	for r, row := range rows {
		x := 0
		for _, c := range row.cells {
			if c.off == off {
				return r, x
			}
			x += c.w
		}
	}
	return max(len(rows)-1, 0), 0
}

// textRows is how many rows the text has on screen.
func (s *Screen) textRows() int { return max(s.h-4, 1) }

// moveRows moves the cursor d screen rows, keeping its column.
func (s *Screen) moveRows(d int) {
	rows := s.layoutText(s.w)
	r, x := cursorAt(rows, s.cursorOff())
	t := min(max(r+d, 0), len(rows)-1)
	if t == r {
		return
	}
	target, at := -1, 0
	for _, c := range rows[t].cells {
		if c.off >= 0 {
			if at > x && target >= 0 {
				break
			}
			target = c.off
		}
		at += c.w
	}
	if target < 0 {
		return
	}
	s.moveTo(target)
}

// moveTo puts the textarea's cursor at byte offset off.
func (s *Screen) moveTo(off int) {
	text := s.ta.Value()
	off = min(max(off, 0), len(text))
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndex(text[:off], "\n") + 1
	col := utf8.RuneCountInString(text[start:off])
	for s.ta.Line() < line {
		s.ta.CursorDown()
	}
	for s.ta.Line() > line {
		s.ta.CursorUp()
	}
	s.ta.SetCursor(col)
}

// View renders the pane: the title with the counts, a note, the marked
// text, and the reason for the sentence under the cursor.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	st := s.env.Styles
	rows := s.layoutText(s.w)
	off := s.cursorOff()
	cr, _ := cursorAt(rows, off)
	n := s.textRows()
	s.top = min(max(s.top, cr-n+1, 0), cr)
	s.top = min(s.top, max(len(rows)-n, 0))
	lines := []string{s.titleLine(), s.noteLine()}
	for i := s.top; i < s.top+n; i++ {
		if i < len(rows) {
			lines = append(lines, s.renderRow(rows[i], off))
		} else {
			lines = append(lines, st.Muted.Render("~"))
		}
	}
	lines = append(lines, s.reasonLines(off)...)
	return widget.Fit(strings.Join(lines, "\n"), s.w, s.h)
}

// renderRow styles one row: each sentence's characters in its verdict's
// style, marks bold, the cursor in reverse.
func (s *Screen) renderRow(r vrow, cursor int) string {
	var b strings.Builder
	var run strings.Builder
	var cur lipgloss.Style
	curKey := ""
	flush := func() {
		if run.Len() > 0 {
			b.WriteString(cur.Render(run.String()))
			run.Reset()
		}
	}
	for _, c := range r.cells {
		sty, k := s.cellStyle(c, c.off == cursor && c.off >= 0)
		if k != curKey {
			flush()
			cur, curKey = sty, k
		}
		run.WriteString(c.s)
	}
	flush()
	return b.String()
}

// cellStyle is a cell's style and a key naming it.
func (s *Screen) cellStyle(c cell, isCursor bool) (lipgloss.Style, string) {
	st := s.env.Styles
	if isCursor {
		return st.Cursor, "cursor"
	}
	if c.span < 0 {
		return st.Base, "base"
	}
	sp := s.spans[c.span]
	var sty lipgloss.Style
	k := "stale"
	if sp.stale {
		sty = st.Muted
	} else {
		v := s.report.Sentences[sp.sent].Verdict
		k = string(v)
		switch v {
		case verify.Supported:
			sty = st.OK
		case verify.UnknownCitation:
			sty = st.Warn
		default:
			sty = st.Fault
		}
	}
	if c.glyph {
		return sty.Bold(true), k + "!"
	}
	return sty, k
}

// titleLine counts the verdicts.
func (s *Screen) titleLine() string {
	st := s.env.Styles
	c := s.report.Counts
	words := len(strings.Fields(s.ta.Value()))
	long := fmt.Sprintf("%s %d supported · %s %d unknown citation · %s %d uncited · %s %d unsupported number",
		marks[verify.Supported].glyph, c.Supported, marks[verify.UnknownCitation].glyph, c.UnknownCitation,
		marks[verify.Uncited].glyph, c.Uncited, marks[verify.UnsupportedNumber].glyph, c.UnsupportedNumber)
	short := fmt.Sprintf("%s%d %s%d %s%d %s%d", marks[verify.Supported].glyph, c.Supported, marks[verify.UnknownCitation].glyph,
		c.UnknownCitation, marks[verify.Uncited].glyph, c.Uncited, marks[verify.UnsupportedNumber].glyph, c.UnsupportedNumber)
	head := st.Title.Render("draft") + st.Muted.Render(fmt.Sprintf(" · %d words · %d facts", words, s.opts.Session.Len()))
	tail := ""
	if !s.Checked() {
		tail = st.Muted.Render(" · checking…")
	}
	line := head + st.Muted.Render(" · ") + long + tail
	if widget.Width(line) > s.w {
		line = head + " " + short + tail
	}
	if widget.Width(line) > s.w {
		line = st.Title.Render("draft") + " " + short
	}
	return widget.Truncate(line, s.w)
}

// spinner frames while the LLM drafts.
var frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// noteLine is the pane's note, the LLM's progress, or a hint.
func (s *Screen) noteLine() string {
	st := s.env.Styles
	k := s.env.Keys
	switch {
	case s.llmCancel != nil:
		return st.Info.Render(widget.Truncate(frames[s.frame%len(frames)]+" "+s.note, s.w))
	case s.note != "" && s.noteErr:
		return st.Error.Render(widget.Truncate("✖ "+s.note, s.w))
	case s.note != "":
		return st.Muted.Render(widget.Truncate(s.note, s.w))
	case strings.TrimSpace(s.ta.Value()) == "":
		return st.Muted.Render(widget.Truncate(fmt.Sprintf("type the answer, citing facts as [id]; %s inserts the template explanation, %s asks the LLM",
			k.Draft.Template.Help().Key, k.Draft.LLM.Help().Key), s.w))
	}
	return st.Muted.Render(widget.Truncate("source: "+s.source, s.w))
}

// reasonLines say why the sentence under the cursor has its mark.
func (s *Screen) reasonLines(off int) []string {
	st := s.env.Styles
	se, sp, ok := s.verdictAt(off)
	var line string
	sty := st.Muted
	switch {
	case !ok:
		line = "each sentence is checked as you pause: ✓ supported · ? unknown citation · ○ uncited · ✗ unsupported number"
	case sp.stale:
		line = fmt.Sprintf("%s sentence %d: edited, checking…", staleGlyph, se.Index+1)
	default:
		m := marks[se.Verdict]
		line = fmt.Sprintf("%s sentence %d of %d: %s", m.glyph, se.Index+1, len(s.report.Sentences), m.word)
		switch {
		case se.Reason != "":
			line += " — " + se.Reason
		case len(se.Cited) > 0:
			line += " — cites " + strings.Join(se.Cited, ", ")
		default:
			line += " — states no figure"
		}
		switch se.Verdict {
		case verify.Supported:
			sty = st.OK
		case verify.UnknownCitation:
			sty = st.Warn
		default:
			sty = st.Fault
		}
	}
	out := widget.Wrap(line, s.w)
	for len(out) < 2 {
		out = append(out, "")
	}
	out = out[:2]
	for i := range out {
		out[i] = sty.Render(out[i])
	}
	return out
}
