package repl

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExport(t *testing.T) {
	dir := t.TempDir()
	s := fakeSession(t)
	ctx := context.Background()
	if out := s.Exec(ctx, "export "+filepath.Join(dir, "none.json")); out.Err == nil || out.Err.Code != CodeUsage {
		t.Fatalf("export before any result: %v", out.Err)
	}
	s.Exec(ctx, "open alpha")
	s.Exec(ctx, "call rule_run limit=2")

	jsonFile := filepath.Join(dir, "run.json")
	if out := s.Exec(ctx, "export "+jsonFile); out.Err != nil {
		t.Fatal(out.Err)
	}
	var doc struct {
		Capability string         `json:"capability"`
		Arguments  map[string]any `json:"arguments"`
		Result     struct {
			Facts   []map[string]any `json:"facts"`
			Banners []string         `json:"banners"`
		} `json:"result"`
	}
	b, _ := os.ReadFile(jsonFile)
	if err := json.Unmarshal(b, &doc); err != nil || doc.Capability != "rule_run" || doc.Arguments["facility_id"] != "alpha" || len(doc.Result.Facts) != 3 || len(doc.Result.Banners) != 1 {
		t.Fatalf("exported JSON: %v\n%s", err, b)
	}

	mdFile := filepath.Join(dir, "run.MD")
	if out := s.Exec(ctx, "export "+mdFile); out.Err != nil {
		t.Fatal(out.Err)
	}
	md, _ := os.ReadFile(mdFile)
	for _, want := range []string{"# rule_run\n", "Arguments: `facility_id=alpha` `limit=2`", "> **NOTICE:** 'findings' shows rows 1-2 of 5",
		"## findings (rows 1-2 of 5)", "| finding_id | severity |", "| simultaneous_heat_cool@AHU-1 | fault |", "## Facts", "- **F2@rule_run-"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}

	// An existing file is refused and left as it was; export! replaces it.
	if out := s.Exec(ctx, "export "+jsonFile); out.Err == nil || out.Err.Code != CodeExists {
		t.Fatalf("export over a file: %v", out.Err)
	}
	if again, _ := os.ReadFile(jsonFile); string(again) != string(b) {
		t.Fatal("a refused export changed the file")
	}
	s.Exec(ctx, "call points limit=1")
	if out := s.Exec(ctx, "export! "+jsonFile); out.Err != nil {
		t.Fatal(out.Err)
	}
	if again, _ := os.ReadFile(jsonFile); !strings.Contains(string(again), `"capability": "points"`) {
		t.Fatalf("export! did not replace the file:\n%s", again)
	}

	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("the directory holds %q, want the two exports only", names)
	}
}

func TestExport_Errors(t *testing.T) {
	dir := t.TempDir()
	s := fakeSession(t)
	ctx := context.Background()
	s.Exec(ctx, "facilities")
	tests := []struct {
		name, line, code, msg string
	}{
		{"ErrNoFile", "export", CodeUsage, "export takes one file name"},
		{"ErrTwoFiles", "export a b", CodeUsage, "export takes one file name"},
		{"ErrMissingDir", "export " + filepath.Join(dir, "no", "such", "x.json"), CodeWriteFailed, "its directory does not exist"},
		{"ErrDirectory", "export " + dir, CodeWriteFailed, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := s.Exec(ctx, tt.line)
			if out.Err == nil || out.Err.Code != tt.code || !strings.Contains(out.Err.Message, tt.msg) {
				t.Fatalf("%s: %v, want %s …%s…", tt.line, out.Err, tt.code, tt.msg)
			}
		})
	}
	// A failure names the file as given, never another path.
	out := s.Exec(ctx, "export no-dir/x.json")
	if out.Err == nil || out.Err.Message != "export: cannot write no-dir/x.json: its directory does not exist" {
		t.Fatalf("got %v", out.Err)
	}
	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		out := s.Exec(ctx, "export "+filepath.Join(ro, "x.json"))
		if out.Err == nil || !strings.Contains(out.Err.Message, "permission denied") {
			t.Fatalf("read-only directory: %v", out.Err)
		}
	}
}
