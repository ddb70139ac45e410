package worker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// acquire takes a call slot: at once while fewer than MaxConcurrent calls
// run, else after waiting in the queue; busy when the queue is full.
func (p *Pool) acquire(ctx context.Context, name string) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return closedErr()
	}
	if p.active < p.o.MaxConcurrent {
		p.active++
		p.mu.Unlock()
		return nil
	}
	if p.waiters.Len() >= p.o.MaxQueued {
		p.mu.Unlock()
		return &registry.Error{Code: registry.CodeBusy,
			Message: fmt.Sprintf("the server is already running %d calls and queueing %d; retry shortly",
				p.o.MaxConcurrent, p.o.MaxQueued),
			Data: map[string]any{"retryable": true, "max_concurrent": p.o.MaxConcurrent, "max_queued": p.o.MaxQueued}}
	}
	ch := make(chan struct{})
	e := p.waiters.PushBack(ch)
	p.mu.Unlock()
	start := time.Now()
	select {
	case <-ch:
		if waited := time.Since(start); waited > time.Second {
			p.o.Log(fmt.Sprintf("%s waited %.1f s for a worker", name, waited.Seconds()))
		}
		if p.isClosed() {
			// Close woke the queue; the slot was never handed over.
			return closedErr()
		}
		return nil
	case <-ctx.Done():
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.closed {
			return ctx.Err()
		}
		select {
		case <-ch:
			// Handed a slot while giving up: pass it on.
			p.releaseLocked()
		default:
			p.waiters.Remove(e)
		}
		return ctx.Err()
	}
}

// release gives the slot to the first waiting call, or frees it.
func (p *Pool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.releaseLocked()
}

func (p *Pool) releaseLocked() {
	if p.closed {
		p.active--
		return
	}
	if e := p.waiters.Front(); e != nil {
		p.waiters.Remove(e)
		close(e.Value.(chan struct{}))
		return
	}
	p.active--
}

func closedErr() error {
	return &registry.Error{Code: registry.CodeUnavailable, Message: "the server is shutting down",
		Data: map[string]any{"retryable": true}}
}

// take returns an idle live worker, or starts one.
func (p *Pool) take(ctx context.Context) (*proc, error) {
	p.mu.Lock()
	for len(p.idle) > 0 {
		w := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		if w.alive() {
			p.mu.Unlock()
			return w, nil
		}
		delete(p.procs, w)
	}
	if p.closed {
		p.mu.Unlock()
		return nil, errors.New("worker pool closed")
	}
	p.mu.Unlock()
	w, err := spawn(ctx, &p.o)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		go w.kill()
		return nil, errors.New("worker pool closed")
	}
	p.procs[w] = true
	p.watch(w)
	return w, nil
}

// putIdle returns a worker after a call.
func (p *Pool) putIdle(w *proc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || !w.alive() {
		return
	}
	p.idle = append(p.idle, w)
}

// discard kills a worker and starts a replacement at once.
func (p *Pool) discard(w *proc) {
	p.mu.Lock()
	delete(p.procs, w)
	p.mu.Unlock()
	w.kill()
	p.replenish()
}

// replenish starts a worker in the background when none is idle and there
// is room for one, so the next call finds one ready.
func (p *Pool) replenish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || len(p.idle)+p.spawns > 0 || len(p.procs)+p.spawns >= p.o.MaxConcurrent {
		return
	}
	p.spawns++
	p.bg.Add(1)
	go func() {
		defer p.bg.Done()
		w, err := spawn(p.stop, &p.o)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.spawns--
		if err != nil {
			if !p.closed {
				p.o.Log(fmt.Sprintf("a replacement worker failed to start: %v", err))
			}
			return
		}
		if p.closed {
			go w.kill()
			return
		}
		p.procs[w] = true
		p.idle = append(p.idle, w)
		p.watch(w)
	}()
}

// watch replaces a worker that ends on its own while idle. Called with
// p.mu held.
func (p *Pool) watch(w *proc) {
	p.bg.Add(1)
	go func() {
		defer p.bg.Done()
		select {
		case <-w.exited:
		case <-p.stop.Done():
			return
		}
		p.mu.Lock()
		idle := false
		for i, v := range p.idle {
			if v == w {
				p.idle = append(p.idle[:i], p.idle[i+1:]...)
				idle = true
				break
			}
		}
		if idle {
			delete(p.procs, w)
		}
		closed := p.closed
		p.mu.Unlock()
		if idle && !closed {
			p.o.Log(fmt.Sprintf("idle worker %d ended; starting a replacement", w.pid))
			p.replenish()
		}
	}()
}
