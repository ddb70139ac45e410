package worker

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// Options configures a Pool. Start from DefaultOptions: zero is a valid
// MaxQueued.
type Options struct {
	// Command is the argv of a worker; Command[0] is the executable.
	Command []string
	// Env is the workers' environment (nil: the server's).
	Env []string
	// Init, when set, is each worker's standard input (read by its
	// Factory at start); nil gives the worker an empty stdin.
	Init []byte
	// Stderr receives what workers write to stdout and stderr (nil:
	// discarded).
	Stderr io.Writer
	// MaxConcurrent is how many calls run at once (1 to 64), each in its own
	// worker; MaxQueued how many more may wait for one (0 to 1024).
	MaxConcurrent int
	MaxQueued     int
	// Timeout is a call's time cap, counted from when it reaches a worker.
	Timeout time.Duration
	// MemLimit is the RSS past which (and past twice its level after its
	// first call) a worker is replaced after a call.
	MemLimit uint64
	// Log receives one-line events: replacements, long waits.
	Log func(line string)
}

// DefaultOptions returns the seed's limits: 2 concurrent calls, 8 queued,
// a 120 s cap and a 1 GiB memory rule.
func DefaultOptions() Options {
	return Options{MaxConcurrent: 2, MaxQueued: 8, Timeout: 120 * time.Second, MemLimit: 1 << 30}
}

// Pool runs calls in worker processes.
type Pool struct {
	o Options

	mu      sync.Mutex
	active  int        // calls holding a slot
	waiters *list.List // of chan struct{}: calls waiting for a slot
	idle    []*proc
	procs   map[*proc]bool // every live worker, idle or busy
	spawns  int            // replacements being started
	closed  bool
	nextID  uint64
	bg      sync.WaitGroup
	stop    context.Context
	cancel  context.CancelFunc
}

// Stats is a snapshot of a pool.
type Stats struct {
	Running, Queued, Workers, Idle int
	PIDs                           []int
}

// New checks the options and returns a pool with no worker yet; Start
// starts the first one.
func New(o Options) (*Pool, error) {
	if len(o.Command) == 0 {
		return nil, errors.New("worker pool: no worker command")
	}
	if o.MaxConcurrent < 1 || o.MaxConcurrent > 64 {
		return nil, fmt.Errorf("worker pool: max concurrent %d is outside 1 to 64", o.MaxConcurrent)
	}
	if o.MaxQueued < 0 || o.MaxQueued > 1024 {
		return nil, fmt.Errorf("worker pool: max queued %d is outside 0 to 1024", o.MaxQueued)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultOptions().Timeout
	}
	if o.MemLimit == 0 {
		o.MemLimit = DefaultOptions().MemLimit
	}
	if o.Log == nil {
		o.Log = func(string) {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{o: o, waiters: list.New(), procs: map[*proc]bool{}, stop: ctx, cancel: cancel}, nil
}

// Start starts one worker and keeps it idle, so the first call finds one
// ready. It fails when the worker cannot start.
func (p *Pool) Start(ctx context.Context) error {
	w, err := spawn(ctx, &p.o)
	if err != nil {
		return fmt.Errorf("start worker: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		w.kill()
		return errors.New("worker pool closed")
	}
	p.procs[w] = true
	p.idle = append(p.idle, w)
	p.watch(w)
	return nil
}

// Close kills every worker; calls still running answer unavailable.
func (p *Pool) Close() error {
	p.mu.Lock()
	p.closed = true
	procs := make([]*proc, 0, len(p.procs))
	for w := range p.procs {
		procs = append(procs, w)
	}
	p.idle = nil
	for e := p.waiters.Front(); e != nil; e = e.Next() {
		close(e.Value.(chan struct{}))
	}
	p.waiters.Init()
	p.mu.Unlock()
	p.cancel()
	for _, w := range procs {
		w.kill()
	}
	p.bg.Wait()
	return nil
}

// Stats returns the pool's current counts and worker process ids.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := Stats{Running: p.active, Queued: p.waiters.Len(), Workers: len(p.procs), Idle: len(p.idle)}
	for w := range p.procs {
		s.PIDs = append(s.PIDs, w.pid)
	}
	return s
}

// Call runs one call in a worker. The result's Data is the json.RawMessage
// the worker encoded (compact, '<', '>' and '&' as they are), to be passed
// on as it is. Refusals and failures of the pool itself are
// *registry.Error values (busy, timeout, unavailable); a cancelled ctx
// stops the worker and returns ctx.Err().
func (p *Pool) Call(ctx context.Context, name string, args map[string]any) (*registry.Result, error) {
	if err := p.acquire(ctx, name); err != nil {
		return nil, err
	}
	defer p.release()
	for attempt := 0; attempt < 2; attempt++ {
		w, err := p.take(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if p.isClosed() {
				break
			}
			p.o.Log(fmt.Sprintf("%s: a worker failed to start: %v", name, err))
			continue
		}
		rep, err := p.run(ctx, w, name, args)
		switch {
		case err == nil:
			return p.outcome(w, name, rep)
		case ctx.Err() != nil:
			p.discard(w)
			return nil, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			p.discard(w)
			return nil, &registry.Error{Code: registry.CodeTimeout,
				Message: fmt.Sprintf("the call ran past its time cap of %s and was stopped", capText(p.o.Timeout))}
		default:
			p.o.Log(fmt.Sprintf("%s: worker %d ended under the call (%v)", name, w.pid, err))
			p.discard(w)
		}
	}
	return nil, &registry.Error{Code: registry.CodeUnavailable,
		Message: "the worker running the call ended; retry it, and narrow it if it fails again",
		Data:    map[string]any{"retryable": true}}
}

// run sends the call to w under the time cap.
func (p *Pool) run(ctx context.Context, w *proc, name string, args map[string]any) (reply, error) {
	p.mu.Lock()
	p.nextID++
	id := p.nextID
	p.mu.Unlock()
	tctx, cancel := context.WithTimeout(ctx, p.o.Timeout)
	defer cancel()
	rep, err := w.call(tctx, id, name, args)
	if err != nil && ctx.Err() == nil && tctx.Err() != nil {
		return reply{}, context.DeadlineExceeded
	}
	return rep, err
}

// outcome returns w to the idle list (or replaces it under the memory rule,
// or after a timeout inside the worker, whose handler may still run) and
// turns the reply into the call's result.
func (p *Pool) outcome(w *proc, name string, rep reply) (*registry.Result, error) {
	replace := rep.Error != nil && rep.Error.Code == registry.CodeTimeout
	if !replace {
		if n, err := rss(w.pid); err == nil {
			if w.level == 0 {
				w.level = n
			} else if n > p.o.MemLimit && n > 2*w.level {
				p.o.Log(fmt.Sprintf("%s: worker %d holds %d MiB after the call (%d MiB after its first); replacing it",
					name, w.pid, n>>20, w.level>>20))
				replace = true
			}
		}
	}
	if replace {
		p.discard(w)
	} else {
		p.putIdle(w)
	}
	if rep.Error != nil {
		return nil, rep.Error
	}
	if rep.Result == nil {
		return nil, registry.Errorf(registry.CodeInternal, "internal error: empty reply")
	}
	return rep.Result.result(), nil
}

func capText(d time.Duration) string {
	if s := d.Seconds(); s == math.Trunc(s) {
		return fmt.Sprintf("%d s", int(s))
	}
	return d.String()
}

func (p *Pool) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}
