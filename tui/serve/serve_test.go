package serve

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/widget"
)

func TestConfig(t *testing.T) {
	c := Config{Executable: "/opt/camber tui/bin/camber-tui", Store: "/data/store", Allowed: []string{"north-campus", "south-annex"},
		Configs: []string{"/cfg/north's.yaml"}, MinTrust: 0.6}
	want := `claude mcp add camber -- '/opt/camber tui/bin/camber-tui' --serve-mcp --store /data/store --allow north-campus --allow south-annex --config '/cfg/north'\''s.yaml' --min-trust 0.6`
	if got := c.ClaudeLine(); got != want {
		t.Errorf("ClaudeLine =\n%s\nwant\n%s", got, want)
	}
	var v struct {
		MCPServers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(c.Snippet()), &v); err != nil {
		t.Fatal(err)
	}
	s := v.MCPServers["camber"]
	if s.Command != c.Executable || strings.Join(s.Args, " ") != strings.Join(c.Args(), " ") || s.Args[0] != "--serve-mcp" {
		t.Errorf("snippet %+v", v)
	}
	if got := (Config{Executable: "x", Store: "/s"}).Args(); strings.Join(got, " ") != "--serve-mcp --store /s" {
		t.Errorf("no allow, no trust floor: %v", got)
	}
}

func TestPanel(t *testing.T) {
	reg, cc, _ := tuitest.New()
	env := tuitest.PlainEnv(t, reg, cc)
	c := Config{Executable: "/usr/local/bin/camber-tui", Store: "/home/ana/.cache/camber-tui/demo", Allowed: []string{"north-campus"}, MinTrust: 0.5}
	s := New(env, c)
	for _, sz := range [][2]int{{60, 20}, {80, 24}, {160, 48}, {30, 6}} {
		s.SetSize(sz[0], sz[1])
		v := s.View()
		lines := strings.Split(v, "\n")
		if len(lines) != sz[1] {
			t.Errorf("%v: %d lines", sz, len(lines))
		}
		for _, l := range lines {
			if widget.Width(l) > sz[0] {
				t.Errorf("%v: too wide %q", sz, l)
			}
		}
	}
	s.SetSize(160, 48)
	if v := s.View(); !strings.Contains(v, "claude mcp add camber -- /usr/local/bin/camber-tui --serve-mcp --store /home/ana/.cache/camber-tui/demo --allow north-campus --min-trust 0.5") {
		t.Errorf("view:\n%s", v)
	}
	_, cmd := s.Update(tuitest.Key("y"))
	if c2, ok := cmd().(screen.CopyMsg); !ok || c2.Text != c.ClaudeLine() {
		t.Errorf("y copies %#v", cmd())
	}
	s.Update(tuitest.Key("down"))
	_, cmd = s.Update(tuitest.Key("enter"))
	if c2, ok := cmd().(screen.CopyMsg); !ok || c2.Text != c.Snippet() {
		t.Errorf("enter on the snippet copies %#v", cmd())
	}
	s.SetSize(60, 8)
	if v := s.View(); !strings.Contains(v, "› 2 ") {
		t.Errorf("the selected snippet is out of view:\n%s", v)
	}
	if _, cmd := s.Update(tuitest.Key("esc")); cmd() != (screen.BackMsg{}) {
		t.Error("esc")
	}
}
