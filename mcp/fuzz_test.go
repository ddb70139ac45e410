package mcp

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// FuzzDispatch feeds arbitrary lines to a server: it never panics, answers
// every request line exactly once with valid JSON-RPC carrying the
// request's id (or null), and answers a valid notification never.
func FuzzDispatch(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"points","arguments":{"facility_id":"hq"},` + meta + `}}`,
		`{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"triage_ahu","arguments":{"facility_id":"hq","equip":"A"},` + meta + `}}`,
		`{"jsonrpc":"2.0","id":4,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"triage_ahu"},"argument":{"name":"equip","value":"A"},` + meta + `}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`,
		`{"jsonrpc":"2.0","id":"x","method":"server/discover","params":{` + meta + `}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":1,"method":"ping","id":2}`,
	} {
		f.Add([]byte(s))
	}
	o := testOptions()
	o.Caller = safeRegistry{}
	s, err := New(o)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		m, _, perr := jsonrpc.Parse(line)
		reply := s.Handle(t.Context(), line)
		switch {
		case perr != nil:
			if reply == nil {
				t.Fatalf("a refused line got no reply: %q", line)
			}
		case m.Kind == jsonrpc.KindRequest:
			if reply == nil {
				t.Fatalf("a request got no reply: %q", line)
			}
			var r struct {
				ID json.RawMessage `json:"id"`
			}
			if err := json.Unmarshal(reply, &r); err != nil || string(r.ID) != m.ID.String() {
				t.Fatalf("reply %q does not carry id %s", reply, m.ID)
			}
		default:
			if reply != nil {
				t.Fatalf("a notification or response was answered: %q -> %q", line, reply)
			}
		}
		if reply != nil && (!json.Valid(reply) || bytes.IndexByte(reply, '\n') >= 0) {
			t.Fatalf("reply is not one line of JSON: %q", reply)
		}
	})
}

// safeRegistry is the fake registry without the tools that run until
// cancelled or kill their process: unknown tools to the fuzzed server.
type safeRegistry struct{ fakeRegistry }

func (r safeRegistry) Capabilities() []registry.Capability {
	var out []registry.Capability
	for _, c := range r.fakeRegistry.Capabilities() {
		if c.Name != "slow" && c.Name != "crash" {
			out = append(out, c)
		}
	}
	return out
}
