package keys

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

func TestDefaultNoClashes(t *testing.T) {
	m := Default()
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	// Keys terminal multiplexers take (tmux and screen prefixes, Zellij
	// mode keys) are never defaults.
	reserved := []string{"ctrl+b", "ctrl+a", "ctrl+p", "ctrl+g", "ctrl+o", "ctrl+t", "ctrl+n", "ctrl+s", "ctrl+h", "ctrl+q"}
	for _, a := range m.actions() {
		for _, k := range a.b.Keys() {
			for _, r := range reserved {
				if k == r {
					t.Errorf("%s defaults to %s, a multiplexer key", a.name, k)
				}
			}
			if !Valid(k) {
				t.Errorf("%s: default %q is not a valid key", a.name, k)
			}
		}
		if a.b.Help().Desc == "" {
			t.Errorf("%s has no help text", a.name)
		}
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		in      map[string][]string
		wantErr string
		check   func(t *testing.T, m *KeyMap)
	}{
		{name: "OK", in: map[string][]string{"result.copy": {"c", "ctrl+y"}}, check: func(t *testing.T, m *KeyMap) {
			if !key.Matches(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("c")}, m.Result.Copy) {
				t.Error("c does not copy")
			}
			if key.Matches(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")}, m.Result.Copy) {
				t.Error("y still copies")
			}
			if h := m.Result.Copy.Help(); h.Key != "c/ctrl+y" || h.Desc != "copy" {
				t.Errorf("help = %+v", h)
			}
		}},
		{name: "OKSwap", in: map[string][]string{"result.next_page": {"p"}, "result.prev_page": {"n"}}, check: func(t *testing.T, m *KeyMap) {
			if m.Keys("result.next_page")[0] != "p" {
				t.Error("not swapped")
			}
		}},
		{name: "OKFormScopeSeparate", in: map[string][]string{"form.complete": {"n"}}},
		{name: "OKSpace", in: map[string][]string{"nav.select": {"space", "enter"}}, check: func(t *testing.T, m *KeyMap) {
			if !key.Matches(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}, m.Nav.Select) {
				t.Error("space does not select")
			}
		}},
		{name: "ErrUnknownAction", in: map[string][]string{"result.cpy": {"c"}}, wantErr: `"result.cpy" is not an action`},
		{name: "ErrNoKeys", in: map[string][]string{"global.help": {}}, wantErr: "global.help: give at least one key"},
		{name: "ErrBadKey", in: map[string][]string{"global.help": {"ctlr+h"}}, wantErr: `global.help: "ctlr+h" is not a key name`},
		{name: "ErrClash", in: map[string][]string{"result.copy": {"n"}}, wantErr: `"n" is bound to both`},
		{name: "ErrClashGlobal", in: map[string][]string{"form.run": {"ctrl+c"}}, wantErr: `"ctrl+c" is bound to both global.force_quit and form.run`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := Default()
			err := m.Apply(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if got := m.Keys("result.copy"); len(got) != 1 || got[0] != "y" {
					t.Errorf("a refused Apply changed the map: copy = %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.check != nil {
				tc.check(t, m)
			}
		})
	}
}

func TestValid(t *testing.T) {
	for k, want := range map[string]bool{
		"y": true, "?": true, "]": true, "ctrl+y": true, "pgdown": true, "shift+tab": true, "f5": true, "alt+x": true,
		"enter": true, "esc": true, " ": true, "space": true, "": false, "ctlr+y": false, "yy": false, "alt+": false, "\x01": false,
	} {
		if got := Valid(k); got != want {
			t.Errorf("Valid(%q) = %v, want %v", k, got, want)
		}
	}
}

func TestActionsListed(t *testing.T) {
	m := Default()
	acts := m.Actions()
	if len(acts) != len(m.actions()) {
		t.Fatalf("actions = %d", len(acts))
	}
	for _, a := range acts {
		if len(m.Keys(a)) == 0 {
			t.Errorf("%s has no keys", a)
		}
	}
	if m.Keys("nope") != nil {
		t.Error("unknown action has keys")
	}
}
