package mcp

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/camber-tui/camber-tui/registry"
)

const modeEnv = "CAMBER_MCP_TEST_MODE"

// TestMain makes the test binary a server ("server") or a worker
// ("worker") process when modeEnv says so, the way camber-tui re-executes
// itself, so these tests run real processes.
func TestMain(m *testing.M) {
	switch os.Getenv(modeEnv) {
	case "worker":
		err := WorkerMain(context.Background(), func(context.Context) (WorkerCaller, *registry.CallContext, error) {
			return fakeRegistry{}, &registry.CallContext{Store: "s"}, nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "builtin-worker":
		if err := WorkerMain(context.Background(), builtinWorker); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "server":
		os.Exit(runTestServer())
	case "http-server":
		// For running external clients (the MCP conformance suite) against
		// the HTTP transport: serves the fake registry on the given address.
		o := testOptions()
		o.Signals = true
		err := ServeHTTP(context.Background(), o, os.Getenv("CAMBER_MCP_TEST_ADDR"), false, os.Stderr)
		if e, ok := err.(interface{ ExitCode() int }); ok {
			os.Exit(e.ExitCode())
		}
		os.Exit(0)
	}
	code := m.Run()
	campus.Remove()
	os.Exit(code)
}

func runTestServer() int {
	exe, err := os.Executable()
	if err != nil {
		return 1
	}
	o := testOptions()
	o.WorkerCommand = []string{exe, "-test.run=^$"}
	o.WorkerEnv = append(os.Environ(), modeEnv+"=worker")
	o.Signals = true
	if v := os.Getenv("CAMBER_MCP_TEST_MAX"); v != "" {
		fmt.Sscanf(v, "%d/%d", &o.MaxConcurrent, &o.MaxQueued)
	}
	if v := os.Getenv("CAMBER_MCP_TEST_CAP"); v != "" {
		f, _ := strconv.ParseFloat(v, 64)
		o.CallContext.Caps.MaxSeconds = f
	}
	err = Serve(context.Background(), o, os.Stdin, os.Stdout, os.Stderr)
	if e, ok := err.(interface{ ExitCode() int }); ok {
		return e.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// serverProc is a server running as a subprocess.
type serverProc struct {
	*lineClient
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *syncBuffer
	exit   chan int
}

func serverCommand(t *testing.T, env ...string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(append(os.Environ(), modeEnv+"=server"), env...)
	return cmd
}

func startServerProc(t *testing.T, env ...string) *serverProc {
	t.Helper()
	cmd := serverCommand(t, env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: cmd, stdin: stdin, stderr: &syncBuffer{}, exit: make(chan int, 1)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.lineClient = newLineClient(t, stdin, stdout)
	go func() {
		_ = cmd.Wait()
		p.exit <- cmd.ProcessState.ExitCode()
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		for _, c := range children(cmd.Process.Pid) {
			_ = syscall.Kill(-c, syscall.SIGKILL)
		}
	})
	return p
}

func (p *serverProc) wait(t *testing.T) int {
	t.Helper()
	select {
	case code := <-p.exit:
		return code
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit")
	}
	return -1
}

// children lists the processes whose parent is pid (the server's workers).
func children(pid int) []int {
	var out []int
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(b), ')')
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 2 && f[1] == strconv.Itoa(pid) && f[0] != "Z" {
			c, _ := strconv.Atoi(filepath.Base(filepath.Dir(d)))
			out = append(out, c)
		}
	}
	return out
}

func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && f[0] != "Z"
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 3000 {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s never happened", what)
}

// startSlowCall starts a call that runs until its worker is killed and
// returns the server's workers once the call has one.
func (p *serverProc) startSlowCall(t *testing.T, id int) []int {
	t.Helper()
	p.send(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"slow",%s}}`, id, meta)
	p.send(`{"jsonrpc":"2.0","id":"sync","method":"tools/list","params":{%s}}`, meta)
	if r := p.recv(); r["id"] != "sync" {
		t.Fatalf("reply %v, want tools/list's", r)
	}
	var workers []int
	waitFor(t, "a worker", func() bool { workers = children(p.cmd.Process.Pid); return len(workers) > 0 })
	return workers
}

func TestProcessSignalStopsCalls(t *testing.T) {
	for _, tt := range []struct {
		sig  syscall.Signal
		name string
		code int
	}{{syscall.SIGTERM, "SIGTERM", 143}, {syscall.SIGHUP, "SIGHUP", 129}, {syscall.SIGINT, "SIGINT", 130}} {
		t.Run(tt.name, func(t *testing.T) {
			p := startServerProc(t)
			workers := p.startSlowCall(t, 1)
			if err := p.cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			if code := p.wait(t); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.code, p.stderr)
			}
			if !strings.Contains(p.stderr.String(), "stopping (stopped by "+tt.name+")") {
				t.Fatalf("no stop line in the log:\n%s", p.stderr)
			}
			for _, w := range workers {
				waitFor(t, "the worker stopping", func() bool { return !running(w) })
			}
		})
	}
}

func TestProcessCloseStdinStopsCalls(t *testing.T) {
	p := startServerProc(t)
	workers := p.startSlowCall(t, 1)
	p.stdin.Close()
	if code := p.wait(t); code != 0 {
		t.Fatalf("exit %d after stdin closed; stderr:\n%s", code, p.stderr)
	}
	if rest := p.rest(); len(rest) != 0 {
		t.Fatalf("replies after stdin closed: %v", rest)
	}
	for _, w := range workers {
		waitFor(t, "the worker stopping", func() bool { return !running(w) })
	}
	if !strings.Contains(p.stderr.String(), "serving 8 tools and 3 prompts over stdio") {
		t.Fatalf("no startup line:\n%s", p.stderr)
	}
}

func TestProcessWorkerKilledMidCall(t *testing.T) {
	p := startServerProc(t)
	p.startSlowCall(t, 1)
	// Kill every worker as it appears: the call is tried once more on a
	// fresh worker, then answers unavailable.
	killed := map[int]bool{}
	got := make(chan map[string]any, 1)
	go func() { got <- p.recv() }()
	var r map[string]any
	for r == nil {
		for _, c := range children(p.cmd.Process.Pid) {
			if !killed[c] {
				killed[c] = true
				_ = syscall.Kill(c, syscall.SIGKILL)
			}
		}
		select {
		case r = <-got:
		case <-time.After(20 * time.Millisecond):
		}
	}
	res, _ := r["result"].(map[string]any)
	ce, _ := res["_meta"].(map[string]any)["camber/error"].(map[string]any)
	if r["id"] != 1.0 || res["isError"] != true || ce["code"] != "unavailable" || ce["data"].(map[string]any)["retryable"] != true {
		t.Fatalf("reply %v, want unavailable with retryable", r)
	}
	// A worker that kills itself gets the same answer, and the server
	// serves on.
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"crash",%s}}`, meta)
	if r := p.recv(); !strings.Contains(fmt.Sprint(r), "code:unavailable") {
		t.Fatalf("crash: %v", r)
	}
	p.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"pid",%s}}`, meta)
	if r := p.recv(); r["id"] != 3.0 || r["result"].(map[string]any)["isError"] != false {
		t.Fatalf("call after the crashes: %v", r)
	}
}

func TestProcessBusyBeyondQueue(t *testing.T) {
	p := startServerProc(t, "CAMBER_MCP_TEST_MAX=1/1")
	for id := 1; id <= 3; id++ {
		p.send(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"slow",%s}}`, id, meta)
	}
	r := p.recv()
	res, _ := r["result"].(map[string]any)
	ce, _ := res["_meta"].(map[string]any)["camber/error"].(map[string]any)
	data, _ := ce["data"].(map[string]any)
	if ce["code"] != "busy" || data["retryable"] != true || data["max_concurrent"] != 1.0 || data["max_queued"] != 1.0 {
		t.Fatalf("first reply %v, want busy", r)
	}
	for id := 1.0; id <= 3; id++ {
		if id != r["id"] {
			p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`, int(id))
		}
	}
	p.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo",%s}}`, meta)
	if r := p.recv(); r["id"] != 4.0 {
		t.Fatalf("reply %v, want the call after the cancels", r)
	}
	p.stdin.Close()
	if rest := p.rest(); len(rest) != 0 {
		t.Fatalf("cancelled calls answered: %v", rest)
	}
	p.wait(t)
}

func TestProcessTimeout(t *testing.T) {
	p := startServerProc(t, "CAMBER_MCP_TEST_CAP=0.5")
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow",%s}}`, meta)
	r := p.recv()
	text := fmt.Sprint(r["result"].(map[string]any)["content"])
	if !strings.Contains(text, "timeout: the call ran past its time cap of 500ms and was stopped") {
		t.Fatalf("reply %v, want timeout", r)
	}
}

func TestProcessGoSDKCommandTransport(t *testing.T) {
	for _, version := range []string{"", Version2025} {
		t.Run("v"+version, func(t *testing.T) {
			cmd := serverCommand(t)
			client := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, nil)
			cs, err := client.Connect(t.Context(), &sdk.CommandTransport{Command: cmd}, &sdk.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			exercise(t, cs)
			if err := cs.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
		})
	}
}

// TestProcessSIGTERMWhileClientStopsReading checks that a server blocked
// writing to a client that stopped reading still stops on SIGTERM.
func TestProcessSIGTERMWhileClientStopsReading(t *testing.T) {
	cmd := serverCommand(t)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.StdoutPipe(); err != nil { // never read
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	exit := make(chan int, 1)
	go func() { _ = cmd.Wait(); exit <- cmd.ProcessState.ExitCode() }()
	// Far more replies than a pipe holds.
	for i := range 300 {
		fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{%s}}`+"\n", i, meta)
	}
	waitFor(t, "the server serving", func() bool { return strings.Contains(stderr.String(), "serving") })
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exit:
		if code != 143 {
			t.Fatalf("exit %d, want 143; stderr:\n%s", code, stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a server blocked on its stdout did not stop on SIGTERM")
	}
}
