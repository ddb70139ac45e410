package builtin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// readBatch is how many equipment one store read fetches for a run. Every
// read lists the facility's part files and inspects their footers (parsed
// once per store and cached; only the files holding the batch are opened),
// so a batch pays that once per readBatch equipment while memory holds
// only the batches in flight (a few equipment-years, not the facility's).
const readBatch = 8

// storeSource is an fdd.Source over one facility of the store. Each
// equipment's series are read when the runner asks for them, together with
// the next equipment the run will ask for (see readBatch); store.Read skips
// the row groups of other equipment and outside the window. A run thus
// holds only the equipment it is judging, and a 640-point facility-year
// never sits in memory at once. It is safe for concurrent use (the runner
// reads equipment in parallel).
type storeSource struct {
	r        reader
	facility string
	equips   []fdd.Equipment
	sp       span
	readNS   atomic.Int64 // time spent in store reads, for benchmarks

	mu sync.Mutex
	// order are the equipment a run reads, in the order it reads them;
	// nil reads every equipment alone (set it with batchOrder).
	order []string
	// win is the window batches read: the first batched read's. A read
	// over another window is read alone, so nothing is fetched ahead that
	// no one will ask for.
	win     *[2]int64
	pending map[string]*pendingRead // by readKey
	served  map[string]bool
}

// pendingRead is one equipment's series, read or being read by a batch.
type pendingRead struct {
	done chan struct{}
	ss   []model.Series
	err  error
}

// newSource returns the source of facility: its stored equipment (from the
// point catalog) and its stored span (from the part files' statistics). A
// facility with no stored data is not_found.
func (e *env) newSource(ctx context.Context, r reader, facility string) (*storeSource, error) {
	pts, err := e.points.get(ctx, r, facility)
	if errors.Is(err, store.ErrNotFound) || err == nil && len(pts) == 0 {
		return nil, noData(facility)
	}
	if err != nil {
		return nil, err
	}
	sp, err := e.spans.facilitySpan(ctx, r, facility)
	if errors.Is(err, store.ErrNotFound) || err == nil && !sp.ok {
		return nil, noData(facility)
	}
	if err != nil {
		return nil, err
	}
	src := &storeSource{r: r, facility: facility, sp: sp, pending: map[string]*pendingRead{}, served: map[string]bool{}}
	for _, p := range pts { // sorted by (equip, role): one row per equipment
		if n := len(src.equips); n > 0 && src.equips[n-1].Equip == p.Equip {
			if src.equips[n-1].Class == "" {
				src.equips[n-1].Class = p.Class
			}
			continue
		}
		src.equips = append(src.equips, fdd.Equipment{Equip: p.Equip, Class: p.Class})
	}
	return src, nil
}

// Equipment lists the facility's stored equipment, sorted by id.
func (s *storeSource) Equipment(context.Context) ([]fdd.Equipment, error) {
	return append([]fdd.Equipment(nil), s.equips...), nil
}

// Span is the facility's first and last stored sample.
func (s *storeSource) Span(context.Context) (first, last int64, ok bool, err error) {
	return s.sp.first, s.sp.last, s.sp.ok, nil
}

// batchOrder sets the equipment a run will read, in order: from now on a
// read of one of them fetches it with the next ones not read yet.
func (s *storeSource) batchOrder(ids []string) {
	s.mu.Lock()
	s.order = slices.Clone(ids)
	s.mu.Unlock()
}

// readKey names one equipment's read over one window.
func readKey(equip string, start, end int64) string {
	return equip + "\x00" + strconv.FormatInt(start, 10) + "\x00" + strconv.FormatInt(end, 10)
}

// Series returns one equipment's series with samples in [start, end),
// reading it in a batch with the equipment that follow it in the run's
// order (or waiting for the batch that is reading it).
func (s *storeSource) Series(ctx context.Context, equip string, start, end int64) ([]model.Series, error) {
	key := readKey(equip, start, end)
	s.mu.Lock()
	p, ok := s.pending[key]
	if !ok {
		ids := s.batchFrom(equip, start, end)
		batch := make([]*pendingRead, len(ids))
		for i, id := range ids {
			batch[i] = &pendingRead{done: make(chan struct{})}
			s.pending[readKey(id, start, end)] = batch[i]
		}
		p = batch[0]
		s.mu.Unlock()
		s.fetch(ctx, ids, start, end, batch)
		s.mu.Lock()
	}
	s.mu.Unlock()
	select {
	case <-p.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.mu.Lock()
	delete(s.pending, key) // hand the series out once; memory holds only what is not yet asked for
	s.served[key] = true
	s.mu.Unlock()
	return p.ss, p.err
}

// batchFrom lists equip and the equipment after it in the run's order
// that are neither read nor being read over this window, up to readBatch;
// only over the window of the first batch.
// The caller holds s.mu.
func (s *storeSource) batchFrom(equip string, start, end int64) []string {
	ids := []string{equip}
	i := slices.Index(s.order, equip)
	if i < 0 || s.win != nil && *s.win != [2]int64{start, end} {
		return ids
	}
	s.win = &[2]int64{start, end}
	for _, id := range s.order[i+1:] {
		if len(ids) == readBatch {
			break
		}
		k := readKey(id, start, end)
		if _, busy := s.pending[k]; !busy && !s.served[k] {
			ids = append(ids, id)
		}
	}
	return ids
}

// fetch reads a batch of equipment in one store read and completes their
// pending reads.
func (s *storeSource) fetch(ctx context.Context, ids []string, start, end int64, batch []*pendingRead) {
	t0 := time.Now()
	q := store.Query{Equips: ids, Start: start}
	if end > 0 {
		q.End = end - 1 // the store's bounds are inclusive
	}
	ss, err := s.r.Read(ctx, s.facility, q)
	s.readNS.Add(int64(time.Since(t0)))
	if err != nil {
		err = fmt.Errorf("read %s: %w", ids[0], err)
	}
	for i, id := range ids {
		p := batch[i]
		p.err = err
		for _, sr := range ss {
			if sr.Equip == id {
				p.ss = append(p.ss, sr)
			}
		}
		close(p.done)
	}
}

// equipIDs lists the stored equipment ids.
func (s *storeSource) equipIDs() []string {
	out := make([]string, len(s.equips))
	for i, e := range s.equips {
		out[i] = e.Equip
	}
	return out
}

// shortStep prints a grid step as 1h, 15m, 1h30m.
func shortStep(d time.Duration) string {
	if d <= 0 {
		d = time.Hour
	}
	s := d.String()
	for _, suf := range []string{"m0s", "h0s"} {
		if len(s) > len(suf) && s[len(s)-len(suf):] == suf {
			s = s[:len(s)-2]
		}
	}
	if len(s) > 3 && s[len(s)-3:] == "h0m" {
		s = s[:len(s)-2]
	}
	return s
}
