package mcp

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// quote quotes a client's value for an error message, cut to 80
// characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 80 {
		s = string([]rune(s)[:80]) + "…"
	}
	return strconv.Quote(s)
}

// The methods of each revision. Nothing else is offered: no resources,
// logging, sampling, roots or subscriptions.
var (
	methods2025 = []string{"initialize", "ping", "tools/list", "tools/call", "prompts/list", "prompts/get", "completion/complete"}
	methods2026 = []string{"server/discover", "tools/list", "tools/call", "prompts/list", "prompts/get", "completion/complete"}
)

// revisionOf decides how a request is served: a request whose params._meta
// carries the stateless keys is served statelessly (2026-07-28) whatever
// the session did; initialize starts a 2025-11-25 session; any other
// request needs that session.
func (s *Server) revisionOf(sess *session, m *jsonrpc.Message) (string, *jsonrpc.Error) {
	if !slices.Contains(methods2025, m.Method) && !slices.Contains(methods2026, m.Method) {
		return "", jsonrpc.Errorf(jsonrpc.CodeMethodNotFound, "method not found: %s", quote(m.Method))
	}
	rawMeta, hasMeta := m.Params["_meta"]
	meta, isObj := rawMeta.(map[string]any)
	if hasMeta && rawMeta != nil && !isObj {
		return "", jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: _meta must be an object")
	}
	_, hasV := meta[metaVersion]
	_, hasC := meta[metaClientCaps]
	_, hasI := meta[metaClientInfo]
	if hasV || hasC || hasI {
		if err := checkMeta(meta); err != nil {
			return "", err
		}
		if !slices.Contains(methods2026, m.Method) {
			return "", jsonrpc.Errorf(jsonrpc.CodeMethodNotFound, "method not found: %s is not part of protocol revision %s", quote(m.Method), Version2026)
		}
		return Version2026, nil
	}
	if m.Method == "initialize" {
		return Version2025, nil
	}
	sess.mu.Lock()
	ok, version := sess.initialized, sess.version
	sess.mu.Unlock()
	if !ok {
		return "", jsonrpc.Errorf(jsonrpc.CodeInvalidParams,
			"invalid params: no initialize handshake and no %s in params._meta", metaVersion)
	}
	if !slices.Contains(methods2025, m.Method) {
		return "", jsonrpc.Errorf(jsonrpc.CodeMethodNotFound, "method not found: %s is not part of protocol revision %s", quote(m.Method), version)
	}
	return version, nil
}

// checkMeta checks the stateless revision's _meta keys.
func checkMeta(meta map[string]any) *jsonrpc.Error {
	raw, ok := meta[metaVersion]
	if !ok {
		return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: _meta lacks %s", metaVersion)
	}
	v, ok := raw.(string)
	if !ok {
		return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: _meta %s must be a string", metaVersion)
	}
	if v != Version2026 {
		return &jsonrpc.Error{Code: jsonrpc.CodeUnsupportedVersion, Message: "Unsupported protocol version",
			Data: map[string]any{"supported": SupportedVersions(), "requested": v}}
	}
	if _, ok := meta[metaClientCaps].(map[string]any); !ok {
		return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: _meta %s must be an object ({} if the client has none)", metaClientCaps)
	}
	if ci, has := meta[metaClientInfo]; has {
		if _, ok := ci.(map[string]any); !ok {
			return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: _meta %s must be an object", metaClientInfo)
		}
	}
	return nil
}

// capabilities is what the server offers, in both revisions.
func capabilities() map[string]any {
	return map[string]any{"tools": map[string]any{}, "prompts": map[string]any{}, "completions": map[string]any{}}
}

// method answers every request but tools/call.
func (s *Server) method(sess *session, m *jsonrpc.Message, rev string) (map[string]any, *jsonrpc.Error) {
	p := m.Params
	switch m.Method {
	case "initialize":
		return s.initialize(sess, p)
	case "ping":
		return map[string]any{}, nil
	case "server/discover":
		r := map[string]any{"supportedVersions": SupportedVersions(), "capabilities": capabilities()}
		if s.o.Instructions != "" {
			r["instructions"] = s.o.Instructions
		}
		return cacheable(r, rev), nil
	case "tools/list":
		if err := noCursor(p); err != nil {
			return nil, err
		}
		return cacheable(map[string]any{"tools": s.tools}, rev), nil
	case "prompts/list":
		if err := noCursor(p); err != nil {
			return nil, err
		}
		list := s.plist
		if list == nil {
			list = []registry.Prompt{}
		}
		return cacheable(map[string]any{"prompts": list}, rev), nil
	case "prompts/get":
		return s.getPrompt(p)
	case "completion/complete":
		return s.complete(p)
	}
	return nil, jsonrpc.Errorf(jsonrpc.CodeMethodNotFound, "method not found: %s", quote(m.Method))
}

// cacheable adds the caching hints of the stateless revision.
func cacheable(r map[string]any, rev string) map[string]any {
	if rev == Version2026 {
		r["ttlMs"] = listTTL
		r["cacheScope"] = "public"
	}
	return r
}

// noCursor refuses a cursor: every list fits one page, so no cursor is
// ever handed out.
func noCursor(p map[string]any) *jsonrpc.Error {
	if c, ok := p["cursor"]; ok && c != nil {
		return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: unknown cursor (every list is one page)")
	}
	return nil
}

func (s *Server) initialize(sess *session, p map[string]any) (map[string]any, *jsonrpc.Error) {
	pv, ok := p["protocolVersion"].(string)
	if !ok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: initialize needs a protocolVersion string")
	}
	if _, ok := p["capabilities"].(map[string]any); !ok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: initialize needs a capabilities object")
	}
	if ci, has := p["clientInfo"]; has {
		if _, ok := ci.(map[string]any); !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: clientInfo must be an object")
		}
	}
	version := Version2025
	if pv == Version0618 {
		version = pv
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.initialized {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidRequest,
			"invalid request: initialize is accepted once; the session keeps protocol %s", sess.version)
	}
	sess.initialized, sess.version = true, version
	r := map[string]any{"protocolVersion": version, "capabilities": capabilities(), "serverInfo": s.serverInfo()}
	if s.o.Instructions != "" {
		r["instructions"] = s.o.Instructions
	}
	return r, nil
}
