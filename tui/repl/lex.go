package repl

import (
	"strings"
	"unicode/utf8"
)

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
