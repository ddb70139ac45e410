// Package sanitize makes text from the data safe to show as one line of a
// capability result (seed 000, policy step 8).
//
// [Line] turns any string into one printable line: newlines and tabs become
// spaces, and control characters (C0, C1, whole ESC sequences, BEL, NUL),
// bidi overrides and isolates, zero-width and other invisible characters are
// removed. [Value] additionally neutralises what a client could render or
// mistake for the tool's own words (fact-id brackets, HTML tags, markdown
// links, URLs) and cuts long values; [Name] quotes a [Value] so that it reads
// as one word in a summary. All functions are pure and safe for concurrent
// use.
package sanitize

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NameLimit is the longest value (in characters) [Value] and [Name] keep.
const NameLimit = 100

// DataLimit is the longest string a result's data or facts keep (seed 000
// policy step 8).
const DataLimit = 2000

// factBracket matches a fact-id citation such as [F1@points] or
// [F1@points-1a2b3c] (also a comma-separated list of them).
var factBracket = regexp.MustCompile(`\[(` + FactIDPattern + `(?:\s*,\s*` + FactIDPattern + `)*)\]`)

// FactIDPattern is the grammar of a fact id inside a citation bracket: a
// letter prefix and a number, '@', then a context of letters, digits and
// "_.#@-" (F1@points, C1@economizer_high_limit@AHU-1-1a2b3c).
const FactIDPattern = `[A-Za-z]+[0-9]+@[A-Za-z0-9_.#@-]+`

// wwwPattern matches "www." in any case.
var wwwPattern = regexp.MustCompile(`(?i)www\.`)

// Line returns s as one line: '\n', '\r', '\t', vertical tab, form feed,
// NEL and the Unicode line and paragraph separators become spaces; ESC
// sequences are removed whole; every other control character, format
// character (bidi controls, zero-width characters, BOM, tags, soft hyphen)
// and invisible filler is removed; invalid UTF-8 is dropped. Line is
// idempotent.
func Line(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			i++
			continue
		}
		if r == 0x1b {
			i += escapeLen(s[i:])
			continue
		}
		i += size
		switch {
		case isSpaceControl(r):
			b.WriteByte(' ')
		case removed(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isClean reports whether s needs no change (the common case: plain ASCII
// words), so Line allocates nothing for it.
func isClean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isSpaceControl reports whether r is a line or column break that becomes a
// space.
func isSpaceControl(r rune) bool {
	switch r {
	case '\n', '\r', '\t', '\v', '\f', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// removed reports whether r is a control, format or invisible character.
func removed(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case unicode.Is(unicode.Cf, r): // bidi controls, ZWSP/ZWJ/ZWNJ, BOM, tags, SHY, ALM
		return true
	case unicode.Is(unicode.Variation_Selector, r):
		return true
	case unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r), r == utf8.RuneError:
		return true
	}
	switch r {
	case 0x034f, // combining grapheme joiner
		0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
		0x17b4, 0x17b5, // Khmer inherent vowels
		0x180e, // Mongolian vowel separator
		0x2800, // braille blank
		0xfffc: // object replacement
		return true
	}
	return false
}

// escapeLen returns the length of the ESC sequence at the start of s (s[0]
// is ESC): CSI (ESC [ params final), OSC / DCS / SOS / PM / APC strings (up
// to BEL or ESC \), or ESC and one following character.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for i := 2; i < len(s); i++ {
			c := s[i]
			if c >= 0x40 && c <= 0x7e {
				return i + 1
			}
			if c < 0x20 || c >= 0x7f {
				return i // a malformed sequence ends before the odd byte
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_':
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b {
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return i
			}
		}
		return len(s)
	}
	if s[1] < 0x20 || s[1] >= 0x7f {
		return 1
	}
	return 2
}

// Value returns v as it may appear inside a summary: [Line], then every
// fact-id bracket [F1@x] written (F1@x), '<' and '>' written '‹' and '›', a
// markdown link's "](" written "] (", a URL's "://" written "[:]//" and
// "www." written "www[.]", then cut to [NameLimit] characters by [Cut].
// Value is idempotent.
func Value(v string) string {
	return Cut(Defang(Line(v)), NameLimit, v)
}

// Name returns [Value] of v in double quotes (a double quote inside becomes
// a single one), so a sentence break or a number inside a name is one word
// to a citation checker: Name("AHU-2") == `"AHU-2"`.
func Name(v string) string {
	return `"` + Value(v) + `"`
}

// Names returns [Name] of each value joined with ", ".
func Names(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = Name(v)
	}
	return strings.Join(q, ", ")
}

// NeutraliseCitations writes every fact-id bracket in s as parentheses:
// "[F1@x]" reads "(F1@x)". keep, when not nil, names ids that stay
// citations.
func NeutraliseCitations(s string, keep func(id string) bool) string {
	if !strings.Contains(s, "[") {
		return s
	}
	return factBracket.ReplaceAllStringFunc(s, func(m string) string {
		inner := m[1 : len(m)-1]
		if keep != nil {
			all := true
			for _, id := range SplitCitation(inner) {
				if !keep(id) {
					all = false
					break
				}
			}
			if all {
				return m
			}
		}
		return "(" + inner + ")"
	})
}

// SplitCitation returns the ids of a citation bracket's inside ("F1@a, F2@a").
func SplitCitation(inner string) []string {
	parts := strings.Split(inner, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Citations returns the positions [start, end) of every fact-id bracket in s.
func Citations(s string) [][]int {
	return factBracket.FindAllStringIndex(s, -1)
}

// Defang neutralises markup and links in an already one-line string, as
// [Value] does before its cut: fact-id brackets become parentheses, '<',
// '>' and '"' become ‹, › and ', "://" and "www." are broken, and every
// "](" of a markdown link is split, first and again last (a citation
// bracket or "www[.]" written in between can make a new one).
func Defang(s string) string {
	if strings.Contains(s, "](") {
		s = strings.ReplaceAll(s, "](", "] (")
	}
	s = NeutraliseCitations(s, nil)
	if strings.ContainsAny(s, `<>"`) {
		s = strings.NewReplacer("<", "‹", ">", "›", `"`, "'").Replace(s)
	}
	if strings.Contains(s, "://") {
		s = strings.ReplaceAll(s, "://", "[:]//")
	}
	if strings.Contains(s, ".") {
		s = wwwPattern.ReplaceAllStringFunc(s, func(m string) string { return m[:3] + "[.]" })
	}
	if strings.Contains(s, "](") {
		s = strings.ReplaceAll(s, "](", "] (")
	}
	return s
}

// Cut returns s unchanged when it has at most limit characters, else its
// first limit-7 characters, an ellipsis and the first 6 hex digits of the
// SHA-256 of orig, so two long values that share a prefix stay apart. The
// result has exactly limit characters; Cut of a cut value is unchanged.
func Cut(s string, limit int, orig string) string {
	if limit < 8 || utf8.RuneCountInString(s) <= limit {
		return s
	}
	keep := limit - 7
	i, n := 0, 0
	for i < len(s) && n < keep {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	sum := sha256.Sum256([]byte(orig))
	return s[:i] + "…" + hex.EncodeToString(sum[:3])
}

// Message returns a banner or an error message as one line without
// leading or trailing spaces.
func Message(s string) string { return strings.TrimSpace(Line(s)) }

// Text returns a result's summary as [Message] does; a summary that would
// start with "NOTICE" (any case) reads "Summary: NOTICE ...", since only a
// banner may start a line with NOTICE: in an MCP summary.
func Text(s string) string {
	s = Message(s)
	if len(s) >= 6 && strings.EqualFold(s[:6], "NOTICE") {
		s = "Summary: " + s
	}
	return s
}
