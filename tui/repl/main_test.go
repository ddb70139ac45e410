package repl

import (
	"fmt"
	"os"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
)

// campus is the demo campus, written once for the package's tests into
// a temporary directory and never changed; demoStore is its root. The REPL
// itself never imports store: only its tests do, to build the fixture.
var (
	campus    demostore.Campus
	demoStore string
)

// demoFacilities are the demo campus's facilities (ds-ashrae-gepiii holds
// research-only data: the registry refuses it).
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
