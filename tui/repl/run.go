package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrFailed is what [Run] returns (wrapped, with the count) when input
// ends after one or more commands failed in a non-interactive run. Their
// errors have already been printed, so the command line exits 1 and prints
// nothing more.
var ErrFailed = errors.New("commands failed")

// maxLine bounds one input line.
const maxLine = 1 << 20

// Prompt is what an interactive session shows before each line.
const Prompt = "camber> "

// Run reads lines from opt.In and runs each in one session until quit,
// exit or the end of the input, printing each command's output: text for
// people on opt.Out (error lines on opt.Err), or with opt.JSON one JSON
// object per command on opt.Out (the result, the command's own object, or
// {"error": {code, message, data}}). An error never ends the session.
//
// Non-interactive (a pipe or a script): no prompt, no wrapping, and Run
// returns an error wrapping [ErrFailed] if any command failed (exit status
// 1), nil otherwise (0). Interactive: a prompt before each line, text
// wrapped to opt.Width (the terminal's width, else 80), and nil at the end
// whatever failed. On a terminal (opt.In and opt.Out both one), lines are
// edited with history (up/down) and tab completion; Ctrl-D on an empty
// line or Ctrl-C at the prompt ends the session, and Ctrl-C while a command
// runs cancels that command only.
//
// Run returns ctx's error when ctx ends, and an error when reading the
// input or writing the output fails.
func Run(ctx context.Context, opt Options) error {
	if opt.In == nil {
		opt.In = strings.NewReader("")
	}
	if opt.Out == nil {
		opt.Out = io.Discard
	}
	if opt.Err == nil {
		opt.Err = opt.Out
	}
	tty := opt.Interactive && isTerminal(opt.In) && isTerminal(opt.Out)
	if opt.Interactive && opt.Width == 0 {
		opt.Width = 80
		if w := terminalWidth(opt.Out); w > 0 {
			opt.Width = w
		}
	}
	s := New(opt)
	if opt.Interactive {
		s.Prime(ctx)
		model := "template only"
		if opt.Completer != nil {
			model = "LLM wired"
		}
		if _, err := io.WriteString(opt.Out, "camber-tui REPL ("+model+"): help lists the commands; quit or Ctrl-D ends\n"); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
	}
	var next func() (string, error)
	var exec func(string) Output
	exec = func(line string) Output { return s.Exec(ctx, line) }
	if tty {
		t, err := newTerminal(opt.In, opt.Out, s)
		if err != nil {
			return err
		}
		next = t.readLine
		exec = func(line string) Output { return t.exec(ctx, s, line) }
	} else {
		r := bufio.NewReaderSize(opt.In, 64<<10)
		next = func() (string, error) {
			if opt.Interactive {
				if _, err := io.WriteString(opt.Out, Prompt); err != nil {
					return "", err
				}
			}
			return readLine(r)
		}
	}
	failed, total := 0, 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := next()
		if errors.Is(err, io.EOF) && line == "" {
			if opt.Interactive {
				_, _ = io.WriteString(opt.Out, "\n") // leave the prompt's line
			}
			break
		}
		var out Output
		switch {
		case errors.Is(err, errLineTooLong):
			out = failure(usageErr("the line is longer than %d bytes", maxLine))
			out.Command = "parse"
		case err != nil && !errors.Is(err, io.EOF):
			return fmt.Errorf("read input: %w", err)
		default:
			out = exec(line)
		}
		if out.Command != "" {
			total++
		}
		if out.Failed {
			failed++
		}
		if err := write(opt, out); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		if out.Quit {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if failed > 0 && !opt.Interactive {
		return fmt.Errorf("%w: %d of %d", ErrFailed, failed, total)
	}
	return nil
}

// write prints one output.
func write(opt Options, out Output) error {
	if opt.JSON {
		if b := out.JSON(); b != nil {
			_, err := opt.Out.Write(b)
			return err
		}
		return nil
	}
	w := opt.Out
	if out.Err != nil {
		w = opt.Err
	}
	_, err := io.WriteString(w, out.Text)
	return err
}

// errLineTooLong is a line over maxLine; the rest of it is skipped.
var errLineTooLong = errors.New("line too long")

// readLine reads one line without its newline (and a carriage return
// before it). A line over maxLine is skipped whole and reported.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(b)+len(chunk) > maxLine+2 {
				long, b = true, nil
			} else {
				b = append(b, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && len(b) == 0 && !long:
			return "", err
		}
		if long {
			if err != nil && !errors.Is(err, io.EOF) {
				return "", err
			}
			return "", errLineTooLong
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		if err != nil && !errors.Is(err, io.EOF) {
			return line, err
		}
		return line, nil
	}
}
