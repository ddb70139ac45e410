package store

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// MaxLabelLen is the longest equipment id, class or role accepted (in
// characters).
const MaxLabelLen = 200

// CheckLabel refuses an equipment id, class label or role that cannot be
// shown safely as one line of text: invalid UTF-8, control characters (C0,
// C1, DEL), line or paragraph separators, bidi controls, zero-width and
// other invisible formatting characters, or more than [MaxLabelLen]
// characters. Such names are refused at ingest (seed 000, policy 8). The
// error describes the problem without repeating the value.
func CheckLabel(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > MaxLabelLen {
		return fmt.Errorf("is %d characters long (at most %d)", n, MaxLabelLen)
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Cc, r):
			return fmt.Errorf("contains the control character U+%04X", r)
		case r == '\u2028' || r == '\u2029':
			return fmt.Errorf("contains the line separator U+%04X", r)
		case unicode.Is(unicode.Cf, r) || invisible(r):
			return fmt.Errorf("contains the invisible or bidi formatting character U+%04X", r)
		}
	}
	return nil
}

// invisible lists characters that are not in category Cf but render as
// nothing: Hangul fillers, the Mongolian vowel separator, variation
// selectors and the combining grapheme joiner.
func invisible(r rune) bool {
	switch {
	case r == '\u115F', r == '\u1160', r == '\u3164', r == '\uFFA0', r == '\u180E', r == '\u034F':
		return true
	case r >= '\uFE00' && r <= '\uFE0F', r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}
