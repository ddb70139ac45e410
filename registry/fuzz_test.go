package registry_test

import (
	"encoding/json"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// FuzzCallArgs feeds arbitrary JSON arguments through the whole policy:
// a call never panics, succeeds or is refused with a caller's code, and
// every message is one clean line.
func FuzzCallArgs(f *testing.F) {
	for _, s := range []string{`{}`, `{"limit": 5.0}`, `{"limit": 5.5}`, `{"offset": 1e30}`, `{"facility_id": "hq"}`,
		`{"facility_id": "annex\n"}`, `{"facility_ids": ["hq", 3]}`, `{"word": "x\n"}`, `{"bogus": {"a": [1, null]}}`,
		`{"mode": "a", "ratio": -0}`, `{"facility_id": "/etc/passwd"}`} {
		f.Add([]byte(s))
	}
	reg := newReg(f, newFakeData(own("hq")), probe("probe", echo))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var args map[string]any
		if json.Unmarshal(raw, &args) != nil {
			return
		}
		res, err := reg.Call(t.Context(), "probe", args, ctxFor("hq"))
		if err != nil {
			e, ok := err.(*registry.Error)
			if !ok {
				t.Fatalf("error %v is not a *registry.Error", err)
			}
			switch e.Code {
			case registry.CodeInvalidParams, registry.CodeNotAllowed:
			default:
				t.Fatalf("%s: unexpected code %s: %s", raw, e.Code, e.Message)
			}
			if sanitize.Message(e.Message) != e.Message {
				t.Fatalf("message %q is not one clean line", e.Message)
			}
			return
		}
		if sanitize.Text(res.Text) != res.Text {
			t.Fatalf("text %q is not one clean line", res.Text)
		}
	})
}
