package worker

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// maxFrame bounds one message between the server and a worker. A result
// is refused as too large far below it (2 MB); the bound only stops a
// broken peer from making the other side allocate without limit.
const maxFrame = 256 << 20

// request is one call sent to a worker.
type request struct {
	ID   uint64         `json:"id"`
	Name string         `json:"name"`
	Args map[string]any `json:"args"`
}

// reply is a worker's answer: the ready message (Ready set, ID 0) or the
// outcome of one request.
type reply struct {
	ID     uint64          `json:"id"`
	Ready  bool            `json:"ready,omitempty"`
	Result *wireResult     `json:"result,omitempty"`
	Error  *registry.Error `json:"error,omitempty"`
}

// wireResult is a registry.Result between a worker and its pool with the
// data as the worker encoded it: the server hands it on to the client
// (structuredContent and its JSON text) without decoding and encoding it
// again.
type wireResult struct {
	Data      json.RawMessage `json:"data"`
	Text      string          `json:"text"`
	Facts     []registry.Fact `json:"facts"`
	Banners   []string        `json:"banners"`
	Truncated bool            `json:"truncated"`
}

// toWire encodes r's data for the wire.
func toWire(r *registry.Result) (*wireResult, error) {
	data, err := jsonrpc.Marshal(r.Data) // as the server encodes: HTML characters as they are
	if err != nil {
		return nil, err
	}
	return &wireResult{Data: data, Text: r.Text, Facts: r.Facts, Banners: r.Banners, Truncated: r.Truncated}, nil
}

// result is the registry.Result the pool returns: Data is the encoded
// json.RawMessage.
func (w *wireResult) result() *registry.Result {
	return &registry.Result{Data: w.Data, Text: w.Text, Facts: w.Facts, Banners: w.Banners, Truncated: w.Truncated}
}

// writeFrame writes v as a 4-byte big-endian length and its JSON.
func writeFrame(w io.Writer, v any) error {
	b, err := jsonrpc.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode frame: %w", err)
	}
	if len(b) > maxFrame {
		return fmt.Errorf("frame of %d bytes over the limit of %d", len(b), maxFrame)
	}
	buf := make([]byte, 4+len(b))
	binary.BigEndian.PutUint32(buf, uint32(len(b)))
	copy(buf[4:], b)
	_, err = w.Write(buf)
	return err
}

// readFrame reads one frame into v. With exact set, numbers decode as
// json.Number so that a result's values pass through unchanged; otherwise
// as float64, the way encoding/json gives call arguments to Go code.
func readFrame(r *bufio.Reader, v any, exact bool) error {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > maxFrame {
		return fmt.Errorf("frame of %d bytes over the limit of %d", n, maxFrame)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("read frame: %w", io.ErrUnexpectedEOF)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if exact {
		dec.UseNumber()
	}
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode frame: %w", err)
	}
	return nil
}
