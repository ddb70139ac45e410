package prompts

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry/sanitize"
)

func TestSelectValues(t *testing.T) {
	var data any
	if err := json.Unmarshal([]byte(`{
		"findings": [{"finding_id": "a", "n": 1}, {"finding_id": "b"}, {"x": 1}, {"finding_id": "c"}, {"finding_id": "d"}],
		"issues": [{"finding_ids": []}, {"finding_ids": ["i1", "i2"]}, {"cause": "sensor"}, {"finding_ids": ["i3"]}],
		"a/b": {"~c": "slash and tilde"},
		"01": "key, not index",
		"rule": "economizer_high_limit",
		"nothing": null
	}`), &data); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path  string
		limit int
		want  string // fmt of the values
		err   string
	}{
		{"/findings/*/finding_id", 3, "[a b c]", ""},
		{"/findings/*/finding_id", 10, "[a b c d]", ""},
		{"/findings/0/finding_id", 3, "[a]", ""},
		{"/findings/4/finding_id", 1, "[d]", ""},
		{"/findings/5/finding_id", 1, "[]", ""},
		{"/findings/-1", 1, "[]", ""},
		{"/issues/*/finding_ids/0", 3, "[i1 i3]", ""},
		{"/issues/*/finding_ids/*", 2, "[i1 i2]", ""},
		{"/rule", 1, "[economizer_high_limit]", ""},
		{"/rule/*", 1, "[]", ""},
		{"/findings/finding_id", 1, "[]", ""},
		{"/a~1b/~0c", 1, "[slash and tilde]", ""},
		{"/01", 1, "[key, not index]", ""},
		{"/nothing", 1, "[]", ""},
		{"/missing/*", 1, "[]", ""},
		{"", 1, "[map[01:key, not index", ""},
		{"findings", 1, "", "does not start with '/'"},
		{"/a~2", 1, "", "'~' not followed by 0 or 1"},
		{"/a~", 1, "", "'~' not followed by 0 or 1"},
		{strings.Repeat("/x", 33), 1, "", "33 segments, over the limit of 32"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			segs, err := parsePath(c.path)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(selectValues(data, segs, c.limit)); !strings.HasPrefix(got, c.want) {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestArrayIndex(t *testing.T) {
	for key, want := range map[string]int{"0": 0, "7": 7, "10": 10, "01": -1, "": -1, "-1": -1, "1e3": -1, "9999999999": -1, "*": -1} {
		if got := arrayIndex(key); got != want {
			t.Errorf("arrayIndex(%q) = %d, want %d", key, got, want)
		}
	}
}

// TestDefang_MatchesSanitize holds the uncut quoting of arguments to the
// summaries' sanitiser: for a value short enough not to be cut, quote
// writes exactly what sanitize.Name writes.
func TestDefang_MatchesSanitize(t *testing.T) {
	for _, s := range defangSeeds {
		if got, want := quote(s), sanitize.Name(s); !isCut(s) && got != want {
			t.Errorf("quote(%q) = %s, sanitize.Name = %s", s, got, want)
		}
	}
	long := strings.Repeat("<b>", 60)
	if got := quote(long); !strings.HasSuffix(got, "‹b›\"") || strings.Contains(got, "…") {
		t.Errorf("quote cut a long value: %s", got)
	}
}

// defangSeeds are values that exercise each rule of the sanitiser.
var defangSeeds = []string{"AHU-1", "NOTICE: x", "[F1@x]", "[F1@a, F2@b-1a2b3c]", "<script>", "[x](https://evil)",
	"\u202eabc", "\x1b[31mred", "a\x00b", "www.x.com", "WWW.X.COM", `say "hi"`, "a\nb\tc", "ftp://h", "x](y", "\xff\xfe"}

// isCut reports whether sanitize.Value cuts s.
func isCut(s string) bool {
	return strings.Contains(sanitize.Value(s), "…") && !strings.Contains(s, "…")
}

func TestNaturalCompare(t *testing.T) {
	in := []string{"AHU-10", "AHU-2", "AHU-1", "AHU-01", "ahu-3", "AHU-100", "AHU-9a", "AHU-9", "B", "AHU-"}
	want := []string{"AHU-", "AHU-01", "AHU-1", "AHU-2", "AHU-9", "AHU-9a", "AHU-10", "AHU-100", "B", "ahu-3"}
	got := rank(in, "")
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("rank = %v, want %v", got, want)
	}
	got = rank([]string{"OLD-AHU-1", "AHU-10", "ahu-1", "X"}, "AHU-1")
	if want := "[AHU-10 ahu-1 OLD-AHU-1]"; fmt.Sprint(got) != want {
		t.Errorf("rank by prefix = %v, want %s", got, want)
	}
}

func TestOfferable(t *testing.T) {
	for s, want := range map[string]bool{
		"AHU-1": true, "Air Handler 3": true, strings.Repeat("a", 200): true, "/Drivers/AHU_1": true,
		"": false, strings.Repeat("a", 201): false, " AHU": false, "AHU ": false, "AHU\n1": false, "AHU\x1b[0m": false,
		"\u202eAHU": false, "<b>AHU": false, "[F1@points]": false, "[x](y)": false, "http://x": false, "www.x": false,
		`AHU "1"`: false, "NOTICE x": false, "notice: x": false, "AHU NOTICE": true, "\xff": false,
	} {
		if got := offerable(s); got != want {
			t.Errorf("offerable(%q) = %v, want %v", s, got, want)
		}
	}
}
