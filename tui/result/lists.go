package result

import (
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/tui/widget"
)

// List is one list of a result's data as a table: its data key, rows,
// columns and where its page sits in the whole list.
type List struct {
	Key  string
	Rows []map[string]any
	Cols []Column
	Page Page
	// Fields marks the pseudo-list of the data's top-level values.
	Fields bool
}

// Column is one table column: a title, how a row's cell reads, and how
// it gives way in a narrow table (Prio: hidden largest first, 0 never;
// Flex: shrinks first).
type Column struct {
	Title string
	Cell  func(row map[string]any) widget.Cell
	Prio  int
	Flex  bool
}

// with returns c with priority p.
func (c Column) with(p int) Column { c.Prio = p; return c }

// flexed returns c as the flexible column.
func (c Column) flexed() Column { c.Flex = true; return c }

// fieldsKey names the pseudo-list of top-level values.
const fieldsKey = "fields"

// mainList is the list each capability is mostly about.
var mainList = map[string]string{
	"facilities":     "facilities",
	"points":         "points",
	"rule_run":       "findings",
	"sensor_trust":   "points",
	"finding_detail": "violations",
	"drift":          "findings",
	"coverage":       "points",
	"rule_params":    "rules",
	"rcx_report":     "issues",
	"dataset_search": "datasets",
}

// extractLists turns data into tables: every top-level list of objects,
// the capability's main list first, then the others by key, then the
// top-level values as a field/value list.
func extractLists(capability string, data any, banners []string) []List {
	obj, _ := data.(map[string]any)
	pg := pages(banners)
	var out []List
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	main := mainList[capability]
	sort.SliceStable(keys, func(i, j int) bool { return keys[i] == main && keys[j] != main })
	var fields [][2]string
	for _, k := range keys {
		rows, ok := objectRows(obj[k])
		if !ok {
			fields = append(fields, flatten(k, obj[k])...)
			continue
		}
		p, ok := pg[k]
		if !ok {
			p = Page{Total: len(rows)}
			if len(rows) > 0 {
				p.Lo, p.Hi = 1, len(rows)
			}
		}
		out = append(out, List{Key: k, Rows: rows, Cols: columnsFor(capability, k, rows), Page: p})
	}
	if len(fields) > 0 {
		rows := make([]map[string]any, len(fields))
		for i, f := range fields {
			rows[i] = map[string]any{"field": f[0], "value": f[1]}
		}
		out = append(out, List{Key: fieldsKey, Rows: rows, Fields: true,
			Cols: []Column{plainCol("field", "field"), plainCol("value", "value")},
			Page: Page{Lo: min(1, len(rows)), Hi: len(rows), Total: len(rows)}})
	}
	return out
}

// objectRows returns v as rows when it is a list of objects (an empty list
// counts: it is a list with no rows on this page).
func objectRows(v any) ([]map[string]any, bool) {
	arr, ok := v.([]any)
	if !ok {
		return nil, false
	}
	rows := make([]map[string]any, 0, len(arr))
	for _, x := range arr {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		rows = append(rows, m)
	}
	return rows, true
}

// flatten lists a top-level value as field/value pairs, an object's
// members one level down ("window.start").
func flatten(key string, v any) [][2]string {
	m, ok := v.(map[string]any)
	if !ok {
		return [][2]string{{key, Format(v)}}
	}
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	out := make([][2]string, 0, len(ks))
	for _, k := range ks {
		out = append(out, [2]string{key + "." + k, Format(m[k])})
	}
	return out
}

// Format renders a JSON value compactly for a cell: numbers without
// noise, lists joined, objects as JSON, null as "—".
func Format(v any) string {
	switch v := v.(type) {
	case nil:
		return "—"
	case string:
		return v
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case float64:
		return formatNumber(v)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case json.Number:
		if f, err := v.Float64(); err == nil {
			return formatNumber(f)
		}
		return v.String()
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = Format(x)
		}
		return strings.Join(parts, ", ")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// formatNumber prints an integer-valued float as an integer and others
// with at most four significant digits.
func formatNumber(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	return strconv.FormatFloat(f, 'g', 4, 64)
}

// percent renders a 0..1 share as "61.9%".
func percent(v any) string {
	f, ok := number(v)
	if !ok {
		return Format(v)
	}
	return strconv.FormatFloat(f*100, 'f', 1, 64) + "%"
}

// number reads a JSON number.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case json.Number:
		f, err := v.Float64()
		return f, err == nil
	}
	return 0, false
}

// Severity returns a severity's glyph, word and tone: the glyph carries
// the meaning without colour.
func Severity(s string) widget.Cell {
	switch s {
	case "fault":
		return widget.Cell{Text: "✖ fault", Tone: widget.ToneFault}
	case "warn":
		return widget.Cell{Text: "▲ warn", Tone: widget.ToneWarn}
	case "info":
		return widget.Cell{Text: "● info", Tone: widget.ToneInfo}
	case "ok":
		return widget.Cell{Text: "✓ ok", Tone: widget.ToneOK}
	}
	return widget.Cell{Text: s}
}

// Verdict returns a trust verdict's glyph, word and tone.
func Verdict(s string) widget.Cell {
	switch s {
	case "trusted", "ok":
		return widget.Cell{Text: "✓ " + s, Tone: widget.ToneOK}
	case "suspect", "warn":
		return widget.Cell{Text: "▲ " + s, Tone: widget.ToneWarn}
	case "untrusted", "fault":
		return widget.Cell{Text: "✖ " + s, Tone: widget.ToneFault}
	}
	return widget.Cell{Text: s}
}

// plainCol is a column showing key as it is.
func plainCol(title, key string) Column {
	return Column{Title: title, Cell: func(r map[string]any) widget.Cell { return widget.Cell{Text: oneLine(Format(r[key]))} }}
}

func percentCol(title, key string) Column {
	return Column{Title: title, Cell: func(r map[string]any) widget.Cell { return widget.Cell{Text: percent(r[key])} }}
}

func sevCol(key string) Column {
	return Column{Title: "severity", Cell: func(r map[string]any) widget.Cell { s, _ := r[key].(string); return Severity(s) }}
}

func verdictCol(key string) Column {
	return Column{Title: "verdict", Cell: func(r map[string]any) widget.Cell { s, _ := r[key].(string); return Verdict(s) }}
}

// date returns the date part of a naive timestamp ("2025-05-05").
func date(v any) string {
	s, ok := v.(string)
	if !ok {
		return "—"
	}
	if len(s) >= 10 {
		return s[:10]
	}
	return s
}

// specs are the columns of the lists whose shape is known, by
// "capability/list" or by list alone.
var specs = map[string][]Column{
	"facilities/facilities": {
		plainCol("id", "facility_id"), plainCol("name", "name").with(1),
		{Title: "lifecycle", Prio: 3, Cell: func(r map[string]any) widget.Cell {
			if _, bad := r["unavailable"]; bad {
				return widget.Cell{Text: "⚠ unavailable", Tone: widget.ToneFault}
			}
			return widget.Cell{Text: Format(r["lifecycle"])}
		}},
		plainCol("points", "n_points").with(2), plainCol("equip", "n_equipment").with(4),
		{Title: "span", Prio: 2, Cell: func(r map[string]any) widget.Cell {
			return widget.Cell{Text: date(r["first_sample"]) + " → " + date(r["last_sample"])}
		}},
		plainCol("tz", "tz").with(5),
	},
	"points/points": {plainCol("equip", "equip"), plainCol("class", "equip_class").with(1), plainCol("role", "role")},
	"rule_run/findings": {
		sevCol("severity"), plainCol("equip", "equip").with(2), plainCol("rule", "rule").with(1), percentCol("share", "share").with(3),
		plainCol("summary", "summary").flexed(),
	},
	"skipped": {plainCol("rule", "rule"), plainCol("equip", "equip"), plainCol("missing", "missing")},
	"sensor_trust/points": {
		verdictCol("verdict"), plainCol("trust", "trust").with(1), plainCol("equip", "equip"), plainCol("role", "role"),
		percentCol("coverage", "coverage").with(3),
		{Title: "floor", Prio: 2, Cell: func(r map[string]any) widget.Cell {
			if b, _ := r["below_floor"].(bool); b {
				return widget.Cell{Text: "▼ below", Tone: widget.ToneWarn}
			}
			return widget.Cell{Text: "ok"}
		}},
		plainCol("flags", "flags").with(4),
	},
	"references": {
		verdictCol("verdict"), plainCol("equip", "equip"), plainCol("role", "role"), plainCol("reference", "reference"),
		plainCol("bias", "bias"), plainCol("rmse", "rmse"),
	},
	"violations": {plainCol("start", "start"), plainCol("end", "end"), plainCol("hours", "hours"), plainCol("samples", "samples")},
	"conditions": {
		plainCol("name", "name"), plainCol("label", "label"), percentCol("share", "share"), plainCol("spans", "n_spans"),
		plainCol("flagged", "flagged_samples"),
	},
	"params": {plainCol("name", "name"), plainCol("value", "value"), plainCol("unit", "unit"), plainCol("source", "source").with(1)},
	"coverage/points": {
		plainCol("equip", "equip"), plainCol("role", "role"), percentCol("coverage", "coverage"),
		plainCol("samples", "samples").with(3), plainCol("interval", "interval").with(4), plainCol("gaps", "n_gaps").with(2),
		plainCol("longest h", "longest_gap_hours").with(5),
	},
	"coverage/gaps": {
		plainCol("equip", "equip"), plainCol("role", "role"), plainCol("start", "start").with(2), plainCol("end", "end").with(3),
		plainCol("hours", "hours"),
	},
	"dataset_search/datasets": {
		plainCol("id", "id"), plainCol("title", "title").flexed(), plainCol("kind", "kind").with(2),
		{Title: "licence", Prio: 1, Cell: func(r map[string]any) widget.Cell {
			if ro, _ := r["research_only"].(bool); ro {
				return widget.Cell{Text: "⚖ research-only", Tone: widget.ToneWarn}
			}
			return widget.Cell{Text: Format(r["licence"])}
		}},
		plainCol("access", "access").with(3),
	},
	"rcx_report/issues": {
		plainCol("#", "rank"), sevCol("severity"), plainCol("equip", "equip").with(2), plainCol("cause", "cause").with(1),
		plainCol("hours", "hours").with(4), plainCol("confidence", "confidence").with(3), plainCol("summary", "summary").flexed(),
	},
	"rcx_report/appendix_a": {
		plainCol("kind", "kind"), plainCol("check", "check"), plainCol("equip", "equip").with(1), plainCol("role", "role").with(2),
		plainCol("reason", "reason").flexed(),
	},
	"rcx_report/fact_index": {plainCol("id", "id"), plainCol("kind", "kind"), plainCol("section", "section")},
	"rcx_report/sections":   {plainCol("id", "id"), plainCol("title", "title")},
}

// columnsFor returns the columns of list key of capability: a known
// shape's, else every scalar field (ids and names first, at most eight).
func columnsFor(capability, key string, rows []map[string]any) []Column {
	if c, ok := specs[capability+"/"+key]; ok {
		return c
	}
	if c, ok := specs[key]; ok {
		return c
	}
	seen := map[string]bool{}
	var names []string
	for _, r := range rows {
		for k, v := range r {
			if seen[k] {
				continue
			}
			if _, obj := v.(map[string]any); obj {
				continue
			}
			seen[k] = true
			names = append(names, k)
		}
	}
	rank := func(k string) int {
		switch {
		case k == "id" || strings.HasSuffix(k, "_id"):
			return 0
		case k == "name" || k == "title" || k == "severity" || k == "verdict":
			return 1
		case k == "equip" || k == "role" || k == "rule":
			return 2
		}
		return 3
	}
	slices.SortFunc(names, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	if len(names) > 8 {
		names = names[:8]
	}
	// the widest column gives way first
	widest, most := -1, 0
	for i, n := range names {
		w := 0
		for _, r := range rows {
			w = max(w, len(Format(r[n])))
		}
		if i > 0 && w > most {
			widest, most = i, w
		}
	}
	cols := make([]Column, len(names))
	for i, n := range names {
		switch n {
		case "severity":
			cols[i] = sevCol(n)
		case "verdict":
			cols[i] = verdictCol(n)
		default:
			cols[i] = plainCol(n, n).with(i) // the rightmost hides first
		}
		cols[i].Flex = i == widest
	}
	return cols
}

// table builds the list's table.
func (l List) table() widget.Table {
	titles := make([]string, len(l.Cols))
	for i, c := range l.Cols {
		titles[i] = c.Title
	}
	rows := make([][]widget.Cell, len(l.Rows))
	for i, r := range l.Rows {
		cells := make([]widget.Cell, len(l.Cols))
		for j, c := range l.Cols {
			cells[j] = c.Cell(r)
		}
		rows[i] = cells
	}
	t := widget.NewTable(titles, rows)
	prio := make([]int, len(l.Cols))
	flex := -1
	for i, c := range l.Cols {
		prio[i] = c.Prio
		if c.Flex {
			flex = i
		}
	}
	if l.Fields {
		flex = 1
	}
	t.SetPriorities(prio, flex)
	return t
}
