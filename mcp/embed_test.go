package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

func TestDeferAndFinish(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte(`{"jsonrpc":"2.0","id":"d1","method":"tools/call","params":{"name":"points","arguments":{"facility_id":"hq","limit":5},` + meta + `}}`)
	reply, call := s.Defer(t.Context(), msg)
	if reply != nil || call == nil || call.Name() != "points" || call.Args()["limit"] != json.Number("5") {
		t.Fatalf("Defer = %s, %+v", reply, call)
	}
	// The id is in flight until the call is finished.
	if r, _ := s.Defer(t.Context(), msg); !strings.Contains(string(r), `"code":-32600`) {
		t.Fatalf("reused in-flight id: %s", r)
	}
	out := call.Finish(&registry.Result{Data: map[string]any{"n": 1}, Text: "done elsewhere"}, nil)
	if !strings.Contains(string(out), `"id":"d1"`) || !strings.Contains(string(out), `done elsewhere`) || !strings.Contains(string(out), `"resultType":"complete"`) {
		t.Fatalf("Finish = %s", out)
	}
	_, call = s.Defer(t.Context(), msg)
	if out := call.Finish(nil, &registry.Error{Code: registry.CodeBusy, Message: "full", Data: map[string]any{"retryable": true}}); !strings.Contains(string(out), `"text":"busy: full"`) {
		t.Fatalf("Finish with an error = %s", out)
	}
	_, call = s.Defer(t.Context(), msg)
	if out := call.Run(); !strings.Contains(string(out), `hq stores 2 points`) {
		t.Fatalf("Run = %s", out)
	}
}

func TestHandleOverLongMessage(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	msg := `{"jsonrpc":"2.0","id":41,"method":"ping","params":{"p":"` + strings.Repeat("x", 1<<20) + `"}}`
	if r := string(s.Handle(t.Context(), []byte(msg))); !strings.HasPrefix(r, `{"jsonrpc":"2.0","id":41,"error":{"code":-32600`) {
		t.Fatalf("Handle = %.200s", r)
	}
}
