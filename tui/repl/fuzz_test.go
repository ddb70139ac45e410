package repl

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParse checks that Parse never panics and that every line it accepts
// round-trips: String() parses back to the same command, and String() is a
// fixed point.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "# c", "facilities", "open north-campus", `call points facility_id=north-campus limit=5 # x`,
		`call rule_run {"facility_id":"north-campus","equips":["AHU-1"]}`, `call x equips=["a","b"] k='v w' "q=1"`,
		`ask what's "wrong"?`, `draft "template"`, `check It is 5% [F1].`, `open a\ b\`, "open\u00a0\xff x",
		`export! out.md`, `prompt triage_ahu equip=AHU-1`, `call x k={"a":[1,2.5e3,null]}`, `"" x`, `a=b`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := Parse(line)
		if err != nil {
			return
		}
		s := c.String()
		again, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its String %q does not parse: %v", line, s, err)
		}
		if diff := cmp.Diff(c, again); diff != "" {
			t.Fatalf("round trip of %q via %q (-first +second):\n%s", line, s, diff)
		}
		if s2 := again.String(); s2 != s {
			t.Fatalf("String is not a fixed point: %q then %q", s, s2)
		}
	})
}
