package mcp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// exercise runs a real MCP client session: list tools, call one, get a
// prompt, complete an argument.
func exercise(t *testing.T, cs *sdk.ClientSession) {
	t.Helper()
	ctx := t.Context()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	if len(tools.Tools) != len(fakeRegistry{}.Capabilities()) || tools.Tools[0].Name != "points" {
		t.Fatalf("tools: %d, first %q", len(tools.Tools), tools.Tools[0].Name)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "points", Arguments: map[string]any{"facility_id": "hq"}})
	if err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("CallTool result: isError %v, %d blocks", res.IsError, len(res.Content))
	}
	text := res.Content[0].(*sdk.TextContent).Text
	if !strings.HasPrefix(text, "NOTICE: ") || !strings.HasSuffix(text, "hq stores 2 points on 1 equipment [F1@points-1a2b3c].") {
		t.Fatalf("summary block = %q", text)
	}
	if res.Meta["camber/truncated"] != true {
		t.Fatalf("_meta = %v", res.Meta)
	}
	bad, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "fail", Arguments: map[string]any{}})
	if err != nil || !bad.IsError || !strings.HasPrefix(bad.Content[0].(*sdk.TextContent).Text, "not_found: ") {
		t.Fatalf("failing call: %v %+v", err, bad)
	}
	p, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "triage_ahu", Arguments: map[string]string{"facility_id": "hq", "equip": "AHU-1"}})
	if err != nil || len(p.Messages) != 1 {
		t.Fatalf("GetPrompt: %v %+v", err, p)
	}
	c, err := cs.Complete(ctx, &sdk.CompleteParams{
		Ref:      &sdk.CompleteReference{Type: "ref/prompt", Name: "triage_ahu"},
		Argument: sdk.CompleteParamsArgument{Name: "facility_id", Value: "h"},
	})
	if err != nil || len(c.Completion.Values) != 1 || c.Completion.Values[0] != "hq" {
		t.Fatalf("Complete: %v %+v", err, c)
	}
}

func TestGoSDKClientOverStdio(t *testing.T) {
	for _, version := range []string{"", Version2025, Version0618} {
		name := version
		if name == "" {
			name = "latest"
		}
		t.Run(name, func(t *testing.T) {
			s, err := New(testOptions())
			if err != nil {
				t.Fatal(err)
			}
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				err := s.ServeStdio(t.Context(), inR, outW)
				outW.Close()
				done <- err
			}()
			client := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, nil)
			cs, err := client.Connect(t.Context(), &sdk.IOTransport{Reader: outR, Writer: inW}, &sdk.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			want := version
			if want == "" {
				want = Version2026
			}
			if got := cs.InitializeResult().ProtocolVersion; got != want {
				t.Fatalf("negotiated %q, want %q", got, want)
			}
			exercise(t, cs)
			cs.Close()
			if err := <-done; err != nil {
				t.Fatalf("ServeStdio: %v", err)
			}
		})
	}
}

func TestGoSDKClientOverHTTP(t *testing.T) {
	for _, version := range []string{"", Version2025} {
		t.Run("v"+version, func(t *testing.T) {
			s, err := New(testOptions())
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{}))
			defer ts.Close()
			client := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, nil)
			tr := &sdk.StreamableClientTransport{Endpoint: ts.URL + "/mcp", DisableStandaloneSSE: true}
			cs, err := client.Connect(t.Context(), tr, &sdk.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			defer cs.Close()
			if version == Version2025 && cs.ID() == "" {
				t.Fatal("no Mcp-Session-Id for a 2025-11-25 session")
			}
			exercise(t, cs)
		})
	}
}

func TestHTTPTransport(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{}))
	defer ts.Close()
	post := func(body string, hdr map[string]string) (*http.Response, string) {
		req, _ := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	stateless := map[string]string{"MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/call", "Mcp-Name": "echo"}
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo",` + meta + `}}`
	tests := []struct {
		name   string
		body   string
		hdr    map[string]string
		status int
		want   string
	}{
		{"stateless call", call, stateless, 200, `"resultType":"complete"`},
		{"base64 name", call, map[string]string{"MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/call", "Mcp-Name": "=?base64?ZWNobw==?="}, 200, `"isError":false`},
		{"missing version header", call, map[string]string{"Mcp-Method": "tools/call", "Mcp-Name": "echo"}, 400, `"code":-32020`},
		{"method header mismatch", call, map[string]string{"MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/list", "Mcp-Name": "echo"}, 400, `"code":-32020`},
		{"name header mismatch", call, map[string]string{"MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/call", "Mcp-Name": "points"}, 400, `"code":-32020`},
		{"unsupported version", strings.Replace(call, Version2026, "2099-01-01", 1), map[string]string{"MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "tools/call", "Mcp-Name": "echo"}, 400, `"code":-32022`},
		{"unknown method", `{"jsonrpc":"2.0","id":2,"method":"resources/list","params":{` + meta + `}}`, map[string]string{"MCP-Protocol-Version": Version2026, "Mcp-Method": "resources/list"}, 404, `"code":-32601`},
		{"no session, no meta", `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, nil, 400, `"code":-32602`},
		{"unknown session", `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`, map[string]string{"Mcp-Session-Id": "nope"}, 404, `unknown or ended session`},
		{"not json", `{"jsonrpc":`, nil, 400, `"code":-32700`},
		{"batch", `[]`, nil, 400, `"code":-32600`},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`, nil, 202, ``},
		{"bad origin", call, map[string]string{"Origin": "https://evil.example", "MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/call", "Mcp-Name": "echo"}, 403, `forbidden`},
		{"loopback origin", call, map[string]string{"Origin": "http://localhost:3000", "MCP-Protocol-Version": Version2026, "Mcp-Method": "tools/call", "Mcp-Name": "echo"}, 200, `"resultType":"complete"`},
		{"too long", `{"id":77,"jsonrpc":"2.0","method":"ping","params":{"p":"` + strings.Repeat("x", 1<<20) + `"}}`, nil, 400, `"id":77,"error":{"code":-32600`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := post(tt.body, tt.hdr)
			if resp.StatusCode != tt.status || !strings.Contains(body, tt.want) {
				t.Fatalf("status %d body %.300s, want %d with %s", resp.StatusCode, body, tt.status, tt.want)
			}
		})
	}

	// A 2025 session: initialize gives an id, later requests carry it,
	// DELETE ends it.
	resp, body := post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`, nil)
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || sid == "" {
		t.Fatalf("initialize: %d %s (session %q)", resp.StatusCode, body, sid)
	}
	if resp, _ := post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, map[string]string{"Mcp-Session-Id": sid}); resp.StatusCode != 202 {
		t.Fatalf("initialized: %d", resp.StatusCode)
	}
	if resp, body := post(`{"jsonrpc":"2.0","id":2,"method":"ping"}`, map[string]string{"Mcp-Session-Id": sid, "Accept": "text/event-stream"}); resp.StatusCode != 200 ||
		resp.Header.Get("Content-Type") != "text/event-stream" || body != "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n" {
		t.Fatalf("ping over SSE: %d %q", resp.StatusCode, body)
	}
	req, _ := http.NewRequest("DELETE", ts.URL+"/mcp", nil)
	req.Header.Set("Mcp-Session-Id", sid)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 204 {
		t.Fatalf("DELETE: %v %v", err, resp.StatusCode)
	}
	if resp, _ := post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`, map[string]string{"Mcp-Session-Id": sid}); resp.StatusCode != 404 {
		t.Fatalf("ping after DELETE: %d", resp.StatusCode)
	}
	if resp, err := http.Get(ts.URL + "/mcp"); err != nil || resp.StatusCode != 405 {
		t.Fatalf("GET: %v %v", err, resp.StatusCode)
	}
}

func TestHTTPRefusesForeignHost(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	h := s.HTTPHandler(HTTPOptions{})
	req := httptest.NewRequest("POST", "http://attacker.example/mcp", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 403 {
		t.Fatalf("foreign Host answered %d", rec.Code)
	}
	h = s.HTTPHandler(HTTPOptions{AllowRemote: true})
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code == 403 {
		t.Fatal("AllowRemote still refused the Host")
	}
}

// TestHTTPMetaBeforeHeaders: a stateless request whose _meta lacks the
// protocol version is -32602 even though its headers then mismatch (the
// conformance suite's server-stateless checks).
func TestHTTPMetaBeforeHeaders(t *testing.T) {
	srv, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	h := srv.HTTPHandler(HTTPOptions{})
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{}}}}`
	req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", Version2026)
	req.Header.Set("Mcp-Method", "tools/list")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"code":-32602`) {
		t.Fatalf("status %d body %s, want 400 with -32602", rec.Code, rec.Body.String())
	}
}
