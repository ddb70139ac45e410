package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestFrontEndsReachDataOnlyThroughTheRegistry enforces ARCHITECTURE §2:
// the TUI, the REPL and the MCP server never import the store or the
// analytics (nor registry/builtin, which wires them in); every read goes
// through registry.Call, so no front end can skip the call policy.
func TestFrontEndsReachDataOnlyThroughTheRegistry(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const mod = "github.com/camber-tui/camber-tui/"
	for _, pkg := range []string{"tui/...", "mcp/...", "themes"} {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", mod+pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			rest, ours := strings.CutPrefix(dep, mod)
			if !ours {
				continue
			}
			for _, banned := range []string{"store", "analytics", "registry/builtin"} {
				if rest == banned || strings.HasPrefix(rest, banned+"/") {
					t.Errorf("%s depends on %s", pkg, dep)
				}
			}
		}
	}
	// The registry itself imports neither the store nor the analytics.
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", mod+"registry", mod+"model").CombinedOutput()
	if err != nil {
		t.Fatalf("go list registry: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, mod+"store") || strings.HasPrefix(dep, mod+"analytics") {
			t.Errorf("registry or model depends on %s", dep)
		}
	}
}
