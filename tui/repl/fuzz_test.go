package repl

import (
	"context"
	"encoding/json"
	"strings"
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

// FuzzExec runs scripts of lines in a session over the fake registry (the
// real call pipeline over in-memory capabilities): no line panics, each
// line gives one output, an error is one line and marks the output failed,
// text holds no control character but newlines, --json output is one JSON
// object a line, and completion anywhere in a line never panics. Lines that
// export are skipped (they would write files).
func FuzzExec(f *testing.F) {
	for _, s := range []string{
		"facilities\nopen alpha\ncall points\nnext\nnext\nprev\nfacts\nfact F1@points",
		"call rule_run facility_id=alpha equips=AHU-1,AHU-2 limit=1\nnext\nask what should I fix on AHU-1?\nexplain\nexplain template",
		"open alpha\nprompt triage_ahu equip=AHU-1\nstep\nstep all\ndraft template\nstep\nstep\ncheck",
		"draft It is 99% [F1@x].\ncheck\ndraft clear\ndraft \"llm\"\ndraft llm",
		`call points {"facility_id":"beta","limit":1} # c` + "\nhelp points\nhelp\nhistory\ntheme dark\nquit now\nquit",
		"open secret\nopen\nprompt compare_equipment facility_id=alpha equips=AHU-1\n\x1b[31mred\nfact \x00",
		`call rule_run facility_id=alpha params={"x":{"y":[1,{"z":null}]}} min_severity=fault` + "\ncall finding_detail facility_id=alpha finding_id=leaking_valve@AHU-2",
	} {
		f.Add(s)
	}
	reg := fakeRegistry(f)
	f.Fuzz(func(t *testing.T, script string) {
		s := New(Options{Caller: reg, CallContext: fakeCC(), Themes: []string{"dark"}})
		ctx := context.Background()
		lines := strings.Split(script, "\n")
		if len(lines) > 40 {
			lines = lines[:40]
		}
		for _, line := range lines {
			if c, err := Parse(line); err == nil && strings.HasPrefix(strings.ToLower(c.Name), "export") {
				continue
			}
			_ = s.Complete(line, len(line)/2)
			_, _ = s.CompleteWords(line, len(line))
			out := s.Exec(ctx, line)
			if strings.ContainsFunc(out.Text, isControl) {
				t.Fatalf("%q: the text holds a control character: %q", line, out.Text)
			}
			if out.Err != nil {
				if !out.Failed || !strings.HasPrefix(out.Text, "error: ") || strings.Count(out.Text, "\n") != 1 {
					t.Fatalf("%q: an error is one failed line: %q", line, out.Text)
				}
			}
			b := out.JSON()
			if out.Command == "" {
				if out.Text != "" || b != nil {
					t.Fatalf("%q: a blank line printed %q / %s", line, out.Text, b)
				}
				continue
			}
			var v map[string]any
			if err := json.Unmarshal(b, &v); err != nil || strings.Count(string(b), "\n") != 1 {
				t.Fatalf("%q: JSON output %q: %v", line, b, err)
			}
			if out.Quit {
				return
			}
		}
	})
}
