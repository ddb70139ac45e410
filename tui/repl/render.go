package repl

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/camber-tui/camber-tui/registry"
)

// Table layout.
const (
	defaultTableWidth = 120 // the width tables fit when output is not wrapped
	maxCell           = 36  // the most columns one cell shows
	minTableWidth     = 40
)

// preferredColumns come first in a table, in this order; the other scalar
// columns follow by name while they fit.
var preferredColumns = []string{
	"facility_id", "finding_id", "id", "index", "severity", "verdict", "start", "end", "name", "equip", "role", "rule",
	"equip_class", "kind", "lifecycle", "tz", "first_sample", "last_sample", "n_points", "n_equipment", "trust", "score",
	"coverage", "coverage_pct", "flagged_hours", "judged_hours", "share", "reason", "text", "fact",
}

// tableWidth is the width tables are fitted to.
func (s *Session) tableWidth() int {
	if s.width > 0 {
		return max(s.width, minTableWidth)
	}
	return defaultTableWidth
}

// wrap returns text as lines ending in "\n", wrapped to the session width
// when it has one.
func (s *Session) wrap(text string) string {
	if text == "" {
		return ""
	}
	if s.width > 0 {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if ansi.StringWidth(l) > s.width {
				l = ansi.Wrap(l, s.width, "")
			}
			lines[i] = strings.TrimRight(strings.ReplaceAll(l, " \n", "\n"), " ")
		}
		text = strings.Join(lines, "\n")
	}
	return strings.TrimRight(text, "\n") + "\n"
}

// renderResult writes a capability result for people: its banners first as
// NOTICE lines, the summary with its fact ids, a table per list in its data,
// the page line and the facts it added.
func (s *Session) renderResult(res *registry.Result, pg *page, added int) string {
	var b strings.Builder
	for _, bn := range res.Banners {
		b.WriteString(s.wrap("NOTICE: " + oneLine(bn)))
	}
	b.WriteString(s.wrap(oneLine(res.Text)))
	data, _ := res.Data.(map[string]any)
	lists := tableLists(data)
	if pg != nil && pg.list != "" {
		if i := slices.Index(lists, pg.list); i > 0 {
			lists = append([]string{pg.list}, slices.Delete(lists, i, i+1)...)
		}
	}
	pages := pageNotices(res.Banners)
	for _, name := range lists {
		rows, _ := data[name].([]any)
		caption := name + ": " + plural(len(rows), "row")
		if pn, ok := pages[name]; ok && pn.lo > 0 {
			caption = name + ": " + rowRange(pn.lo, pn.hi) + " of " + itoa(pn.total)
		}
		b.WriteString("\n" + caption + "\n")
		table, left := objectTable(rows, s.tableWidth())
		b.WriteString(table)
		if len(left) > 0 {
			b.WriteString(s.wrap("(" + plural(len(left), "more column") + ": " + strings.Join(left, ", ") + "; --json or export shows them)"))
		}
	}
	if pg != nil {
		if line := pg.line(); line != "" {
			b.WriteString("\n" + line + "\n")
		}
	}
	if n := len(res.Facts); n > 0 {
		b.WriteString("\n" + s.factsLine(res.Facts, added) + "\n")
	}
	return b.String()
}

// factsLine says which facts a result carries and how many the session
// now holds.
func (s *Session) factsLine(fs []registry.Fact, added int) string {
	ids := fs[0].ID
	if len(fs) > 1 {
		ids += " … " + fs[len(fs)-1].ID
	}
	return "facts: " + ids + " (" + itoa(len(fs)) + " in this result, " + itoa(added) + " new; " +
		itoa(s.agentCtx.Len()) + " in the session)"
}

// tableLists returns the keys of data whose values are non-empty lists of
// objects, sorted.
func tableLists(data map[string]any) []string {
	var out []string
	for _, k := range sortedKeys(data) {
		rows, ok := data[k].([]any)
		if !ok || len(rows) == 0 {
			continue
		}
		if !slices.ContainsFunc(rows, func(r any) bool { _, ok := r.(map[string]any); return !ok }) {
			out = append(out, k)
		}
	}
	return out
}

// objectTable renders rows (JSON objects) as an aligned table of their
// scalar columns, preferred columns first, as many as fit width, and
// returns the columns left out.
func objectTable(rows []any, width int) (string, []string) {
	cols := map[string]bool{}
	for _, r := range rows {
		m, _ := r.(map[string]any)
		for k, v := range m {
			if isScalar(v) {
				if _, seen := cols[k]; !seen {
					cols[k] = true
				}
			} else if v != nil {
				cols[k] = false // a column with a nested value anywhere is left out
			}
		}
	}
	var order []string
	for _, k := range preferredColumns {
		if cols[k] {
			order = append(order, k)
		}
	}
	for _, k := range sortedKeys(cols) {
		if cols[k] && !slices.Contains(preferredColumns, k) {
			order = append(order, k)
		}
	}
	cells := make([][]string, len(rows))
	for i, r := range rows {
		m, _ := r.(map[string]any)
		cells[i] = make([]string, len(order))
		for j, k := range order {
			cells[i][j] = cellText(m[k])
		}
	}
	table, keep := renderTable(order, cells, width, false)
	return table, order[keep:]
}

// renderTable aligns header and rows in columns of at most maxCell
// characters, keeping the leading columns that fit width (it returns how
// many); with wide, the last column takes the rest of the width (at least
// 20) instead and every column is kept.
func renderTable(header []string, rows [][]string, width int, wide bool) (string, int) {
	widths := make([]int, len(header))
	for j, h := range header {
		widths[j] = min(textWidth(h), maxCell)
	}
	for _, r := range rows {
		for j := range header {
			if j < len(r) {
				widths[j] = max(widths[j], min(textWidth(r[j]), maxCell))
			}
		}
	}
	if wide && len(header) > 0 {
		last := len(header) - 1
		used := 0
		for j := 0; j < last; j++ {
			used += widths[j] + 2
		}
		room := max(width-used, 20)
		w := textWidth(header[last])
		for _, r := range rows {
			if last < len(r) {
				w = max(w, textWidth(r[last]))
			}
		}
		widths[last] = min(w, room)
	}
	keep, used := 0, 0
	for j, w := range widths {
		need := w
		if j > 0 {
			need += 2
		}
		if j > 0 && used+need > width && !wide {
			break
		}
		used += need
		keep++
	}
	lineWidth := 0
	for j := 0; j < keep; j++ {
		lineWidth += widths[j] + 2
	}
	spaces := strings.Repeat(" ", slices.Max(append(widths[:keep:keep], 0)))
	buf := make([]byte, 0, (len(rows)+1)*(lineWidth+1))
	line := func(cells []string) {
		last := -1 // the last non-empty cell: nothing is padded after it
		for j := 0; j < keep && j < len(cells); j++ {
			if cells[j] != "" {
				last = j
			}
		}
		for j := 0; j <= last; j++ {
			c := cells[j]
			w := textWidth(c)
			if w > widths[j] {
				c = ansi.Truncate(c, widths[j], "…")
				w = textWidth(c)
			}
			if j > 0 {
				buf = append(buf, "  "...)
			}
			buf = append(buf, c...)
			if j < last {
				buf = append(buf, spaces[:max(widths[j]-w, 0)]...)
			}
		}
		buf = append(buf, '\n')
	}
	line(header)
	for _, r := range rows {
		line(r)
	}
	return string(buf), keep
}

// textWidth returns the columns s takes on a terminal (its length for
// ASCII, the common case).
func textWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// isScalar reports whether a decoded JSON value is a string, number, bool
// or null.
func isScalar(v any) bool {
	switch v.(type) {
	case nil, string, float64, bool, json.Number, int, int64:
		return true
	}
	return false
}

// cellText writes a scalar for a table: null as "-", numbers plainly with
// at most 4 decimals, text on one line.
func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return "-"
	case string:
		if plainLine(x) {
			return x
		}
		return strings.Join(strings.Fields(x), " ")
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return formatNumber(x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return formatNumber(f)
		}
		return string(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return ""
}

// plainLine reports whether s is ASCII text with single spaces between
// words and none at either end (so a cell shows it as it is).
func plainLine(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' ') {
			return false
		}
	}
	return true
}

// formatNumber writes x with at most 4 decimals.
func formatNumber(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	if math.Abs(x) >= 1e15 {
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(x*1e4)/1e4, 'f', -1, 64)
}

// plural returns "1 row" or "n rows" ("equipment" stays as it is).
func plural(n int, noun string) string {
	if n == 1 || noun == "equipment" {
		return itoa(n) + " " + noun
	}
	return itoa(n) + " " + noun + "s"
}

func itoa(n int) string { return strconv.Itoa(n) }

// clean makes text safe for a terminal: control characters other than a
// newline (escape sequences included) become spaces or are dropped.
func clean(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\t':
			return ' '
		case isControl(r):
			return -1
		}
		return r
	}, s)
}

// isControl reports a C0 or C1 control character other than a newline,
// DEL, or a line or paragraph separator.
func isControl(r rune) bool {
	return r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029')
}
