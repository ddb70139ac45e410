package llm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/agent"
)

// maxAnswer bounds an answer read from a model (4 MiB).
const maxAnswer = 4 << 20

// CommandCompleter runs an external program per completion: the prompt
// (after the system instruction and a blank line) on stdin, the answer on
// stdout. It is safe for concurrent use; each call runs its own process.
type CommandCompleter struct {
	argv    []string
	timeout time.Duration
}

// Command returns a completer that runs argv. timeout bounds one call
// (zero: only the caller's context does). The process, and every process
// it started, is killed when the call's context ends or the timeout passes.
func Command(argv []string, timeout time.Duration) (*CommandCompleter, error) {
	if len(argv) == 0 || strings.TrimSpace(argv[0]) == "" {
		return nil, errors.New("llm.command: no program to run")
	}
	if timeout < 0 {
		return nil, fmt.Errorf("llm.timeout: %s is negative", timeout)
	}
	return &CommandCompleter{argv: append([]string(nil), argv...), timeout: timeout}, nil
}

// String names the program (its base name only).
func (c *CommandCompleter) String() string { return "command " + filepath.Base(c.argv[0]) }

// Complete runs the program once. An exit status other than zero is an
// error that carries the status and the end of stderr.
func (c *CommandCompleter) Complete(ctx context.Context, prompt string, opt agent.Options) (string, error) {
	name := filepath.Base(c.argv[0])
	run := ctx
	if c.timeout > 0 {
		var cancel context.CancelFunc
		run, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	input := prompt
	if opt.System != "" {
		input = opt.System + "\n\n" + prompt
	}
	cmd := exec.CommandContext(run, c.argv[0], c.argv[1:]...)
	cmd.Stdin = strings.NewReader(input)
	stdout := &capped{max: maxAnswer}
	stderr := &tail{max: 2048}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	killGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return "", fmt.Errorf("llm command %s: %w", name, ctx.Err())
	case run.Err() != nil:
		return "", fmt.Errorf("llm command %s: no answer within %s", name, c.timeout)
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return "", fmt.Errorf("llm command %s: not found or not executable", name)
	case err != nil:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", fmt.Errorf("llm command %s: %s%s", name, exit.ProcessState, stderr.excerpt())
		}
		return "", fmt.Errorf("llm command %s: %s", name, scrubPaths(err.Error()))
	case stdout.over:
		return "", fmt.Errorf("llm command %s: answer longer than %d bytes", name, maxAnswer)
	}
	out := strings.TrimSpace(stdout.String())
	if out == "" {
		return "", fmt.Errorf("llm command %s: no answer on stdout%s", name, stderr.excerpt())
	}
	return out, nil
}

// capped is a buffer that keeps at most max bytes and notes overflow.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); len(p) > room {
		c.over = true
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

// tail keeps the last max bytes written.
type tail struct {
	buf []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// excerpt returns ": <the end of stderr on one line>" or "".
func (t *tail) excerpt() string {
	s := clean(string(t.buf))
	if s == "" {
		return ""
	}
	if r := []rune(s); len(r) > 300 {
		s = "…" + string(r[len(r)-300:])
	}
	return ": " + scrubPaths(s)
}

// scrubPaths replaces absolute paths in an error message with their base
// names, so no local path reaches a client.
func scrubPaths(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		t := strings.Trim(w, `"':,()`)
		if filepath.IsAbs(t) && len(t) > 1 {
			f[i] = strings.Replace(w, t, "<path>/"+filepath.Base(t), 1)
		}
	}
	return strings.Join(f, " ")
}
