package repl

import (
	"context"
	"io"
	"os"
	"os/signal"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"
)

// isTerminal reports whether v is a terminal file.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth returns the columns of a terminal file (0 when unknown).
func terminalWidth(v any) int {
	f, ok := v.(*os.File)
	if !ok {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return w
}

// terminal edits lines on a terminal: raw mode while a line is read (with
// history and tab completion), the terminal's own mode while a command runs,
// so Ctrl-C then is an interrupt that cancels the command.
type terminal struct {
	fd int
	t  *term.Terminal
}

// newTerminal returns the line editor of in and out (both terminals).
func newTerminal(in io.Reader, out io.Writer, s *Session) (*terminal, error) {
	f := in.(*os.File)
	rw := struct {
		io.Reader
		io.Writer
	}{f, out}
	t := &terminal{fd: int(f.Fd()), t: term.NewTerminal(rw, Prompt)}
	t.t.AutoCompleteCallback = func(line string, pos int, key rune) (string, int, bool) {
		if key != '\t' {
			return "", 0, false
		}
		return t.complete(s, line, pos)
	}
	return t, nil
}

// readLine reads one line in raw mode.
func (t *terminal) readLine() (string, error) {
	old, err := term.MakeRaw(t.fd)
	if err != nil {
		return "", err
	}
	defer term.Restore(t.fd, old)
	return t.t.ReadLine()
}

// exec runs a line with Ctrl-C (SIGINT, the terminal back in its own mode)
// cancelling it; the goroutine waiting for the signal ends with the command.
func (t *terminal) exec(ctx context.Context, s *Session, line string) Output {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sig:
			cancel()
		case <-done:
		}
	}()
	return s.Exec(cctx, line)
}

// complete is tab completion: one candidate replaces the word, several
// extend it to their common prefix or, when they share no more, are listed.
func (t *terminal) complete(s *Session, line string, pos int) (string, int, bool) {
	start, words := s.CompleteWords(line, pos)
	switch len(words) {
	case 0:
		return "", 0, false
	case 1:
		w := words[0]
		if !strings.HasSuffix(w, "=") {
			w += " "
		}
		return line[:start] + w + line[pos:], start + len(w), true
	}
	p := commonPrefix(words)
	if len(p) > pos-start {
		return line[:start] + p + line[pos:], start + len(p), true
	}
	_, _ = t.t.Write([]byte(strings.Join(words, "  ") + "\n"))
	return "", 0, false
}

// commonPrefix returns the longest byte prefix all words share.
func commonPrefix(words []string) string {
	p := words[0]
	for _, w := range words[1:] {
		for !strings.HasPrefix(w, p) {
			p = p[:len(p)-1]
		}
	}
	for len(p) > 0 && !utf8.ValidString(p) {
		p = p[:len(p)-1]
	}
	return p
}
