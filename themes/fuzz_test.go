package themes

import (
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"primary: '#fff'\n", "base: light\ndark: false\nwarn: '214'\n", "ok: [\n", "- a\n", "a: {b: c}\n", "ok: '1'\nok: '2'\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		th, err := Parse("f", "f.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for tok, c := range th.Colors {
			if CheckColor(c) != nil {
				t.Fatalf("accepted a bad colour %s=%q", tok, c)
			}
		}
	})
}
