package sanitize

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"AHU-1", "NOTICE: x", "[F1@x]", "<script>", "[x](https://evil)", "\u202eabc",
		"\x1b[31mred", "\x1b]0;t\x07", "a\x00b", "www.x.com", strings.Repeat("é", 150), "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := Line(s)
		if Line(l) != l {
			t.Fatalf("Line not idempotent: %q -> %q -> %q", s, l, Line(l))
		}
		if strings.ContainsAny(l, "\n\r\t\x00\x1b") || !utf8.ValidString(l) {
			t.Fatalf("Line(%q) = %q is not one clean line", s, l)
		}
		v := Value(s)
		if Value(v) != v {
			t.Fatalf("Value not idempotent: %q -> %q -> %q", s, v, Value(v))
		}
		if utf8.RuneCountInString(v) > NameLimit {
			t.Fatalf("Value(%q) has %d characters", s, utf8.RuneCountInString(v))
		}
		if strings.ContainsAny(v, "<>\"\n") || strings.Contains(v, "://") || strings.Contains(v, "](") || len(Citations(v)) > 0 {
			t.Fatalf("Value(%q) = %q keeps markup", s, v)
		}
		x := Text(s)
		if Text(x) != x || strings.HasPrefix(strings.ToUpper(x), "NOTICE") {
			t.Fatalf("Text(%q) = %q", s, x)
		}
	})
}
