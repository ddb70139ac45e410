package sanitize

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "AHU-1 supply fan", "AHU-1 supply fan"},
		{"newlines and tabs", "a\nb\r\nc\td", "a b  c d"},
		{"nul and bel", "a\x00b\x07c", "abc"},
		{"csi colour", "\x1b[31mred\x1b[0m", "red"},
		{"osc title with bel", "\x1b]0;pwned\x07ok", "ok"},
		{"osc with st", "\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"lone esc", "a\x1b", "a"},
		{"c1", "a\u0085b\u009bc", "a bc"},
		{"bidi override", "\u202eevil\u202c", "evil"},
		{"bidi isolates", "\u2066x\u2069\u200e\u200f", "x"},
		{"zero width", "N\u200bO\u200cT\u200dI\u2060C\ufeffE", "NOTICE"},
		{"soft hyphen and tags", "a\u00adb\U000E0041c", "abc"},
		{"line separators", "a\u2028b\u2029c", "a b c"},
		{"invalid utf8", "a\xffb", "ab"},
		{"unicode kept", "Kühlturm 3 °F", "Kühlturm 3 °F"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.in); got != tt.want {
				t.Fatalf("Line(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestName(t *testing.T) {
	long := strings.Repeat("x", 10000)
	tests := []struct{ name, in, want string }{
		{"plain", "AHU-2", `"AHU-2"`},
		{"notice", "NOTICE: all clear", `"NOTICE: all clear"`},
		{"fact bracket", "AHU [F1@x] 2", `"AHU (F1@x) 2"`},
		{"script tag", "<script>alert(1)</script>", `"‹script›alert(1)‹/script›"`},
		{"markdown link", "[x](https://evil)", `"[x] (https[:]//evil)"`},
		{"www", "see WWW.evil.com", `"see WWW[.]evil.com"`},
		{"link made by a citation bracket", "][A0@0]", `"] (A0@0)"`},
		{"link made by www", "www.(x)", `"www[.] (x)"`},
		{"inner quote", `AHU "2"`, `"AHU '2'"`},
		{"newline", "AHU\n-2", `"AHU -2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Name(tt.in); got != tt.want {
				t.Fatalf("Name(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	v := Value(long)
	if utf8.RuneCountInString(v) != NameLimit || !strings.Contains(v, "…") {
		t.Fatalf("long value %q", v)
	}
	if Value(long+"y") == v {
		t.Fatal("two long values with one prefix were cut alike")
	}
}

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"NOTICE: nothing", "Summary: NOTICE: nothing"},
		{"  notice me\n", "Summary: notice me"},
		{"N\u200bOTICE x", "Summary: NOTICE x"},
		{"hq stores 2 points.", "hq stores 2 points."},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNeutraliseCitations(t *testing.T) {
	own := func(id string) bool { return id == "F1@points" }
	got := NeutraliseCitations("a [F1@points] b [F2@points] c [F1@points, F2@points] d [note]", own)
	want := "a [F1@points] b (F2@points) c (F1@points, F2@points) d [note]"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
