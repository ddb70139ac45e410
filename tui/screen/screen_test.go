package screen

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
)

func TestExplain(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"Nil", nil, ""},
		{"Cancelled", fmt.Errorf("call: %w", context.Canceled), "cancelled"},
		{"Deadline", context.DeadlineExceeded, "the call took too long [timeout]"},
		{"Unknown", registry.Errorf(registry.CodeUnknownCapability, "no capability is called drift"),
			"this build has no such capability yet: no capability is called drift [unknown_capability]"},
		{"Invalid", &registry.Error{Code: registry.CodeInvalidParams, Message: "rule_run: invalid arguments",
			Data: map[string]any{"errors": []registry.Problem{{Pointer: "/limit", Message: "must be >= 1"}, {Message: "x\ny"}}}},
			"the arguments were refused: rule_run: invalid arguments (/limit: must be >= 1; /: x y) [invalid_params]"},
		{"InvalidDecoded", &registry.Error{Code: registry.CodeInvalidParams, Message: "bad",
			Data: map[string]any{"errors": []any{map[string]any{"pointer": "/start", "message": "pattern"}}}},
			"the arguments were refused: bad (/start: pattern) [invalid_params]"},
		{"Plain", errors.New("boom\n  twice"), "boom twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Explain(tc.err); got != tc.want {
				t.Errorf("Explain = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCloneArgs(t *testing.T) {
	in := map[string]any{"equips": []any{"AHU-1"}, "params": map[string]any{"r": map[string]any{"x": 1.0}}, "names": []string{"a"}}
	out := CloneArgs(in)
	out["equips"].([]any)[0] = "changed"
	out["params"].(map[string]any)["r"].(map[string]any)["x"] = 2.0
	out["names"].([]string)[0] = "b"
	if in["equips"].([]any)[0] != "AHU-1" || in["params"].(map[string]any)["r"].(map[string]any)["x"] != 1.0 || in["names"].([]string)[0] != "a" {
		t.Errorf("the clone shares state: %v", in)
	}
	if len(CloneArgs(nil)) != 0 {
		t.Error("nil args")
	}
	msg := Call(3, "tab", "points", in)().(CallMsg)
	in["equips"].([]any)[0] = "later"
	if msg.Args["equips"].([]any)[0] != "AHU-1" || msg.Owner != 3 || msg.Tag != "tab" {
		t.Errorf("a command's arguments changed after it was built: %v", msg)
	}
	if !(DoneMsg{Owner: 3, Tag: "tab"}).For(3, "tab") || (DoneMsg{Owner: 3, Tag: "tab"}).For(4, "tab") {
		t.Error("For")
	}
}

func TestEnv(t *testing.T) {
	mono, _ := themes.Builtin(themes.NameMono)
	env := &Env{Styles: themes.New(mono, themes.Mode{NoColor: true, Profile: termenv.Ascii}, nil),
		Caps: []registry.Capability{{Name: "facilities"}, {Name: "points"}, {Name: "rule_run"}}}
	if c, ok := env.Capability("points"); !ok || c.Name != "points" {
		t.Error("points")
	}
	if _, ok := env.Capability("drift"); ok {
		t.Error("drift")
	}
	if a, b := env.NewOwner(), env.NewOwner(); a == b {
		t.Error("owners repeat")
	}
	md := env.Markdown("# Report\n\n- **AHU-1** economizer\n", 40)
	if strings.Contains(md, "\x1b") || !strings.Contains(md, "Report") || !strings.Contains(md, "AHU-1") {
		t.Errorf("markdown without colour: %q", md)
	}
}

func TestCancelOrBack(t *testing.T) {
	if cmd := CancelOrBack(nil); cmd == nil {
		t.Fatal("no work running: Back must leave the screen")
	} else if _, ok := cmd().(BackMsg); !ok {
		t.Fatalf("no work running: got %T, want BackMsg", cmd())
	}
	ctx, cancel := context.WithCancel(context.Background())
	if cmd := CancelOrBack(cancel); cmd != nil {
		t.Fatalf("work running: got a command (%T), want none", cmd())
	}
	if ctx.Err() == nil {
		t.Fatal("work running: it was not cancelled")
	}
}
