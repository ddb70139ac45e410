package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// binary builds the real camber-tui once per test binary.
var binary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "camber-tui-bin-")
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "camber-tui")
	cmd := exec.Command("go", "build", "-o", out, ".")
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, b)
	}
	return out, nil
})

func realBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the real binary")
	}
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestMCPServerRealBinary drives `camber-tui --serve-mcp` over stdio with
// the official Go SDK client: initialize, list tools and prompts, call a
// tool (in a worker process), a refused call, prompts/get and completion.
func TestMCPServerRealBinary(t *testing.T) {
	bin, dir := realBinary(t), mustDemo(t)
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			cmd := exec.Command(bin, "--serve-mcp", "--store", dir, "--allow-all-active")
			cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
			cmd.Stderr = &strings.Builder{}
			client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil)
			cs, err := client.Connect(t.Context(), &sdk.CommandTransport{Command: cmd}, &sdk.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			tools, err := cs.ListTools(t.Context(), nil)
			if err != nil || len(tools.Tools) != 13 {
				t.Fatalf("tools/list: %d tools, %v", len(tools.Tools), err)
			}
			prompts, err := cs.ListPrompts(t.Context(), nil)
			if err != nil || len(prompts.Prompts) != 8 {
				t.Fatalf("prompts/list: %v, %v", prompts, err)
			}
			res, err := cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "points", Arguments: map[string]any{"facility_id": "north-campus", "equip": "AHU-2"}})
			if err != nil || res.IsError {
				t.Fatalf("points: %v %+v", err, res)
			}
			text := res.Content[0].(*sdk.TextContent).Text
			if !strings.Contains(text, "[F1@points-") {
				t.Fatalf("points summary %q cites no tokenised fact", text)
			}
			refused, err := cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "points", Arguments: map[string]any{"facility_id": "ds-ashrae-gepiii"}})
			if err != nil || !refused.IsError || !strings.Contains(refused.Content[0].(*sdk.TextContent).Text, "refused_licence") {
				t.Fatalf("research-only facility: %v %+v", err, refused)
			}
			got, err := cs.GetPrompt(t.Context(), &sdk.GetPromptParams{Name: "triage_ahu", Arguments: map[string]string{"facility_id": "north-campus", "equip": "AHU-2"}})
			if err != nil || len(got.Messages) != 1 {
				t.Fatalf("prompts/get: %v %+v", err, got)
			}
			comp, err := cs.Complete(t.Context(), &sdk.CompleteParams{
				Ref:      &sdk.CompleteReference{Type: "ref/prompt", Name: "triage_ahu"},
				Argument: sdk.CompleteParamsArgument{Name: "equip", Value: "AH"},
				Context:  &sdk.CompleteContext{Arguments: map[string]string{"facility_id": "north-campus"}},
			})
			if err != nil || strings.Join(comp.Completion.Values, ",") != "AHU-1,AHU-2,AHU-3" {
				t.Fatalf("completion: %v %+v", err, comp)
			}
		})
	}
}

// TestMCPServerStopsOnSIGTERM: a SIGTERM while a call runs stops the call
// and the server with status 143; stdout carried only JSON-RPC.
func TestMCPServerStopsOnSIGTERM(t *testing.T) {
	bin, dir := realBinary(t), mustDemo(t)
	cmd := exec.Command(bin, "--serve-mcp", "--store", dir, "--allow", "north-campus")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{%s}}`+"\n", meta)
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 4<<20)
	if !lines.Scan() {
		t.Fatalf("no reply to tools/list; stderr:\n%s", stderr)
	}
	var reply map[string]any
	if err := json.Unmarshal(lines.Bytes(), &reply); err != nil || reply["id"] != 1.0 {
		t.Fatalf("stdout line is not the JSON-RPC reply: %q", lines.Text())
	}
	fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"rcx_report","arguments":{"facility_id":"north-campus"},%s}}`+"\n", meta)
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the server did not stop within 30 s of SIGTERM")
	}
	if code := cmd.ProcessState.ExitCode(); code != 143 {
		t.Fatalf("exit %d, want 143; stderr:\n%s", code, stderr)
	}
}
