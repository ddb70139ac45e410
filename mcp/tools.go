package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// toolEntry is a capability as tools/list shows it: without the $schema of
// JSON Schema 2020-12 (the dialect both revisions assume), without an
// annotations.title repeating the title, and without the description
// annotations inside outputSchema (results are still validated against the
// full schema by the registry).
func toolEntry(c registry.Capability) map[string]any {
	t := map[string]any{
		"name":        c.Name,
		"description": c.Description,
		"inputSchema": trimSchema(c.InputSchema, false),
		"annotations": map[string]any{"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false},
	}
	if t["inputSchema"] == nil {
		t["inputSchema"] = map[string]any{"type": "object"}
	}
	if c.Title != "" {
		t["title"] = c.Title
	}
	if c.OutputSchema != nil {
		t["outputSchema"] = trimSchema(c.OutputSchema, true)
	}
	return t
}

// trimSchema copies a schema without $schema and, when dropDescriptions is
// set, without description annotations at any level. A property that is
// itself named "description" is kept: only the keyword goes.
func trimSchema(s map[string]any, dropDescriptions bool) map[string]any {
	if s == nil {
		return nil
	}
	out := make(map[string]any, len(s))
	for k, v := range s {
		switch {
		case k == "$schema":
			continue
		case k == "description" && dropDescriptions:
			continue
		case k == "properties":
			if props, ok := v.(map[string]any); ok {
				np := make(map[string]any, len(props))
				for name, sub := range props {
					np[name] = trimSub(sub, dropDescriptions)
				}
				v = np
			}
		case k == "items" || k == "additionalProperties":
			v = trimSub(v, dropDescriptions)
		}
		out[k] = v
	}
	return out
}

func trimSub(v any, drop bool) any {
	switch v := v.(type) {
	case map[string]any:
		return trimSchema(v, drop)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = trimSub(x, drop)
		}
		return out
	}
	return v
}

// toolJob is one accepted tools/call.
type toolJob struct {
	s      *Server
	sess   *session
	id     jsonrpc.ID
	key    string
	rev    string
	name   string
	args   map[string]any
	ctx    context.Context
	stop   context.CancelFunc
	mu     sync.Mutex
	killed bool // cancelled by the client: no reply
}

func (j *toolJob) cancel() {
	j.mu.Lock()
	j.killed = true
	j.mu.Unlock()
	j.stop()
}

func (j *toolJob) cancelled() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.killed
}

// prepareCall checks a tools/call and registers it in flight.
func (s *Server) prepareCall(ctx context.Context, sess *session, m *jsonrpc.Message, rev string) (*toolJob, *jsonrpc.Error) {
	name, ok := m.Params["name"].(string)
	if !ok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: name must be a tool name")
	}
	if !s.toolSet[name] {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: unknown tool %s", quote(name))
	}
	args := map[string]any{}
	if raw, has := m.Params["arguments"]; has && raw != nil {
		a, ok := raw.(map[string]any)
		if !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: arguments must be an object")
		}
		args = a
	}
	cctx, stop := context.WithCancel(ctx)
	j := &toolJob{s: s, sess: sess, id: m.ID, key: m.ID.String(), rev: rev, name: name, args: args, ctx: cctx, stop: stop}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.inflight[j.key] != nil {
		stop()
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidRequest, "invalid request: a tools/call with id %s is still in progress", j.key)
	}
	sess.inflight[j.key] = j
	return j, nil
}

// execute runs a tool call and returns its reply, or nil when the client
// cancelled it or the server is stopping.
func (s *Server) execute(j *toolJob) []byte {
	start := time.Now()
	res, err := s.run(j)
	return s.finish(j, res, err, time.Since(start))
}

// run runs the call in a worker when the server has a pool, else in
// process.
func (s *Server) run(j *toolJob) (*registry.Result, error) {
	if s.o.Workers != nil {
		return s.o.Workers.Call(j.ctx, j.name, j.args)
	}
	return s.o.Caller.Call(j.ctx, j.name, plainJSON(j.args).(map[string]any), s.o.CallContext)
}

// finish turns a call's outcome into its reply (nil when the client
// cancelled it), logs it and ends the call.
func (s *Server) finish(j *toolJob, res *registry.Result, err error, took time.Duration) []byte {
	defer j.end()
	if j.cancelled() || (err != nil && j.ctx.Err() != nil && errors.Is(err, context.Canceled)) {
		s.log.printf("tools/call %s (id %s): cancelled after %s", j.name, j.id, round(took))
		return nil
	}
	if err != nil {
		var e *registry.Error
		if !errors.As(err, &e) || e.Code == registry.CodeInternal || e.Code == registry.CodeUnknownCapability {
			s.log.printf("tools/call %s (id %s): internal error in %s: %v", j.name, j.id, round(took), err)
			msg := "internal error"
			if e != nil && e.Code == registry.CodeInternal {
				msg = "internal error: " + scrubPaths(e.Message)
			}
			return errReply(j.id, jsonrpc.CodeInternal, "%s", msg)
		}
		s.log.printf("tools/call %s (id %s): %s in %s", j.name, j.id, e.Code, round(took))
		return s.encodeResult(j.id, j.rev, toolError(e))
	}
	if res == nil {
		s.log.printf("tools/call %s (id %s): internal error in %s: no result", j.name, j.id, round(took))
		return errReply(j.id, jsonrpc.CodeInternal, "internal error")
	}
	reply := s.encodeResult(j.id, j.rev, toolResult(res))
	if len(reply) > s.o.MaxBytes {
		s.log.printf("tools/call %s (id %s): too_large (%d bytes) in %s", j.name, j.id, len(reply), round(took))
		return s.encodeResult(j.id, j.rev, toolError(&registry.Error{Code: registry.CodeTooLarge,
			Message: fmt.Sprintf("the reply is %d bytes, over the limit of %d; ask for a smaller page (limit and offset)", len(reply), s.o.MaxBytes),
			Data:    map[string]any{"bytes": len(reply), "max_bytes": s.o.MaxBytes}}))
	}
	s.log.printf("tools/call %s (id %s): ok in %s", j.name, j.id, round(took))
	return reply
}

// end removes the call from the in-flight set and releases its context.
func (j *toolJob) end() {
	j.sess.mu.Lock()
	if j.sess.inflight[j.key] == j {
		delete(j.sess.inflight, j.key)
	}
	j.sess.mu.Unlock()
	j.stop()
}

// toolResult is a successful call as MCP sends it: the notices and the
// one-line summary, then the data as compact JSON, the data again as
// structuredContent, and the fact index, notices and truncation flag in
// _meta.
func toolResult(r *registry.Result) map[string]any {
	var lines []string
	for _, b := range r.Banners {
		lines = append(lines, "NOTICE: "+b)
	}
	lines = append(lines, r.Text)
	data := r.Data
	if data == nil {
		data = map[string]any{}
	}
	dataJSON, err := jsonrpc.Marshal(data)
	if err != nil {
		dataJSON = nil // the reply fails to encode and answers -32603
	}
	facts, banners := r.Facts, r.Banners
	if facts == nil {
		facts = []registry.Fact{}
	}
	if banners == nil {
		banners = []string{}
	}
	return map[string]any{
		"content": []any{
			map[string]any{"type": "text", "text": strings.Join(lines, "\n")},
			map[string]any{"type": "text", "text": string(json.RawMessage(dataJSON))},
		},
		"structuredContent": data,
		"isError":           false,
		"_meta":             map[string]any{"camber/facts": facts, "camber/banners": banners, "camber/truncated": r.Truncated},
	}
}

// toolError is a refused or failed call as a tool result the model can act
// on: "code: message" text and the error in _meta["camber/error"].
func toolError(e *registry.Error) map[string]any {
	ce := map[string]any{"code": e.Code, "message": e.Message}
	if e.Data != nil {
		ce["data"] = e.Data
	}
	return map[string]any{
		"content": []any{map[string]any{"type": "text", "text": string(e.Code) + ": " + e.Message}},
		"isError": true,
		"_meta":   map[string]any{"camber/error": ce},
	}
}

// plainJSON turns json.Number values into float64, the way encoding/json
// gives numbers to Go code (the registry converts whole numbers to int
// where a schema asks for an integer).
func plainJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = plainJSON(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plainJSON(x)
		}
		return out
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return v
		}
		return f
	}
	return v
}

var absPathRE = regexp.MustCompile(`(^|[\s"'(=:,])/[^\s"'),]+`)

// scrubPaths replaces absolute paths in a message shown to a client; the
// registry already redacts, this is a second guard for -32603 replies.
func scrubPaths(s string) string { return absPathRE.ReplaceAllString(s, "$1<path>") }

func round(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}
