package mcp

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
)

// TestTranscripts replays testdata/transcripts/*.txtar: each archive's
// "in" file holds the lines a client sends (blank lines and lines starting
// with # are skipped; "!raw <Go string>" sends the unquoted bytes; "!long
// N C <line>" sends <line> with PAD replaced by N copies of the character
// C). Its "out" file gets one line per message read: the reply, or "(no
// reply)"; its "log" file the server's log. Run with -update to rewrite
// them. Tool calls run one at a time, so the order is fixed.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/transcripts/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var in []byte
			for _, file := range ar.Files {
				if file.Name == "in" {
					in = file.Data
				}
			}
			out, log := replay(t, expandInput(t, in))
			got := &txtar.Archive{Comment: ar.Comment, Files: []txtar.File{
				{Name: "in", Data: in},
				{Name: "out", Data: out},
				{Name: "log", Data: log},
			}}
			golden.Check(t, "transcripts/"+name, txtar.Format(got))
		})
	}
}

// expandInput turns the "in" file into the byte stream a client sends.
func expandInput(t *testing.T, in []byte) []byte {
	var stream bytes.Buffer
	for _, line := range strings.Split(string(in), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "!raw "):
			s, err := strconv.Unquote(strings.TrimPrefix(line, "!raw "))
			if err != nil {
				t.Fatalf("bad !raw line %q: %v", line, err)
			}
			stream.WriteString(s)
		case strings.HasPrefix(line, "!long "):
			f := strings.SplitN(strings.TrimPrefix(line, "!long "), " ", 3)
			n, err := strconv.Atoi(f[0])
			if err != nil || len(f) != 3 || len(f[1]) != 1 {
				t.Fatalf("bad !long line %q", line)
			}
			stream.WriteString(strings.Replace(f[2], "PAD", strings.Repeat(f[1], n), 1))
		default:
			stream.WriteString(line)
		}
		stream.WriteByte('\n')
	}
	return stream.Bytes()
}

var durationRE = regexp.MustCompile(`\d+(\.\d+)? (ms|s)\b`)

// replay runs the stream through a fresh server the way ServeStdio reads
// it, running each tool call to its end before the next line.
func replay(t *testing.T, stream []byte) (out, log []byte) {
	var logs bytes.Buffer
	o := testOptions()
	o.Log = &logs
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	r := jsonrpc.NewReader(bytes.NewReader(stream), jsonrpc.MaxLine)
	var b bytes.Buffer
	for {
		ln, err := r.Next()
		if err != nil {
			break
		}
		var reply []byte
		if ln.TooLong {
			reply = s.refuseTooLong(ln)
		} else {
			var job *toolJob
			reply, job = s.dispatchLine(t.Context(), s.sess, ln.Data, "line "+strconv.Itoa(ln.N))
			if job != nil {
				reply = s.execute(job)
			}
		}
		if reply == nil {
			reply = []byte("(no reply)")
		}
		b.Write(reply)
		b.WriteByte('\n')
	}
	return b.Bytes(), durationRE.ReplaceAll(logs.Bytes(), []byte("<t>"))
}
