package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/demo"
)

// demoStore is the demo campus, written once for the package's tests into
// a temporary directory and never changed. The REPL itself never imports
// store: only its tests do, to build the fixture.
var demoStore string

// demoFacilities are the demo campus's facilities (ds-ashrae-gepiii holds
// research-only data: the registry refuses it).
var demoFacilities = []string{"ds-ashrae-gepiii", "north-campus", "south-annex"}

func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "camber-repl-test-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	st, err := store.Create(filepath.Join(dir, "store"))
	if err != nil {
		return 0, err
	}
	if _, err := demo.Write(context.Background(), st, demo.Options{Seed: demo.DefaultSeed}); err != nil {
		return 0, err
	}
	demoStore = st.Root()
	return m.Run(), nil
}
