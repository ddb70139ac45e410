package repl

import (
	"maps"
	"regexp"
	"strconv"
)

// pageNotice is what a paging banner of the registry says about one list.
type pageNotice struct {
	lo, hi, total int // rows lo-hi (1-based) of total; lo 0 for an empty page
}

// The registry's paging banners (registry.Call.Page):
//
//	'findings' shows rows 1-25 of 159 (worst first): call again with offset=25 ...
//	'cited' is empty on this page: all its 1 row(s) are on the first page
//	'x' is empty on this page: offset=300 is past its 159 row(s); ...
var (
	pageShows = regexp.MustCompile(`^'([^']*)' shows rows ([0-9]+)-([0-9]+) of ([0-9]+)`)
	pageEmpty = regexp.MustCompile(`^'([^']*)' is empty on this page: (?:all its ([0-9]+) row|offset=[0-9]+ is past its ([0-9]+) row)`)
)

// pageNotices reads the paging banners of a result by list name (the
// first banner of a list counts).
func pageNotices(banners []string) map[string]pageNotice {
	out := map[string]pageNotice{}
	for _, b := range banners {
		name, pn, ok := parsePageNotice(b)
		if _, seen := out[name]; ok && !seen {
			out[name] = pn
		}
	}
	return out
}

// firstPaged returns the list of the first paging banner.
func firstPaged(banners []string) (string, pageNotice, bool) {
	for _, b := range banners {
		if name, pn, ok := parsePageNotice(b); ok {
			return name, pn, true
		}
	}
	return "", pageNotice{}, false
}

// parsePageNotice reads one paging banner.
func parsePageNotice(b string) (string, pageNotice, bool) {
	if m := pageShows.FindStringSubmatch(b); m != nil {
		lo, _ := strconv.Atoi(m[2])
		hi, _ := strconv.Atoi(m[3])
		total, _ := strconv.Atoi(m[4])
		return m[1], pageNotice{lo: lo, hi: hi, total: total}, true
	}
	if m := pageEmpty.FindStringSubmatch(b); m != nil {
		t := m[2]
		if t == "" {
			t = m[3]
		}
		total, _ := strconv.Atoi(t)
		return m[1], pageNotice{total: total}, true
	}
	return "", pageNotice{}, false
}

// page is the last list call, which next and prev call again.
type page struct {
	capability string
	args       map[string]any // the call's arguments
	limit      int
	offset     int
	list       string     // the paged list ("" when the whole list fit)
	notice     pageNotice // what the registry said of it
}

// newPage returns the paging state of a call of a capability that takes
// limit and offset, or nil for one that does not.
func newPage(capability string, schema map[string]any, args map[string]any, banners []string) *page {
	ps := props(schema)
	if ps["limit"] == nil || ps["offset"] == nil {
		return nil
	}
	p := &page{capability: capability, args: maps.Clone(args)}
	p.limit = schemaDefault(schema, "limit", 0)
	if n, ok := toInt(args["limit"]); ok {
		p.limit = n
	}
	if n, ok := toInt(args["offset"]); ok {
		p.offset = max(n, 0)
	}
	if name, pn, ok := firstPaged(banners); ok {
		p.list, p.notice = name, pn
		if p.limit <= 0 && pn.lo > 0 {
			p.limit = pn.hi - pn.lo + 1
		}
	}
	return p
}

// hasNext reports whether rows follow this page.
func (p *page) hasNext() bool {
	return p.list != "" && p.limit > 0 && p.offset+p.limit < p.notice.total
}

// line says which rows the page shows and where next and prev go.
func (p *page) line() string {
	if p.list == "" {
		return ""
	}
	n := p.notice
	var s string
	if n.lo > 0 {
		s = rowRange(n.lo, n.hi) + " of " + itoa(n.total) + " of '" + p.list + "'"
	} else {
		s = "no rows of '" + p.list + "' on this page (it has " + itoa(n.total) + ")"
	}
	var moves []string
	if p.hasNext() {
		lo := p.offset + p.limit + 1
		moves = append(moves, "next shows "+rowRange(lo, min(lo+p.limit-1, n.total)))
	}
	if p.offset > 0 && p.limit > 0 {
		lo := max(p.offset-p.limit, 0) + 1
		moves = append(moves, "prev shows "+rowRange(lo, min(lo+p.limit-1, n.total)))
	}
	switch len(moves) {
	case 0:
		return s
	case 1:
		return s + ": " + moves[0]
	}
	return s + ": " + moves[0] + ", " + moves[1]
}

// rowRange writes "rows 26-50", or "row 51" for one.
func rowRange(lo, hi int) string {
	if lo == hi {
		return "row " + itoa(lo)
	}
	return "rows " + itoa(lo) + "-" + itoa(hi)
}
