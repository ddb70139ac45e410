package llm

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/agent"
)

func TestFromSettings(t *testing.T) {
	t.Setenv("CAMBER_TEST_LLM_KEY", "k")
	for _, tc := range []struct {
		name    string
		m       map[string]any
		want    string // the completer's String(), "" for none
		wantErr string
	}{
		{"nothing wired", nil, "", ""},
		{"empty section", map[string]any{}, "", ""},
		{"command list", map[string]any{"command": []any{"llm", "-m", "mistral"}}, "command llm", ""},
		{"command string", map[string]any{"command": "ollama run qwen2.5:7b", "timeout": "90s"}, "command ollama", ""},
		{"openai", map[string]any{"url": "http://localhost:11434/v1", "model": "qwen2.5:7b", "api_key_env": "CAMBER_TEST_LLM_KEY", "timeout": 30},
			"openai-compatible http://localhost:11434/v1/chat/completions model qwen2.5:7b", ""},
		{"kind picks one", map[string]any{"kind": "openai", "command": "x", "url": "http://h/v1", "model": "m"}, "openai-compatible http://h/v1/chat/completions model m", ""},
		{"both without kind", map[string]any{"command": "x", "url": "http://h/v1", "model": "m"}, "", "both llm.command and llm.url"},
		{"key in the file", map[string]any{"url": "http://h/v1", "model": "m", "api_key": "sk-1"}, "", "llm.api_key: a key is never read"},
		{"unknown key", map[string]any{"uri": "http://h/v1"}, "", "llm.uri: unknown key"},
		{"wrong type", map[string]any{"url": 5}, "", "llm.url: want a string, got int"},
		{"wrong command element", map[string]any{"command": []any{"llm", 3}}, "", "llm.command[1]: want a string"},
		{"bad timeout", map[string]any{"command": "x", "timeout": "soon"}, "", `llm.timeout: "soon" is not a duration`},
		{"zero timeout", map[string]any{"command": "x", "timeout": 0}, "", "llm.timeout: must be positive"},
		{"model without url", map[string]any{"model": "m"}, "", "without llm.url"},
		{"bad kind", map[string]any{"kind": "grpc"}, "", `llm.kind: "grpc" is not command or openai`},
		{"kind without its key", map[string]any{"kind": "command"}, "", "llm.command is not set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := FromSettings(tc.m)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || c != nil {
					t.Fatalf("got %v, %v; want error %q", c, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if c != nil {
				got = c.(interface{ String() string }).String()
			}
			if got != tc.want {
				t.Errorf("completer %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFromConfig_Timeout(t *testing.T) {
	c, err := FromConfig(Config{Command: []string{"llm"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.(*CommandCompleter).timeout; got != DefaultTimeout {
		t.Errorf("timeout %s, want %s", got, DefaultTimeout)
	}
}

func TestFake(t *testing.T) {
	f := Scripted("one", "two")
	for _, want := range []string{"one", "two", "two"} {
		if got, err := f.Complete(context.Background(), "p-"+want, agent.Options{System: "s"}); got != want || err != nil {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}
	if p := f.Prompts(); len(p) != 3 || p[0] != "p-one" || f.Options()[2].System != "s" {
		t.Errorf("prompts %q", p)
	}
	boom := errors.New("boom")
	if _, err := (&Fake{Err: boom}).Complete(context.Background(), "p", agent.Options{}); !errors.Is(err, boom) {
		t.Errorf("err %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if _, err := f.Complete(ctx, "p", agent.Options{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v", err)
	}
	var _ agent.Completer = f
}
