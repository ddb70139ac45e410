package llm

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/agent"
)

// script writes a shell script "model" and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "model.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCommand_Complete(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		timeout    time.Duration
		want       string // answer, or error substring when wantErr
		wantErr    bool
	}{
		{"echoes stdin", "cat", 0, "SYSTEM\n\nPROMPT", false},
		{"trims the answer", "printf '\\n  answer [F1].  \\n\\n'", 0, "answer [F1].", false},
		{"exit status and stderr", "echo 'model not loaded' >&2; exit 3", 0, "exit status 3: model not loaded", true},
		{"no output", "cat >/dev/null", 0, "no answer on stdout", true},
		{"timeout kills the process group", "sleep 30 & wait", 300 * time.Millisecond, "no answer within 300ms", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Command([]string{"/bin/sh", script(t, tc.body)}, tc.timeout)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Complete(context.Background(), "PROMPT", agent.Options{System: "SYSTEM"})
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("err %v, want %q", err, tc.want)
				}
				if strings.Contains(err.Error(), os.TempDir()) {
					t.Errorf("error names a local path: %v", err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestCommand_Cancel(t *testing.T) {
	c, _ := Command([]string{"/bin/sh", script(t, "sleep 30")}, 0)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	if _, err := c.Complete(ctx, "x", agent.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}

func TestCommand_Errors(t *testing.T) {
	if _, err := Command(nil, 0); err == nil {
		t.Error("no argv accepted")
	}
	if _, err := Command([]string{"x"}, -time.Second); err == nil {
		t.Error("negative timeout accepted")
	}
	dir := t.TempDir()
	c, _ := Command([]string{filepath.Join(dir, "no-such-runner")}, 0)
	_, err := c.Complete(context.Background(), "x", agent.Options{})
	if err == nil || !strings.Contains(err.Error(), "no-such-runner: not found") || strings.Contains(err.Error(), dir) {
		t.Errorf("err %v: want not found, without the directory", err)
	}
	if got := c.String(); got != "command no-such-runner" {
		t.Errorf("String() = %q", got)
	}
}

// TestCommand_Explain runs the agent's model path through a shell-script
// model that mixes a grounded sentence with invented ones: the answer comes
// back verified.
func TestCommand_Explain(t *testing.T) {
	b := agent.NewBuilder()
	usd := 2897.3
	b.Findings([]agent.Finding{{Rule: "simultaneous_heat_cool", Equip: "AHU-1", Severity: "fault",
		Summary: "Both coils open 20% of hours.", Cost: &agent.Cost{AnnualUSD: &usd}}})
	c, _ := Command([]string{"/bin/sh", script(t, `cat >/dev/null; echo 'Both coils were open 20% of hours [F1]. That costs $9,999 [C1]. See [Z9] too.'`)}, 5*time.Second)
	g, err := agent.Explain(context.Background(), b.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	if g.Source != agent.SourceLLM || g.Text != "Both coils were open 20% of hours [F1]. See too." || g.Grounded {
		t.Errorf("answer %+v", g)
	}
}
