package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

const workerEnv = "CAMBER_WORKER_TEST_MODE"

// TestMain turns the test binary into a worker when workerEnv is set, so
// the pool tests start real processes.
func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := Main(context.Background(), fakeFactory); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeFactory(context.Context) (Caller, *registry.CallContext, error) {
	return &fakeCaller{}, &registry.CallContext{Store: "s"}, nil
}

// fakeCaller is the worker's registry: tools that echo, block, crash, spawn
// a child, hold memory or print to stdout.
type fakeCaller struct{ hold [][]byte }

func (f *fakeCaller) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	str := func(k string) string { s, _ := args[k].(string); return s }
	switch name {
	case "echo":
		return &registry.Result{Data: map[string]any{"args": args, "store": cc.Store}, Text: "echoed"}, nil
	case "pid":
		return &registry.Result{Data: map[string]any{"pid": os.Getpid()}}, nil
	case "block":
		time.Sleep(time.Hour) // ignores ctx, as a stuck handler would
	case "spawn":
		child := exec.Command("sleep", "3600")
		if err := child.Start(); err != nil {
			return nil, err
		}
		if err := os.WriteFile(str("pidfile"), []byte(strconv.Itoa(child.Process.Pid)), 0o644); err != nil {
			return nil, err
		}
		time.Sleep(time.Hour)
	case "crash":
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Hour)
	case "crash_once":
		if _, err := os.Stat(str("marker")); err != nil {
			_ = os.WriteFile(str("marker"), nil, 0o644)
			_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Hour)
		}
		return &registry.Result{Data: map[string]any{"second": true}}, nil
	case "hog":
		mb, _ := args["mb"].(float64)
		b := make([]byte, int(mb)<<20)
		for i := range b {
			b[i] = 1
		}
		f.hold = append(f.hold, b)
		return &registry.Result{Data: map[string]any{}}, nil
	case "print":
		fmt.Println("stray handler output")
		return &registry.Result{Data: map[string]any{}}, nil
	case "fail":
		return nil, &registry.Error{Code: registry.CodeNotFound, Message: "nothing", Data: map[string]any{"argument": "x"}}
	case "timeout":
		return nil, registry.Errorf(registry.CodeTimeout, "the call ran past its 120 s time cap")
	}
	return nil, registry.Errorf(registry.CodeUnknownCapability, "no capability %q", name)
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newPool(t *testing.T, edit func(*Options)) (*Pool, *syncBuffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	o := DefaultOptions()
	o.Command = []string{exe, "-test.run=^$"}
	o.Env = append(os.Environ(), workerEnv+"=1")
	o.Stderr = logs
	o.Log = func(line string) { fmt.Fprintln(logs, "LOG", line) }
	if edit != nil {
		edit(&o)
	}
	p, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, logs
}

// eventually polls cond until it holds, failing after a generous bound.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s never happened", what)
}

func gone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	// A zombie (state Z) has been killed and waits only to be reaped.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	return len(f) > 0 && f[0] == "Z"
}

func codeOf(err error) registry.Code {
	var e *registry.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestPoolEcho(t *testing.T) {
	p, _ := newPool(t, nil)
	res, err := p.Call(t.Context(), "echo", map[string]any{"n": 12345678901234.0, "s": "<x>"})
	if err != nil {
		t.Fatal(err)
	}
	// The data comes as the worker encoded it: numbers as written, HTML
	// characters unescaped.
	got, ok := res.Data.(json.RawMessage)
	if !ok || string(got) != `{"args":{"n":12345678901234,"s":"<x>"},"store":"s"}` {
		t.Fatalf("echo data = %T %s", res.Data, res.Data)
	}
	_, err = p.Call(t.Context(), "fail", nil)
	var e *registry.Error
	if !errors.As(err, &e) || e.Code != registry.CodeNotFound || e.Data["argument"] != "x" {
		t.Fatalf("fail: %v", err)
	}
}

func TestPoolCancelKillsGroupAndReplaces(t *testing.T) {
	p, _ := newPool(t, nil)
	pidfile := filepath.Join(t.TempDir(), "child")
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := p.Call(ctx, "spawn", map[string]any{"pidfile": pidfile})
		done <- err
	}()
	var child int
	eventually(t, "the handler starting a child", func() bool {
		b, err := os.ReadFile(pidfile)
		child, _ = strconv.Atoi(string(b))
		return err == nil && child > 0
	})
	worker := p.Stats().PIDs[0]
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call returned %v", err)
	}
	eventually(t, "the worker and its child stopping", func() bool { return gone(worker) && gone(child) })
	eventually(t, "a replacement worker", func() bool {
		s := p.Stats()
		return s.Idle == 1 && s.PIDs[0] != worker
	})
	if _, err := p.Call(t.Context(), "echo", nil); err != nil {
		t.Fatalf("call after the replacement: %v", err)
	}
}

func TestPoolWorkerDiesMidCall(t *testing.T) {
	p, logs := newPool(t, nil)
	_, err := p.Call(t.Context(), "crash", nil)
	var e *registry.Error
	if !errors.As(err, &e) || e.Code != registry.CodeUnavailable || e.Data["retryable"] != true {
		t.Fatalf("crashing call: %v", err)
	}
	if n := strings.Count(logs.String(), "ended under the call"); n != 2 {
		t.Fatalf("the call ran %d times, want 2 (one retry):\n%s", n, logs)
	}
	res, err := p.Call(t.Context(), "crash_once", map[string]any{"marker": filepath.Join(t.TempDir(), "m")})
	if err != nil || string(res.Data.(json.RawMessage)) != `{"second":true}` {
		t.Fatalf("a call whose first worker died was not retried: %v", err)
	}
}

func TestPoolBusy(t *testing.T) {
	p, _ := newPool(t, func(o *Options) { o.MaxConcurrent, o.MaxQueued = 1, 1 })
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	errs := make(chan error, 2)
	go func() { _, err := p.Call(ctx, "block", nil); errs <- err }()
	eventually(t, "one running call", func() bool { return p.Stats().Running == 1 })
	go func() { _, err := p.Call(ctx, "echo", nil); errs <- err }()
	eventually(t, "one queued call", func() bool { return p.Stats().Queued == 1 })
	_, err := p.Call(t.Context(), "echo", nil)
	var e *registry.Error
	if !errors.As(err, &e) || e.Code != registry.CodeBusy {
		t.Fatalf("third call: %v, want busy", err)
	}
	if e.Data["retryable"] != true || e.Data["max_concurrent"] != 1 || e.Data["max_queued"] != 1 {
		t.Fatalf("busy data = %v", e.Data)
	}
	cancel()
	for range 2 {
		if err := <-errs; !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled call: %v", err)
		}
	}
	eventually(t, "the queue emptying", func() bool { s := p.Stats(); return s.Running == 0 && s.Queued == 0 })
}

func TestPoolTimeout(t *testing.T) {
	p, _ := newPool(t, func(o *Options) { o.Timeout = 300 * time.Millisecond })
	worker := p.Stats().PIDs[0]
	_, err := p.Call(t.Context(), "block", nil)
	var e *registry.Error
	if !errors.As(err, &e) || e.Code != registry.CodeTimeout || !strings.HasSuffix(e.Message, "and was stopped") {
		t.Fatalf("blocked call: %v", err)
	}
	eventually(t, "the stuck worker stopping", func() bool { return gone(worker) })
	// A timeout the worker reports itself also replaces it: its handler may
	// still be running.
	eventually(t, "a replacement", func() bool { return p.Stats().Idle == 1 })
	w2 := p.Stats().PIDs[0]
	if _, err := p.Call(t.Context(), "timeout", nil); codeOf(err) != registry.CodeTimeout {
		t.Fatalf("reported timeout: %v", err)
	}
	eventually(t, "the timed-out worker stopping", func() bool { return gone(w2) })
}

func TestPoolMemoryRule(t *testing.T) {
	p, logs := newPool(t, func(o *Options) { o.MemLimit = 24 << 20 })
	if _, err := p.Call(t.Context(), "hog", map[string]any{"mb": 0.0}); err != nil {
		t.Fatal(err)
	}
	first := p.Stats().PIDs[0]
	if _, err := p.Call(t.Context(), "hog", map[string]any{"mb": 1.0}); err != nil {
		t.Fatal(err)
	}
	if p.Stats().PIDs[0] != first {
		t.Fatal("a worker under the memory limit was replaced")
	}
	if _, err := p.Call(t.Context(), "hog", map[string]any{"mb": 96.0}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the grown worker being replaced", func() bool { return gone(first) })
	if !strings.Contains(logs.String(), "replacing it") {
		t.Fatalf("no log line for the replacement:\n%s", logs)
	}
}

func TestPoolHandlerOutputGoesToStderr(t *testing.T) {
	p, logs := newPool(t, nil)
	if _, err := p.Call(t.Context(), "print", nil); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the handler's output on stderr", func() bool { return strings.Contains(logs.String(), "stray handler output") })
}

func TestPoolIdleWorkerDies(t *testing.T) {
	p, _ := newPool(t, nil)
	w := p.Stats().PIDs[0]
	if err := syscall.Kill(w, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	eventually(t, "a replacement for the idle worker", func() bool {
		s := p.Stats()
		return s.Idle == 1 && s.PIDs[0] != w
	})
	if _, err := p.Call(t.Context(), "echo", nil); err != nil {
		t.Fatal(err)
	}
}

func TestPoolConcurrentNoLostReplies(t *testing.T) {
	p, _ := newPool(t, func(o *Options) { o.MaxConcurrent, o.MaxQueued = 4, 1024 })
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p.Call(t.Context(), "echo", map[string]any{"i": float64(i)})
			if err == nil && !strings.Contains(string(res.Data.(json.RawMessage)), fmt.Sprintf(`"i":%d}`, i)) {
				err = fmt.Errorf("call %d got %v", i, res.Data)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if s := p.Stats(); s.Workers > 4 {
		t.Fatalf("%d workers for max concurrent 4", s.Workers)
	}
}

func TestNewRefusesBadOptions(t *testing.T) {
	for _, o := range []Options{
		{Command: []string{"x"}, MaxConcurrent: 0, MaxQueued: 8},
		{Command: []string{"x"}, MaxConcurrent: 65, MaxQueued: 8},
		{Command: []string{"x"}, MaxConcurrent: 2, MaxQueued: -1},
		{Command: []string{"x"}, MaxConcurrent: 2, MaxQueued: 1025},
		{MaxConcurrent: 2, MaxQueued: 8},
	} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
}
