// Package golden compares test output with files under testdata/ and
// rewrites them when the tests run with -update:
//
//	go test ./registry/builtin -run TestGolden -update
//
// It is the one golden-file helper of the module, so every package shares
// the same flag.
package golden

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with testdata/<name> (name may contain slashes). With
// -update it writes got there instead. A mismatch fails the test with the
// first differing line.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run with -update to create it)", path, err)
	}
	if bytes.Equal(want, got) {
		return
	}
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Fatalf("golden %s differs at line %d:\n want: %q\n  got: %q\n(run with -update to accept)", path, i+1, w, g)
		}
	}
}

// CheckJSON marshals v with two-space indentation and a final newline and
// compares it as Check does.
func CheckJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	Check(t, name, append(b, '\n'))
}
