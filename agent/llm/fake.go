package llm

import (
	"context"
	"sync"

	"github.com/camber-tui/camber-tui/agent"
)

// Fake is a scripted completer for tests: it returns Answers in order (the
// last one again once they run out) or, when Err is set, Err; and it
// records every prompt and options it was given. It is safe for concurrent
// use.
type Fake struct {
	Answers []string
	Err     error

	mu      sync.Mutex
	calls   int
	prompts []string
	opts    []agent.Options
}

// Scripted returns a fake that answers answers in order.
func Scripted(answers ...string) *Fake { return &Fake{Answers: answers} }

// Complete returns the next scripted answer, or the context's error when
// it has ended.
func (f *Fake) Complete(ctx context.Context, prompt string, opt agent.Options) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.prompts = append(f.prompts, prompt)
	f.opts = append(f.opts, opt)
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if f.Err != nil {
		return "", f.Err
	}
	if len(f.Answers) == 0 {
		return "", nil
	}
	a := f.Answers[min(f.calls, len(f.Answers)-1)]
	f.calls++
	return a, nil
}

// Prompts returns the prompts received, in order.
func (f *Fake) Prompts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.prompts...)
}

// Options returns the options received, in order.
func (f *Fake) Options() []agent.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]agent.Options(nil), f.opts...)
}
