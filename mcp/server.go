package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// Server answers MCP messages. It is safe for concurrent use: Handle may be
// called from many goroutines, and Serve answers every message but a tool
// call at once while calls run.
type Server struct {
	o       Options
	log     *logger
	tools   []map[string]any // the trimmed tools/list entries
	toolSet map[string]bool
	prompts map[string]registry.Prompt
	plist   []registry.Prompt

	// sess is the process's session: stdio and Handle share it.
	sess *session
}

// session is the state of one client connection: the 2025-11-25 handshake
// and the tool calls in flight, by id.
type session struct {
	mu          sync.Mutex
	initialized bool
	version     string
	inflight    map[string]*toolJob
}

func newSession() *session { return &session{inflight: map[string]*toolJob{}} }

// New returns a server over opts.Caller.
func New(opts Options) (*Server, error) {
	if opts.Caller == nil {
		return nil, errors.New("mcp: no Caller")
	}
	if opts.Name == "" {
		opts.Name = "camber-tui"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = registry.DefaultCaps().MaxBytes
	}
	if opts.CallContext == nil {
		opts.CallContext = &registry.CallContext{}
	}
	s := &Server{o: opts, log: newLogger(opts.Log), toolSet: map[string]bool{}, prompts: map[string]registry.Prompt{}, sess: newSession()}
	for _, c := range opts.Caller.Capabilities() {
		if s.toolSet[c.Name] {
			return nil, fmt.Errorf("mcp: two tools named %q", c.Name)
		}
		s.toolSet[c.Name] = true
		s.tools = append(s.tools, toolEntry(c))
	}
	for _, p := range opts.Caller.Prompts() {
		s.prompts[p.Name] = p
		s.plist = append(s.plist, p)
	}
	return s, nil
}

// Handle answers one message (one line, without its newline) without any
// I/O of its own: a tool call runs to its end (in a worker when the server
// has a pool) before Handle returns. It returns nil when there is nothing
// to send (a notification, a cancelled call, a client's response).
func (s *Server) Handle(ctx context.Context, msg []byte) []byte {
	reply, call := s.Defer(ctx, msg)
	if call != nil {
		return call.Run()
	}
	return reply
}

// Defer answers one message like Handle, except that a tools/call is
// returned instead of run: the caller runs it with Run, or computes the
// outcome elsewhere and turns it into the reply with Finish. Until then
// the call is in flight (its id cannot be reused, notifications/cancelled
// cancels its context).
func (s *Server) Defer(ctx context.Context, msg []byte) ([]byte, *ToolCall) {
	if len(msg) > jsonrpc.MaxLine {
		return s.refuseTooLong(jsonrpc.Line{Size: int64(len(msg)), ID: jsonrpc.ExtractID(msg), TooLong: true}), nil
	}
	reply, job := s.dispatchLine(ctx, s.sess, msg, "a message")
	if job != nil {
		return nil, &ToolCall{j: job, start: time.Now()}
	}
	return reply, nil
}

// ToolCall is a tools/call accepted by Defer.
type ToolCall struct {
	j     *toolJob
	start time.Time
}

// Name returns the tool's name.
func (c *ToolCall) Name() string { return c.j.name }

// Args returns the call's arguments as sent (numbers as json.Number).
func (c *ToolCall) Args() map[string]any { return c.j.args }

// Context returns the call's context, cancelled by notifications/cancelled.
func (c *ToolCall) Context() context.Context { return c.j.ctx }

// Run runs the call (in a worker when the server has a pool) and returns
// its reply, or nil when it was cancelled.
func (c *ToolCall) Run() []byte { return c.j.s.execute(c.j) }

// Finish turns an outcome computed elsewhere into the call's reply (nil
// when the call was cancelled): the same result layout, error mapping and
// size cap as Run.
func (c *ToolCall) Finish(res *registry.Result, err error) []byte {
	return c.j.s.finish(c.j, res, err, time.Since(c.start))
}

// dispatchLine parses one message and answers it, or returns the tool call
// to run. where names the message in log lines.
func (s *Server) dispatchLine(ctx context.Context, sess *session, line []byte, where string) ([]byte, *toolJob) {
	m, id, perr := jsonrpc.Parse(line)
	if perr != nil {
		s.log.printf("refused %s: %d %s", where, perr.Code, perr.Message)
		return jsonrpc.EncodeError(id, perr), nil
	}
	return s.dispatch(ctx, sess, m, where)
}

// refuseTooLong answers an over-long line.
func (s *Server) refuseTooLong(ln jsonrpc.Line) []byte {
	e := jsonrpc.Errorf(jsonrpc.CodeInvalidRequest, "invalid request: the line is %d bytes, over the limit of %d", ln.Size, jsonrpc.MaxLine)
	s.log.printf("refused line %d: %d %s", ln.N, e.Code, e.Message)
	return jsonrpc.EncodeError(ln.ID, e)
}

func (s *Server) dispatch(ctx context.Context, sess *session, m *jsonrpc.Message, where string) ([]byte, *toolJob) {
	switch m.Kind {
	case jsonrpc.KindResponse:
		s.log.printf("ignored %s: a response to no request of the server's (id %s)", where, m.ID)
		return nil, nil
	case jsonrpc.KindNotification:
		s.notify(sess, m, where)
		return nil, nil
	}
	if !m.ParamsOK {
		return errReply(m.ID, jsonrpc.CodeInvalidParams, "invalid params: params must be an object"), nil
	}
	rev, rerr := s.revisionOf(sess, m)
	if rerr != nil {
		return jsonrpc.EncodeError(m.ID, rerr), nil
	}
	if m.Method == "tools/call" {
		job, err := s.prepareCall(ctx, sess, m, rev)
		if err != nil {
			return jsonrpc.EncodeError(m.ID, err), nil
		}
		return nil, job
	}
	result, err := s.method(sess, m, rev)
	if err != nil {
		return jsonrpc.EncodeError(m.ID, err), nil
	}
	return s.encodeResult(m.ID, rev, result), nil
}

// encodeResult finishes a result for its revision and encodes the reply.
func (s *Server) encodeResult(id jsonrpc.ID, rev string, result map[string]any) []byte {
	if rev == Version2026 {
		result["resultType"] = "complete"
		meta, _ := result["_meta"].(map[string]any)
		if meta == nil {
			meta = map[string]any{}
		}
		meta[metaServerInfo] = s.serverInfo()
		result["_meta"] = meta
	}
	b, err := jsonrpc.EncodeResult(id, result)
	if err != nil {
		s.log.printf("reply to %s could not be serialised: %v", id, err)
		return errReply(id, jsonrpc.CodeInternal, "internal error: the reply could not be serialised")
	}
	return b
}

func (s *Server) serverInfo() map[string]any {
	info := map[string]any{"name": s.o.Name, "version": s.o.Version}
	if s.o.Title != "" {
		info["title"] = s.o.Title
	}
	return info
}

func errReply(id jsonrpc.ID, code int, format string, args ...any) []byte {
	return jsonrpc.EncodeError(id, jsonrpc.Errorf(code, format, args...))
}

// notify handles a notification; none is ever answered.
func (s *Server) notify(sess *session, m *jsonrpc.Message, where string) {
	switch m.Method {
	case "notifications/initialized":
		sess.mu.Lock()
		ok := sess.initialized
		sess.mu.Unlock()
		if !ok {
			s.log.printf("ignored %s: notifications/initialized before initialize", where)
		}
	case "notifications/cancelled":
		raw, _ := m.Params["requestId"]
		key, ok := idKey(raw)
		if !ok {
			s.log.printf("ignored %s: notifications/cancelled without a string or integer requestId", where)
			return
		}
		sess.mu.Lock()
		job := sess.inflight[key]
		sess.mu.Unlock()
		if job == nil {
			return // finished already, or never started
		}
		job.cancel()
	default:
		s.log.printf("ignored %s: unknown notification %q", where, m.Method)
	}
}

// idKey returns the in-flight key of a decoded id value.
func idKey(v any) (string, bool) {
	id, ok := jsonrpc.IDOf(v)
	return id.String(), ok
}

// logger writes the server's log lines, one at a time.
type logger struct {
	mu sync.Mutex
	w  io.Writer
}

func newLogger(w io.Writer) *logger {
	if w == nil {
		w = io.Discard
	}
	return &logger{w: w}
}

func (l *logger) printf(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "camber-tui mcp: %s\n", oneLine(line))
}

// oneLine turns newlines and other control characters into spaces, so a
// log entry is one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, s)
}
