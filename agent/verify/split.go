package verify

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is one sentence of a text: byte offsets into it.
type Span struct {
	Start, End int
	// StartsLine reports whether the sentence begins a line (only spaces
	// and citations before it on its line), where a list marker such as
	// "1. " or "- " is not part of what it states.
	StartsLine bool
}

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "cf": true, "vs": true, "approx": true, "incl": true,
	"ch": true, "chap": true, "fig": true, "figs": true, "tab": true, "eq": true, "eqs": true,
	"sec": true, "secs": true, "std": true, "al": true,
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "est": true,
}

// plainByte marks the ASCII bytes that never end a sentence nor start a
// quoted name: all but whitespace, terminators and '"'.
var plainByte = func() (t [256]bool) {
	for c := 0x21; c < 0x80; c++ {
		t[c] = true
	}
	for _, c := range ".!?\"\x7f" {
		t[c] = false
	}
	return t
}()

// segment is a sentence in view offsets.
type segment struct {
	start, end int
	startsLine bool
}

// segments splits the view s into sentences. A sentence ends after a run
// of '.', '!', '?' or '…' (plus closing brackets and quotes) that is
// followed by whitespace or the end of the text, unless the run is a single
// period after an abbreviation; a number such as 5.16 has no whitespace
// after its point and so never ends one. A paragraph break (a blank line),
// a line that starts a list item or a heading, and the end of a heading line
// also end a sentence. Newlines are otherwise whitespace. Quoted names
// (quotes) are one word and never hold a break.
func segments(s string, quotes []span) []segment {
	var out []segment
	qk := 0
	start, last := -1, 0
	startsLine, heading, lineStart := false, false, true
	closeAt := func(e int) {
		if start >= 0 {
			out = append(out, segment{start, e, startsLine})
			start = -1
		}
	}
	begin := func(i int) {
		start, startsLine, heading = i, lineStart, false
		if lineStart && headingMarker(s, i) > 0 {
			heading = true
		}
	}
	for i := 0; i < len(s); {
		if q, ok := spanAt(quotes, &qk, i); ok && q.start == i {
			if start < 0 {
				begin(i)
			}
			i, last, lineStart = q.end, q.end, false
			continue
		}
		c := s[i]
		if start >= 0 && plainByte[c] {
			// Fast path inside a sentence: ordinary ASCII bytes.
			j := i
			for j < len(s) {
				if b := s[j]; b == ' ' {
					j++
				} else if plainByte[b] {
					j++
					last = j
				} else {
					break
				}
			}
			i, lineStart = j, false
			continue
		}
		if c == '\n' {
			if start >= 0 && (heading || breakAfterNewline(s, i+1)) {
				closeAt(last)
			}
			lineStart = true
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isSpace(r) {
			i += size
			continue
		}
		if start < 0 {
			begin(i)
			if lineStart {
				if n := listMarker(s, i); n > 0 {
					// "1. " is a marker, not a sentence end.
					i += n
					last, lineStart = i, false
					continue
				}
			}
		}
		lineStart = false
		if !isTerminator(r) {
			i += size
			last = i
			continue
		}
		j := i
		for j < len(s) {
			t, ts := utf8.DecodeRuneInString(s[j:])
			if !isTerminator(t) {
				break
			}
			j += ts
		}
		if j == i+1 && c == '.' && isAbbreviation(s, i) {
			i, last = j, j
			continue
		}
		k := j
		for k < len(s) {
			if q, ok := spanAt(quotes, &qk, k); ok && q.start == k {
				break
			}
			t, ts := utf8.DecodeRuneInString(s[k:])
			if !isCloser(t) {
				break
			}
			k += ts
		}
		if k == len(s) {
			i, last = k, k
			break
		}
		if t, _ := utf8.DecodeRuneInString(s[k:]); unicode.IsSpace(t) {
			last = k
			closeAt(k)
			i = k
			continue
		}
		i, last = j, j
	}
	closeAt(last)
	return out
}

// isSpace is unicode.IsSpace with an ASCII fast path.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
	}
	return unicode.IsSpace(r)
}

func isTerminator(r rune) bool { return r == '.' || r == '!' || r == '?' || r == '…' }

func isCloser(r rune) bool {
	switch r {
	case ')', ']', '"', '\'', '”', '’', '»':
		return true
	}
	return false
}

// isAbbreviation reports whether the period at s[i] ends an abbreviation
// ("e.g.", "Ch.", "approx.").
func isAbbreviation(s string, i int) bool {
	j := i
	for j > 0 && i-j <= 8 && (isASCIILetter(s[j-1]) || s[j-1] == '.') {
		j--
	}
	if j == i || i-j > 8 {
		return false // no word, or longer than any abbreviation
	}
	if r, _ := prevRune(s, j); unicode.IsLetter(r) {
		return false
	}
	return abbreviations[strings.ToLower(s[j:i])]
}

// breakAfterNewline reports whether the line starting at s[i] begins a new
// sentence: it is blank (a paragraph break) or starts a list item or a
// heading.
func breakAfterNewline(s string, i int) bool {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	if i >= len(s) {
		return false
	}
	return s[i] == '\n' || listMarker(s, i) > 0 || headingMarker(s, i) > 0
}

// sentenceSpans splits text (with citation tokens) into sentence spans in
// source offsets. A citation token inside a sentence belongs to it; one
// right after a sentence's last character ("…hours.[F1] Next") belongs to
// that sentence; one in the whitespace between two sentences belongs to the
// following sentence when only spaces (no line break) separate them ("[F1]
// Both coils …", the template style), else to the preceding one ("… hours.
// [F1]" at the end of a paragraph).
func sentenceSpans(v *view, quotes []span) []Span {
	segs := segments(v.s, quotes)
	if len(segs) == 0 {
		if len(v.toks) == 0 {
			return nil
		}
		// Nothing but citations: one sentence that states nothing.
		return []Span{{Start: v.toks[0].start, End: v.toks[len(v.toks)-1].end, StartsLine: true}}
	}
	out := make([]Span, len(segs))
	for k, g := range segs {
		out[k] = Span{Start: v.src(g.start), End: v.srcEnd(g.end), StartsLine: g.startsLine}
	}
	n := 0 // first segment whose start is >= the token's position
	for t, p := range v.pos {
		for n < len(segs) && segs[n].start < p {
			n++
		}
		tok := v.toks[t]
		prev := n - 1
		if prev >= 0 && p <= segs[prev].end {
			if p == segs[prev].end {
				out[prev].End = max(out[prev].End, tok.end)
			}
			continue // inside: already covered
		}
		target := prev
		if n < len(segs) && (prev < 0 || !strings.Contains(v.s[p:segs[n].start], "\n")) {
			target = n
		}
		if target < 0 {
			continue
		}
		out[target].Start = min(out[target].Start, tok.start)
		out[target].End = max(out[target].End, tok.end)
	}
	return out
}

// Split returns the sentences of text, treating every quoted span as a
// name (one word). It is the splitter the checker uses, so a template that
// cites each span of a fact's text is read back sentence by sentence.
func Split(text string) []Span {
	v := newView(text, false)
	return sentenceSpans(&v, quoteSpans(v.s, acceptAll))
}

func acceptAll(string) bool { return true }
