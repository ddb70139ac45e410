package agent

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The read-only guard (seed 003, "Guarantees"): every non-test file of
// agent/... is parsed and checked. It fails on
//   - a vendor LLM SDK or any module outside the standard library and this
//     module (the agent and its adapters are standard library only);
//   - a package of this module other than the agent's own and registry
//     (the agent reads facts, never the store or the analytics);
//   - network, process and system-call packages anywhere but the files
//     that need them (net/http in llm/openai.go and, for the client's type,
//     llm/config.go; os/exec in llm/command.go and, for the command's type,
//     llm/proc_*.go; syscall in llm/proc_unix.go);
//   - a write or actuation symbol: file writes, removals and permission
//     changes, process execution outside llm/command.go, raw HTTP helpers,
//     and the names of building-automation write operations.

const module = "github.com/camber-tui/camber-tui/"

// vendorWords mark an LLM SDK in an import path.
var vendorWords = []string{"openai", "anthropic", "genai", "generative-ai", "generativeai", "ollama", "cohere",
	"mistral", "langchain", "bedrock", "vertexai", "huggingface", "replicate", "groq", "llama", "gemini", "claude"}

// restricted packages and the files (relative to agent/) allowed to use them.
var restricted = map[string][]string{
	"net/http": {"llm/openai.go", "llm/config.go"}, "net/url": {"llm/openai.go"},
	"os/exec": {"llm/command.go", "llm/proc_unix.go", "llm/proc_other.go"},
	"syscall": {"llm/proc_unix.go"}, "net": nil, "net/rpc": nil, "net/smtp": nil, "os/signal": nil,
	"plugin": nil, "unsafe": nil, "io/ioutil": nil,
}

// writeSymbols are package-qualified calls that write, remove, execute or
// reach out; the value lists the files allowed to use one.
var writeSymbols = map[string][]string{
	"os.WriteFile": nil, "os.Create": nil, "os.CreateTemp": nil, "os.OpenFile": nil, "os.Remove": nil,
	"os.RemoveAll": nil, "os.Rename": nil, "os.Mkdir": nil, "os.MkdirAll": nil, "os.MkdirTemp": nil,
	"os.Chmod": nil, "os.Chown": nil, "os.Lchown": nil, "os.Chtimes": nil, "os.Symlink": nil, "os.Link": nil,
	"os.Truncate": nil, "os.StartProcess": nil, "os.Setenv": nil, "os.Unsetenv": nil, "os.Exit": nil,
	"exec.Command": {"llm/command.go"}, "exec.CommandContext": {"llm/command.go"},
	"syscall.Exec": nil, "syscall.ForkExec": nil, "syscall.Kill": {"llm/proc_unix.go"},
	"http.Post": nil, "http.PostForm": nil, "http.Get": nil, "http.Head": nil, "http.ListenAndServe": nil,
}

// bmsWriteWords are names of building-automation write and actuation
// operations; none may appear in an identifier or a string.
var bmsWriteWords = []string{"writeproperty", "write_property", "bacnet", "modbus", "hiswrite", "pointwrite",
	"invokeaction", "priorityarray", "priority_array", "relinquish", "pointoverride", "setpointwrite"}

// guardViolations returns what the guard finds in one file (path relative
// to agent/, with forward slashes).
func guardViolations(rel string, src []byte) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return []string{rel + ": " + err.Error()}
	}
	var out []string
	bad := func(pos token.Pos, what string) {
		out = append(out, fset.Position(pos).String()+": "+what)
	}
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		lower := strings.ToLower(path)
		for _, w := range vendorWords {
			if strings.Contains(lower, w) {
				bad(imp.Pos(), "imports a vendor LLM SDK: "+path)
			}
		}
		first, _, _ := strings.Cut(path, "/")
		switch {
		case strings.HasPrefix(path, module):
			sub := strings.TrimPrefix(path, module)
			if sub != "registry" && sub != "agent" && !strings.HasPrefix(sub, "agent/") {
				bad(imp.Pos(), "imports "+path+": the agent reads facts only (registry and agent packages)")
			}
		case strings.Contains(first, "."):
			bad(imp.Pos(), "imports a module outside the standard library: "+path)
		}
		if allowed, ok := restricted[path]; ok && !slices.Contains(allowed, rel) {
			bad(imp.Pos(), "imports "+path+" outside the file allowed to")
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = path
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if path, ok := names[id.Name]; ok {
					sym := path[strings.LastIndex(path, "/")+1:] + "." + x.Sel.Name
					if allowed, ok := writeSymbols[sym]; ok && !slices.Contains(allowed, rel) {
						bad(x.Pos(), "uses "+sym)
					}
				}
			}
		case *ast.Ident:
			checkWords(x.Name, func(w string) { bad(x.Pos(), "names a building-automation write operation: "+w) })
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				checkWords(x.Value, func(w string) { bad(x.Pos(), "names a building-automation write operation: "+w) })
			}
		}
		return true
	})
	return out
}

func checkWords(s string, report func(string)) {
	lower := strings.ToLower(s)
	for _, w := range bmsWriteWords {
		if strings.Contains(lower, w) {
			report(w)
		}
	}
}

func TestReadOnlyGuard(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for _, v := range guardViolations(filepath.ToSlash(path), src) {
			t.Error(v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 15 {
		t.Fatalf("the guard read only %d files of agent/...", n)
	}
}

// TestReadOnlyGuard_Catches proves the guard fails on what it must refuse.
func TestReadOnlyGuard_Catches(t *testing.T) {
	for _, tc := range []struct {
		rel, src, want string
	}{
		{"explain.go", `package agent; import openai "github.com/sashabaranov/go-openai"; var _ = openai.X`, "vendor LLM SDK"},
		{"llm/x.go", `package llm; import "github.com/anthropics/anthropic-sdk-go"`, "vendor LLM SDK"},
		{"fact.go", `package agent; import "github.com/camber-tui/camber-tui/store"`, "reads facts only"},
		{"fact.go", `package agent; import "gopkg.in/yaml.v3"`, "outside the standard library"},
		{"fact.go", `package agent; import "net/http"`, "outside the file allowed"},
		{"llm/openai.go", `package llm; import "os/exec"`, "outside the file allowed"},
		{"fact.go", `package agent; import "os"; func f() { os.WriteFile("x", nil, 0o644) }`, "uses os.WriteFile"},
		{"fact.go", `package agent; import stdos "os"; func f() { stdos.Remove("x") }`, "uses os.Remove"},
		{"llm/openai.go", `package llm; import "net/http"; func f() { http.Post("u", "", nil) }`, "uses http.Post"},
		{"fact.go", `package agent; func WriteProperty() {}`, "write operation: writeproperty"},
		{"fact.go", `package agent; var s = "bacnet://10.0.0.1"`, "write operation: bacnet"},
	} {
		got := strings.Join(guardViolations(tc.rel, []byte(tc.src)), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q: violations %q, want %q", tc.rel, tc.src, got, tc.want)
		}
	}
	if v := guardViolations("llm/command.go", []byte(`package llm; import "os/exec"; func f() { exec.Command("x") }`)); len(v) != 0 {
		t.Errorf("the allowed exec in llm/command.go was refused: %v", v)
	}
}
