package builtin_test

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

// campus is the demo campus, written once for the package's tests and
// never changed (tests that change a store work on a copy); demoStore is
// its root.
var (
	campus    demostore.Campus
	demoStore string
)

// demoFacilities are the demo campus's facilities.
var demoFacilities = []string{"ds-ashrae-gepiii", "north-campus", "south-annex"}

func TestMain(m *testing.M) {
	code := 1
	if root, err := campus.Root(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		demoStore = root
		code = m.Run()
	}
	campus.Remove()
	os.Exit(code)
}

// newDefault returns builtin.Default(), failing the test on error.
func newDefault(t testing.TB) *registry.Registry {
	t.Helper()
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// callCtx is a caller of store dir allowed the given facilities (all of
// the demo campus's when none).
func callCtx(dir string, allow ...string) *registry.CallContext {
	if len(allow) == 0 {
		allow = demoFacilities
	}
	return &registry.CallContext{Store: dir, AllowedFacilities: allow}
}

// copyStore copies the demo store into a fresh directory.
func copyStore(t testing.TB) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "store")
	err := filepath.WalkDir(demoStore, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(demoStore, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		src, err := os.Open(p)
		if err != nil {
			return err
		}
		defer src.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, src); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// tokenPattern matches the token of a fact id, for golden files (the token
// depends on file modification times).
var tokenPattern = regexp.MustCompile(`(F[0-9]+@[a-z_]+)-[0-9a-f]{6}`)

// maskTokens returns v as indented JSON with fact tokens masked.
func maskTokens(t testing.TB, v any) []byte {
	t.Helper()
	b, err := jsonIndent(v)
	if err != nil {
		t.Fatal(err)
	}
	return tokenPattern.ReplaceAll(b, []byte("${1}-TOKEN"))
}
