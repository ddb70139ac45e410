package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// meta is the stateless revision's _meta, for requests in tests.
const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// lineClient talks to a server over a pair of streams.
type lineClient struct {
	t     *testing.T
	w     io.Writer
	lines chan []byte
}

func newLineClient(t *testing.T, w io.Writer, r io.Reader) *lineClient {
	c := &lineClient{t: t, w: w, lines: make(chan []byte, 1024)}
	go func() {
		br := bufio.NewReaderSize(r, 1<<20)
		for {
			b, err := br.ReadBytes('\n')
			if len(b) > 0 {
				c.lines <- b
			}
			if err != nil {
				close(c.lines)
				return
			}
		}
	}()
	return c
}

func (c *lineClient) send(format string, args ...any) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.w, format+"\n", args...); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// recv returns the next reply, decoded; it fails the test when none comes
// within a generous bound (a hang, not a timing assertion).
func (c *lineClient) recv() map[string]any {
	c.t.Helper()
	select {
	case b, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatalf("reply is not JSON: %v", err)
		}
		return m
	case <-time.After(30 * time.Second):
		c.t.Fatal("no reply")
	}
	return nil
}

// rest returns every reply until the server closes its output.
func (c *lineClient) rest() []map[string]any {
	c.t.Helper()
	var out []map[string]any
	for {
		select {
		case b, ok := <-c.lines:
			if !ok {
				return out
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				c.t.Fatalf("reply is not JSON: %v", err)
			}
			out = append(out, m)
		case <-time.After(30 * time.Second):
			c.t.Fatal("the server did not close its output")
		}
	}
}

func startStdio(t *testing.T, o Options) (*lineClient, io.Closer, chan error, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	o.Log = logs
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := s.ServeStdio(t.Context(), inR, outW)
		outW.Close()
		done <- err
	}()
	return newLineClient(t, inW, outR), inW, done, logs
}

func TestServeStdioAnswersWhileCallsRun(t *testing.T) {
	c, stdin, done, logs := startStdio(t, testOptions())
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow",%s}}`, meta)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{%s}}`, meta)
	if r := c.recv(); r["id"] != 2.0 {
		t.Fatalf("first reply %v, want tools/list's while the call runs", r)
	}
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo",%s}}`, meta)
	r := c.recv()
	if e, _ := r["error"].(map[string]any); r["id"] != 1.0 || e["code"] != -32600.0 {
		t.Fatalf("reused in-flight id: %v", r)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}`)
	c.send(`{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"slow",%s}}`, meta)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo",%s}}`, meta)
	if r := c.recv(); r["id"] != 4.0 {
		t.Fatalf("reply %v, want the echo call's", r)
	}
	// id 1 was reusable once cancelled... only after it finished; closing
	// stdin stops "three" without a reply.
	stdin.Close()
	for _, r := range c.rest() {
		t.Errorf("unexpected reply after cancel and close: %v", r)
	}
	if err := <-done; err != nil {
		t.Fatalf("ServeStdio after stdin closed: %v", err)
	}
	for _, want := range []string{"tools/call slow (id 1): cancelled", `tools/call slow (id "three"): cancelled`, "stopping (stdin closed)"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
}

func TestServeStdioStdoutClosedWhileIdle(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	defer inW.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outW.Close()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(t.Context(), inR, outW) }()
	outR.Close() // the client closes its end of stdout, sending nothing
	select {
	case err := <-done:
		if !errors.Is(err, errStdoutClosed) {
			t.Fatalf("ServeStdio = %v, want stdout closed", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server kept running with stdout closed")
	}
}

func TestServeStdioWriterDoesNotBlockShutdown(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	defer inW.Close()
	outR, outW, err := os.Pipe() // never read: writes block once it is full
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	defer outW.Close()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, inR, outW) }()
	for i := range 200 {
		fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{%s}}`+"\n", i, meta)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("ServeStdio = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a blocked write kept the server from stopping")
	}
}

func TestHandleConcurrentCancel(t *testing.T) {
	s, err := New(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() {
		got <- s.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"slow",`+meta+`}}`))
	}()
	for s.running() == 0 {
		time.Sleep(time.Millisecond)
	}
	if r := s.Handle(t.Context(), []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`)); r != nil {
		t.Fatalf("a notification was answered: %s", r)
	}
	if r := <-got; r != nil {
		t.Fatalf("a cancelled call was answered: %s", r)
	}
}
