package repl

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
)

// walk is the current prompt: its message, its plan and how far it has
// run. Steps run through prompts.Run over the plan up to the step, with a
// caller that answers the earlier steps' calls from memory, so each call
// is made once and the plan's own derivations pick the arguments.
type walk struct {
	plan    prompts.Plan
	message string
	next    int                 // the index of the next step
	memo    map[string]memoCall // calls made, by capability and arguments
}

// memoCall is a call's outcome.
type memoCall struct {
	res *registry.Result
	err error
}

// runPrompt renders a prompt and makes its plan current.
func runPrompt(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) == 0 || c.Args[0].Key != "" {
		names := make([]string, 0, 8)
		for _, p := range prompts.All() {
			names = append(names, p.Name)
		}
		return failure(usageErr("prompt needs a prompt name: prompt NAME key=value ... (%s)", strings.Join(names, ", ")))
	}
	name := c.Args[0].Value
	args, e := promptArgs(name, c.Args[1:], c.Object)
	if e != nil {
		return failure(e)
	}
	if p, ok := prompts.Lookup(name); ok && s.facility != "" {
		if _, given := args[prompts.ArgFacilityID]; !given {
			for _, a := range p.Arguments {
				if a.Name == prompts.ArgFacilityID {
					args[prompts.ArgFacilityID] = s.facility
				}
			}
		}
	}
	msg, err := prompts.Render(name, args)
	if err != nil {
		return failure(callError(err))
	}
	plan, err := prompts.PlanFor(name, args)
	if err != nil {
		return failure(callError(err))
	}
	s.walk = &walk{plan: plan, message: msg, memo: map[string]memoCall{}}
	var b strings.Builder
	b.WriteString(s.wrap(msg))
	b.WriteString("\nplan: " + plural(len(plan.Steps), "step") + "\n")
	for i, st := range plan.Steps {
		b.WriteString(s.wrap("  " + itoa(i+1) + ". " + describeStep(st) + " — " + st.Purpose))
	}
	b.WriteString("step runs step 1 (" + plan.Steps[0].Capability + "); step all runs every step up to the citation check\n")
	return Output{Text: b.String(), Value: map[string]any{"prompt": name, "message": msg, "plan": plan}}
}

// promptArgs collects a prompt's key=value words and JSON object as the
// string arguments prompts take.
func promptArgs(name string, words []Arg, obj map[string]any) (map[string]string, *Error) {
	args := map[string]string{}
	if obj != nil {
		got, err := prompts.Args(name, obj)
		if err != nil {
			return nil, callError(err)
		}
		args = got
	}
	for _, a := range words {
		if a.Key == "" {
			return nil, usageErr("prompt takes key=value arguments, not the word %s", quoteWord(a.Value, true))
		}
		if _, dup := args[a.Key]; dup {
			return nil, &Error{Code: CodeInvalidParams, Message: "prompt " + name + ": argument " + a.Key + " is given twice"}
		}
		args[a.Key] = a.Value
	}
	return args, nil
}

// describeStep writes a step's call: its capability, its arguments and
// where the derived ones come from.
func describeStep(st prompts.Step) string {
	var parts []string
	parts = append(parts, st.Capability)
	for _, k := range sortedKeys(st.Args) {
		parts = append(parts, k+"="+argText(st.Args[k]))
	}
	for _, d := range st.Derive {
		parts = append(parts, d.Arg+"=<"+d.Step+" "+d.Path+">")
	}
	if st.ForEach != nil {
		parts = append(parts, st.ForEach.Arg+"=<each of "+firstN(st.ForEach.Max)+" "+st.ForEach.Step+" "+st.ForEach.Path+">")
	}
	if st.TextFrom == prompts.FromDraft {
		parts = append(parts, "text=<the draft>")
	}
	if st.FactsFrom == prompts.FromCollected {
		parts = append(parts, "facts=<every fact the calls returned>")
	}
	return strings.Join(parts, " ")
}

// firstN writes a derivation's limit ("the first 3").
func firstN(n int) string {
	if n <= 1 {
		return "the first"
	}
	return "the first " + itoa(n)
}

// argText writes an argument value as the command language would.
func argText(v any) string {
	switch x := v.(type) {
	case string:
		return quoteWord(x, false)
	case []any:
		parts := make([]string, len(x))
		simple := true
		for i, e := range x {
			s, ok := e.(string)
			if !ok || strings.ContainsAny(s, ", ") {
				simple = false
				break
			}
			parts[i] = s
		}
		if simple && len(x) > 0 {
			return quoteWord(strings.Join(parts, ","), false)
		}
	}
	return compactJSON(v)
}

// runStep runs the next step of the current plan, or (step all) every step
// up to the citation check while the draft is empty.
func runStep(ctx context.Context, s *Session, c Command) Output {
	all := false
	switch {
	case c.Object != nil || len(c.Args) > 1:
		return failure(usageErr("step takes all, or nothing"))
	case len(c.Args) == 1 && (c.Args[0].Key != "" || strings.ToLower(c.Args[0].Value) != "all"):
		return failure(usageErr("step takes all, or nothing; not %s", quoteWord(c.Args[0].Value, true)))
	case len(c.Args) == 1:
		all = true
	}
	w := s.walk
	if w == nil {
		return failure(usageErr("no plan to step through: prompt NAME key=value ... makes one"))
	}
	n := len(w.plan.Steps)
	if w.next >= n {
		return failure(usageErr("the %s plan is done (%s run); prompt NAME starts another", w.plan.Prompt, plural(n, "step")))
	}
	var out Output
	var b strings.Builder
	var steps []any
	for w.next < n {
		st := w.plan.Steps[w.next]
		if st.TextFrom == prompts.FromDraft && strings.TrimSpace(s.draft) == "" {
			msg := "step " + itoa(w.next+1) + " of " + itoa(n) + " checks the draft's citations: write the draft first " +
				"(draft TEXT, draft template or draft llm), then step"
			if !all || len(steps) == 0 {
				return failure(usageErr("%s", msg))
			}
			b.WriteString("\n" + msg + "\n")
			break
		}
		text, value, failed, err := s.runPlanStep(ctx, w, w.next)
		if err != nil {
			return failure(callError(err))
		}
		if len(steps) > 0 {
			b.WriteString("\n")
		}
		b.WriteString(text)
		steps = append(steps, value)
		out.Failed = out.Failed || failed
		w.next++
		if !all {
			break
		}
	}
	if w.next < n {
		st := w.plan.Steps[w.next]
		b.WriteString("\nnext: step " + itoa(w.next+1) + " of " + itoa(n) + ", " + st.Capability + "\n")
	} else {
		b.WriteString("\nthe " + w.plan.Prompt + " plan is done\n")
	}
	if s.last != nil {
		out.Result = s.last.result
	}
	out.Text = b.String()
	out.Value = map[string]any{"prompt": w.plan.Prompt, "steps": steps, "next": w.next + 1, "of": n}
	return out
}

// runPlanStep runs step k of w's plan through prompts.Run and renders its
// calls. failed reports a refused or skipped call; err only a cancelled
// context or a malformed plan.
func (s *Session) runPlanStep(ctx context.Context, w *walk, k int) (string, map[string]any, bool, error) {
	plan := w.plan
	plan.Steps = append([]prompts.Step(nil), plan.Steps[:k+1]...)
	plan.Draft = s.draft
	if st := plan.Steps[k]; st.TextFrom == prompts.FromDraft {
		return s.checkStep(ctx, st, k, len(w.plan.Steps))
	}
	target := plan.Steps[k]
	n := len(w.plan.Steps)
	var b strings.Builder
	var calls []any
	failed := false
	mc := &memoCaller{s: s, memo: w.memo}
	_, err := prompts.Run(ctx, mc, s.cc, plan, func(st prompts.Step, res *registry.Result, err error) {
		if st.ID != target.ID {
			return
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(s.wrap("step " + itoa(k+1) + " of " + itoa(n) + ": " + describeCall(st) + " — " + st.Purpose))
		call := map[string]any{"step": k + 1, "id": st.ID, "capability": st.Capability, "args": st.Args}
		switch {
		case err != nil && (errors.Is(err, prompts.ErrSkipped) || errors.Is(err, prompts.ErrNoDraft)):
			failed = true
			b.WriteString(s.wrap("skipped: " + oneLine(err.Error())))
			call["error"] = &Error{Code: CodeSkipped, Message: oneLine(err.Error())}
		case err != nil:
			failed = true
			e := callError(err)
			b.WriteString("error: " + oneLine(e.Error()) + "\n")
			call["error"] = e
		default:
			pg := newPage(st.Capability, s.caps[st.Capability].InputSchema, st.Args, res.Banners)
			if pg != nil {
				s.page = pg
			}
			b.WriteString(s.renderResult(res, pg, mc.added[factKey(res)]))
			s.last = &shown{capability: st.Capability, args: maps.Clone(st.Args), result: res}
			call["result"] = res
		}
		calls = append(calls, call)
	})
	if err != nil {
		return "", nil, false, err
	}
	return b.String(), map[string]any{"step": k + 1, "id": target.ID, "capability": target.Capability, "calls": calls}, failed, nil
}

// checkStep is a plan's citation check: the draft checked as the check
// command checks it, against every fact of the session it cites (the
// plan's calls' facts and those the draft may cite from before the plan,
// derived ones included).
func (s *Session) checkStep(ctx context.Context, st prompts.Step, k, n int) (string, map[string]any, bool, error) {
	var b strings.Builder
	b.WriteString(s.wrap("step " + itoa(k+1) + " of " + itoa(n) + ": " + st.Capability + " text=<the draft> facts=<the session's facts it cites> — " + st.Purpose))
	call := map[string]any{"step": k + 1, "id": st.ID, "capability": st.Capability}
	res, e := s.check(ctx, s.draft)
	switch {
	case e != nil && ctx.Err() != nil:
		return "", nil, false, ctx.Err()
	case e != nil:
		b.WriteString("error: " + oneLine(e.Error()) + "\n")
		call["error"] = e
	default:
		b.WriteString(s.renderCheck(res))
		call["result"] = res
	}
	value := map[string]any{"step": k + 1, "id": st.ID, "capability": st.Capability, "calls": []any{call}}
	return b.String(), value, e != nil, nil
}

// describeCall writes a call as made: capability and arguments (the facts
// of a citation check counted, not listed).
func describeCall(st prompts.Step) string {
	parts := []string{st.Capability}
	for _, k := range sortedKeys(st.Args) {
		v := st.Args[k]
		switch {
		case k == "facts":
			if l, ok := v.([]any); ok {
				parts = append(parts, "facts=<"+plural(len(l), "fact")+">")
				continue
			}
		case k == "text":
			parts = append(parts, "text=<the draft>")
			continue
		}
		parts = append(parts, k+"="+argText(v))
	}
	return strings.Join(parts, " ")
}

// memoCaller makes a plan's calls through the session once: a call made
// before (same capability and arguments) is answered from memory, so
// replaying the earlier steps costs nothing.
type memoCaller struct {
	s     *Session
	memo  map[string]memoCall
	added map[string]int // new session facts per result (by factKey)
}

// Call implements prompts.Caller.
func (m *memoCaller) Call(ctx context.Context, name string, args map[string]any, _ *registry.CallContext) (*registry.Result, error) {
	b, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	key := name + "\x00" + string(b)
	if hit, ok := m.memo[key]; ok {
		return hit.res, hit.err
	}
	res, added, err := m.s.rawCall(ctx, name, args)
	if ctx.Err() != nil {
		return res, err
	}
	if m.added == nil {
		m.added = map[string]int{}
	}
	if res != nil {
		m.added[factKey(res)] = added
	}
	m.memo[key] = memoCall{res: res, err: err}
	return res, err
}

// factKey identifies a result by its first fact id ("" when it has none).
func factKey(res *registry.Result) string {
	if res == nil || len(res.Facts) == 0 {
		return ""
	}
	return res.Facts[0].ID
}
