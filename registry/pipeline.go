package registry

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/camber-tui/camber-tui/registry/redact"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Call runs capability name with args for the caller cc under the policy
// of seed 000, in order: (1) input validation, (2) the facility allowlist,
// (3) the research-only refusal, (4) no-persist, (5) the trust floor,
// (6) caps, (7) citations, (8) text from the data, (9) store errors and
// fences, (10) no leaks. Steps 2, 6 and 9 act both before and after the
// handler runs.
//
// A refused or failed call returns a *Error with a one-line message that
// names no local path. When ctx is cancelled by the caller, Call returns
// ctx.Err() instead: no reply is owed.
func (r *Registry) Call(ctx context.Context, name string, args map[string]any, cc *CallContext) (*Result, error) {
	if cc == nil {
		cc = &CallContext{}
	}
	p := &pipeline{r: r, cc: *cc, red: r.redactorFor(cc)}
	e, ok := r.caps[name]
	if !ok {
		return nil, p.fail(Errorf(CodeUnknownCapability, "no capability is called %s", sanitize.Name(name)))
	}
	p.e = e
	res, err := p.run(ctx, args)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, p.fail(err)
	}
	return res, nil
}

// pipeline is the state of one call.
type pipeline struct {
	r   *Registry
	e   *entry
	cc  CallContext
	red *redact.Redactor

	data     Data
	args     map[string]any
	named    []string        // facilities the arguments name
	reads    []string        // facilities the call reads
	served   map[string]bool // facilities a result may name
	listed   []string        // Call.Facilities
	withheld Withheld
	banners  []string // policy banners, first on every result
	fences   map[string]string
	gen      string
}

// run applies the steps in order around the handler.
func (p *pipeline) run(ctx context.Context, raw map[string]any) (*Result, error) {
	if err := p.validate(raw); err != nil { // 1
		return nil, err
	}
	if err := p.allowlist(); err != nil { // 2
		return nil, err
	}
	if err := p.refuseResearchOnly(ctx); err != nil { // 3
		return nil, err
	}
	if err := p.trustFloor(); err != nil { // 5 (checked before the handler's Call is built)
		return nil, err
	}
	if err := p.fencesBefore(ctx); err != nil { // 9
		return nil, err
	}
	token, err := p.token(ctx)
	if err != nil {
		return nil, err
	}
	res, call, err := p.runHandler(ctx) // 4, 6 (time), 9 (one retry)
	if err != nil {
		return nil, p.storeError(err)
	}
	if err := p.fencesAfter(ctx); err != nil { // 9
		return nil, err
	}
	out, err := p.normalise(res, call)
	if err != nil {
		return nil, err
	}
	if err := p.onlyServed(out); err != nil { // 2
		return nil, err
	}
	p.capRows(out)                                // 6
	p.citations(out)                              // 7
	p.textFromData(out)                           // 8
	tokenise(out, token)                          // fact tokens
	p.noLeaks(out)                                // 10
	if err := p.validateOutput(out); err != nil { // every result, against the full schema
		return nil, err
	}
	return out, p.capBytes(out) // 6
}

// validate is step 1: the arguments must match the input schema, else
// invalid_params listing each problem with its JSON pointer; a whole-number
// float reaches the handler as an int.
func (p *pipeline) validate(raw map[string]any) error {
	if raw == nil {
		raw = map[string]any{}
	}
	v, err := jsonValue(raw)
	if err != nil {
		return &Error{Code: CodeInvalidParams, Message: "the arguments are not a JSON object",
			Data: map[string]any{"errors": []Problem{{Pointer: "", Message: "not JSON"}}}}
	}
	if err := p.e.in.schema.Validate(v); err != nil {
		return invalidParams(p.e.cap.Name, problems(err))
	}
	args, prob := decodeArgs(v, p.e.in.raw, "")
	if prob != nil {
		return invalidParams(p.e.cap.Name, []Problem{*prob})
	}
	p.args = args.(map[string]any)
	return nil
}

// allowlist is step 2 (before the handler): every facility_id and
// facility_ids argument must be allowed; the refusal is the same whether the
// facility exists or not, so a caller cannot probe for ids.
func (p *pipeline) allowlist() error {
	allowed := map[string]bool{}
	for _, id := range p.cc.AllowedFacilities {
		allowed[id] = true
	}
	check := func(id, at string) error {
		if !allowed[id] {
			return &Error{Code: CodeNotAllowed, Message: at + " names a facility this caller may not read",
				Data: map[string]any{"argument": at}, DataValues: []string{at}}
		}
		if !slices.Contains(p.named, id) {
			p.named = append(p.named, id)
		}
		return nil
	}
	if id, ok := p.args["facility_id"].(string); ok {
		if err := check(id, "/facility_id"); err != nil {
			return err
		}
	}
	if ids, ok := p.args["facility_ids"].([]any); ok {
		for i, v := range ids {
			if id, ok := v.(string); ok {
				if err := check(id, "/facility_ids/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// refuseResearchOnly is step 3: research-only facilities are refused,
// failing closed (see evaluateLicence); a listing sees only the served ones
// and how many were withheld, and while the registry is damaged every result
// carries a banner.
func (p *pipeline) refuseResearchOnly(ctx context.Context) error {
	if p.e.cap.NoStore {
		p.served = map[string]bool{} // reads no facility's data: may name any allowed one (echoed facts)
		for _, id := range p.cc.AllowedFacilities {
			p.served[id] = true
		}
	}
	d, err := p.r.dataFor(p.cc.Store)
	if err == nil && d == nil && !p.e.cap.NoStore {
		err = errors.New("no store is configured for this call")
	}
	var s *Survey
	if err == nil {
		p.data = d
		if d != nil {
			s, err = d.Survey(ctx, p.named)
		}
	}
	switch {
	case err != nil && p.e.cap.NoStore:
		p.banners = append(p.banners, "the store's facility registry could not be read, so no facility's licence can be verified")
		return nil
	case err != nil && p.data == nil:
		return &Error{Code: CodeUnavailable, Message: "the store could not be opened", Data: map[string]any{"retryable": false}, Err: err}
	case err != nil:
		return p.storeError(err)
	case s == nil: // a store-free capability without a store
		return nil
	}
	lic := evaluateLicence(s)
	if lic.damaged != "" {
		p.banners = append(p.banners, lic.damaged)
	}
	if p.e.cap.NoStore {
		return nil
	}
	allowed := sortedCopy(p.cc.AllowedFacilities)
	candidates := p.named
	if len(candidates) == 0 {
		candidates = allowed
	}
	if err := lic.copies(ctx, d, candidates); err != nil {
		return p.storeError(err)
	}
	for _, id := range p.named {
		if e := lic.refuse(id); e != nil {
			return e
		}
	}
	p.listed, p.withheld = lic.served(allowed)
	p.reads = p.named
	if len(p.reads) == 0 {
		p.reads = p.listed
	}
	p.served = map[string]bool{}
	for _, id := range append(slices.Clone(p.listed), p.named...) {
		p.served[id] = true
	}
	return nil
}

// newCall is step 4, no-persist: the handler gets copies of the arguments
// and of the caller's context, so nothing it does changes the caller's
// state, and the run configs as loaded at startup. Handlers reach the store
// only through read-only views; the store-tree test proves that no call
// writes.
func (p *pipeline) newCall() *Call {
	cc := p.cc
	cc.AllowedFacilities = slices.Clone(cc.AllowedFacilities)
	cc.Configs = slices.Clone(cc.Configs)
	cc.Snapshot = slices.Clone(cc.Snapshot)
	args, _ := deepCopy(p.args).(map[string]any)
	return &Call{Name: p.e.cap.Name, Args: args, Ctx: &cc, facilities: slices.Clone(p.listed), withheld: p.withheld}
}

// trustFloor is step 5: the caller's min_trust (0.5 by default) is what
// Call.MinTrust gives a handler for its config runs; the caps get their
// defaults here too.
func (p *pipeline) trustFloor() error {
	if p.cc.MinTrust == 0 {
		p.cc.MinTrust = DefaultMinTrust
	}
	if math.IsNaN(p.cc.MinTrust) || p.cc.MinTrust < 0 || p.cc.MinTrust > 1 {
		return fmt.Errorf("call context: min_trust %v is outside 0..1", p.cc.MinTrust)
	}
	def := DefaultCaps()
	if p.cc.Caps.MaxRows <= 0 {
		p.cc.Caps.MaxRows = def.MaxRows
	}
	if p.cc.Caps.MaxBytes <= 0 {
		p.cc.Caps.MaxBytes = def.MaxBytes
	}
	if !(p.cc.Caps.MaxSeconds > 0) {
		p.cc.Caps.MaxSeconds = def.MaxSeconds
	}
	return nil
}

// runHandler runs the handler under the time cap (step 6) and retries it
// once after a retryable store error (step 9: a file replaced or removed
// between listing and opening).
func (p *pipeline) runHandler(ctx context.Context) (*Result, *Call, error) {
	for attempt := 0; ; attempt++ {
		call := p.newCall()
		res, err := p.timed(ctx, call)
		if err == nil {
			return res, call, nil
		}
		if f, ok := p.fault(err); ok && f.Retryable && attempt == 0 && ctx.Err() == nil {
			continue
		}
		return nil, nil, err
	}
}

// timed runs the handler with a context cancelled at MaxSeconds and returns
// promptly then (timeout); a late result is dropped. A handler panic is an
// internal error.
func (p *pipeline) timed(ctx context.Context, call *Call) (*Result, error) {
	limit := time.Duration(p.cc.Caps.MaxSeconds * float64(time.Second))
	hctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- outcome{nil, fmt.Errorf("handler panic: %v", v)}
			}
		}()
		res, err := p.e.cap.Handler(hctx, call)
		done <- outcome{res, err}
	}()
	var o outcome
	select {
	case o = <-done:
	case <-hctx.Done():
		o.err = hctx.Err()
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if o.err != nil && hctx.Err() == context.DeadlineExceeded && errors.Is(o.err, context.DeadlineExceeded) {
		secs := strconv.FormatFloat(p.cc.Caps.MaxSeconds, 'g', -1, 64)
		return nil, &Error{Code: CodeTimeout, Message: p.e.cap.Name + " ran longer than " + secs + " s and was stopped: narrow the call (fewer equipment, a shorter window) and try again",
			Data: map[string]any{"max_seconds": p.cc.Caps.MaxSeconds}}
	}
	return o.res, o.err
}

// fencesBefore is step 9 before the handler: a facility a writer is
// replacing or removing files of is waited for up to Options.FenceWait,
// then the call is unavailable (retryable).
func (p *pipeline) fencesBefore(ctx context.Context) error {
	if p.data == nil || p.e.cap.NoStore {
		return nil
	}
	p.fences = map[string]string{}
	deadline := time.Now().Add(p.r.opt.FenceWait)
	for _, id := range p.reads {
		for {
			f, err := p.data.Fence(ctx, id)
			if err != nil {
				return p.storeError(err)
			}
			if !f.Busy {
				p.fences[id] = f.Token
				break
			}
			if !time.Now().Before(deadline) {
				return p.overlapped(id, "is being rewritten by a writer (an ingest, prune or removal)")
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	return nil
}

// fencesAfter is step 9 after the handler: a writer that marked a facility
// the call read, or any change of its files, makes the call unavailable
// (retryable) whatever the handler answered.
func (p *pipeline) fencesAfter(ctx context.Context) error {
	if p.data == nil || p.e.cap.NoStore {
		return nil
	}
	for _, id := range p.reads {
		f, err := p.data.Fence(ctx, id)
		if err != nil {
			return p.storeError(err)
		}
		if f.Busy || f.Token != p.fences[id] {
			return p.overlapped(id, "was changed by a writer while the call read it")
		}
	}
	gen, err := p.data.Generation(ctx, p.reads)
	if err != nil {
		return p.storeError(err)
	}
	if gen != p.gen {
		id := ""
		if len(p.reads) == 1 {
			id = p.reads[0]
		}
		return p.overlapped(id, "changed while the call read it")
	}
	return nil
}

// token computes the store generation of the facilities the call reads and
// the fact token.
func (p *pipeline) token(ctx context.Context) (string, error) {
	if p.data != nil && !p.e.cap.NoStore {
		gen, err := p.data.Generation(ctx, p.reads)
		if err != nil {
			return "", p.storeError(err)
		}
		p.gen = gen
	}
	configs, err := configDigests(&p.cc)
	if err != nil {
		return "", err
	}
	return factToken(p.e.cap.Name, p.args, p.cc.AllowedFacilities, configs, p.cc.MinTrust, p.gen), nil
}
