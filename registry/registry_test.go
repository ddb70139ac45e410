package registry_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

const testStore = "/srv/camber-secret/store"

// probeInput is a schema with the kinds of argument capabilities take.
func probeInput() map[string]any {
	return map[string]any{
		"type":                 "object",
		"additionalProperties": false,
		"properties": map[string]any{
			"facility_id":  map[string]any{"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$", "maxLength": 200},
			"facility_ids": map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "maxItems": 20},
			"limit":        map[string]any{"type": "integer", "minimum": 1, "maximum": 1000, "default": 25},
			"offset":       map[string]any{"type": "integer", "minimum": 0},
			"ratio":        map[string]any{"type": "number", "exclusiveMinimum": 0},
			"word":         map[string]any{"type": "string", "pattern": "^x$"},
			"mode":         map[string]any{"type": "string", "enum": []any{"a", "b"}},
		},
	}
}

// anyOutput accepts any object.
func anyOutput() map[string]any { return map[string]any{"type": "object"} }

func probe(name string, h registry.Handler) registry.Capability {
	return registry.Capability{
		Name: name, Title: name, Description: "A test capability.",
		InputSchema: probeInput(), OutputSchema: anyOutput(), Handler: h, Cost: registry.CostCheap,
	}
}

func newReg(t testing.TB, d *fakeData, caps ...registry.Capability) *registry.Registry {
	t.Helper()
	opt := registry.Options{FenceWait: 60 * time.Millisecond}
	if d != nil {
		opt.Data = func(string) (registry.Data, error) { return d, nil }
	}
	reg, err := registry.New(caps, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func ctxFor(allow ...string) *registry.CallContext {
	return &registry.CallContext{Store: testStore, AllowedFacilities: allow}
}

// codeOf returns the *registry.Error of err, failing the test otherwise.
func codeOf(t *testing.T, err error) *registry.Error {
	t.Helper()
	var e *registry.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *registry.Error", err, err)
	}
	return e
}

func TestNew_Refuses(t *testing.T) {
	ok := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{}}, nil
	}
	with := func(mut func(c *registry.Capability)) registry.Capability {
		c := probe("probe", ok)
		mut(&c)
		return c
	}
	tests := []struct {
		name string
		caps []registry.Capability
		want string
	}{
		{"duplicate", []registry.Capability{probe("probe", ok), probe("probe", ok)}, "registered twice"},
		{"not snake case", []registry.Capability{probe("Probe-1", ok)}, "snake_case"},
		{"no handler", []registry.Capability{with(func(c *registry.Capability) { c.Handler = nil })}, "no handler"},
		{"no description", []registry.Capability{with(func(c *registry.Capability) { c.Description = " " })}, "no description"},
		{"format keyword", []registry.Capability{with(func(c *registry.Capability) {
			c.InputSchema["properties"].(map[string]any)["start"] = map[string]any{"type": "string", "format": "date"}
		})}, `"format" at /properties/start/format`},
		{"oneOf at root", []registry.Capability{with(func(c *registry.Capability) { c.OutputSchema["oneOf"] = []any{} })}, `"oneOf"`},
		{"nested in items", []registry.Capability{with(func(c *registry.Capability) {
			c.InputSchema["properties"].(map[string]any)["facility_ids"].(map[string]any)["items"] = map[string]any{"type": "string", "uniqueItems": true}
		})}, `"uniqueItems" at /properties/facility_ids/items/uniqueItems`},
		{"not an object schema", []registry.Capability{with(func(c *registry.Capability) { c.OutputSchema["type"] = "array" })}, `root "type" must be "object"`},
		{"other dialect", []registry.Capability{with(func(c *registry.Capability) { c.InputSchema["$schema"] = "http://json-schema.org/draft-07/schema#" })}, "$schema must be"},
		{"bad pattern", []registry.Capability{with(func(c *registry.Capability) {
			c.InputSchema["properties"].(map[string]any)["word"] = map[string]any{"type": "string", "pattern": "(?<=x)y"}
		})}, "input schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := registry.New(tt.caps, nil, registry.Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := registry.New(nil, []registry.Prompt{{Name: "a"}, {Name: "a"}}, registry.Options{}); err == nil {
		t.Fatal("duplicate prompt accepted")
	}
}

func TestNew_SortsAndLooksUp(t *testing.T) {
	ok := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{}}, nil
	}
	reg, err := registry.New([]registry.Capability{probe("zeta", ok), probe("alpha", ok)},
		[]registry.Prompt{{Name: "triage_ahu"}, {Name: "explain_finding"}}, registry.Options{})
	if err != nil {
		t.Fatal(err)
	}
	caps := reg.Capabilities()
	if len(caps) != 2 || caps[0].Name != "alpha" || caps[1].Name != "zeta" {
		t.Fatalf("Capabilities() = %v", caps)
	}
	if ps := reg.Prompts(); ps[0].Name != "explain_finding" {
		t.Fatalf("Prompts() = %v", ps)
	}
	if _, ok := reg.Lookup("zeta"); !ok {
		t.Fatal("Lookup(zeta) failed")
	}
	if _, ok := reg.Lookup("nope"); ok {
		t.Fatal("Lookup(nope) succeeded")
	}
}

func TestCall_UnknownCapability(t *testing.T) {
	reg := newReg(t, newFakeData())
	_, err := reg.Call(t.Context(), "no_such\n/etc/passwd", nil, ctxFor())
	e := codeOf(t, err)
	if e.Code != registry.CodeUnknownCapability {
		t.Fatalf("code %s", e.Code)
	}
	if strings.Contains(e.Message, "\n") || strings.Contains(e.Message, "/etc/passwd") {
		t.Fatalf("message %q is not one redacted line", e.Message)
	}
}
