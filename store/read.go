package store

import (
	"cmp"
	"context"
	"slices"

	"github.com/camber-tui/camber-tui/model"
)

// Point is one stored point: an equipment's role, with its class label.
type Point struct {
	Equip string
	Class string // the stored equip_class, free text; the first non-empty one when files disagree
	Role  model.Role
}

// Query selects rows of one facility. Empty Equips or Roles select all;
// Start and End bound ts inclusively in ns of naive local time (see
// model.Series); 0 leaves that end open.
type Query struct {
	Equips []string
	Roles  []model.Role
	Start  int64
	End    int64
}

// pointAcc gathers one point's rows during a scan.
type pointAcc struct {
	equip, role, class uint32
	ts                 []int64
	v                  []float64
	unsorted           bool // ts may not ascend: normalise sorts
	repeats            bool // ts may not strictly ascend: normalise merges duplicates
}

// follow notes that ts t comes after last in p's rows.
func (p *pointAcc) follow(last, t int64) {
	if t <= last {
		p.repeats = true
		p.unsorted = p.unsorted || t < last
	}
}

// ascent reports whether ts ascends and whether it strictly ascends.
func ascent(ts []int64) (sorted, strict bool) {
	strict = true
	for i := 1; i < len(ts); i++ {
		if ts[i] <= ts[i-1] {
			if ts[i] < ts[i-1] {
				return false, false
			}
			strict = false
		}
	}
	return true, strict
}

// accumulator groups scanned rows by (equip, role).
type accumulator struct {
	byKey  map[uint64]*pointAcc
	last   *pointAcc
	lastK  uint64
	values bool
}

func newAccumulator(values bool) *accumulator {
	return &accumulator{byKey: map[uint64]*pointAcc{}, values: values}
}

func (a *accumulator) point(e, r, c uint32) *pointAcc {
	k := uint64(e)<<32 | uint64(r)
	if a.last != nil && k == a.lastK {
		if a.last.class == 0 {
			a.last.class = c
		}
		return a.last
	}
	p := a.byKey[k]
	if p == nil {
		p = &pointAcc{equip: e, role: r, class: c}
		a.byKey[k] = p
	} else if p.class == 0 {
		p.class = c
	}
	a.last, a.lastK = p, k
	return p
}

// reserve grows a point's buffers for rows more samples.
func (a *accumulator) reserve(e, r uint32, rows int) {
	p := a.point(e, r, 0)
	p.ts = slices.Grow(p.ts, rows)
	if a.values {
		p.v = slices.Grow(p.v, rows)
	}
}

// tail grows a point's buffers by n rows and returns the new rows, for a
// scanner to decode into (see scanner.sink); add then keeps the selected
// ones.
func (a *accumulator) tail(e, r, cl uint32, n int) ([]int64, []float64) {
	p := a.point(e, r, cl)
	m := len(p.ts)
	p.ts = slices.Grow(p.ts, n)[:m+n]
	if !a.values {
		return p.ts[m:], nil
	}
	p.v = slices.Grow(p.v, n)[:m+n]
	return p.ts[m:], p.v[m:]
}

// keep completes a direct chunk: the rows it selects stay in the tail
// they were decoded into, the others are squeezed out.
func (a *accumulator) keep(c *chunk) {
	p := a.point(c.equip[0], c.role[0], c.class[0])
	m := len(p.ts) - c.n
	if c.ok != nil {
		w := m
		for k, ok := range c.ok[:c.n] {
			if ok {
				p.ts[w] = p.ts[m+k]
				if a.values {
					p.v[w] = p.v[m+k]
				}
				w++
			}
		}
		p.ts = p.ts[:w]
		if a.values {
			p.v = p.v[:w]
		}
	}
	if len(p.ts) == m {
		return
	}
	if m > 0 {
		p.follow(p.ts[m-1], p.ts[m])
	}
	if !p.unsorted {
		sorted, strict := ascent(p.ts[m:])
		p.unsorted, p.repeats = !sorted, p.repeats || !strict
	}
}

// add appends a chunk's selected rows.
func (a *accumulator) add(c *chunk) {
	if c.direct {
		a.keep(c)
		return
	}
	if c.uniform {
		p := a.point(c.equip[0], c.role[0], c.class[0])
		if c.ts == nil {
			return
		}
		if c.ok == nil {
			if len(p.ts) > 0 && c.n > 0 {
				p.follow(p.ts[len(p.ts)-1], c.ts[0])
			}
			if !p.unsorted {
				sorted, strict := ascent(c.ts[:c.n])
				p.unsorted, p.repeats = !sorted, p.repeats || !strict
			}
			p.ts = append(p.ts, c.ts[:c.n]...)
			if a.values {
				p.v = append(p.v, c.value[:c.n]...)
			}
			return
		}
		for k := range c.n {
			if c.ok[k] {
				a.push(p, c, k)
			}
		}
		return
	}
	for k := range c.n {
		if c.ok == nil || c.ok[k] {
			p := a.point(c.equip[k], c.role[k], c.class[k])
			if c.ts != nil {
				a.push(p, c, k)
			}
		}
	}
}

func (a *accumulator) push(p *pointAcc, c *chunk, k int) {
	t := c.ts[k]
	if n := len(p.ts); n > 0 {
		p.follow(p.ts[n-1], t)
	}
	p.ts = append(p.ts, t)
	if a.values {
		p.v = append(p.v, c.value[k])
	}
}

// normalise sorts p's samples by ts (stable) and merges duplicates. Rows
// that arrived strictly ascending are left as they are.
func (p *pointAcc) normalise(values bool) {
	if !p.repeats {
		return
	}
	if p.unsorted {
		if values {
			idx := make([]int, len(p.ts))
			for i := range idx {
				idx[i] = i
			}
			slices.SortStableFunc(idx, func(i, j int) int { return cmp.Compare(p.ts[i], p.ts[j]) })
			ts, v := make([]int64, len(idx)), make([]float64, len(idx))
			for k, i := range idx {
				ts[k], v[k] = p.ts[i], p.v[i]
			}
			p.ts, p.v = ts, v
		} else {
			slices.Sort(p.ts)
		}
		p.unsorted = false
	}
	w := 0
	for r := 0; r < len(p.ts); {
		e := r + 1
		for e < len(p.ts) && p.ts[e] == p.ts[r] {
			e++
		}
		p.ts[w] = p.ts[r]
		if values {
			if e-r == 1 {
				p.v[w] = p.v[r]
			} else {
				sum := 0.0
				for _, x := range p.v[r:e] {
					sum += x
				}
				p.v[w] = sum / float64(e-r)
			}
		}
		w++
		r = e
	}
	p.ts = p.ts[:w]
	if values {
		p.v = p.v[:w]
	}
}

// Read returns the selected rows of facility as one Series per (equip,
// role), sorted by (equip, role), ts ascending, duplicate timestamps
// mean-aggregated (as CAMBER's read_role_frame does). It takes no lock and
// writes nothing. A missing facility is [ErrNotFound]; unreadable data is a
// [DamagedError]; a file replaced mid-read is retried once, then returned
// as a [VanishedError].
func (s *Store) Read(ctx context.Context, facility string, q Query) ([]model.Series, error) {
	pts, err := s.collect(ctx, facility, q, need{ts: true, class: true, value: true}, true)
	if err != nil {
		return nil, err
	}
	out := make([]model.Series, len(pts))
	for i, p := range pts {
		out[i] = model.Series{Equip: p.equip, Class: p.class, Role: model.Role(p.role), TS: p.ts, V: p.v}
	}
	return out, nil
}

// ScanTimestamps calls fn once per selected point, in (equip, role) order,
// with the point's distinct timestamps ascending. Only ts, equip, class and
// role are decoded. It is what coverage needs; fn must not keep ts.
func (s *Store) ScanTimestamps(ctx context.Context, facility string, q Query, fn func(p Point, ts []int64) error) error {
	pts, err := s.collect(ctx, facility, q, need{ts: true, class: true}, false)
	if err != nil {
		return err
	}
	for i := range pts {
		p := &pts[i]
		if len(p.ts) == 0 {
			continue
		}
		if err := fn(Point{Equip: p.equip, Class: p.class, Role: model.Role(p.role)}, p.ts); err != nil {
			return err
		}
		p.ts = nil
	}
	return nil
}
