package repl

import (
	"strings"
	"unicode/utf8"
)

// naturalCompare orders strings with runs of digits compared as numbers
// (AHU-2 before AHU-10).
func naturalCompare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			na, nb := strings.TrimLeft(a[si:i], "0"), strings.TrimLeft(b[sj:j], "0")
			if len(na) != len(nb) {
				return len(na) - len(nb)
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			continue
		}
		if ca != cb {
			return int(ca) - int(cb)
		}
		i++
		j++
	}
	if d := (len(a) - i) - (len(b) - j); d != 0 {
		return d
	}
	return strings.Compare(a, b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lexWord is one word of a line being typed.
type lexWord struct {
	start      int // byte offset of the word
	key, value string
	isKV       bool
}

// lexPartial splits a line up to the cursor into its finished words and the
// word being typed (empty, starting at the cursor, after white space). It
// is lenient: an open quote runs to the cursor.
func lexPartial(head string) ([]lexWord, lexWord) {
	var words []lexWord
	i := 0
	for {
		for i < len(head) {
			r, n := utf8.DecodeRuneInString(head[i:])
			if !isSpace(r, n) {
				break
			}
			i += n
		}
		if i >= len(head) {
			return words, lexWord{start: len(head)}
		}
		w, end := lexOne(head, i)
		if end >= len(head) {
			return words, w
		}
		words = append(words, w)
		i = end
	}
}

// lexOne reads the word at i leniently and returns it and its end.
func lexOne(s string, i int) (lexWord, int) {
	w := lexWord{start: i}
	var b strings.Builder
	plain := true
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isSpace(r, n) {
			break
		}
		switch {
		case r == '"' || r == '\'':
			i++
			for i < len(s) && rune(s[i]) != r {
				if r == '"' && s[i] == '\\' && i+1 < len(s) {
					i++
				}
				b.WriteByte(s[i])
				i++
			}
			if i < len(s) {
				i++
			}
			plain = false
		case r == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i += 2
			plain = false
		case r == '=' && plain && !w.isKV && isKey(b.String()):
			w.key, w.isKV = b.String(), true
			b.Reset()
			i++
		default:
			b.WriteString(s[i : i+n])
			i += n
		}
	}
	w.value = b.String()
	return w, i
}
