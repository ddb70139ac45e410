package prompts_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/mcp"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

// TestMCPHooks serves the hooks through the MCP server: prompts/get
// renders, a bad argument is -32602 with the prompts package's message,
// and completion reports every match while sending at most 100.
func TestMCPHooks(t *testing.T) {
	cc := completionStore(t)
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(reg.Prompts()); n != len(prompts.All()) {
		t.Fatalf("builtin.Default() registers %d prompts, want %d", n, len(prompts.All()))
	}
	srv, err := mcp.New(mcp.Options{Caller: reg, CallContext: cc, Version: "test",
		GetPrompt: mcpPrompt(prompts.GetPromptFunc(cc)), Complete: prompts.CompleteFunc(t.Context(), reg, cc)})
	if err != nil {
		t.Fatal(err)
	}
	send := func(method string, params map[string]any) map[string]any {
		t.Helper()
		params["_meta"] = map[string]any{"io.modelcontextprotocol/protocolVersion": mcp.Version2026,
			"io.modelcontextprotocol/clientCapabilities": map[string]any{}}
		line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		var reply map[string]any
		if err := json.Unmarshal(srv.Handle(t.Context(), line), &reply); err != nil {
			t.Fatal(err)
		}
		return reply
	}
	errorOf := func(reply map[string]any) (float64, string) {
		e, _ := reply["error"].(map[string]any)
		code, _ := e["code"].(float64)
		msg, _ := e["message"].(string)
		return code, msg
	}

	reply := send("prompts/get", map[string]any{"name": "triage_ahu", "arguments": map[string]any{"facility_id": "hq", "equip": "AHU-1"}})
	want, _ := prompts.Render("triage_ahu", map[string]string{"facility_id": "hq", "equip": "AHU-1"})
	msgs, _ := reply["result"].(map[string]any)["messages"].([]any)
	if len(msgs) != 1 {
		t.Fatalf("prompts/get = %v", reply)
	}
	m := msgs[0].(map[string]any)
	if m["role"] != "user" || m["content"].(map[string]any)["text"] != want {
		t.Errorf("message = %v", m)
	}

	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"facility_id": "secret", "equip": "AHU-1"}, `invalid params: facility_id "secret" is not allowed`},
		{map[string]any{"facility_id": "hq", "equip": " "}, "invalid params: prompt triage_ahu: argument equip is empty"},
	} {
		code, msg := errorOf(send("prompts/get", map[string]any{"name": "triage_ahu", "arguments": c.args}))
		if code != -32602 || msg != c.want {
			t.Errorf("prompts/get %v = %v %q, want -32602 %q", c.args, code, msg, c.want)
		}
	}
	code, msg := errorOf(send("prompts/get", map[string]any{"name": "compare_equipment", "arguments": map[string]any{"facility_id": "hq", "equips": "AHU-1"}}))
	if code != -32602 || !strings.Contains(msg, "comparing needs two or more") {
		t.Errorf("compare one id = %v %q", code, msg)
	}

	reply = send("completion/complete", map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "triage_ahu"},
		"argument": map[string]any{"name": "equip", "value": ""}, "context": map[string]any{"arguments": map[string]any{"facility_id": "big"}}})
	comp, _ := reply["result"].(map[string]any)["completion"].(map[string]any)
	values, _ := comp["values"].([]any)
	if len(values) != 100 || values[0] != "AHU-1" || values[99] != "AHU-100" || comp["total"] != 151.0 || comp["hasMore"] != true {
		t.Errorf("completion = %d values %v ... total %v hasMore %v", len(values), values[:min(3, len(values))], comp["total"], comp["hasMore"])
	}
	reply = send("completion/complete", map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "triage_ahu"},
		"argument": map[string]any{"name": "facility_id", "value": "ds"}})
	if comp := reply["result"].(map[string]any)["completion"].(map[string]any); comp["total"] != 0.0 {
		t.Errorf("research-only completion = %v", comp)
	}
}

func TestGetPromptFunc_NoContext(t *testing.T) {
	msgs, err := prompts.GetPromptFunc(nil)("rcx_executive_summary", map[string]string{"facility_id": "anywhere"})
	if err != nil || len(msgs) != 1 || !strings.Contains(msgs[0].Text, `"anywhere"`) {
		t.Errorf("GetPromptFunc(nil) = %v, %v", msgs, err)
	}
	_, err = prompts.GetPromptFunc(&registry.CallContext{})("rcx_executive_summary", map[string]string{"facility_id": "anywhere"})
	if registry.CodeOf(err) != registry.CodeInvalidParams {
		t.Errorf("an empty allowlist allows %v", err)
	}
}

// mcpPrompt adapts GetPromptFunc to the server's hook type, as cmd does.
func mcpPrompt(get func(string, map[string]string) ([]prompts.Message, error)) func(string, map[string]string) ([]mcp.PromptMessage, error) {
	return func(name string, args map[string]string) ([]mcp.PromptMessage, error) {
		msgs, err := get(name, args)
		if err != nil {
			return nil, err
		}
		out := make([]mcp.PromptMessage, len(msgs))
		for i, m := range msgs {
			out[i] = mcp.PromptMessage{Role: m.Role, Text: m.Text}
		}
		return out, nil
	}
}
