package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
)

// campus is the demo campus, written once per test binary on first use
// (tests must not modify it).
var campus demostore.Campus

func TestMain(m *testing.M) {
	code := m.Run()
	campus.Remove()
	os.Exit(code)
}

type outcome struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, env map[string]string, args ...string) outcome {
	t.Helper()
	var out, errb bytes.Buffer
	e := map[string]string{"HOME": t.TempDir(), "XDG_CONFIG_HOME": t.TempDir()}
	for k, v := range env {
		e[k] = v
	}
	for _, k := range []string{"CAMBER_TUI_STORE", "CAMBER_TUI_MIN_TRUST", "CAMBER_TUI_THEME", "CAMBER_TUI_CONFIG_FILE"} {
		t.Setenv(k, e[k])
		os.Unsetenv(k)
		if v, ok := e[k]; ok {
			os.Setenv(k, v)
		}
	}
	code := runWith(context.Background(), args, strings.NewReader(""), &out, &errb, func(k string) string { return e[k] })
	return outcome{code, out.String(), errb.String()}
}

func mustDemo(t *testing.T) string {
	t.Helper()
	return campus.Path(t)
}

func TestUsageErrorsExit2WithOneLine(t *testing.T) {
	dir := mustDemo(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"bogus"}, `unknown command "bogus"`},
		{"unknown flag", []string{"facility", "list", "--nope"}, "unknown flag: --nope"},
		{"facility list without store", []string{"facility", "list"}, "facility list needs --store DIR"},
		{"bad min-trust", []string{"call", "facilities", "--store", dir, "--min-trust", "1.5"}, "--min-trust 1.5 is outside 0..1"},
		{"args not JSON", []string{"call", "facilities", "--store", dir, "--args", "{"}, "--args is not JSON"},
		{"args not object", []string{"call", "facilities", "--store", dir, "--args", "[1]"}, "--args must be a JSON object"},
		{"serve without allowlist", []string{"--serve-mcp", "--store", dir}, "--allow"},
		{"serve bad max-concurrent", []string{"--serve-mcp", "--store", dir, "--allow", "north-campus", "--max-concurrent", "+3"}, "max-concurrent"},
		{"set-state bad state", []string{"facility", "set-state", "north-campus", "gone", "--store", dir}, `state "gone" is not one of`},
		{"remove without yes", []string{"facility", "remove", "north-campus", "--store", dir}, "add --yes"},
		{"ingest without mapping", []string{"ingest", "csv", "--store", dir, "--facility", "x", "a.csv"}, "wide CSV needs --mapping"},
		{"ingest unsafe id", []string{"ingest", "csv", "--store", dir, "--facility", "../x", "--mapping", "m.csv", "a.csv"}, "not a safe facility id"},
		{"demo bad preset", []string{"demo", "--store", t.TempDir(), "--preset", "huge"}, "the only preset is big"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, nil, tt.args...)
			if got.code != exitUsage {
				t.Fatalf("exit %d, want 2; stderr %q", got.code, got.stderr)
			}
			lines := strings.Split(strings.TrimRight(got.stderr, "\n"), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], tt.want) {
				t.Fatalf("stderr = %q, want one line containing %q", got.stderr, tt.want)
			}
		})
	}
}

func TestGlobalFlagsBeforeOrAfterSubcommand(t *testing.T) {
	dir := mustDemo(t)
	before := runCLI(t, nil, "--store", dir, "facility", "list")
	after := runCLI(t, nil, "facility", "list", "--store", dir)
	if before.code != 0 || after.code != 0 || before.stdout != after.stdout {
		t.Fatalf("before: %d %q\nafter: %d %q", before.code, before.stderr, after.code, after.stderr)
	}
	for _, want := range []string{"north-campus", "south-annex", "ds-ashrae-gepiii", "active", "188"} {
		if !strings.Contains(before.stdout, want) {
			t.Errorf("facility list lacks %q:\n%s", want, before.stdout)
		}
	}
}

func TestStoreFromEnvironmentAndConfigFile(t *testing.T) {
	dir := mustDemo(t)
	env := runCLI(t, map[string]string{"CAMBER_TUI_STORE": dir}, "facility", "list")
	if env.code != 0 || !strings.Contains(env.stdout, "north-campus") {
		t.Fatalf("CAMBER_TUI_STORE: %d %q", env.code, env.stderr)
	}
	cfgDir := t.TempDir()
	os.MkdirAll(filepath.Join(cfgDir, "camber-tui"), 0o755)
	os.WriteFile(filepath.Join(cfgDir, "camber-tui", "config.yaml"), []byte("store: "+dir+"\n"), 0o644)
	file := runCLI(t, map[string]string{"XDG_CONFIG_HOME": cfgDir}, "facility", "list")
	if file.code != 0 || !strings.Contains(file.stdout, "north-campus") {
		t.Fatalf("config file: %d %q", file.code, file.stderr)
	}
	// Flags win over the environment.
	flag := runCLI(t, map[string]string{"CAMBER_TUI_STORE": "/nonexistent"}, "facility", "list", "--store", dir)
	if flag.code != 0 {
		t.Fatalf("--store must win over CAMBER_TUI_STORE: %d %q", flag.code, flag.stderr)
	}
	bad := runCLI(t, nil, "facility", "list", "--config-file", filepath.Join(cfgDir, "missing.yaml"))
	if bad.code != exitUsage {
		t.Fatalf("a named config file that is missing must be a usage error, got %d %q", bad.code, bad.stderr)
	}
}

func TestCallPrintsResultOrError(t *testing.T) {
	dir := mustDemo(t)
	ok := runCLI(t, nil, "call", "points", "--store", dir, "--args", `{"facility_id":"north-campus"}`)
	if ok.code != 0 {
		t.Fatalf("call points: %d %q", ok.code, ok.stderr)
	}
	var res struct {
		Data      map[string]any `json:"data"`
		Text      string         `json:"text"`
		Facts     []any          `json:"facts"`
		Banners   []string       `json:"banners"`
		Truncated bool           `json:"truncated"`
	}
	if err := json.Unmarshal([]byte(ok.stdout), &res); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, ok.stdout)
	}
	if !strings.Contains(res.Text, "[F1@points-") || len(res.Facts) == 0 {
		t.Fatalf("text %q must cite a tokenised fact id", res.Text)
	}
	refused := runCLI(t, nil, "call", "points", "--store", dir, "--args", `{"facility_id":"ds-ashrae-gepiii"}`)
	if refused.code != exitFailed {
		t.Fatalf("refused call: exit %d, want 1", refused.code)
	}
	var e struct {
		Error struct {
			Code    string         `json:"code"`
			Message string         `json:"message"`
			Data    map[string]any `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(refused.stdout), &e); err != nil || e.Error.Code != "refused_licence" {
		t.Fatalf("stdout = %q, want {\"error\":{\"code\":\"refused_licence\",...}}", refused.stdout)
	}
	notAllowed := runCLI(t, nil, "call", "points", "--store", dir, "--allow", "south-annex", "--args", `{"facility_id":"north-campus"}`)
	if notAllowed.code != exitFailed || !strings.Contains(notAllowed.stdout, `"not_allowed"`) {
		t.Fatalf("facility outside --allow: %d %q", notAllowed.code, notAllowed.stdout)
	}
	unknown := runCLI(t, nil, "call", "nope", "--store", dir)
	if unknown.code != exitFailed || !strings.Contains(unknown.stdout, `"unknown_capability"`) {
		t.Fatalf("unknown capability: %d %q", unknown.code, unknown.stdout)
	}
	if strings.Contains(refused.stdout+notAllowed.stdout+unknown.stdout, dir) {
		t.Fatal("an error printed the store's absolute path")
	}
}

func TestVersion(t *testing.T) {
	got := runCLI(t, nil, "version")
	if got.code != 0 || !strings.HasPrefix(got.stdout, "camber-tui ") {
		t.Fatalf("version: %d %q", got.code, got.stdout)
	}
}

// TestIngestFailureLeavesNothing: a malformed file exits 1 naming the file,
// line and value, and a store the run would have created is not left
// behind.
func TestIngestFailureLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	data := filepath.Join(tmp, "data.csv")
	mapping := filepath.Join(tmp, "map.csv")
	os.WriteFile(data, []byte("time,SAT\n2025-01-01 00:00,55.1\n2025-13-01 00:15,55.3\n"), 0o644)
	os.WriteFile(mapping, []byte("column,equip,equip_class,role\nSAT,AHU-1,AHU,supply_air_temp\n"), 0o644)
	dir := filepath.Join(tmp, "store")
	got := runCLI(t, nil, "ingest", "csv", "--store", dir, "--facility", "hq", "--mapping", mapping, data)
	if got.code != exitFailed || !strings.Contains(got.stderr, `data.csv:3: unparseable timestamp "2025-13-01 00:15"`) {
		t.Fatalf("exit %d stderr %q", got.code, got.stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the failed ingest left %s behind (%v)", dir, err)
	}
	os.WriteFile(data, []byte("time,SAT\n2025-01-01 00:00,55.1\n2025-01-01 00:15,55.3\n"), 0o644)
	if ok := runCLI(t, nil, "ingest", "csv", "--store", dir, "--facility", "hq", "--mapping", mapping, data); ok.code != 0 ||
		!strings.Contains(ok.stdout, "ingested 1 point, 2 rows") {
		t.Fatalf("good ingest: %d %q %q", ok.code, ok.stdout, ok.stderr)
	}
}
