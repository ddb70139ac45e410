package widget

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/themes"
)

func plainStyles() *themes.Styles {
	mono, _ := themes.Builtin(themes.NameMono)
	return themes.New(mono, themes.Mode{NoColor: true, Profile: termenv.Ascii}, nil)
}

func checkWidth(t *testing.T, view string, w int) {
	t.Helper()
	for i, l := range strings.Split(view, "\n") {
		if n := Width(l); n > w {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, n, w, l)
		}
	}
}

func sampleTable(n int) Table {
	rows := make([][]Cell, n)
	for i := range rows {
		rows[i] = []Cell{{Text: fmt.Sprintf("AHU-%d", i+1)}, {Text: "fault", Tone: ToneFault}, {Text: strings.Repeat("long summary ", 6)}}
	}
	return NewTable([]string{"equip", "severity", "summary"}, rows)
}

func TestTableMoveAndScroll(t *testing.T) {
	tb := sampleTable(30)
	tb.SetSize(60, 5)
	if tb.Move(-1) {
		t.Error("moved above the first row")
	}
	for range 7 {
		tb.Move(1)
	}
	if i, _ := tb.Selected(); i != 7 || tb.top != 3 {
		t.Fatalf("selected %d top %d, want 7 and 3", i, tb.top)
	}
	if !tb.PageDown() || tb.Cursor() != 12 {
		t.Errorf("page down: cursor %d", tb.Cursor())
	}
	tb.End()
	if !tb.AtEnd() || tb.PageDown() {
		t.Error("page down past the end moved")
	}
	tb.Home()
	if !tb.AtStart() {
		t.Error("home")
	}
	view := tb.View(plainStyles(), true)
	if got := len(strings.Split(view, "\n")); got != 6 {
		t.Errorf("view has %d lines, want heading + 5", got)
	}
	if !strings.HasPrefix(strings.Split(view, "\n")[1], "› AHU-1 ") {
		t.Errorf("cursor row not marked: %q", strings.Split(view, "\n")[1])
	}
	checkWidth(t, view, 60)
}

func TestTableFilter(t *testing.T) {
	tb := NewTable([]string{"id", "name"}, [][]Cell{
		{{Text: "north-campus"}, {Text: "North Campus"}},
		{{Text: "south-annex"}, {Text: "South Annex"}},
		{{Text: "ds-lbnl"}, {Text: "LBNL FDD"}},
	})
	tb.SetSize(40, 3)
	tb.Move(1)
	tb.SetFilter("annex")
	if tb.Shown() != 1 {
		t.Fatalf("shown %d", tb.Shown())
	}
	if i, ok := tb.Selected(); !ok || i != 1 {
		t.Errorf("cursor left its row: %d %v", i, ok)
	}
	tb.SetFilter("zzz")
	if _, ok := tb.Selected(); ok || tb.Shown() != 0 || tb.Move(1) {
		t.Error("no match still selects")
	}
	tb.SetFilter("")
	if tb.Shown() != 3 {
		t.Errorf("clearing the filter shows %d", tb.Shown())
	}
}

func TestTableNarrow(t *testing.T) {
	tb := sampleTable(3)
	for _, w := range []int{0, 1, 5, 12, 30, 200} {
		tb.SetSize(w, 2)
		checkWidth(t, tb.View(plainStyles(), false), w)
	}
}

func TestTabs(t *testing.T) {
	titles := []string{"Overview", "Coverage", "Trust", "Findings", "Drift", "M&V", "RCx", "Datasets"}
	st := plainStyles()
	wide := Tabs{Titles: titles, Active: 3}.View(st, 120)
	if !strings.Contains(wide, "[4 Findings]") || !strings.Contains(wide, " 8 Datasets ") {
		t.Errorf("wide tabs = %q", wide)
	}
	narrow := Tabs{Titles: titles, Active: 6}.View(st, 40)
	if !strings.Contains(narrow, "[7 RCx]") || !strings.HasPrefix(narrow, "‹ ") {
		t.Errorf("narrow tabs = %q", narrow)
	}
	checkWidth(t, narrow, 40)
}

func TestTimeline(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2025, 5, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name  string
		spans []Span
		want  string
	}{
		{"Empty", nil, "··········"},
		{"First", []Span{{day(1), day(2)}}, "████······"},
		{"Clipped", []Span{{day(-3), day(1)}}, "█·········"},
		{"Outside", []Span{{day(20), day(21)}}, "··········"},
		{"End", []Span{{day(3).Add(12 * time.Hour), day(3).Add(23 * time.Hour)}}, "········██"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Timeline(day(1), day(3).Add(24*time.Hour-time.Nanosecond), tc.spans, 10); got != tc.want {
				t.Errorf("Timeline = %q, want %q", got, tc.want)
			}
		})
	}
	if got := Timeline(day(2), day(1), nil, 3); got != "···" {
		t.Errorf("reversed window = %q", got)
	}
	if got := Axis("2025-05-01", "2025-05-03", 24); got != "2025-05-01    2025-05-03" {
		t.Errorf("axis = %q", got)
	}
}

func TestTree(t *testing.T) {
	tr := Tree{Nodes: []TreeNode{
		{Label: "AHU-1", Detail: "AHU · 3 points", Children: []string{"oat", "sat", "mat"}},
		{Label: "AHU-2", Children: []string{"sat"}},
	}}
	tr.SetSize(30, 4)
	tr.Toggle()
	tr.Move(2)
	if n, c, _ := tr.Selected(); n != 0 || c != 1 {
		t.Fatalf("selected %d/%d", n, c)
	}
	tr.Toggle() // closes AHU-1 from a child line
	if n, c, _ := tr.Selected(); n != 0 || c != -1 {
		t.Errorf("after closing: %d/%d", n, c)
	}
	tr.SetAll(true)
	view := tr.View(plainStyles(), true)
	want := "› ▾ AHU-1  AHU · 3 points     \n      oat\n      sat\n      mat"
	if view != want {
		t.Errorf("view =\n%q\nwant\n%q", view, want)
	}
}

func TestFitAndWrap(t *testing.T) {
	if got := Fit("abcdef\nx", 4, 3); got != "abc…\nx\n" {
		t.Errorf("Fit = %q", got)
	}
	lines := WrapIndent("• ", "one two three four five six seven", 14)
	for _, l := range lines {
		if Width(l) > 14 {
			t.Errorf("wrapped line %q too wide", l)
		}
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "  ") {
		t.Errorf("WrapIndent = %q", lines)
	}
	if Wrap("   ", 10) != nil || Pad("abc", 0) != "" || PadLeft("7", 3) != "  7" {
		t.Error("edge cases")
	}
	if got := Columns("a\nb", "x", 3, 2, "|"); got != "a  |x\nb  |" {
		t.Errorf("Columns = %q", got)
	}
}

func TestTablePriorities(t *testing.T) {
	rows := [][]Cell{{{Text: "north-campus"}, {Text: "North Campus"}, {Text: "America/Chicago"}, {Text: "2025-05-05 → 2025-09-01"}, {Text: strings.Repeat("words ", 12)}}}
	tb := NewTable([]string{"id", "name", "tz", "span", "note"}, rows)
	tb.SetPriorities([]int{0, 1, 5, 2, 0}, 4)
	tb.SetSize(80, 1)
	// the flex note shrinks to 20, then tz hides; nothing else is cut
	view := tb.View(plainStyles(), true)
	if strings.Contains(view, "America") || !strings.Contains(view, "2025-05-05 → 2025-09-01") || !strings.Contains(view, "North Campus") {
		t.Errorf("view:\n%s", view)
	}
	tb.SetSize(200, 1)
	if view := tb.View(plainStyles(), true); !strings.Contains(view, "America/Chicago") {
		t.Errorf("wide view hides a column:\n%s", view)
	}
	checkWidth(t, view, 80)
}

func TestHeight(t *testing.T) {
	for _, tc := range []struct {
		in   string
		h    int
		want string
	}{{"a\nb", 2, "a\nb"}, {"a", 3, "a\n\n"}, {"a\nb\nc", 2, "a\nb"}, {"a\nb\nc", 1, "a"}, {"a", 0, ""}, {"", 2, "\n"}} {
		if got := Height(tc.in, tc.h); got != tc.want {
			t.Errorf("Height(%q, %d) = %q, want %q", tc.in, tc.h, got, tc.want)
		}
	}
}

func TestFormRow(t *testing.T) {
	st := plainStyles()
	for _, tc := range []struct {
		name string
		f    FormField
		want string
	}{
		{"plain", FormField{Name: "equip", Value: "AHU-1"}, "   equip    [AHU-1   ]"},
		{"required, focused, name cut", FormField{Name: "facility_id", Value: "hq", Required: true, Focused: true}, "› *facilit… [hq      ]"},
		{"error", FormField{Name: "limit", Value: "x", Err: "not a number"}, "   limit    [x       ] ✖ not a number"},
		{"cut to width", FormField{Name: "rules", Value: "economizer_high_limit"}, "   rules    [economi…]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormRow(st, tc.f, 8, 8); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
