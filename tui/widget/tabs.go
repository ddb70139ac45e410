package widget

import (
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/themes"
)

// Tabs is a row of numbered tab titles with one active. The active tab is
// bracketed as well as styled, so it shows without colour.
type Tabs struct {
	Titles []string
	Active int
}

// View renders the tabs in w cells; when they do not fit, it shows a
// window around the active tab with "‹" and "›" where tabs are hidden.
func (t Tabs) View(st *themes.Styles, w int) string {
	if w <= 0 || len(t.Titles) == 0 {
		return ""
	}
	labels := make([]string, len(t.Titles))
	for i, ti := range t.Titles {
		if i == t.Active {
			labels[i] = "[" + strconv.Itoa(i+1) + " " + ti + "]"
		} else {
			labels[i] = " " + strconv.Itoa(i+1) + " " + ti + " "
		}
	}
	lo, hi := 0, len(labels)
	width := func(lo, hi int) int {
		n := 0
		for _, l := range labels[lo:hi] {
			n += Width(l)
		}
		if lo > 0 {
			n += 2
		}
		if hi < len(labels) {
			n += 2
		}
		return n
	}
	for width(lo, hi) > w && hi-lo > 1 {
		// drop the tab farther from the active one
		if t.Active-lo > hi-1-t.Active {
			lo++
		} else {
			hi--
		}
	}
	var b strings.Builder
	if lo > 0 {
		b.WriteString(st.Muted.Render("‹ "))
	}
	for i := lo; i < hi; i++ {
		if i == t.Active {
			b.WriteString(st.TabActive.Render(labels[i]))
		} else {
			b.WriteString(st.TabIdle.Render(labels[i]))
		}
	}
	if hi < len(labels) {
		b.WriteString(st.Muted.Render(" ›"))
	}
	return Truncate(b.String(), w)
}
