package repl

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

// tokenPattern matches the token of a fact id: it depends on the store's
// file times, so transcripts mask it.
var tokenPattern = regexp.MustCompile(`(F[0-9]+@[a-z_]+)-[0-9a-f]{6}\b`)

// factRef is ${F2@rule_run} in a transcript's input: the session's one
// fact with that id and a call token (the token changes with the store's
// file times, so an input cannot spell it).
var factRef = regexp.MustCompile(`\$\{[^}]+\}`)

// TestTranscripts runs each testdata/transcripts/*.txtar against
// builtin.Default() on the demo store: the lines of its "input" file, one
// session, each line echoed as "> line" and followed by what Run would
// print for it (text, or JSON with "json" in its "flags" file; "width=N"
// wraps; ${F2@rule_run} is the session's fact of that id). The archive's "output" and "status" files and a file per file
// the session wrote under $WORK are the golden part (go test -update
// rewrites them).
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := runTranscript(t, reg, a)
			golden.Check(t, "transcripts/"+name+".txtar", txtar.Format(got))
		})
	}
}

// section returns the archive file called name.
func section(a *txtar.Archive, name string) (string, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

// runTranscript runs an archive's input and returns the archive with its
// output, status and written files.
func runTranscript(t *testing.T, reg *registry.Registry, a *txtar.Archive) *txtar.Archive {
	t.Helper()
	input, ok := section(a, "input")
	if !ok {
		t.Fatal("the transcript has no input file")
	}
	flags, _ := section(a, "flags")
	opt := Options{
		Caller:      reg,
		CallContext: &registry.CallContext{Store: demoStore, AllowedFacilities: demoFacilities},
		Themes:      []string{"dark", "light", "high-contrast", "mono"},
	}
	for _, f := range strings.Fields(flags) {
		switch {
		case f == "json":
			opt.JSON = true
		case strings.HasPrefix(f, "width="):
			opt.Width, _ = strconv.Atoi(strings.TrimPrefix(f, "width="))
		default:
			t.Fatalf("unknown flag %q", f)
		}
	}
	work := t.TempDir()
	s := New(opt)
	var out bytes.Buffer
	opt.Out, opt.Err = &out, &out
	failed, total := 0, 0
	ctx := context.Background()
	for _, line := range strings.Split(strings.TrimSuffix(input, "\n"), "\n") {
		out.WriteString("> " + line + "\n")
		line := factRef.ReplaceAllStringFunc(strings.ReplaceAll(line, "$WORK", work), func(m string) string {
			f, e := s.lookupFact(m[2 : len(m)-1])
			if e != nil {
				t.Fatalf("%s: %v", m, e)
			}
			return f.ID
		})
		o := s.Exec(ctx, line)
		if o.Command != "" {
			total++
		}
		if o.Failed {
			failed++
		}
		if err := write(opt, o); err != nil {
			t.Fatal(err)
		}
		if o.Quit {
			break
		}
	}
	mask := func(b []byte) []byte {
		b = bytes.ReplaceAll(b, []byte(work), []byte("$WORK"))
		b = bytes.ReplaceAll(b, []byte(demoStore), []byte("$STORE"))
		return tokenPattern.ReplaceAll(b, []byte("${1}-TOKEN"))
	}
	status := "0\n"
	if failed > 0 {
		status = "1 (" + strconv.Itoa(failed) + " of " + strconv.Itoa(total) + " commands failed)\n"
	}
	res := &txtar.Archive{Comment: a.Comment}
	if flags != "" {
		res.Files = append(res.Files, txtar.File{Name: "flags", Data: []byte(flags)})
	}
	res.Files = append(res.Files,
		txtar.File{Name: "input", Data: []byte(input)},
		txtar.File{Name: "output", Data: mask(out.Bytes())},
		txtar.File{Name: "status", Data: []byte(status)})
	entries, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(work, n))
		if err != nil {
			t.Fatal(err)
		}
		res.Files = append(res.Files, txtar.File{Name: "$WORK/" + n, Data: mask(b)})
	}
	return res
}
