package registrytest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// record collects reported problems.
type record []string

func (r *record) Errorf(format string, args ...any) { *r = append(*r, fmt.Sprintf(format, args...)) }

func goodResult() *registry.Result {
	return &registry.Result{
		Data:  map[string]any{"facility_id": "hq", "equip": "/Drivers/AHU_1"},
		Text:  `hq stores 2 points on "/Drivers/AHU_1" [F1@points-1a2b3c].`,
		Facts: []registry.Fact{{ID: "F1@points-1a2b3c", Text: "hq stores 2 points"}},
	}
}

func TestCheckResult(t *testing.T) {
	cc := &registry.CallContext{Store: "/srv/secret/store", AllowedFacilities: []string{"hq"}}
	var ok record
	checkResult(&ok, nil, goodResult(), cc)
	if len(ok) > 0 {
		t.Fatalf("a good result was reported: %q", ok)
	}
	tests := []struct {
		name string
		mut  func(r *registry.Result)
		want string
	}{
		{"untokenised id", func(r *registry.Result) { r.Facts[0].ID = "F1@points"; r.Text = "x [F1@points]." }, "not tokenised"},
		{"two tokens", func(r *registry.Result) {
			r.Facts = append(r.Facts, registry.Fact{ID: "F2@points-ffffff"})
		}, "two tokens"},
		{"unknown citation", func(r *registry.Result) { r.Text += " [F9@points-1a2b3c]" }, "not a fact of the result"},
		{"uncited facts", func(r *registry.Result) { r.Text = "nothing cited." }, "cites none"},
		{"fact text citation", func(r *registry.Result) { r.Facts[0].Text = "see [F1@points-1a2b3c]" }, "holds a citation"},
		{"two lines", func(r *registry.Result) { r.Text = "a\nb [F1@points-1a2b3c]" }, "not one clean line"},
		{"path in text", func(r *registry.Result) { r.Text += " read /etc/passwd" }, "holds a local path"},
		{"store path in data", func(r *registry.Result) { r.Data.(map[string]any)["x"] = "/srv/secret/store/y" }, "names the local path"},
		{"other facility", func(r *registry.Result) { r.Data.(map[string]any)["facility_id"] = "annex" }, "outside the allowlist"},
		{"notice text", func(r *registry.Result) { r.Text = "NOTICE: [F1@points-1a2b3c]" }, "not one clean line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := goodResult()
			tt.mut(r)
			var got record
			checkResult(&got, nil, r, cc)
			if !strings.Contains(strings.Join(got, "\n"), tt.want) {
				t.Fatalf("problems %q lack %q", got, tt.want)
			}
		})
	}
}

func TestCheckDeclaration(t *testing.T) {
	c := registry.Capability{Name: "Bad-Name", Title: "", Description: "short\nline",
		InputSchema: map[string]any{"type": "object"}, OutputSchema: map[string]any{"type": "object", "format": "x"}}
	var got record
	checkDeclaration(&got, c)
	all := strings.Join(got, "\n")
	for _, want := range []string{"snake_case", "too short", "not one clean line", "output schema", "additionalProperties"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems %q lack %q", got, want)
		}
	}
}

func TestRun_Passes(t *testing.T) {
	h := func(_ context.Context, c *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{"n": c.Int("n", 1)}, Text: "n is set [F1@probe].",
			Facts: []registry.Fact{{ID: "F1@probe", Text: "n is set"}}}, nil
	}
	c := registry.Capability{Name: "probe", Title: "Probe", Handler: h, NoStore: true,
		Description:  "A capability that echoes its one integer argument, for the kit's own test.",
		InputSchema:  map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{"n": map[string]any{"type": "integer", "minimum": 0}}},
		OutputSchema: map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}}}
	reg, err := registry.New([]registry.Capability{c}, nil, registry.Options{})
	if err != nil {
		t.Fatal(err)
	}
	Run(t, reg, "probe", Cases{
		Ctx:     &registry.CallContext{Store: t.TempDir()},
		Valid:   []map[string]any{{"n": 3}, nil},
		Invalid: []Invalid{{Args: map[string]any{"n": -1}, Pointer: "/n"}},
	})
}
