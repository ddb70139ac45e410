package console

import (
	"strings"
	"unicode/utf8"
)

// complete replaces the word before the cursor with its first
// candidate, or (Tab again) the next one.
func (s *Screen) complete() {
	val, pos := s.input.Value(), s.input.Position()
	if s.cands != nil && val == s.compLine && pos == s.compPos {
		s.candIdx = (s.candIdx + 1) % len(s.cands)
	} else {
		rc := []rune(val)
		at := len(string(rc[:min(pos, len(rc))]))
		start, cands := s.sh.sess.CompleteWords(val, at)
		if len(cands) == 0 {
			s.cands, s.hint = nil, "nothing to complete here"
			return
		}
		s.cands, s.candIdx = cands, 0
		s.prefix, s.suffix = val[:start], val[at:]
	}
	c := s.cands[s.candIdx]
	s.input.SetValue(s.prefix + c + s.suffix)
	s.compPos = utf8.RuneCountInString(s.prefix + c)
	s.input.SetCursor(s.compPos)
	s.compLine = s.input.Value()
	s.hint = ""
	if len(s.cands) == 1 {
		s.cands = nil // the next Tab completes the next word
		return
	}
	s.hint = "tab (" + itoa(s.candIdx+1) + "/" + itoa(len(s.cands)) + "): " + strings.Join(s.cands, " ")
}

// browse shows the history line d away (−1 older, +1 newer); past the
// newest it shows the line typed before browsing.
func (s *Screen) browse(d int) {
	h := s.sh.sess.History()
	if s.hist > len(h) {
		s.hist = len(h)
	}
	if s.hist == len(h) && d < 0 {
		s.typed = s.input.Value()
	}
	next := min(max(s.hist+d, 0), len(h))
	if next == s.hist {
		return
	}
	s.hist = next
	if next == len(h) {
		s.input.SetValue(s.typed)
	} else {
		s.input.SetValue(h[next])
	}
	s.input.CursorEnd()
	s.cands, s.hint = nil, ""
}
