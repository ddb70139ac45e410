package verify

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is a half-open byte range.
type span struct{ start, end int }

// view is a text with its citation tokens removed, as CAMBER reads it for
// numbers and sentence breaks ("5[F1]0" reads "50"). Removing a token never
// changes the view, so stripping an unknown id cannot change what a
// sentence states or where it ends.
type view struct {
	s    string      // the text without citation tokens
	toks []citeToken // the tokens, in source order
	pos  []int       // pos[k]: view offset at which toks[k] was removed
	cum  []int       // cum[k]: bytes removed by toks[0..k]
}

func newView(src string, withIDs bool) view {
	toks := citeTokens(src, withIDs)
	if len(toks) == 0 {
		return view{s: src}
	}
	var b strings.Builder
	b.Grow(len(src))
	v := view{toks: toks, pos: make([]int, len(toks)), cum: make([]int, len(toks))}
	prev, removed := 0, 0
	for k, t := range toks {
		b.WriteString(src[prev:t.start])
		v.pos[k] = b.Len()
		removed += t.end - t.start
		v.cum[k] = removed
		prev = t.end
	}
	b.WriteString(src[prev:])
	v.s = b.String()
	return v
}

// src maps view offset p to its source offset; tokens removed at p lie
// before it.
func (v *view) src(p int) int {
	if len(v.toks) == 0 {
		return p
	}
	k := sort.Search(len(v.pos), func(i int) bool { return v.pos[i] > p })
	if k == 0 {
		return p
	}
	return p + v.cum[k-1]
}

// srcEnd maps an exclusive view end e > 0 to the source offset just past
// the byte e-1, so tokens removed at e are not included.
func (v *view) srcEnd(e int) int { return v.src(e-1) + 1 }

// Quoted names. A quoted value is one word to the checker (seed 000): no
// sentence break and no figure inside it. A pair is an opening '"' or '“'
// and the next closing '"' or '”' on the same line within maxQuoteRunes;
// its content must not start or end with a space. Whether an accepted pair
// is a name depends on the QuotePolicy.
const maxQuoteRunes = 128

// quoteSpans returns the quoted names of s in order. A pair that is not
// accepted leaves its opening quote an ordinary character and the scan goes
// on from the next byte, so its closing quote may open the next pair; that
// makes the pairs inside one sentence the same whether the whole text or the
// sentence alone is scanned.
func quoteSpans(s string, accept func(content string) bool) []span {
	var out []span
	// Next positions of each opening quote, found with fast byte searches;
	// len(s) means none is left.
	nextASCII, nextCurly := -1, -1
	for i := 0; i < len(s); {
		if nextASCII < i {
			nextASCII = indexFrom(s, i, "\"")
		}
		if nextCurly < i {
			nextCurly = indexFrom(s, i, "“")
		}
		i = min(nextASCII, nextCurly)
		if i == len(s) {
			break
		}
		ol, closer := 1, "\""
		if s[i] != '"' {
			ol, closer = len("“"), "”"
		}
		rest := s[i+ol:]
		if lim := maxQuoteRunes*utf8.UTFMax + len(closer); len(rest) > lim {
			rest = rest[:lim]
		}
		if c := strings.Index(rest, closer); c >= 0 {
			content := rest[:c]
			if validName(content) && accept(content) {
				end := i + ol + c + len(closer)
				out = append(out, span{i, end})
				i = end
				continue
			}
		}
		i += ol
	}
	return out
}

// quoteContent returns the text between the quotes of the pair q.
func quoteContent(s string, q span) string {
	ol := 1
	if s[q.start] != '"' {
		ol = len("“")
	}
	cl := 1
	if s[q.end-1] != '"' {
		cl = len("”")
	}
	return s[q.start+ol : q.end-cl]
}

// indexFrom returns the offset of sub in s at or after i, or len(s).
func indexFrom(s string, i int, sub string) int {
	if k := strings.Index(s[i:], sub); k >= 0 {
		return i + k
	}
	return len(s)
}

// validName reports whether content can be a quoted name.
func validName(content string) bool {
	if content == "" || utf8.RuneCountInString(content) > maxQuoteRunes || strings.ContainsAny(content, "\n\r") {
		return false
	}
	first, _ := utf8.DecodeRuneInString(content)
	last, _ := utf8.DecodeLastRuneInString(content)
	return !unicode.IsSpace(first) && !unicode.IsSpace(last)
}

// spanAt returns the span of spans (sorted, disjoint) that contains i, using
// and advancing the cursor *k.
func spanAt(spans []span, k *int, i int) (span, bool) {
	for *k < len(spans) && spans[*k].end <= i {
		*k++
	}
	if *k < len(spans) && spans[*k].start <= i {
		return spans[*k], true
	}
	return span{}, false
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// prevRune returns the rune before s[i] (0 at the start) and its size.
func prevRune(s string, i int) (rune, int) {
	if i <= 0 {
		return 0, 0
	}
	return utf8.DecodeLastRuneInString(s[:i])
}

// listMarker returns the length of a list marker at s[i] ("- ", "* ",
// "• ", "+ ", "12. ", "3) ") without its trailing space, or 0.
// ListMarker returns the length of the list marker ("1. ", "2) ", "- ",
// "• ") that opens s without its trailing space, or 0: at a line's start
// the checker does not read it as part of what the sentence states.
func ListMarker(s string) int { return listMarker(s, 0) }

func listMarker(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	n := 0
	switch {
	case s[i] == '-' || s[i] == '*' || s[i] == '+':
		n = 1
	case strings.HasPrefix(s[i:], "•"):
		n = len("•")
	case isDigit(s[i]):
		j := i
		for j < len(s) && j-i < 4 && isDigit(s[j]) {
			j++
		}
		if j-i > 3 || j >= len(s) || (s[j] != '.' && s[j] != ')') {
			return 0
		}
		n = j + 1 - i
	default:
		return 0
	}
	if i+n < len(s) && (s[i+n] == ' ' || s[i+n] == '\t') {
		return n
	}
	return 0
}

// headingMarker returns the length of a markdown heading marker ("## ")
// at s[i] without its trailing space, or 0.
func headingMarker(s string, i int) int {
	j := i
	for j < len(s) && s[j] == '#' && j-i < 6 {
		j++
	}
	if j > i && j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		return j - i
	}
	return 0
}
