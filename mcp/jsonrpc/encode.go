package jsonrpc

import (
	"bytes"
	"encoding/json"
	"fmt"
)

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// Marshal encodes v as compact JSON without HTML escaping (so "<" stays
// "<") and without a trailing newline.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// mustMarshal encodes a string or an integer, which cannot fail.
func mustMarshal(v any) []byte {
	b, _ := Marshal(v)
	return b
}

type resultResponse struct {
	JSONRPC string `json:"jsonrpc"`
	ID      ID     `json:"id"`
	Result  any    `json:"result"`
}

type errorResponse struct {
	JSONRPC string `json:"jsonrpc"`
	ID      ID     `json:"id"`
	Error   *Error `json:"error"`
}

// EncodeResult returns the response line for a result (no trailing
// newline). It fails only when result cannot be serialised.
func EncodeResult(id ID, result any) ([]byte, error) {
	return Marshal(resultResponse{JSONRPC: "2.0", ID: id, Result: result})
}

// EncodeError returns the response line for an error. Data that cannot be
// serialised is dropped, so an error always encodes.
func EncodeError(id ID, e *Error) []byte {
	b, err := Marshal(errorResponse{JSONRPC: "2.0", ID: id, Error: e})
	if err != nil {
		// Without data the error is a code and a string, which always encode.
		b, _ = Marshal(errorResponse{JSONRPC: "2.0", ID: id, Error: &Error{Code: e.Code, Message: e.Message}})
	}
	return b
}
