package jsonrpc

import (
	"encoding/json"
	"regexp"
)

// The JSON-RPC 2.0 error codes and the MCP codes this server sends.
const (
	CodeParseError         = -32700
	CodeInvalidRequest     = -32600
	CodeMethodNotFound     = -32601
	CodeInvalidParams      = -32602
	CodeInternal           = -32603
	CodeHeaderMismatch     = -32020
	CodeUnsupportedVersion = -32022
)

// Error is a JSON-RPC error object. It is also the error type of this
// package's parse functions.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// Error implements error.
func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with a formatted message.
func Errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: sprintf(format, args...)}
}

// ID is a request id: the canonical JSON of a string or an integer. The
// zero ID is "no id" and encodes as null.
type ID struct{ raw string }

// IsZero reports whether the id is absent (a notification, or unreadable).
func (id ID) IsZero() bool { return id.raw == "" }

// String returns the id's JSON text ("null" for the zero ID).
func (id ID) String() string {
	if id.raw == "" {
		return "null"
	}
	return id.raw
}

// MarshalJSON encodes the id as it was read (null for the zero ID).
func (id ID) MarshalJSON() ([]byte, error) { return []byte(id.String()), nil }

// StringID returns the ID of a string id.
func StringID(s string) ID { return ID{raw: string(mustMarshal(s))} }

// IntID returns the ID of an integer id.
func IntID(n int64) ID { return ID{raw: string(mustMarshal(n))} }

var integerRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// idOf returns the ID of a decoded id value and whether it is a string or an
// integer literal.
func idOf(v any) (ID, bool) {
	switch v := v.(type) {
	case string:
		return StringID(v), true
	case json.Number:
		if integerRE.MatchString(string(v)) {
			return ID{raw: string(v)}, true
		}
	}
	return ID{}, false
}

// Kind says what a parsed message is.
type Kind int

// The kinds of message a client sends.
const (
	KindRequest      Kind = iota // has a method and an id
	KindNotification             // has a method and no id
	KindResponse                 // a client's response (no method); the server sends no requests, so it is ignored
)

// Message is one decoded JSON-RPC 2.0 message.
type Message struct {
	Kind   Kind
	ID     ID
	Method string
	// Params is the params member; nil when it is absent. ParamsOK is false
	// when params is present but not an object.
	Params   map[string]any
	ParamsOK bool
}

// Parse decodes one message strictly (see Decode) and checks that it is a
// JSON-RPC 2.0 request, notification or response. A refused message gives an
// *Error to send back and the id to send it with: the message's own id when
// it is a string or an integer, else the zero ID (null).
func Parse(line []byte) (*Message, ID, *Error) {
	v, derr := Decode(line)
	if derr != nil {
		return nil, ID{}, derr
	}
	switch v.(type) {
	case []any:
		return nil, ID{}, Errorf(CodeInvalidRequest, "invalid request: batches are not supported; send one message per line")
	case map[string]any:
	default:
		return nil, ID{}, Errorf(CodeInvalidRequest, "invalid request: a message must be a JSON object")
	}
	obj := v.(map[string]any)
	rawID, hasID := obj["id"]
	id, idOK := idOf(rawID)
	replyID := ID{}
	if hasID && idOK {
		replyID = id
	}
	if ver, ok := obj["jsonrpc"].(string); !ok || ver != "2.0" {
		return nil, replyID, Errorf(CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	rawMethod, hasMethod := obj["method"]
	if !hasMethod {
		_, hasResult := obj["result"]
		_, hasError := obj["error"]
		if hasResult != hasError && hasID && (idOK || rawID == nil) && len(obj) == 3 {
			return &Message{Kind: KindResponse, ID: replyID}, replyID, nil
		}
		return nil, replyID, Errorf(CodeInvalidRequest, `invalid request: "method" is missing`)
	}
	method, ok := rawMethod.(string)
	if !ok {
		return nil, replyID, Errorf(CodeInvalidRequest, `invalid request: "method" must be a string`)
	}
	if hasID && !idOK {
		return nil, ID{}, Errorf(CodeInvalidRequest, `invalid request: "id" must be a string or an integer`)
	}
	m := &Message{Kind: KindNotification, Method: method, ParamsOK: true}
	if hasID {
		m.Kind, m.ID = KindRequest, id
	}
	if rawParams, has := obj["params"]; has {
		m.Params, m.ParamsOK = rawParams.(map[string]any)
	}
	return m, m.ID, nil
}

// IDOf returns the ID of a decoded id value (as Decode gives it) and
// whether it is a string or an integer.
func IDOf(v any) (ID, bool) { return idOf(v) }
