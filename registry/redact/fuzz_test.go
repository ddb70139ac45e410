package redact

import (
	"strings"
	"testing"
)

func FuzzRedact(f *testing.F) {
	for _, s := range []string{"open /srv/data/store/x: no", `"/home/ana/My Drive/x"`, "a / b", "kBtu/ft2",
		`C:\x\y`, "~/x", `'/tmp/a b'`, "/srv/data/store", "<path>/x", `"\/srv\/data\/store"`} {
		f.Add(s)
	}
	r := New([]string{"/srv/data/store", "/home/ana", "/tmp"})
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, "\n\r") {
			return // the registry redacts one-line text only (sanitised first)
		}
		got := r.Text(s)
		if again := r.Text(got); again != got {
			t.Fatalf("Text not idempotent: %q -> %q -> %q", s, got, again)
		}
		if r.Roots(got) != got {
			t.Fatalf("Text(%q) = %q keeps a root", s, got)
		}
		if strings.HasPrefix(s, "/home/ana/") && strings.HasPrefix(got, "/home/ana") {
			t.Fatalf("Text(%q) = %q keeps a leading root", s, got)
		}
		roots := r.Roots(s)
		if r.Roots(roots) != roots {
			t.Fatalf("Roots not idempotent: %q -> %q", s, roots)
		}
	})
}
