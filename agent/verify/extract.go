package verify

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ClaimKind says what a claim states.
type ClaimKind string

// The kinds of claim the checker extracts.
const (
	// KindNumber is a number: 2,897, 45.5%, $1.20, -5.0, 1e3.
	KindNumber ClaimKind = "number"
	// KindDate is an ISO date, with a time of day when one is written
	// (2025-07-01, 2025-07-01T08:00).
	KindDate ClaimKind = "date"
	// KindTime is a clock time (07:00, 18:30:15).
	KindTime ClaimKind = "time"
)

// claim is one figure found in a text.
type claim struct {
	kind       ClaimKind
	start, end int
	num        decimal
	decimals   int  // places as written ("45.50" → 2; "4.5e2" → -1)
	pct        bool // followed by % or "percent"
	stamp      string
	raw, value string // as written and normalised (set for sentence claims)
}

// refWords introduce a reference number that is not a claim ("Ch. 5",
// "Table 3", "ASHRAE 90.1-2019", "Guideline 36", "Title 24", "FC 5").
var refWords = map[string]bool{
	"ch": true, "chap": true, "chapter": true, "fig": true, "figs": true, "figure": true,
	"figures": true, "table": true, "tables": true, "tab": true, "section": true,
	"sections": true, "sec": true, "secs": true, "eq": true, "eqs": true, "equation": true,
	"appendix": true, "annex": true, "clause": true, "clauses": true, "page": true,
	"pages": true, "pp": true, "standard": true, "std": true, "guideline": true,
	"title": true, "ashrae": true, "iso": true, "ansi": true, "ipmvp": true, "cti": true,
	"nfpa": true, "iec": true, "fc": true,
}

// scan calls emit for every claim of s outside masks (sorted, disjoint).
// The same rules read what a fact carries (its text and data, without
// masks), so a figure is carried exactly when the fact states it the way a
// sentence would.
//
// A number is a run of ASCII digits with optional thousands groups
// (2,897) and one decimal part, an optional exponent (1e3 = 1000), an
// optional leading '$' and an optional '%' (spaces allowed before it) or
// the word "percent". A digit run is not a number when it
// directly follows a letter, a digit, '_', '#', '@' or a period after a
// word (G36, AHU_1, FC#5, Ch.5), when a hyphen joins it to a word that
// holds a letter (AHU-1, VAV-2-3), when it is a section or standard
// reference (§5.6.5, Table 3, ASHRAE 62.1, 5.16.14) or when it runs into
// letters and digits (1a2b3c). A '-' or '−' is a minus sign unless a letter,
// digit, '_' or ')' stands right before it; "5-10" is a range of two
// positive numbers.
func scan(s string, masks []span, emit func(claim)) {
	mk := 0
	for i := 0; i < len(s); {
		if m, ok := spanAt(masks, &mk, i); ok {
			i = max(m.end, i+1)
			continue
		}
		c := s[i]
		switch {
		case c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			if p, _ := prevRune(s, i); !isWordRune(p) && p != '.' {
				neg, start := minusBefore(s, i)
				i = number(s, start, i, neg, emit)
				continue
			}
			i++
		case isDigit(c):
			i = digitAt(s, i, emit)
		default:
			i++
		}
	}
}

// minusBefore reports whether a minus sign stands right before s[i] and
// the offset where the signed number starts.
func minusBefore(s string, i int) (bool, int) {
	p, psz := prevRune(s, i)
	if p != '-' && p != '−' {
		return false, i
	}
	pp, _ := prevRune(s, i-psz)
	if isWordRune(pp) || pp == ')' || pp == '%' {
		return false, i
	}
	return true, i - psz
}

// digitAt reads what starts with the digit s[i] and returns where to go on.
func digitAt(s string, i int, emit func(claim)) int {
	p, psz := prevRune(s, i)
	switch {
	case isWordRune(p) || p == '#' || p == '@' || p == '.':
		return skipWord(s, i)
	case isSection(s, i) || refWordBefore(s, i):
		return skipRef(s, i)
	}
	neg, start := false, i
	switch p {
	case '-', '−':
		pp, _ := prevRune(s, i-psz)
		if isWordRune(pp) || pp == ')' || pp == '%' {
			if hyphenWordHasLetter(s, i-psz) {
				return skipHyphenated(s, i)
			}
		} else {
			neg, start = true, i-psz
		}
	case '$':
		if n, st := minusBefore(s, i-1); n {
			neg, start = true, st
		} else {
			start = i - 1
		}
	}
	if !neg {
		if n, stamp, ok := matchDate(s, i); ok {
			emit(claim{kind: KindDate, start: i, end: i + n, stamp: stamp})
			return i + n
		}
		if n, stamp, ok := matchClock(s, i); ok {
			emit(claim{kind: KindTime, start: i, end: i + n, stamp: stamp})
			return i + n
		}
	}
	if isDottedRef(s, i) {
		return skipRef(s, i)
	}
	return number(s, start, i, neg, emit)
}

// number reads a number whose digits (or leading '.') start at s[i] and
// whose sign or '$' starts at s[start].
func number(s string, start, i int, neg bool, emit func(claim)) int {
	j := i
	intPart := ""
	if s[i] != '.' {
		k := i
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k-i <= 3 && groupAt(s, k) {
			var b strings.Builder
			b.WriteString(s[i:k])
			for groupAt(s, k) {
				b.WriteString(s[k+1 : k+4])
				k += 4
			}
			intPart = b.String()
		} else {
			intPart = s[i:k]
		}
		j = k
	}
	frac := ""
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		k := j + 1
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		frac, j = s[j+1:k], k
	}
	d := makeDecimal(neg, intPart, frac)
	decimals := len(frac)
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		sign := 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			if s[k] == '-' {
				sign = -1
			}
			k++
		}
		ds := k
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > ds && (k == len(s) || !isWordByte(s[k])) {
			exp, err := strconv.Atoi(s[ds:k])
			if err != nil || exp > 40 {
				return k // not a figure anyone states
			}
			d = d.shift(sign * exp)
			decimals -= sign * exp
			j = k
		}
	}
	k, digit := j, false
	for k < len(s) && isWordByte(s[k]) {
		digit = digit || isDigit(s[k])
		k++
	}
	if digit {
		return k // an identifier such as 1a2b3c
	}
	end, pct := j, false
	k = j
	for k < len(s) {
		r, sz := utf8.DecodeRuneInString(s[k:])
		if r != ' ' && r != '\u00a0' && r != '\u202f' && r != '\u2009' {
			break
		}
		k += sz
	}
	switch {
	case k < len(s) && s[k] == '%':
		end, pct = k+1, true
	case k > j && hasWord(s, k, "percent"):
		end, pct = k+len("percent"), true
	}
	emit(claim{kind: KindNumber, start: start, end: end, num: d, decimals: decimals, pct: pct})
	return end
}

// groupAt reports whether s[k:] starts a thousands group ",ddd" not
// followed by another digit.
func groupAt(s string, k int) bool {
	return k+3 < len(s) && s[k] == ',' && isDigit(s[k+1]) && isDigit(s[k+2]) && isDigit(s[k+3]) &&
		(k+4 == len(s) || !isDigit(s[k+4]))
}

func isWordByte(c byte) bool { return isASCIILetter(c) || isDigit(c) || c == '_' }

// hasWord reports whether the word w (ASCII, lower case) starts at s[k]
// and ends there.
func hasWord(s string, k int, w string) bool {
	if len(s)-k < len(w) || !strings.EqualFold(s[k:k+len(w)], w) {
		return false
	}
	return k+len(w) == len(s) || !isWordByte(s[k+len(w)])
}

// skipWord returns the end of the word characters starting at s[i].
func skipWord(s string, i int) int {
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	return i
}

// skipRef returns the end of a reference number at s[i]: dotted parts, an
// optional -year or :year, an optional letter.
func skipRef(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	for i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i+1 < len(s) && (s[i] == '-' || s[i] == ':') && isDigit(s[i+1]) {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && isASCIILetter(s[i]) && (i+1 == len(s) || !isWordByte(s[i+1])) {
		i++
	}
	return i
}

// isDottedRef reports whether s[i:] starts d+.d+.d+ (5.16.14), a section
// or version number rather than a quantity.
func isDottedRef(s string, i int) bool {
	dots := 0
	for {
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
			dots++
			i++
			continue
		}
		return dots >= 2
	}
}

// skipHyphenated returns the end of the hyphenated word whose digits
// start at s[i] (the rest of VAV-2-3), so a long name is read once.
func skipHyphenated(s string, i int) int {
	for i < len(s) && (isWordByte(s[i]) || s[i] == '-') {
		i++
	}
	return i
}

// maxNameLookback bounds how far back a hyphenated name is read.
const maxNameLookback = 64

// hyphenWordHasLetter reports whether the hyphenated word ending at the
// hyphen s[h] holds a letter (AHU-1), so the digits after it name a thing.
// It looks back at most maxNameLookback bytes.
func hyphenWordHasLetter(s string, h int) bool {
	j := h
	for j > 0 && h-j < maxNameLookback {
		r, sz := utf8.DecodeLastRuneInString(s[:j])
		if !isWordRune(r) && r != '-' && r != '−' {
			break
		}
		if unicode.IsLetter(r) {
			return true
		}
		j -= sz
	}
	return false
}

// skipSpacesBack returns j moved back over at most two spaces.
func skipSpacesBack(s string, j int) int {
	for n := 0; n < 2 && j > 0; n++ {
		r, sz := prevRune(s, j)
		if r != ' ' && r != '\u00a0' {
			break
		}
		j -= sz
	}
	return j
}

// isSection reports whether a '§' stands before s[i] (spaces allowed).
func isSection(s string, i int) bool {
	r, _ := prevRune(s, skipSpacesBack(s, i))
	return r == '§'
}

// refWordBefore reports whether a reference word ("Ch.", "Table",
// "ASHRAE") stands before s[i].
func refWordBefore(s string, i int) bool {
	j := skipSpacesBack(s, i)
	if j > 0 && s[j-1] == '.' {
		j--
	}
	e := j
	for j > 0 && e-j <= 12 && isASCIILetter(s[j-1]) {
		j--
	}
	if j == e || e-j > 12 {
		return false
	}
	if r, _ := prevRune(s, j); isWordRune(r) {
		return false
	}
	return refWords[strings.ToLower(s[j:e])]
}
