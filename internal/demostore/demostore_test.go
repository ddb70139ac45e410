package demostore

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/camber-tui/camber-tui/store/demo"
)

func TestCampus(t *testing.T) {
	var c Campus
	if err := c.Remove(); err != nil {
		t.Fatalf("Remove before Root: %v", err)
	}
	root := c.Path(t)
	if again, err := c.Root(); err != nil || again != root {
		t.Fatalf("second Root = %q, %v; want %q (written once)", again, err, root)
	}
	for _, p := range []string{"_facilities.json", "facility_id=north-campus", filepath.FromSlash(demo.ConfigDir)} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("the campus lacks %s: %v", p, err)
		}
	}
	if err := c.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Fatalf("%s is still there after Remove (%v)", root, err)
	}
}
