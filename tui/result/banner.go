package result

import (
	"regexp"
	"strconv"
	"strings"
)

// Kind is what a banner is about; each kind has its own style and a label
// with a glyph, so the kind shows without colour.
type Kind int

// The banner kinds.
const (
	KindNotice  Kind = iota // anything else (citation repairs, store notices)
	KindPage                // a page or a cut list
	KindLicence             // licence withholding or refusal
	KindTrust               // trust declines and conditional findings
	KindConfig              // which run config a run used
)

// Label returns the kind's glyph and word.
func (k Kind) Label() string {
	switch k {
	case KindPage:
		return "↕ page"
	case KindLicence:
		return "⚖ licence"
	case KindTrust:
		return "▲ trust"
	case KindConfig:
		return "⚙ config"
	}
	return "! notice"
}

// Banner is one result banner and its kind.
type Banner struct {
	Text string
	Kind Kind
}

var (
	pageShows = regexp.MustCompile(`^'([^']+)' shows rows ([0-9]+)-([0-9]+) of ([0-9]+)`)
	pageEmpty = regexp.MustCompile(`^'([^']+)' is empty on this page: .*?its ([0-9]+) row`)
	licenceRe = regexp.MustCompile(`(?i)licen[cs]e|research-only|withheld|unverified|redistribut`)
	trustRe   = regexp.MustCompile(`(?i)trust|declined|conditional on|sensor problem|not compared`)
	configRe  = regexp.MustCompile(`(?i)run config|config |dataset template|store-backed default`)
	pageRe    = regexp.MustCompile(`(?i)row cap|rows? (were|was) cut|truncat`)
)

// Classify returns the kind of banner text b.
func Classify(b string) Kind {
	switch {
	case pageShows.MatchString(b) || pageEmpty.MatchString(b) || pageRe.MatchString(b):
		return KindPage
	case licenceRe.MatchString(b):
		return KindLicence
	case trustRe.MatchString(b):
		return KindTrust
	case configRe.MatchString(b):
		return KindConfig
	}
	return KindNotice
}

// Page is where one page sits in a whole list: rows Lo..Hi (1-based,
// inclusive; Lo is 0 on an empty page) of Total.
type Page struct {
	Lo, Hi, Total int
}

// String reads "rows 26-50 of 159" (or "no rows on this page of 159").
func (p Page) String() string {
	if p.Lo == 0 {
		if p.Total == 0 {
			return "no rows"
		}
		return "no rows on this page of " + strconv.Itoa(p.Total)
	}
	return "rows " + strconv.Itoa(p.Lo) + "-" + strconv.Itoa(p.Hi) + " of " + strconv.Itoa(p.Total)
}

// More reports whether rows follow this page.
func (p Page) More() bool { return p.Hi < p.Total }

// pages reads the paging banners: list name → its page.
func pages(banners []string) map[string]Page {
	out := map[string]Page{}
	for _, b := range banners {
		if m := pageShows.FindStringSubmatch(b); m != nil {
			lo, _ := strconv.Atoi(m[2])
			hi, _ := strconv.Atoi(m[3])
			total, _ := strconv.Atoi(m[4])
			out[m[1]] = Page{Lo: lo, Hi: hi, Total: total}
			continue
		}
		if m := pageEmpty.FindStringSubmatch(b); m != nil {
			total, _ := strconv.Atoi(m[2])
			out[m[1]] = Page{Total: total}
		}
	}
	return out
}

// citeRe matches a bracketed fact id: [F2@rule_run-3fa1c2], [K1@summary-...].
var citeRe = regexp.MustCompile(`\[([A-Za-z]+[0-9]+@[A-Za-z0-9_.:@-]+)\]`)

// Cited returns the fact ids text cites, in order of first citation.
func Cited(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range citeRe.FindAllStringSubmatch(text, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
}

// oneLine folds whitespace runs into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
