package repl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// runFake runs input through Run over the fake registry.
func runFake(t *testing.T, input string, mod func(*Options)) (string, string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	opt := Options{Caller: fakeRegistry(t), CallContext: fakeCC(), In: strings.NewReader(input), Out: &out, Err: &errs,
		Themes: []string{"dark"}}
	if mod != nil {
		mod(&opt)
	}
	err := Run(context.Background(), opt)
	return out.String(), errs.String(), err
}

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		input      string
		mod        func(*Options)
		failed     bool // Run returns ErrFailed
		out, errs  []string
		notOut     []string
		jsonLines  int // with JSON: the output lines, each one object
		failedText string
	}{
		{name: "Empty", input: ""},
		{name: "OK", input: "facilities\nopen alpha\n", out: []string{"2 facilities are served", "open: alpha"}},
		{name: "NoFinalNewline", input: "open alpha", out: []string{"open: alpha"}},
		{name: "CRLF", input: "open alpha\r\nfacts\r\n", out: []string{"F1@points-"}},
		{name: "FailedExitsOne", input: "open alpha\nbogus\nfacts\n", failed: true, failedText: "commands failed: 1 of 3",
			out: []string{"open: alpha", "1 fact"}, errs: []string{"error: unknown_command: unknown command bogus"}},
		{name: "QuitStops", input: "open alpha\nquit\nbogus\n", out: []string{"open: alpha"}, notOut: []string{"bogus"}},
		{name: "CommentsAndBlanks", input: "# note\n\n   \nopen alpha # why\n", out: []string{"open: alpha"}},
		{name: "LongLine", input: "open alpha\ncall points " + strings.Repeat("x", maxLine+10) + "\nfacts\n", failed: true,
			failedText: "1 of 3", errs: []string{"error: usage: the line is longer than 1048576 bytes"}, out: []string{"1 fact"}},
		{name: "InteractivePromptsAndGoesOn", input: "bogus\nopen alpha\n", mod: func(o *Options) { o.Interactive = true },
			out: []string{Prompt + Prompt + "open: alpha"}, errs: []string{"error: unknown_command"}},
		{name: "JSON", input: "facilities\nbogus\n\nopen alpha\nquit\n", mod: func(o *Options) { o.JSON = true }, failed: true,
			failedText: "1 of 4", jsonLines: 4, out: []string{`{"error":{"code":"unknown_command"`, `{"quit":true}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, err := runFake(t, tt.input, tt.mod)
			if tt.failed != errors.Is(err, ErrFailed) || (!tt.failed && err != nil) {
				t.Fatalf("Run = %v, want failed %v", err, tt.failed)
			}
			if tt.failed && !strings.Contains(err.Error(), tt.failedText) {
				t.Errorf("Run = %v, want it to say %q", err, tt.failedText)
			}
			for _, w := range tt.out {
				if !strings.Contains(out, w) {
					t.Errorf("out lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tt.errs {
				if !strings.Contains(errs, w) {
					t.Errorf("err lacks %q:\n%s", w, errs)
				}
			}
			for _, w := range tt.notOut {
				if strings.Contains(out+errs, w) {
					t.Errorf("output has %q", w)
				}
			}
			if tt.jsonLines > 0 {
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if len(lines) != tt.jsonLines || errs != "" {
					t.Fatalf("JSON: %d lines (want %d), stderr %q:\n%s", len(lines), tt.jsonLines, errs, out)
				}
				for _, l := range lines {
					var v map[string]any
					if err := json.Unmarshal([]byte(l), &v); err != nil {
						t.Errorf("not one JSON object: %s", l)
					}
				}
			}
		})
	}
}

func TestRun_InteractiveWraps(t *testing.T) {
	out, _, err := runFake(t, "help\n", func(o *Options) { o.Interactive = true })
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(strings.TrimPrefix(l, Prompt))) > 80 {
			t.Errorf("line over 80 columns: %q", l)
		}
	}
}

func TestRun_Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Run(ctx, Options{Caller: fakeRegistry(t), CallContext: fakeCC(), In: strings.NewReader("facilities\n")})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRun_WriteError(t *testing.T) {
	err := Run(context.Background(), Options{Caller: fakeRegistry(t), CallContext: fakeCC(),
		In: strings.NewReader("facilities\n"), Out: failingWriter{}})
	if err == nil || !strings.Contains(err.Error(), "write output: disk full") {
		t.Fatalf("Run = %v", err)
	}
}
