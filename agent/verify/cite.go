package verify

import "strings"

// maxIDLen bounds one fact id, so a long bracketed run is read as text.
const maxIDLen = 256

// citeToken is one bracketed citation in a text: "[F1]" or "[F1, C1]".
type citeToken struct {
	start, end int      // byte offsets of '[' and one past ']'
	ids        []string // the ids it lists, in order
}

// parseCitation reads a citation token at s[i] == '['. It returns the
// offset one past the closing bracket and the ids, or ok false when s[i:]
// does not start a citation.
//
// Grammar (ASCII):
//
//	citation = "[" id { sep id } "]"
//	sep      = { " " } ( "," | ";" ) { " " }
//	id       = letter { letter } digit { digit } [ "@" scope ]
//	scope    = scopechar { scopechar }
//	scopechar = letter | digit | "@" | "-" | "_" | "." | "#"
//
// So [F1], [R2], [F1@rule_run-1a2b3c], [K1@summary-abc123] and
// [C1@economizer_high_limit@AHU-1-abc123] are citations; [x], [AHU-1],
// [F1 ] and [x](url) are not.
func parseCitation(s string, i int, withIDs bool) (end int, ids []string, ok bool) {
	j := i + 1
	for {
		k, ok := scanID(s, j)
		if !ok {
			return 0, nil, false
		}
		if withIDs {
			ids = append(ids, s[j:k])
		}
		j = k
		if j < len(s) && s[j] == ']' {
			return j + 1, ids, true
		}
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j >= len(s) || (s[j] != ',' && s[j] != ';') {
			return 0, nil, false
		}
		j++
		for j < len(s) && s[j] == ' ' {
			j++
		}
	}
}

// scanID returns the end of an id starting at s[i].
func scanID(s string, i int) (int, bool) {
	j := i
	for j < len(s) && isASCIILetter(s[j]) {
		j++
	}
	if j == i {
		return 0, false
	}
	d := j
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == d {
		return 0, false
	}
	if j < len(s) && s[j] == '@' {
		j++
		sc := j
		for j < len(s) && isScopeChar(s[j]) {
			j++
		}
		if j == sc {
			return 0, false
		}
	}
	if j-i > maxIDLen {
		return 0, false
	}
	return j, true
}

func isScopeChar(c byte) bool {
	return isASCIILetter(c) || isDigit(c) || c == '@' || c == '-' || c == '_' || c == '.' || c == '#'
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsID reports whether id is a citable fact id under the citation
// grammar, so that "[" + id + "]" is read as a citation.
func IsID(id string) bool {
	end, ok := scanID(id, 0)
	return ok && end == len(id)
}

// citeTokens returns every citation token of s in order; without withIDs
// the tokens carry no ids (where only their place matters).
func citeTokens(s string, withIDs bool) []citeToken {
	var out []citeToken
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '[')
		if k < 0 {
			break
		}
		i += k
		if end, ids, ok := parseCitation(s, i, withIDs); ok {
			out = append(out, citeToken{start: i, end: end, ids: ids})
			i = end
			continue
		}
		i++
	}
	return out
}

// Citations returns the distinct fact ids that text cites, in order of
// first appearance.
func Citations(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range citeTokens(text, true) {
		for _, id := range t.ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// Neutralize rewrites every citation token of text as a parenthesised
// reference ("[F1@x]" → "(F1@x)"), so that text which is not the author's
// own (a fact's text, a data value) can never pass for a citation.
func Neutralize(text string) string {
	toks := citeTokens(text, false)
	if len(toks) == 0 {
		return text
	}
	b := []byte(text)
	for _, t := range toks {
		b[t.start] = '('
		b[t.end-1] = ')'
	}
	return string(b)
}
