package mcp

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLaunchCheck(t *testing.T) {
	store := t.TempDir()
	cfg := filepath.Join(t.TempDir(), "hq.yaml")
	if err := os.WriteFile(cfg, []byte("facility: hq\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ok := Launch{Store: store, Allow: []string{"hq"}}
	tests := []struct {
		name string
		edit func(*Launch)
		want string // "" accepted, else a part of the one-line error
	}{
		{"defaults", func(*Launch) {}, ""},
		{"all active", func(l *Launch) { l.Allow, l.AllowAllActive = nil, true }, ""},
		{"every limit", func(l *Launch) {
			l.MinTrust, l.MaxConcurrent, l.MaxQueued, l.HTTP, l.Configs = "0.75", "64", "0", "127.0.0.1:8080", []string{cfg}
		}, ""},
		{"no store", func(l *Launch) { l.Store = "" }, "--store is required"},
		{"missing store", func(l *Launch) { l.Store = filepath.Join(store, "nope") }, "no such file"},
		{"store is a file", func(l *Launch) { l.Store = cfg }, "not a directory"},
		{"no allowlist", func(l *Launch) { l.Allow = nil }, "one of --allow and --allow-all-active is required"},
		{"both allowlists", func(l *Launch) { l.AllowAllActive = true }, "cannot be combined"},
		{"empty allow", func(l *Launch) { l.Allow = []string{" "} }, "--allow needs a facility id"},
		{"config suffix", func(l *Launch) { l.Configs = []string{filepath.Join(store, "c.toml")} }, "is .json, .yaml or .yml"},
		{"missing config", func(l *Launch) { l.Configs = []string{filepath.Join(store, "c.json")} }, "no such file"},
		{"trust high", func(l *Launch) { l.MinTrust = "1.5" }, "--min-trust"},
		{"trust word", func(l *Launch) { l.MinTrust = "high" }, "--min-trust"},
		{"trust nan", func(l *Launch) { l.MinTrust = "NaN" }, "--min-trust"},
		{"concurrent zero", func(l *Launch) { l.MaxConcurrent = "0" }, "--max-concurrent 0: from 1 to 64"},
		{"concurrent 65", func(l *Launch) { l.MaxConcurrent = "65" }, "--max-concurrent 65"},
		{"concurrent plus", func(l *Launch) { l.MaxConcurrent = "+3" }, "plain digits"},
		{"concurrent hex", func(l *Launch) { l.MaxConcurrent = "0x10" }, "plain digits"},
		{"concurrent float", func(l *Launch) { l.MaxConcurrent = "3.0" }, "plain digits"},
		{"concurrent space", func(l *Launch) { l.MaxConcurrent = " 3" }, "plain digits"},
		{"queued 1025", func(l *Launch) { l.MaxQueued = "1025" }, "--max-queued 1025"},
		{"queued negative", func(l *Launch) { l.MaxQueued = "-1" }, "plain digits"},
		{"remote bind", func(l *Launch) { l.HTTP = "0.0.0.0:8080" }, "not a loopback address"},
		{"remote bind allowed", func(l *Launch) { l.HTTP, l.HTTPAllowRemote = "0.0.0.0:8080", true }, ""},
		{"bad address", func(l *Launch) { l.HTTP = "8080" }, "not a host:port"},
		{"localhost", func(l *Launch) { l.HTTP = "localhost:0" }, ""},
		{"ipv6 loopback", func(l *Launch) { l.HTTP = "[::1]:9000" }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := ok
			l.Allow = append([]string(nil), ok.Allow...)
			tt.edit(&l)
			c, err := l.Check()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if c.MaxConcurrent < 1 || c.MinTrust < 0 {
					t.Fatalf("config %+v", c)
				}
				return
			}
			var le *LaunchError
			if !errors.As(err, &le) || le.ExitCode() != 2 {
				t.Fatalf("error %v, want a LaunchError", err)
			}
			if !strings.Contains(le.Msg, tt.want) || strings.Contains(le.Msg, "\n") {
				t.Fatalf("error %q, want one line with %q", le.Msg, tt.want)
			}
		})
	}
	c, _ := ok.Check()
	if c.MaxConcurrent != 2 || c.MaxQueued != 8 || c.MinTrust != 0.5 {
		t.Fatalf("defaults %+v", c)
	}
}
