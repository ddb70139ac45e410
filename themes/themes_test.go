package themes

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/glamour"
	"github.com/muesli/termenv"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string
		check   func(t *testing.T, th Theme)
	}{
		{name: "OK", in: "primary: \"#268BD2\"\nwarn: \"136\"\n", check: func(t *testing.T, th Theme) {
			if th.Color(Primary) != "#268BD2" || th.Color(Warn) != "136" {
				t.Errorf("colors = %v", th.Colors)
			}
			dark, _ := Builtin(NameDark)
			if th.Color(Fault) != dark.Color(Fault) || !th.Dark {
				t.Errorf("unset tokens should come from the dark base: %v", th.Colors)
			}
		}},
		{name: "OKBaseLight", in: "base: light\nok: '#0f0'\n", check: func(t *testing.T, th Theme) {
			light, _ := Builtin(NameLight)
			if th.Dark || th.Color(Muted) != light.Color(Muted) || th.Color(OK) != "#0f0" {
				t.Errorf("theme = %+v", th)
			}
		}},
		{name: "OKDarkFlag", in: "base: light\ndark: true\n", check: func(t *testing.T, th Theme) {
			if !th.Dark {
				t.Error("dark: true ignored")
			}
		}},
		{name: "ErrUnknownKey", in: "primary: '#fff'\nprimery: '#000'\n", wantErr: `t.yaml:2: unknown key "primery"`},
		{name: "ErrBadColor", in: "warn: orange\n", wantErr: `t.yaml:1: warn: "orange" is not a colour`},
		{name: "ErrANSIRange", in: "warn: 256\n", wantErr: `t.yaml:1: warn: "256" is not a colour`},
		{name: "ErrDuplicate", in: "ok: '1'\nok: '2'\n", wantErr: `t.yaml:2: key "ok" is set twice (first at line 1)`},
		{name: "ErrBase", in: "base: solarized\n", wantErr: `t.yaml:1: base "solarized" is not a built-in theme`},
		{name: "ErrDark", in: "dark: maybe\n", wantErr: "t.yaml:1: dark: want true or false"},
		{name: "ErrNested", in: "ok:\n  a: b\n", wantErr: `t.yaml:2: key "ok": want a single value`},
		{name: "ErrList", in: "- a\n- b\n", wantErr: "t.yaml:1: a theme is a mapping"},
		{name: "ErrEmpty", in: "", wantErr: "t.yaml: the theme is empty"},
		{name: "ErrSyntax", in: "ok: [\n", wantErr: "t.yaml: yaml:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			th, err := Parse("t", "t.yaml", []byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if th.Name != "t" {
				t.Errorf("name = %q", th.Name)
			}
			tc.check(t, th)
		})
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := LoadDir(filepath.Join(dir, "missing"))
	if err != nil || len(got) != 0 {
		t.Fatalf("missing dir: %v %v", got, err)
	}
	write("solar.yaml", "base: light\nprimary: '#268BD2'\n")
	write("notes.txt", "not a theme")
	got, err = LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got["solar"].Color(Primary) != "#268BD2" {
		t.Fatalf("themes = %v", got)
	}
	if names := Available(got); names[len(names)-1] != "solar" || names[0] != NameAuto {
		t.Errorf("available = %v", names)
	}
	write("dark.yml", "ok: '1'\n")
	if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), "dark.yml") {
		t.Fatalf("shadowing a built-in: err = %v", err)
	}
	os.Remove(filepath.Join(dir, "dark.yml"))
	write("bad.yaml", "ok: nope\n")
	if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), "bad.yaml:1: ok:") {
		t.Fatalf("bad file: err = %v", err)
	}
}

func TestNoColor(t *testing.T) {
	tests := []struct {
		name    string
		env     string
		theme   string
		tty     bool
		noColor bool
	}{
		{"ColourTTY", "", "dark", true, false},
		{"NoColorSet", "1", "dark", true, true},
		{"NoColorAnyValue", "yes", "", true, true},
		{"Mono", "", "mono", true, true},
		{"NotTTY", "", "light", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := NoColor(tc.env, tc.theme, tc.tty); got != tc.noColor {
				t.Errorf("NoColor = %v, want %v", got, tc.noColor)
			}
		})
	}
}

func TestDetectNotTTY(t *testing.T) {
	env := map[string]string{"TERM": "xterm-256color", "COLORTERM": "truecolor"}
	m := Detect(&strings.Builder{}, func(k string) string { return env[k] }, "dark")
	if !m.NoColor || m.Profile != termenv.Ascii {
		t.Errorf("a buffer is not a terminal: mode = %+v", m)
	}
}

func TestSelect(t *testing.T) {
	user := map[string]Theme{"solar": {Name: "solar", Colors: map[Token]string{Primary: "#268BD2"}}}
	tests := []struct {
		name, theme string
		mode        Mode
		want        string
		wantErr     bool
	}{
		{"AutoDark", "", Mode{Profile: termenv.ANSI256, DarkBackground: true}, NameDark, false},
		{"AutoLight", NameAuto, Mode{Profile: termenv.ANSI256}, NameLight, false},
		{"Builtin", NameHighContrast, Mode{Profile: termenv.ANSI256}, NameHighContrast, false},
		{"User", "solar", Mode{Profile: termenv.TrueColor}, "solar", false},
		{"NoColorWins", "solar", Mode{NoColor: true, Profile: termenv.Ascii}, NameMono, false},
		{"Unknown", "neon", Mode{Profile: termenv.ANSI256}, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Select(tc.theme, user, tc.mode)
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), "solar") {
					t.Fatalf("err = %v, want one listing the themes", err)
				}
				return
			}
			if err != nil || got.Name != tc.want {
				t.Fatalf("Select = %q, %v; want %q", got.Name, err, tc.want)
			}
		})
	}
}

// sgr matches one SGR escape sequence.
var sgr = regexp.MustCompile("\x1b\\[([0-9;]*)m")

// hasColour reports whether s holds an SGR colour parameter (30-49 or
// 90-107, which includes 38;5;n and 48;2;r;g;b).
func hasColour(s string) bool {
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			n, err := strconv.Atoi(p)
			if err == nil && ((n >= 30 && n <= 49) || (n >= 90 && n <= 107)) {
				return true
			}
		}
	}
	return false
}

func TestStylesColour(t *testing.T) {
	dark, _ := Builtin(NameDark)
	on := New(dark, Mode{Profile: termenv.ANSI256, DarkBackground: true}, nil)
	if got := on.Fault.Render("x"); !strings.Contains(got, "38;5;") {
		t.Errorf("dark/ANSI256 fault = %q, want a 256-colour code", got)
	}
	if !hasColour(on.Selected.Render("x")) {
		t.Error("hasColour misses a background colour")
	}
	// NO_COLOR on a terminal: attributes stay, colours go, even for a
	// coloured theme.
	off := New(dark, Mode{NoColor: true, Profile: termenv.ANSI}, nil)
	for name, st := range map[string]string{
		"fault": off.Fault.Render("x"), "selected": off.Selected.Render("x"), "header": off.Header.Render("x"),
		"citation": off.Citation.Render("x"), "tab": off.TabActive.Render("x"),
	} {
		if hasColour(st) {
			t.Errorf("NO_COLOR %s = %q holds a colour", name, st)
		}
	}
	if got := off.Selected.Render("x"); !strings.Contains(got, "7m") {
		t.Errorf("NO_COLOR selection = %q, want reverse video", got)
	}
	plain := New(dark, Mode{NoColor: true, Profile: termenv.Ascii}, nil)
	if got := plain.Fault.Render("x"); got != "x" {
		t.Errorf("Ascii fault = %q, want plain text", got)
	}
}

func TestMarkdownOptionsNoColour(t *testing.T) {
	mono, _ := Builtin(NameMono)
	r, err := glamour.NewTermRenderer(MarkdownOptions(mono, Mode{NoColor: true, Profile: termenv.ANSI}, 40)...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render("# Issues\n\n- AHU-1 *economizer* stuck\n")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("notty markdown holds escapes: %q", out)
	}
	if !strings.Contains(out, "AHU-1") {
		t.Errorf("markdown lost its text: %q", out)
	}
	light, _ := Builtin(NameLight)
	r, err = glamour.NewTermRenderer(MarkdownOptions(light, Mode{Profile: termenv.ANSI256}, 40)...)
	if err != nil {
		t.Fatal(err)
	}
	out, _ = r.Render("# Issues\n")
	if !strings.Contains(out, "\x1b[") {
		t.Errorf("light markdown has no styling: %q", out)
	}
}

func TestBuiltinsComplete(t *testing.T) {
	for _, n := range Names() {
		th, ok := Builtin(n)
		if !ok {
			t.Fatalf("no built-in %s", n)
		}
		for tok, c := range th.Colors {
			if err := CheckColor(c); err != nil {
				t.Errorf("%s.%s: %v", n, tok, err)
			}
		}
		if n != NameMono && len(th.Colors) != len(Tokens()) {
			t.Errorf("%s sets %d of %d tokens", n, len(th.Colors), len(Tokens()))
		}
	}
	if _, ok := Builtin("auto"); ok {
		t.Error("auto is not a theme")
	}
}
