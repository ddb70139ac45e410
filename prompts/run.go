package prompts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
)

// Caller runs one capability call through the policy; *registry.Registry
// implements it.
type Caller interface {
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// ErrSkipped is the cause [Run] reports for a step it did not call because
// an argument could not be derived: the step it derives from was refused
// or skipped, or its result has no value at the path (rule_run found no
// finding). The error names the reason.
var ErrSkipped = errors.New("step skipped")

// ErrNoDraft is what [Run] reports for the citation check while
// Plan.Draft is empty.
var ErrNoDraft = errors.New("no draft to check: set the plan's draft and run the check")

// Run executes plan's steps in order through caller with cc, resolving
// each derived argument from the earlier results, and calls each (when
// not nil) after every call with the step as called (Args are the
// arguments sent) and its result or error, and for a step it could not
// call with a nil result and an error wrapping [ErrSkipped] or
// [ErrNoDraft]. A refused call (not_found, refused_licence, ...) is
// recorded that way and the plan goes on: a step that derives from it is
// skipped, the others run. The citation check gets Plan.Draft as its text
// and every fact the earlier steps returned as its facts.
//
// Run returns those facts (each id once, in the order they came), and an
// error only for a malformed plan or when ctx ends (with the facts so
// far). each runs on Run's goroutine.
func Run(ctx context.Context, caller Caller, cc *registry.CallContext, plan Plan, each func(Step, *registry.Result, error)) ([]registry.Fact, error) {
	if err := validate(plan.Steps); err != nil {
		return nil, fmt.Errorf("plan %s: %w", plan.Prompt, err)
	}
	if each == nil {
		each = func(Step, *registry.Result, error) {}
	}
	r := &runner{caller: caller, cc: cc, draft: plan.Draft, each: each,
		data: map[string][]any{}, failed: map[string]error{}, seen: map[string]bool{}}
	for _, s := range plan.Steps {
		if err := ctx.Err(); err != nil {
			return r.facts, err
		}
		if err := r.step(ctx, s); err != nil {
			return r.facts, err
		}
	}
	return r.facts, nil
}

// CheckDraft runs a plan's closing step on its own: check_citations on
// draft with facts (those [Run] returned), for a front end that ran the
// data steps with no draft and drafts the answer afterwards.
func CheckDraft(ctx context.Context, caller Caller, cc *registry.CallContext, draft string, facts []registry.Fact) (*registry.Result, error) {
	if strings.TrimSpace(draft) == "" {
		return nil, ErrNoDraft
	}
	args, err := factArgs(facts)
	if err != nil {
		return nil, err
	}
	return caller.Call(ctx, "check_citations", map[string]any{"text": draft, "facts": args}, cc)
}

// runner is one execution of a plan. It is used by one goroutine.
type runner struct {
	caller Caller
	cc     *registry.CallContext
	draft  string
	each   func(Step, *registry.Result, error)

	data   map[string][]any // step id -> the data of each answered call
	failed map[string]error // step id -> why it has no data
	facts  []registry.Fact
	seen   map[string]bool // fact ids already collected
}

// step runs one step: zero, one or (ForEach) several calls.
func (r *runner) step(ctx context.Context, s Step) error {
	args := maps.Clone(s.Args)
	if args == nil {
		args = map[string]any{}
	}
	for _, d := range s.Derive {
		vals, err := r.derive(d)
		if err != nil {
			return r.skip(s, args, err)
		}
		if d.List {
			args[d.Arg] = vals
		} else {
			args[d.Arg] = vals[0]
		}
	}
	if s.TextFrom == FromDraft {
		if strings.TrimSpace(r.draft) == "" {
			return r.skip(s, args, ErrNoDraft)
		}
		args["text"] = r.draft
	}
	if s.FactsFrom == FromCollected {
		facts, err := factArgs(r.facts)
		if err != nil {
			return r.skip(s, args, err)
		}
		args["facts"] = facts
	}
	if s.ForEach == nil {
		return r.call(ctx, s, args)
	}
	vals, err := r.derive(*s.ForEach)
	if err != nil {
		return r.skip(s, args, err)
	}
	for _, v := range vals {
		a := maps.Clone(args)
		a[s.ForEach.Arg] = v
		if err := r.call(ctx, s, a); err != nil {
			return err
		}
	}
	return nil
}

// call makes one call of s with args and records its outcome. It returns
// an error only when ctx has ended.
func (r *runner) call(ctx context.Context, s Step, args map[string]any) error {
	res, err := r.caller.Call(ctx, s.Capability, args, r.cc)
	s.Args = args
	if err == nil && res == nil {
		err = &registry.Error{Code: registry.CodeInternal, Message: "the call returned no result"}
	}
	r.each(s, res, err)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if _, ok := r.data[s.ID]; !ok {
			r.failed[s.ID] = err
		}
		return nil
	}
	r.data[s.ID] = append(r.data[s.ID], decoded(res.Data))
	delete(r.failed, s.ID)
	if s.FactsFrom == "" {
		for _, f := range res.Facts {
			if !r.seen[f.ID] {
				r.seen[f.ID] = true
				r.facts = append(r.facts, f)
			}
		}
	}
	return nil
}

// skip reports a step that is not called.
func (r *runner) skip(s Step, args map[string]any, why error) error {
	s.Args = args
	r.failed[s.ID] = why
	r.each(s, nil, why)
	return nil
}

// derive returns the values d selects in the data of its step's answered
// calls (at most d's limit), or an ErrSkipped error saying why there are
// none.
func (r *runner) derive(d Derivation) ([]any, error) {
	datas := r.data[d.Step]
	if len(datas) == 0 {
		why := "was not run"
		if err := r.failed[d.Step]; err != nil {
			why = "did not answer (" + reason(err) + ")"
		}
		return nil, fmt.Errorf("%w: %s needs step %s, which %s", ErrSkipped, d.Arg, d.Step, why)
	}
	segs, err := parsePath(d.Path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSkipped, err)
	}
	limit := d.limit()
	var vals []any
	for _, data := range datas {
		vals = append(vals, selectValues(data, segs, limit-len(vals))...)
	}
	if len(vals) == 0 {
		return nil, fmt.Errorf("%w: the result of step %s has no value at %s for %s", ErrSkipped, d.Step, d.Path, d.Arg)
	}
	return vals, nil
}

// reason is an error's code when it has one, else its text.
func reason(err error) string {
	var e *registry.Error
	switch {
	case errors.As(err, &e):
		return string(e.Code)
	case errors.Is(err, ErrSkipped):
		return "skipped"
	case errors.Is(err, ErrNoDraft):
		return "no draft"
	}
	return err.Error()
}

// decoded returns a result's data as decoded JSON (what Registry.Call
// returns already; a handler's own values, a struct or an []int, are
// converted as the registry converts them).
func decoded(data any) any {
	if registry.Decoded(data) {
		return data
	}
	return registry.PlainJSON(data)
}

// factArgs returns facts as check_citations' facts argument (decoded JSON
// objects, as the results gave them).
func factArgs(facts []registry.Fact) ([]any, error) {
	b, err := json.Marshal(facts)
	if err != nil {
		return nil, fmt.Errorf("encode collected facts: %w", err)
	}
	out := []any{}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("decode collected facts: %w", err)
	}
	return out, nil
}
