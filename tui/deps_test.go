package tui

import (
	"os/exec"
	"strings"
	"testing"
)

// TestFrontEndImports checks that the TUI reaches data only through the
// registry: no package under tui/ (nor themes) depends on the store, the
// analytics or the built-in capabilities (which wire the store in).
func TestFrontEndImports(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list dependencies with")
	}
	const mod = "github.com/camber-tui/camber-tui"
	out, err := exec.Command(goBin, "list", "-e", "-deps", mod+"/tui/...", mod+"/themes").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list found only %d packages", len(deps))
	}
	for _, d := range deps {
		for _, banned := range []string{mod + "/store", mod + "/analytics", mod + "/registry/builtin"} {
			if d == banned || strings.HasPrefix(d, banned+"/") {
				t.Errorf("the TUI depends on %s", d)
			}
		}
	}
}
