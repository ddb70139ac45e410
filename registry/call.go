package registry

import (
	"slices"
	"strings"
)

// Call is one invocation as a handler sees it: the validated arguments
// (whole-number floats already converted to int where the schema asks for an
// integer) and the caller's context. Paging notices recorded through the
// call become banners.
//
// A Call belongs to one handler run; it is not safe for concurrent use.
type Call struct {
	Name string
	Args map[string]any
	Ctx  *CallContext

	notices []string

	// Set by the pipeline before the handler runs.
	facilities []string
	withheld   Withheld
	truncated  bool
}

// Notice records a banner for the result (licence, config and data notices).
func (c *Call) Notice(msg string) { c.notices = append(c.notices, msg) }

// Facilities returns the facilities the call may read, sorted: the allowed
// ones the store holds, less every one refused by the licence policy. A
// listing shows exactly these.
func (c *Call) Facilities() []string { return slices.Clone(c.facilities) }

// Withheld returns how many allowed facilities a listing leaves out as
// research-only or licence-unverified.
func (c *Call) Withheld() Withheld { return c.withheld }

// MinTrust returns the caller's trust floor (policy step 5): the lowest
// min_trust a config run gets; a config asking for more keeps its own.
func (c *Call) MinTrust() float64 {
	if c.Ctx == nil || c.Ctx.MinTrust == 0 {
		return DefaultMinTrust
	}
	return c.Ctx.MinTrust
}

// Config returns the startup snapshot of the run config for a facility.
func (c *Call) Config(facility string) (ConfigSnapshot, bool) {
	if c.Ctx == nil {
		return ConfigSnapshot{}, false
	}
	for _, s := range c.Ctx.Snapshot {
		if s.Facility == facility {
			return s, true
		}
	}
	return ConfigSnapshot{}, false
}

// String returns the string argument key ("" when absent).
func (c *Call) String(key string) string {
	s, _ := c.Args[key].(string)
	return s
}

// Int returns the integer argument key, or def when absent.
func (c *Call) Int(key string, def int) int {
	if n, ok := c.Args[key].(int); ok {
		return n
	}
	return def
}

// Bool returns the boolean argument key, or def when absent.
func (c *Call) Bool(key string, def bool) bool {
	if b, ok := c.Args[key].(bool); ok {
		return b
	}
	return def
}

// Strings returns the string-array argument key (nil when absent).
func (c *Call) Strings(key string) []string {
	raw, ok := c.Args[key].([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(raw))
	for _, v := range raw {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// MaxLimit is the largest page a list-returning capability serves.
const MaxLimit = 1000

// PageArgs returns the call's limit (def when absent, at most [MaxLimit])
// and offset (0 when absent) arguments.
func (c *Call) PageArgs(def int) (limit, offset int) {
	limit = min(max(c.Int("limit", def), 1), MaxLimit)
	offset = max(c.Int("offset", 0), 0)
	return limit, offset
}

// Page returns the bounds [lo, hi) of the page of a list of total rows that
// limit and offset select, and records the notice that becomes a banner
// (and sets truncated) whenever the page is not the whole list:
//
//	'findings' shows rows 1-25 of 159 (worst first): call again with offset=25 for the next page, or a larger limit (up to 1000)
//	'cited' is empty on this page: all its 1 row(s) are on the first page
//
// order describes the list's order ("worst first"; "" for none). A handler
// cuts a list only with Page, so it cannot cut one and leave truncated false;
// counts in data stay those of the whole list.
func (c *Call) Page(list string, total, limit, offset int, order string) (lo, hi int) {
	limit = min(max(limit, 1), MaxLimit)
	offset = max(offset, 0)
	if total <= 0 {
		return 0, 0
	}
	lo = min(offset, total)
	hi = lo + min(limit, total-lo)
	if lo == 0 && hi == total {
		return lo, hi
	}
	c.truncated = true
	c.notices = append(c.notices, pageNotice(list, total, limit, offset, lo, hi, order))
	return lo, hi
}

// pageNotice words the banner of a partial page.
func pageNotice(list string, total, limit, offset, lo, hi int, order string) string {
	name := "'" + list + "'"
	if lo == hi {
		if total <= limit {
			return name + " is empty on this page: all its " + itoa(total) + " row(s) are on the first page"
		}
		return name + " is empty on this page: offset=" + itoa(offset) + " is past its " + itoa(total) + " row(s); call again with a smaller offset"
	}
	var b strings.Builder
	b.WriteString(name + " shows rows " + itoa(lo+1) + "-" + itoa(hi) + " of " + itoa(total))
	if order != "" {
		b.WriteString(" (" + order + ")")
	}
	b.WriteString(": ")
	switch {
	case hi < total && limit < MaxLimit:
		b.WriteString("call again with offset=" + itoa(hi) + " for the next page, or a larger limit (up to " + itoa(MaxLimit) + ")")
	case hi < total:
		b.WriteString("call again with offset=" + itoa(hi) + " for the next page")
	default:
		b.WriteString("the last page; call again with offset=0 for the first")
	}
	return b.String()
}
