package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
)

// drainWait bounds how long a stopping server waits for its last replies
// to be written and its calls to end: a client that stopped reading must
// not keep it alive.
const drainWait = time.Second

// errStdinClosed and errStdoutClosed end a stdio session.
var (
	errStdinClosed  = errors.New("stdin closed")
	errStdoutClosed = errors.New("stdout closed")
)

// ServeStdio answers the messages read from in on out, one JSON object per
// line, until in ends, out can no longer be written, or ctx is done. Tool
// calls run concurrently and every other message is answered at once, so
// replies may come out of order. When it stops, every running call is
// stopped (its worker killed); replies still queued get up to a second to
// be written. It returns nil when in ended, else the reason it stopped.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	w := newLineWriter(out)
	go w.run()
	if f, ok := out.(*os.File); ok {
		go watchHangup(ctx, f, func() { cancel(errStdoutClosed) })
	}
	lines := make(chan jsonrpc.Line)
	readErr := make(chan error, 1)
	go func() {
		r := jsonrpc.NewReader(in, jsonrpc.MaxLine)
		for {
			ln, err := r.Next()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case lines <- ln:
			case <-ctx.Done():
				return
			}
		}
	}()
	var calls sync.WaitGroup
	var reason error
	for reason == nil {
		select {
		case ln := <-lines:
			s.serveLine(ctx, ln, w, &calls)
		case err := <-readErr:
			reason = errStdinClosed
			if !errors.Is(err, io.EOF) {
				reason = fmt.Errorf("read stdin: %w", err)
			}
		case <-w.failed:
			reason = errStdoutClosed
		case <-ctx.Done():
			reason = context.Cause(ctx)
		}
	}
	s.log.printf("stopping (%v): %d call(s) running", reason, s.running())
	cancel(reason)
	waitBounded(&calls, drainWait)
	w.close(drainWait)
	if errors.Is(reason, errStdinClosed) {
		return nil
	}
	return reason
}

// serveLine answers one line, or starts its tool call.
func (s *Server) serveLine(ctx context.Context, ln jsonrpc.Line, w *lineWriter, calls *sync.WaitGroup) {
	if ln.TooLong {
		w.send(s.refuseTooLong(ln))
		return
	}
	reply, job := s.dispatchLine(ctx, s.sess, ln.Data, fmt.Sprintf("line %d", ln.N))
	if job == nil {
		if reply != nil {
			w.send(reply)
		}
		return
	}
	calls.Add(1)
	go func() {
		defer calls.Done()
		if reply := s.execute(job); reply != nil && ctx.Err() == nil {
			w.send(reply)
		}
	}()
}

// running counts the calls in flight.
func (s *Server) running() int {
	s.sess.mu.Lock()
	defer s.sess.mu.Unlock()
	return len(s.sess.inflight)
}

func waitBounded(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}

// lineWriter writes reply lines from one goroutine, so no sender ever
// blocks on a client that does not read.
type lineWriter struct {
	out      io.Writer
	mu       sync.Mutex
	queue    [][]byte
	writing  int  // lines taken from the queue and not yet written
	done     bool // no more lines are accepted
	wake     chan struct{}
	progress chan struct{} // signalled after each batch is written
	failed   chan struct{} // closed when a write fails
}

func newLineWriter(out io.Writer) *lineWriter {
	return &lineWriter{out: out, wake: make(chan struct{}, 1), progress: make(chan struct{}, 1), failed: make(chan struct{})}
}

func (w *lineWriter) send(b []byte) {
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return
	}
	w.queue = append(w.queue, append(b, '\n'))
	w.mu.Unlock()
	poke(w.wake)
}

func poke(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

func (w *lineWriter) run() {
	for {
		w.mu.Lock()
		batch := w.queue
		w.queue = nil
		w.writing = len(batch)
		stop := w.done && len(batch) == 0
		w.mu.Unlock()
		if stop {
			return
		}
		if len(batch) == 0 {
			<-w.wake
			continue
		}
		for _, b := range batch {
			if _, err := w.out.Write(b); err != nil {
				w.mu.Lock()
				w.done, w.queue, w.writing = true, nil, 0
				w.mu.Unlock()
				close(w.failed)
				return
			}
		}
		w.mu.Lock()
		w.writing = 0
		w.mu.Unlock()
		poke(w.progress)
	}
}

// close lets queued lines be written for at most d, then stops accepting
// lines; a write blocked on a client that stopped reading stays behind.
func (w *lineWriter) close(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
wait:
	for {
		w.mu.Lock()
		pending := len(w.queue) + w.writing
		w.mu.Unlock()
		if pending == 0 {
			break
		}
		select {
		case <-w.progress:
		case <-w.failed:
			break wait
		case <-t.C:
			break wait
		}
	}
	w.mu.Lock()
	w.done = true
	w.mu.Unlock()
	poke(w.wake)
}
