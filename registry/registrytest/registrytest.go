// Package registrytest is the conformance kit every capability's tests
// run, in the manner of testing/fstest and testing/slogtest:
//
//	registrytest.Run(t, reg, "points", registrytest.Cases{
//		Ctx:     &registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}},
//		Valid:   []map[string]any{{"facility_id": "hq"}},
//		Invalid: []registrytest.Invalid{{Args: map[string]any{"facility_id": "hq", "limit": 0}, Pointer: "/limit"}},
//	})
//
// It checks the name (snake_case), the schemas (object schemas in seed
// 000's keyword subset, unknown arguments refused), that invalid input is
// invalid_params with the argument's JSON pointer (the listed cases, an
// unknown key, a wrong type for every property, 5.5 for an integer), that
// every valid call's output validates against the full output schema,
// holds no local path and no multi-line or control text, tokenises its fact
// ids with one token and cites only its own facts, that identical calls
// give identical results and another trust floor other ids, that a
// facility outside the allowlist is not_allowed, that results name only
// allowed facilities, that a cancelled call returns, and that no call
// changes a byte, a name or a modification time under the store.
package registrytest

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/redact"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// reporter is the part of testing.T the checks report through.
type reporter interface {
	Errorf(format string, args ...any)
}

// Cases are the calls [Run] makes besides those it derives from the schema.
type Cases struct {
	// Ctx is the caller of every call; its Store is checked to stay unchanged.
	Ctx *registry.CallContext
	// Valid are arguments that must succeed. The first one is the base of
	// the derived invalid calls.
	Valid []map[string]any
	// Invalid are arguments the input schema must refuse at Pointer.
	Invalid []Invalid
	// Refused are calls that must fail with Code (not_found, ...).
	Refused []Refused
}

// Invalid is a call that must be invalid_params with Pointer among the
// problems of data.errors.
type Invalid struct {
	Args    map[string]any
	Pointer string
}

// Refused is a call that must fail with Code.
type Refused struct {
	Args map[string]any
	Code registry.Code
}

var (
	snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	tokenID   = regexp.MustCompile(`^(` + sanitize.FactIDPattern + `)-([0-9a-f]{6})$`)
)

// Run checks capability name of reg against the conformance rules.
func Run(t *testing.T, reg *registry.Registry, name string, cases Cases) {
	t.Helper()
	c, ok := reg.Lookup(name)
	if !ok {
		t.Fatalf("no capability %q", name)
	}
	if cases.Ctx == nil {
		cases.Ctx = &registry.CallContext{}
	}
	before := hashTree(t, cases.Ctx.Store)
	t.Run("declaration", func(t *testing.T) { checkDeclaration(t, c) })
	t.Run("invalid", func(t *testing.T) { checkInvalid(t, reg, c, cases) })
	t.Run("valid", func(t *testing.T) { checkValid(t, reg, c, cases) })
	t.Run("refused", func(t *testing.T) {
		for _, r := range cases.Refused {
			_, err := reg.Call(t.Context(), name, r.Args, cases.Ctx)
			if got := registry.CodeOf(err); got != r.Code {
				t.Errorf("%v: code %q (%v), want %q", r.Args, got, err, r.Code)
			}
			checkError(t, err, cases.Ctx)
		}
	})
	t.Run("allowlist", func(t *testing.T) { checkAllowlist(t, reg, c, cases) })
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		if _, err := reg.Call(ctx, name, first(cases.Valid), cases.Ctx); err == nil {
			t.Error("a call with a cancelled context succeeded")
		}
	})
	t.Run("read-only", func(t *testing.T) {
		if after := hashTree(t, cases.Ctx.Store); after != before {
			t.Errorf("the calls changed the store tree:\n%s", diffLines(before, after))
		}
	})
}

// checkDeclaration checks the name, texts and schemas.
func checkDeclaration(t reporter, c registry.Capability) {
	if !snakeCase.MatchString(c.Name) {
		t.Errorf("name %q is not snake_case", c.Name)
	}
	if strings.TrimSpace(c.Title) == "" || len(strings.TrimSpace(c.Description)) < 40 {
		t.Errorf("title %q or description %q too short for a tool picker", c.Title, c.Description)
	}
	if sanitize.Message(c.Description) != c.Description {
		t.Errorf("description is not one clean line")
	}
	for which, s := range map[string]map[string]any{"input": c.InputSchema, "output": c.OutputSchema} {
		if err := registry.CheckSchema(s); err != nil {
			t.Errorf("%s schema: %v", which, err)
		}
	}
	if c.InputSchema["additionalProperties"] != false {
		t.Errorf("input schema does not refuse unknown arguments (additionalProperties: false)")
	}
}

// checkInvalid makes the listed and the derived invalid calls.
func checkInvalid(t *testing.T, reg *registry.Registry, c registry.Capability, cases Cases) {
	calls := slices.Clone(cases.Invalid)
	base := first(cases.Valid)
	with := func(k string, v any) map[string]any {
		a := maps.Clone(base)
		if a == nil {
			a = map[string]any{}
		}
		a[k] = v
		return a
	}
	calls = append(calls, Invalid{with("__conformance_unknown__", 1), "/__conformance_unknown__"})
	props, _ := c.InputSchema["properties"].(map[string]any)
	for k, p := range props {
		ps, _ := p.(map[string]any)
		calls = append(calls, Invalid{with(k, wrongType(ps)), "/" + k})
		if ps["type"] == "integer" {
			calls = append(calls, Invalid{with(k, 5.5), "/" + k})
		}
	}
	for _, inv := range calls {
		_, err := reg.Call(t.Context(), c.Name, inv.Args, cases.Ctx)
		var e *registry.Error
		if !errors.As(err, &e) || e.Code != registry.CodeInvalidParams {
			t.Errorf("%v: got %v, want invalid_params at %s", inv.Args, err, inv.Pointer)
			continue
		}
		if !hasPointer(e, inv.Pointer) {
			t.Errorf("%v: data.errors %v lacks pointer %s", inv.Args, e.Data["errors"], inv.Pointer)
		}
		checkError(t, err, cases.Ctx)
	}
}

// wrongType returns a value of another JSON type than schema s asks for.
func wrongType(s map[string]any) any {
	switch s["type"] {
	case "string":
		return 12345
	case "array", "object", "integer", "number", "boolean":
		return "not-the-right-type"
	}
	return map[string]any{"nested": true}
}

// hasPointer reports whether e's data.errors has pointer ptr.
func hasPointer(e *registry.Error, ptr string) bool {
	b, _ := json.Marshal(e.Data["errors"])
	var probs []registry.Problem
	_ = json.Unmarshal(b, &probs)
	return slices.ContainsFunc(probs, func(p registry.Problem) bool { return p.Pointer == ptr })
}

// first returns the first arguments of list (nil when empty).
func first(list []map[string]any) map[string]any {
	if len(list) == 0 {
		return nil
	}
	return list[0]
}

// checkError checks a refusal's message is one clean, path-free line.
func checkError(t reporter, err error, cc *registry.CallContext) {
	var e *registry.Error
	if !errors.As(err, &e) {
		return
	}
	if sanitize.Message(e.Message) != e.Message || e.Message == "" {
		t.Errorf("error message %q is not one clean line", e.Message)
	}
	for _, root := range roots(cc) {
		if strings.Contains(e.Message, root) || strings.Contains(jsonOf(e.Data), root) {
			t.Errorf("error %q %v names the local path %s", e.Message, e.Data, root)
		}
	}
}

// roots are the local directories no output may name.
func roots(cc *registry.CallContext) []string {
	var out []string
	for _, r := range append(redact.MachineRoots(), cc.Store) {
		if len(r) > 1 {
			out = append(out, strings.TrimRight(r, "/"))
		}
	}
	return out
}

// jsonOf returns v as JSON.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
