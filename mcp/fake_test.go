package mcp

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// fakeRegistry stands in for *registry.Registry: a few tools whose
// behaviour the tests control, and three prompts.
type fakeRegistry struct{}

func (fakeRegistry) Capabilities() []registry.Capability {
	obj := func(props map[string]any, req ...string) map[string]any {
		s := map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": props, "additionalProperties": false}
		if len(req) > 0 {
			s["required"] = req
		}
		return s
	}
	str := map[string]any{"type": "string", "description": "an id"}
	out := obj(map[string]any{
		"count":       map[string]any{"type": "integer", "description": "how many"},
		"description": map[string]any{"type": "string", "description": "a property named description"},
		"points": map[string]any{"type": "array", "description": "rows", "items": obj(map[string]any{
			"equip": map[string]any{"type": "string", "description": "equipment id"},
		})},
	})
	return []registry.Capability{
		{Name: "points", Title: "Stored points", Description: "List a facility's stored points.", InputSchema: obj(map[string]any{"facility_id": str}, "facility_id"), OutputSchema: out, Cost: registry.CostCheap},
		{Name: "echo", Title: "Echo", Description: "Return the arguments.", InputSchema: obj(map[string]any{}), OutputSchema: obj(map[string]any{})},
		{Name: "fail", Description: "Fail with not_found.", InputSchema: obj(map[string]any{})},
		{Name: "internal", Description: "Fail with an internal error.", InputSchema: obj(map[string]any{})},
		{Name: "big", Description: "Return a result over 2 MB.", InputSchema: obj(map[string]any{})},
		{Name: "slow", Description: "Run until cancelled.", InputSchema: obj(map[string]any{})},
		{Name: "crash", Description: "Kill the worker running it.", InputSchema: obj(map[string]any{})},
		{Name: "pid", Description: "Return the process id.", InputSchema: obj(map[string]any{})},
	}
}

func (fakeRegistry) Prompts() []registry.Prompt {
	fac := registry.PromptArgument{Name: "facility_id", Description: "facility", Required: true}
	return []registry.Prompt{
		{Name: "triage_ahu", Title: "Triage an air handler", Description: "Triage one AHU.", Arguments: []registry.PromptArgument{fac, {Name: "equip", Required: true}}},
		{Name: "check_savings_claim", Description: "Check a savings claim.", Arguments: []registry.PromptArgument{fac, {Name: "claim"}}},
		{Name: "compare_equipment", Description: "Compare equipment.", Arguments: []registry.PromptArgument{fac, {Name: "equips", Required: true}}},
	}
}

func (fakeRegistry) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	switch name {
	case "points":
		return &registry.Result{
			Data:      map[string]any{"count": 2, "points": []any{map[string]any{"equip": "AHU-1", "role": "supply_air_temp"}}},
			Text:      fmt.Sprintf("%v stores 2 points on 1 equipment [F1@points-1a2b3c].", args["facility_id"]),
			Facts:     []registry.Fact{{ID: "F1@points-1a2b3c", Kind: "count", Value: 2, Text: "2 points"}},
			Banners:   []string{"'points' shows rows 1-1 of 2: call again with offset=1 for the next page, or a larger limit (up to 1000)"},
			Truncated: true,
		}, nil
	case "echo":
		return &registry.Result{Data: map[string]any{"args": args, "store": cc.Store}, Text: "echoed", Facts: nil, Banners: nil}, nil
	case "fail":
		return nil, &registry.Error{Code: registry.CodeNotFound, Message: "no equipment \"AHU-9\"", Data: map[string]any{"argument": "equip", "unknown": []any{"AHU-9"}}}
	case "internal":
		return nil, &registry.Error{Code: registry.CodeInternal, Message: "handler failed reading /home/analyst/store/x.parquet", Err: fmt.Errorf("boom")}
	case "big":
		return &registry.Result{Data: map[string]any{"blob": strings.Repeat("x", 1_100_000)}, Text: "big"}, nil
	case "slow":
		<-ctx.Done()
		return nil, ctx.Err()
	case "crash":
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Hour)
	case "pid":
		return &registry.Result{Data: map[string]any{"pid": os.Getpid()}, Text: "pid"}, nil
	}
	return nil, registry.Errorf(registry.CodeUnknownCapability, "no capability %q", name)
}

// fakeGetPrompt renders a prompt as one user message naming its arguments.
func fakeGetPrompt(name string, args map[string]string) ([]PromptMessage, error) {
	if args["facility_id"] == "refuse" {
		return nil, registry.Errorf(registry.CodeInvalidParams, "facility_id %q is not allowed", args["facility_id"])
	}
	keys := make([]string, 0, len(args))
	for _, k := range []string{"facility_id", "equip", "equips", "claim"} {
		if v, ok := args[k]; ok {
			keys = append(keys, k+"="+v)
		}
	}
	return []PromptMessage{{Role: "user", Text: "Run " + name + " with " + strings.Join(keys, ", ") + "."}}, nil
}

// fakeComplete offers AHU-1 ... AHU-150 for equip and the facilities hq and
// north-campus for facility_id, those starting with value.
func fakeComplete(prompt, arg, value string, chosen map[string]string) ([]string, error) {
	var all []string
	switch arg {
	case "facility_id":
		all = []string{"hq", "north-campus"}
	case "equip", "equips":
		if chosen["facility_id"] == "" {
			return nil, nil
		}
		for i := 1; i <= 150; i++ {
			all = append(all, fmt.Sprintf("AHU-%d", i))
		}
	}
	var out []string
	for _, v := range all {
		if strings.HasPrefix(v, value) {
			out = append(out, v)
		}
	}
	return out, nil
}

// testOptions returns options over the fake registry, calls in process.
func testOptions() Options {
	return Options{
		Caller:       fakeRegistry{},
		CallContext:  &registry.CallContext{Store: "s", AllowedFacilities: []string{"hq"}},
		GetPrompt:    fakeGetPrompt,
		Complete:     fakeComplete,
		Name:         "camber-tui",
		Version:      "test",
		Instructions: "Read-only building analytics.",
	}
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
