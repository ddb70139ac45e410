package widget

import (
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/sahilm/fuzzy"

	"github.com/camber-tui/camber-tui/themes"
)

// Tone is the meaning of a cell, styled by the theme; the cell's text
// carries the meaning too (a glyph or a word), never the colour alone.
type Tone int

// The tones.
const (
	ToneNone Tone = iota
	ToneMuted
	ToneOK
	ToneInfo
	ToneWarn
	ToneFault
	ToneCite
)

// Style returns the theme's style for the tone.
func (t Tone) Style(st *themes.Styles) lipgloss.Style {
	switch t {
	case ToneMuted:
		return st.Muted
	case ToneOK:
		return st.OK
	case ToneInfo:
		return st.Info
	case ToneWarn:
		return st.Warn
	case ToneFault:
		return st.Fault
	case ToneCite:
		return st.Citation
	}
	return st.Base
}

// Cell is one table cell: plain text (no escapes) and its tone.
type Cell struct {
	Text string
	Tone Tone
}

// Table is a scrolling table with a cursor and a fuzzy row filter. Column
// widths follow the content and shrink to fit; the cursor row is marked
// with "›" and reverse video.
type Table struct {
	// ByScore orders filtered rows best match first (a picker) instead
	// of in their own order (a list sorted by meaning, worst first).
	ByScore bool

	titles  []string
	rows    [][]Cell
	cw      [][]int // each cell's width, measured once
	search  []string
	natural []int
	visible []int
	filter  string
	cursor  int // index into visible
	top     int // first visible row shown
	w, h    int // h counts rows, the heading excluded
	widths  []int
	hidden  []bool
	prio    []int
	flex    int
}

// minCol is the narrowest a column shrinks to.
const minCol = 4

// NewTable returns a table of rows under titles. A row shorter than titles
// is padded with empty cells.
func NewTable(titles []string, rows [][]Cell) Table {
	t := Table{titles: titles, rows: rows, natural: make([]int, len(titles)), flex: -1}
	for i, ti := range titles {
		t.natural[i] = Width(ti)
	}
	t.search = make([]string, len(rows))
	t.cw = make([][]int, len(rows))
	for r, row := range rows {
		var b strings.Builder
		t.cw[r] = make([]int, len(row))
		for i, c := range row {
			t.cw[r][i] = Width(c.Text)
			if i < len(titles) {
				t.natural[i] = max(t.natural[i], t.cw[r][i])
			}
			b.WriteString(c.Text)
			b.WriteByte(' ')
		}
		t.search[r] = b.String()
	}
	t.visible = make([]int, len(rows))
	for i := range rows {
		t.visible[i] = i
	}
	return t
}

// SearchOnly makes the filter match only the cells of columns cols.
func (t *Table) SearchOnly(cols ...int) {
	for r, row := range t.rows {
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(cellText(row, c))
			b.WriteByte(' ')
		}
		t.search[r] = b.String()
	}
	t.SetFilter(t.filter)
}

// Len returns the number of rows; Shown the number the filter lets through.
func (t *Table) Len() int { return len(t.rows) }

// Shown is the number of rows the filter leaves.
func (t *Table) Shown() int { return len(t.visible) }

// Titles returns the column titles.
func (t *Table) Titles() []string { return t.titles }

// Row returns row i's cells.
func (t *Table) Row(i int) []Cell {
	if i < 0 || i >= len(t.rows) {
		return nil
	}
	return t.rows[i]
}

// SetSize sets the table's width and the number of rows it shows.
func (t *Table) SetSize(w, rows int) {
	t.w, t.h = max(w, 0), max(rows, 0)
	t.layout()
	t.scroll()
}

// SetPriorities says how the table gives way when narrow: the flex
// column (-1 for none) shrinks first, down to 20 cells; then columns are
// hidden, the largest priority number first (0 never hides); then the
// widest columns shrink, the first column last and never below a third of
// the width.
func (t *Table) SetPriorities(prio []int, flex int) {
	t.prio, t.flex = prio, flex
	t.layout()
}

// layout fits the column widths into the width.
func (t *Table) layout() {
	n := len(t.titles)
	t.widths = slices.Clone(t.natural)
	t.hidden = make([]bool, n)
	shown := n
	sum := 0
	for _, w := range t.widths {
		sum += w
	}
	avail := func() int { return t.w - 2 - 2*max(shown-1, 0) }
	if t.flex >= 0 && t.flex < n && sum > avail() {
		floor := min(t.natural[t.flex], 20)
		cut := max(min(sum-avail(), t.widths[t.flex]-floor), 0)
		t.widths[t.flex] -= cut
		sum -= cut
	}
	for sum > avail() && len(t.prio) == n {
		hi := -1
		for i, p := range t.prio {
			if p > 0 && i != 0 && i != t.flex && !t.hidden[i] && (hi < 0 || p >= t.prio[hi]) {
				hi = i
			}
		}
		if hi < 0 {
			break
		}
		t.hidden[hi] = true
		shown--
		sum -= t.widths[hi]
	}
	keep := 0
	if n > 0 {
		keep = min(t.natural[0], max(t.w/3, minCol))
	}
	for sum > avail() {
		wi := -1
		for i, w := range t.widths {
			if t.hidden[i] || w <= minCol || (i == 0 && w <= keep) {
				continue
			}
			if wi < 0 || w > t.widths[wi] || (wi == 0 && w == t.widths[wi]) {
				wi = i
			}
		}
		if wi < 0 {
			break // the row is cut at the edge instead
		}
		t.widths[wi]--
		sum--
	}
}

// SetFilter shows only rows matching q fuzzily (in their original order);
// "" shows every row. The cursor stays on its row when that still shows.
func (t *Table) SetFilter(q string) {
	sel, ok := t.Selected()
	t.filter = q
	if q == "" {
		t.visible = t.visible[:0]
		for i := range t.rows {
			t.visible = append(t.visible, i)
		}
	} else {
		find := fuzzy.FindNoSort // kept in the rows' own order below
		if t.ByScore {
			find = fuzzy.Find
		}
		t.visible = t.visible[:0]
		for _, m := range find(q, t.search) {
			t.visible = append(t.visible, m.Index)
		}
		if !t.ByScore {
			slices.Sort(t.visible)
		}
	}
	t.cursor = 0
	if ok {
		if i := slices.Index(t.visible, sel); i >= 0 {
			t.cursor = i
		}
	}
	t.scroll()
}

// Filter returns the filter.
func (t *Table) Filter() string { return t.filter }

// Selected returns the original index of the cursor row.
func (t *Table) Selected() (int, bool) {
	if t.cursor < 0 || t.cursor >= len(t.visible) {
		return 0, false
	}
	return t.visible[t.cursor], true
}

// Select moves the cursor to original row i when it shows.
func (t *Table) Select(i int) {
	if j := slices.Index(t.visible, i); j >= 0 {
		t.cursor = j
		t.scroll()
	}
}

// Cursor returns the cursor's position among the shown rows.
func (t *Table) Cursor() int { return t.cursor }

// Move moves the cursor by delta rows and reports whether it moved.
func (t *Table) Move(delta int) bool {
	if len(t.visible) == 0 {
		return false
	}
	c := min(max(t.cursor+delta, 0), len(t.visible)-1)
	moved := c != t.cursor
	t.cursor = c
	t.scroll()
	return moved
}

// PageDown moves a page down and reports whether the cursor moved.
func (t *Table) PageDown() bool { return t.Move(max(t.h, 1)) }

// PageUp moves a page up and reports whether the cursor moved.
func (t *Table) PageUp() bool { return t.Move(-max(t.h, 1)) }

// Home moves to the first row; End to the last.
func (t *Table) Home() { t.Move(-len(t.visible)) }

// End moves to the last row.
func (t *Table) End() { t.Move(len(t.visible)) }

// AtEnd and AtStart report whether the cursor is on the last or first row.
func (t *Table) AtEnd() bool { return len(t.visible) == 0 || t.cursor == len(t.visible)-1 }

// AtStart reports whether the cursor is on the first row.
func (t *Table) AtStart() bool { return t.cursor == 0 }

// scroll keeps the cursor row in view.
func (t *Table) scroll() {
	h := max(t.h, 1)
	if t.cursor < t.top {
		t.top = t.cursor
	}
	if t.cursor >= t.top+h {
		t.top = t.cursor - h + 1
	}
	t.top = min(max(t.top, 0), max(len(t.visible)-h, 0))
}

// View renders the heading and exactly the set number of rows.
func (t *Table) View(st *themes.Styles, focused bool) string {
	if t.w <= 0 {
		return ""
	}
	var b strings.Builder
	var head []string
	for i, ti := range t.titles {
		if !t.hidden[i] {
			head = append(head, Pad(ti, t.widths[i]))
		}
	}
	b.WriteString(st.TableHead.Render(Truncate("  "+strings.Join(head, "  "), t.w)))
	for r := 0; r < t.h; r++ {
		b.WriteByte('\n')
		vi := t.top + r
		if vi >= len(t.visible) {
			continue
		}
		ri := t.visible[vi]
		row := t.rows[ri]
		if vi == t.cursor {
			var cells []string
			for i := range t.titles {
				if !t.hidden[i] {
					cells = append(cells, t.pad(ri, i))
				}
			}
			marker := "› "
			line := Pad(marker+strings.Join(cells, "  "), t.w)
			if focused {
				b.WriteString(st.Selected.Render(line))
			} else {
				b.WriteString(st.Bold.Render(line))
			}
			continue
		}
		var line strings.Builder
		line.WriteString("  ")
		used := 2
		first := true
		for i := range t.titles {
			if t.hidden[i] {
				continue
			}
			if !first {
				line.WriteString("  ")
				used += 2
			}
			if used >= t.w {
				break
			}
			first = false
			txt := t.pad(ri, i)
			if i < len(row) && row[i].Tone != ToneNone {
				txt = row[i].Tone.Style(st).Render(txt)
			}
			line.WriteString(txt)
			used += t.widths[i]
		}
		b.WriteString(Truncate(line.String(), t.w))
	}
	return b.String()
}

// pad returns cell (r, i) padded or cut to its column's width, using the
// width measured once.
func (t *Table) pad(r, i int) string {
	row := t.rows[r]
	w := t.widths[i]
	if i >= len(row) {
		return strings.Repeat(" ", w)
	}
	if cw := t.cw[r][i]; cw <= w {
		return row[i].Text + strings.Repeat(" ", w-cw)
	}
	return Pad(row[i].Text, w)
}

// cellText returns row's cell i ("" when the row is short).
func cellText(row []Cell, i int) string {
	if i < len(row) {
		return row[i].Text
	}
	return ""
}
