package mcp

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/mcp/worker"
)

// workerPool starts a pool of test-binary workers over the fake registry.
func workerPool(tb testing.TB, maxConcurrent, maxQueued int) *worker.Pool {
	tb.Helper()
	return newPoolMode(tb, "worker", maxConcurrent, maxQueued)
}

// workerPoolMode starts a pool of test-binary workers in the given mode.
func workerPoolMode(tb testing.TB, mode string) *worker.Pool {
	tb.Helper()
	return newPoolMode(tb, mode, 2, 8)
}

func newPoolMode(tb testing.TB, mode string, maxConcurrent, maxQueued int) *worker.Pool {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	o := worker.DefaultOptions()
	o.Command = []string{exe, "-test.run=^$"}
	o.Env = append(os.Environ(), modeEnv+"="+mode)
	o.Stderr = os.Stderr
	o.MaxConcurrent, o.MaxQueued = maxConcurrent, maxQueued
	p, err := worker.New(o)
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.Start(tb.Context()); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { p.Close() })
	return p
}

// stdioWithPool serves a server with a worker pool over in-memory pipes.
func stdioWithPool(tb testing.TB, maxConcurrent, maxQueued int) (*lineClientTB, func()) {
	tb.Helper()
	o := testOptions()
	o.Workers = workerPool(tb, maxConcurrent, maxQueued)
	s, err := New(o)
	if err != nil {
		tb.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		_ = s.ServeStdio(tb.Context(), inR, outW)
		outW.Close()
		close(done)
	}()
	c := &lineClientTB{w: inW, dec: json.NewDecoder(outR)}
	return c, func() { inW.Close(); <-done }
}

type lineClientTB struct {
	w   io.Writer
	dec *json.Decoder
}

type idReply struct {
	ID     any            `json:"id"`
	Result map[string]any `json:"result"`
}

func (c *lineClientTB) call(tb testing.TB, id int, tool string) {
	if _, err := fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{"facility_id":"hq"},%s}}`+"\n", id, tool, meta); err != nil {
		tb.Fatal(err)
	}
}

func (c *lineClientTB) reply(tb testing.TB) idReply {
	var r idReply
	if err := c.dec.Decode(&r); err != nil {
		tb.Fatal(err)
	}
	return r
}

// BenchmarkStdioCallWarmWorker measures a cheap call's round trip over
// stdio with a warm worker, and reports its median.
func BenchmarkStdioCallWarmWorker(b *testing.B) {
	c, stop := stdioWithPool(b, 2, 8)
	defer stop()
	c.call(b, 0, "points") // warm the worker
	c.reply(b)
	var took []time.Duration
	i := 0
	for b.Loop() {
		i++
		start := time.Now()
		c.call(b, i, "points")
		if r := c.reply(b); r.Result["isError"] != false {
			b.Fatalf("call failed: %v", r)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
}

// BenchmarkWorkerStart measures starting a worker process until it is
// ready, and reports an idle worker's resident memory (after it has given
// its free heap back, see worker.Serve): all of it, and the part that is
// not pages of the executable shared with every other process running it.
func BenchmarkWorkerStart(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	var rss, anon float64
	for b.Loop() {
		o := worker.DefaultOptions()
		o.Command = []string{exe, "-test.run=^$"}
		o.Env = append(os.Environ(), modeEnv+"=worker")
		p, err := worker.New(o)
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Start(b.Context()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		time.Sleep(time.Second) // idle: past the worker's release of free memory
		rss, anon = procStatus(b, p.Stats().PIDs[0], "VmRSS"), procStatus(b, p.Stats().PIDs[0], "RssAnon")
		p.Close()
		b.StartTimer()
	}
	b.ReportMetric(rss, "idle-RSS-MB")
	b.ReportMetric(anon, "idle-anon-MB")
}

// procStatus returns a memory field of /proc/PID/status in MB.
func procStatus(tb testing.TB, pid int, field string) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	var kb float64
	for line := range strings.Lines(string(b)) {
		if _, err := fmt.Sscanf(line, field+": %f kB", &kb); err == nil {
			return kb / 1024
		}
	}
	tb.Fatalf("no %s", field)
	return 0
}

// concurrentCalls sends n cheap calls at once and checks that every one is
// answered exactly once.
func concurrentCalls(tb testing.TB, c *lineClientTB, base, n int) {
	for i := range n {
		c.call(tb, base+i, "echo")
	}
	seen := map[int]bool{}
	for range n {
		r := c.reply(tb)
		id := int(r.ID.(float64))
		if seen[id] || id < base || id >= base+n || r.Result["isError"] != false {
			tb.Fatalf("reply %v: duplicate, foreign or failed", r)
		}
		seen[id] = true
	}
}

// TestConcurrentCallsNoLostReplies runs 200 cheap calls at once through
// worker processes at max-concurrent 4: every call gets one reply.
func TestConcurrentCallsNoLostReplies(t *testing.T) {
	c, stop := stdioWithPool(t, 4, 1024)
	defer stop()
	concurrentCalls(t, c, 0, 200)
}

// BenchmarkConcurrentCalls200 measures 200 concurrent cheap calls at
// max-concurrent 4.
func BenchmarkConcurrentCalls200(b *testing.B) {
	c, stop := stdioWithPool(b, 4, 1024)
	defer stop()
	base := 0
	for b.Loop() {
		concurrentCalls(b, c, base, 200)
		base += 200
	}
}

// BenchmarkHandleToolsList measures answering tools/list in process.
func BenchmarkHandleToolsList(b *testing.B) {
	s, err := New(testOptions())
	if err != nil {
		b.Fatal(err)
	}
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + meta + `}}`)
	var n int
	for b.Loop() {
		n = len(s.Handle(b.Context(), msg))
	}
	b.ReportMetric(float64(n), "reply-bytes")
}
