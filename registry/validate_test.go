package registry_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/registry"
)

// echo returns its arguments (and their Go types) as data.
func echo(_ context.Context, c *registry.Call) (*registry.Result, error) {
	types := map[string]any{}
	for k, v := range c.Args {
		types["type_of_"+k] = fmt.Sprintf("%T", v)
	}
	return &registry.Result{Data: map[string]any{"args": c.Args, "types": types}, Text: "echoed."}, nil
}

func TestCall_Validation(t *testing.T) {
	reg := newReg(t, newFakeData(own("hq")), probe("probe", echo))
	tests := []struct {
		name     string
		args     map[string]any
		pointers []string
	}{
		{"unknown key", map[string]any{"bogus": 1}, []string{"/bogus"}},
		{"wrong type", map[string]any{"facility_id": 12}, []string{"/facility_id"}},
		{"fraction for an integer", map[string]any{"limit": 5.5}, []string{"/limit"}},
		{"above maximum", map[string]any{"limit": 1001}, []string{"/limit"}},
		{"below minimum", map[string]any{"offset": -1}, []string{"/offset"}},
		{"huge offset", map[string]any{"offset": 1e30}, []string{"/offset"}},
		{"pattern end is end of string", map[string]any{"word": "x\n"}, []string{"/word"}},
		{"enum", map[string]any{"mode": "c"}, []string{"/mode"}},
		{"array item type", map[string]any{"facility_ids": []any{"hq", 3}}, []string{"/facility_ids/1"}},
		{"exclusive minimum", map[string]any{"ratio": 0}, []string{"/ratio"}},
		{"several", map[string]any{"bogus": 1, "limit": "x"}, []string{"/bogus", "/limit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := reg.Call(t.Context(), "probe", tt.args, ctxFor("hq"))
			e := codeOf(t, err)
			if e.Code != registry.CodeInvalidParams {
				t.Fatalf("code %s (%s), want invalid_params", e.Code, e.Message)
			}
			probs, ok := e.Data["errors"].([]any)
			if !ok {
				t.Fatalf("data.errors = %#v", e.Data["errors"])
			}
			var got []string
			for _, p := range probs {
				got = append(got, p.(map[string]any)["pointer"].(string))
			}
			if diff := cmp.Diff(tt.pointers, got); diff != "" {
				t.Fatalf("pointers (-want +got):\n%s\nmessage: %s", diff, e.Message)
			}
			for _, ptr := range tt.pointers {
				if !strings.Contains(e.Message, ptr) {
					t.Fatalf("message %q does not keep pointer %s", e.Message, ptr)
				}
			}
		})
	}
}

func TestCall_WholeFloatIsInt(t *testing.T) {
	reg := newReg(t, newFakeData(own("hq")), probe("probe", echo))
	res, err := reg.Call(t.Context(), "probe", map[string]any{"limit": 5.0, "offset": 1e3, "ratio": 2.0, "word": "x"}, ctxFor("hq"))
	if err != nil {
		t.Fatal(err)
	}
	types := res.Data.(map[string]any)["types"].(map[string]any)
	want := map[string]any{"type_of_limit": "int", "type_of_offset": "int", "type_of_ratio": "float64", "type_of_word": "string"}
	if diff := cmp.Diff(want, types); diff != "" {
		t.Fatalf("handler argument types (-want +got):\n%s", diff)
	}
}
