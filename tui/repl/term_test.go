package repl

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"golang.org/x/term"
)

func TestTerminal_Complete(t *testing.T) {
	s, _ := completionSession(t)
	var screen bytes.Buffer
	tt := &terminal{t: term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{strings.NewReader(""), &screen}, Prompt)}
	tests := []struct {
		name, line string
		want       string // the new line ("" when the key is not handled)
		pos        int
		listed     string // what is printed for several candidates
	}{
		{"One", "call po", "call points ", 12, ""},
		{"OneKey", "call points fac", "call points facility_id=", 24, ""},
		{"CommonPrefix", "fa", "fac", 3, ""},
		{"Several", "fact", "", 0, "fact  facts"},
		{"None", "ask why", "", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			screen.Reset()
			line, pos, ok := tt.complete(s, tc.line, len(tc.line))
			if ok != (tc.want != "") || line != tc.want || (ok && pos != tc.pos) {
				t.Fatalf("complete(%q) = %q, %d, %v; want %q, %d", tc.line, line, pos, ok, tc.want, tc.pos)
			}
			if tc.listed != "" && !strings.Contains(screen.String(), tc.listed) {
				t.Fatalf("listed %q, want %q", screen.String(), tc.listed)
			}
		})
	}
}

func TestCommonPrefix(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"equip=", "equip_class="}, "equip"},
		{[]string{"a", "b"}, ""},
		{[]string{"AHU-1é", "AHU-1è"}, "AHU-1"}, // never half a rune
	} {
		if got := commonPrefix(tc.words); got != tc.want {
			t.Errorf("commonPrefix(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}
