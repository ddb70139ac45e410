package mcp

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
)

// HTTPOptions configures the Streamable HTTP endpoint.
type HTTPOptions struct {
	// Path is the one MCP endpoint (default "/mcp").
	Path string
	// AllowRemote accepts any Host header; without it only loopback host
	// names are served, against DNS rebinding.
	AllowRemote bool
	// AllowedOrigins are Origin values accepted besides loopback ones.
	AllowedOrigins []string
}

// maxSessions bounds the 2025-11-25 sessions kept at once.
const maxSessions = 4096

// maxHTTPBody bounds what is read of an over-long body to find its id.
const maxHTTPBody = 64 << 20

// HTTPHandler returns the Streamable HTTP transport of the server: POST
// one JSON-RPC message, get the reply as JSON or, when the client accepts
// only an event stream, as one SSE event; 202 for a notification. An
// initialize (2025-11-25) starts a session named by the Mcp-Session-Id
// header; a request with the stateless _meta needs MCP-Protocol-Version,
// Mcp-Method and (tools/call, prompts/get) Mcp-Name headers that match its
// body. Origin and Host are checked against DNS rebinding.
func (s *Server) HTTPHandler(o HTTPOptions) http.Handler {
	if o.Path == "" {
		o.Path = "/mcp"
	}
	return &httpHandler{s: s, o: o, sessions: map[string]*session{}}
}

type httpHandler struct {
	s        *Server
	o        HTTPOptions
	mu       sync.Mutex
	sessions map[string]*session
}

// ServeHTTP answers one HTTP request to the MCP endpoint.
func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != h.o.Path {
		http.NotFound(w, r)
		return
	}
	if !h.hostOK(r.Host) || !h.originOK(r.Header.Get("Origin")) {
		h.reply(w, r, http.StatusForbidden, errReply(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "forbidden: the Origin or Host is not this server's"))
		return
	}
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		h.deleteSession(w, r)
		return
	default:
		w.Header().Set("Allow", "POST, DELETE")
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		h.reply(w, r, http.StatusUnsupportedMediaType, errReply(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: the body must be application/json"))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, jsonrpc.MaxLine+1))
	if err != nil {
		h.reply(w, r, http.StatusBadRequest, errReply(jsonrpc.ID{}, jsonrpc.CodeParseError, "parse error: the body could not be read"))
		return
	}
	if len(body) > jsonrpc.MaxLine {
		id := jsonrpc.ScanID(io.MultiReader(bytes.NewReader(body), io.LimitReader(r.Body, maxHTTPBody)))
		h.s.log.printf("refused an HTTP request: -32600 the body is over %d bytes", jsonrpc.MaxLine)
		h.reply(w, r, http.StatusBadRequest, errReply(id, jsonrpc.CodeInvalidRequest, "invalid request: the body is over the limit of %d bytes", jsonrpc.MaxLine))
		return
	}
	m, id, perr := jsonrpc.Parse(body)
	if perr != nil {
		h.s.log.printf("refused an HTTP request: %d %s", perr.Code, perr.Message)
		h.reply(w, r, http.StatusBadRequest, jsonrpc.EncodeError(id, perr))
		return
	}
	h.serveMessage(w, r, m)
}

func (h *httpHandler) serveMessage(w http.ResponseWriter, r *http.Request, m *jsonrpc.Message) {
	stateless := false
	if m.ParamsOK {
		if mm, ok := m.Params["_meta"].(map[string]any); ok {
			_, hasV := mm[metaVersion]
			_, hasC := mm[metaClientCaps]
			stateless = hasV || hasC
		}
	}
	sess, status, code, msg := h.sessionFor(r, m, stateless)
	if msg != "" {
		h.reply(w, r, status, errReply(m.ID, code, "%s", msg))
		return
	}
	if m.Kind != jsonrpc.KindRequest {
		if m.ParamsOK {
			h.s.dispatch(r.Context(), sess, m, "an HTTP notification")
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	// Order of the stateless checks: a malformed _meta (a required key
	// missing or of the wrong type) is -32602 whatever the headers; then the
	// headers must match the body (-32020); then the version must be one we
	// serve (-32022) — the order the conformance suite's checks expect.
	if stateless && m.ParamsOK && metaMalformed(m) {
		if _, rerr := h.s.revisionOf(sess, m); rerr != nil {
			h.reply(w, r, http.StatusBadRequest, jsonrpc.EncodeError(m.ID, rerr))
			return
		}
	}
	if stateless {
		if e := headerMismatch(r, m); e != nil {
			h.reply(w, r, http.StatusBadRequest, jsonrpc.EncodeError(m.ID, e))
			return
		}
	}
	if m.ParamsOK {
		if _, rerr := h.s.revisionOf(sess, m); rerr != nil {
			status := http.StatusBadRequest
			if rerr.Code == jsonrpc.CodeMethodNotFound {
				status = http.StatusNotFound
			}
			h.reply(w, r, status, jsonrpc.EncodeError(m.ID, rerr))
			return
		}
	}
	reply, job := h.s.dispatch(r.Context(), sess, m, "an HTTP request")
	if job != nil {
		reply = h.s.execute(job)
		if reply == nil {
			return // the client went away: nothing to send
		}
	}
	if m.Method == "initialize" && !stateless {
		if newID := h.startSession(sess); newID != "" && bytes.Contains(reply, []byte(`"result"`)) {
			w.Header().Set("Mcp-Session-Id", newID)
		}
	}
	h.reply(w, r, http.StatusOK, reply)
}

// sessionFor finds the session of a request: its Mcp-Session-Id, a new one
// for initialize, or a throwaway one for a stateless request. A non-empty
// message refuses the request with status and a JSON-RPC code: a request
// with neither a session nor the stateless _meta is -32602, as on stdio.
func (h *httpHandler) sessionFor(r *http.Request, m *jsonrpc.Message, stateless bool) (*session, int, int, string) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" && !stateless {
		h.mu.Lock()
		sess := h.sessions[id]
		h.mu.Unlock()
		if sess == nil {
			return nil, http.StatusNotFound, jsonrpc.CodeInvalidRequest, "unknown or ended session: initialize again"
		}
		if v := r.Header.Get("MCP-Protocol-Version"); v != "" && !slices.Contains(SupportedVersions()[1:], v) {
			return nil, http.StatusBadRequest, jsonrpc.CodeInvalidRequest, "unsupported MCP-Protocol-Version " + quote(v)
		}
		return sess, 0, 0, ""
	}
	if stateless || m.Method == "initialize" {
		return newSession(), 0, 0, ""
	}
	if m.Kind != jsonrpc.KindRequest {
		return newSession(), 0, 0, "" // nothing in flight to cancel: accepted
	}
	return nil, http.StatusBadRequest, jsonrpc.CodeInvalidParams, "no Mcp-Session-Id and no stateless _meta: initialize first, or send params._meta with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities"
}

// startSession registers a session that initialize just started and
// returns its id ("" when initialize failed).
func (h *httpHandler) startSession(sess *session) string {
	sess.mu.Lock()
	ok := sess.initialized
	sess.mu.Unlock()
	if !ok {
		return ""
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	h.mu.Lock()
	if len(h.sessions) >= maxSessions {
		// Make room by ending one session; its client gets 404 and
		// initializes again, as the specification asks.
		for old := range h.sessions {
			delete(h.sessions, old)
			break
		}
	}
	h.sessions[id] = sess
	h.mu.Unlock()
	return id
}

func (h *httpHandler) deleteSession(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	h.mu.Lock()
	sess := h.sessions[id]
	delete(h.sessions, id)
	h.mu.Unlock()
	if sess == nil {
		w.Header().Set("Allow", "POST, DELETE")
		w.WriteHeader(http.StatusNotFound)
		return
	}
	sess.mu.Lock()
	for _, j := range sess.inflight {
		j.cancel()
	}
	sess.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// metaMalformed reports whether a stateless request's _meta lacks a required
// key or has one of the wrong type (the protocol version a string, the
// client capabilities an object).
func metaMalformed(m *jsonrpc.Message) bool {
	mm, _ := m.Params["_meta"].(map[string]any)
	_, vOK := mm[metaVersion].(string)
	_, cOK := mm[metaClientCaps].(map[string]any)
	return !vOK || !cOK
}

// headerMismatch checks the stateless revision's request headers against
// the body: MCP-Protocol-Version, Mcp-Method, and Mcp-Name for tools/call
// and prompts/get (decoding the =?base64?...?= form).
func headerMismatch(r *http.Request, m *jsonrpc.Message) *jsonrpc.Error {
	mm, _ := m.Params["_meta"].(map[string]any)
	bodyV, _ := mm[metaVersion].(string)
	if v := r.Header.Get("MCP-Protocol-Version"); v == "" || v != bodyV {
		return jsonrpc.Errorf(jsonrpc.CodeHeaderMismatch, "Header mismatch: MCP-Protocol-Version %s does not match the body's %s", quote(v), quote(bodyV))
	}
	if v := r.Header.Get("Mcp-Method"); v != m.Method {
		return jsonrpc.Errorf(jsonrpc.CodeHeaderMismatch, "Header mismatch: Mcp-Method %s does not match the body's %s", quote(v), quote(m.Method))
	}
	if m.Method == "tools/call" || m.Method == "prompts/get" {
		name, _ := m.Params["name"].(string)
		v := r.Header.Get("Mcp-Name")
		if rest, ok := strings.CutPrefix(v, "=?base64?"); ok && strings.HasSuffix(rest, "?=") {
			dec, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(rest, "?="))
			if err != nil {
				return jsonrpc.Errorf(jsonrpc.CodeHeaderMismatch, "Header mismatch: Mcp-Name is not valid base64")
			}
			v = string(dec)
		}
		if v == "" || v != name {
			return jsonrpc.Errorf(jsonrpc.CodeHeaderMismatch, "Header mismatch: Mcp-Name %s does not match the body's %s", quote(v), quote(name))
		}
	}
	return nil
}

// reply writes a JSON-RPC message as JSON, or as one SSE event when the
// client accepts an event stream but not JSON.
func (h *httpHandler) reply(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	accept := r.Header.Get("Accept")
	if strings.Contains(accept, "text/event-stream") && !strings.Contains(accept, "application/json") && status == http.StatusOK {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Accel-Buffering", "no")
		w.WriteHeader(status)
		_, _ = w.Write([]byte("event: message\ndata: "))
		_, _ = w.Write(body)
		_, _ = w.Write([]byte("\n\n"))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (h *httpHandler) hostOK(host string) bool {
	if h.o.AllowRemote {
		return true
	}
	if hh, _, err := net.SplitHostPort(host); err == nil {
		host = hh
	}
	return isLoopbackHost(strings.Trim(host, "[]"))
}

func (h *httpHandler) originOK(origin string) bool {
	if origin == "" || slices.Contains(h.o.AllowedOrigins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return isLoopbackHost(u.Hostname())
}
