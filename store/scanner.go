package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// filter selects rows: equips and roles (nil = all) and an inclusive ts
// window in ns (0 = open end).
type filter struct {
	equips, roles map[string]bool
	start, end    int64
}

func newFilter(q Query) filter {
	f := filter{start: q.Start, end: q.End}
	if len(q.Equips) > 0 {
		f.equips = map[string]bool{}
		for _, e := range q.Equips {
			f.equips[e] = true
		}
	}
	if len(q.Roles) > 0 {
		f.roles = map[string]bool{}
		for _, r := range q.Roles {
			f.roles[string(r)] = true
		}
	}
	return f
}

// anyIn reports whether some member of set lies in [lo, hi].
func anyIn(set map[string]bool, lo, hi string) bool {
	for k := range set {
		if k >= lo && k <= hi {
			return true
		}
	}
	return false
}

// need says which columns a scan decodes besides equip and role.
type need struct{ ts, class, value bool }

// scanner decodes the rows of part files that a filter selects, skipping
// row groups by their statistics and decoding only the needed columns.
type scanner struct {
	in      *interner
	f       filter
	need    need
	equipOK []int8 // per interned id: 0 unknown, 1 selected, 2 not
	roleOK  []int8
	c       chunk
	// hint, when set, learns from the statistics of each file, before it
	// is decoded, how many rows of a point its uniform row groups hold.
	hint func(equip, role uint32, rows int)
	// cols are the column readers, reused from group to group for their
	// buffers: equip, role, class, ts, value.
	cols [5]colReader
	// pick, when set, chooses the row groups (by index in the file) this
	// scanner decodes; the others are left to other scanners.
	pick func(i int, g groupInfo) bool
	// sink, when set, gives the buffers a uniform group's next n rows are
	// decoded into: the tail of the point's own, so rows are not copied
	// again. Chunks decoded there are marked direct.
	sink func(equip, role, class uint32, n int) (ts []int64, v []float64)
	// mem gives the Parquet readers' page buffers (nil: the Go allocator).
	mem memory.Allocator
	// tsBuf and valBuf are the chunk's own buffers (nil when not needed).
	tsBuf  []int64
	valBuf []float64
}

func newScanner(q Query, nd need) *scanner {
	sc := &scanner{in: newInterner(), f: newFilter(q), need: nd}
	sc.c.equip = make([]uint32, chunkRows)
	sc.c.class = make([]uint32, chunkRows)
	sc.c.role = make([]uint32, chunkRows)
	if nd.ts || sc.f.start != 0 || sc.f.end != 0 {
		sc.need.ts = true
		sc.tsBuf = make([]int64, chunkRows)
	}
	if nd.value {
		sc.valBuf = make([]float64, chunkRows)
	}
	sc.c.ts, sc.c.value = sc.tsBuf, sc.valBuf
	return sc
}

// selected reports whether id passes set, caching the answer per id.
func (sc *scanner) selected(cache *[]int8, set map[string]bool, id uint32) bool {
	if set == nil {
		return true
	}
	for int(id) >= len(*cache) {
		*cache = append(*cache, 0)
	}
	if (*cache)[id] == 0 {
		(*cache)[id] = 2
		if set[sc.in.strs[id]] {
			(*cache)[id] = 1
		}
	}
	return (*cache)[id] == 1
}

// plan is one part file's footer and what its row groups' statistics say
// under a filter, worked out once per read and shared by its scanners.
type plan struct {
	ft     *footer
	groups []groupInfo
}

// newPlan inspects every row group of a part file under a filter.
func newPlan(ft *footer, f *filter) *plan {
	p := &plan{ft: ft, groups: make([]groupInfo, len(ft.groups))}
	for i := range p.groups {
		p.groups[i] = f.inspect(&ft.groups[i], &ft.l)
	}
	return p
}

// decodes reports whether the scanner must decode rows of a group: not
// when the statistics alone name its point and no ts or value is needed.
func (sc *scanner) decodes(g *groupInfo) bool {
	return !g.uniform || sc.need.ts || sc.need.value
}

// scanPlanned calls fn for every chunk of selected rows of one planned
// part file, in the row groups this scanner picks. The file is opened only
// when such a group has rows to decode. A decoding failure, even a panic
// inside the decoder, is a DamagedError.
func (sc *scanner) scanPlanned(ctx context.Context, pf partFile, p *plan, fn func(*chunk) error) (err error) {
	var o *openedPart
	defer func() {
		if r := recover(); r != nil {
			err = &DamagedError{File: pf.rel, Reason: fmt.Sprintf("cannot decode: %v", r)}
		}
		if o != nil {
			o.Close()
		}
	}()
	mine := func(i int) bool {
		g := &p.groups[i]
		return !g.skip && (sc.pick == nil || sc.pick(i, *g))
	}
	if sc.hint != nil {
		rows := map[[2]uint32]int{}
		for i, g := range p.groups {
			if g.uniform && mine(i) {
				rows[[2]uint32{sc.in.id([]byte(g.eLo)), sc.in.id([]byte(g.rLo))}] += g.rows
			}
		}
		for k, n := range rows {
			sc.hint(k[0], k[1], n)
		}
	}
	for i := range p.groups {
		if !mine(i) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		g := &p.groups[i]
		if o == nil && sc.decodes(g) {
			if o, err = openPartWith(pf, p.ft.md, sc.mem); err != nil {
				return err
			}
		}
		if err := sc.scanGroup(o, &p.ft.l, i, g, fn); err != nil {
			return err
		}
	}
	return nil
}

// groupInfo is what a row group's statistics say before any decoding.
type groupInfo struct {
	rows     int
	skip     bool   // no selected row can be in the group
	inWindow bool   // every row is inside the ts window
	uniform  bool   // one equip, role and class throughout
	cConst   bool   // one class throughout (cLo)
	eLo, rLo string // the equip and role when uniform
	cLo      string
}

func (f *filter) inspect(gs *groupStats, l *layout) groupInfo {
	g := groupInfo{rows: gs.rows}
	if g.rows == 0 {
		g.skip = true
		return g
	}
	e, r := &gs.equip, &gs.role
	if (e.ok && f.equips != nil && !anyIn(f.equips, e.lo, e.hi)) || (r.ok && f.roles != nil && !anyIn(f.roles, r.lo, r.hi)) {
		g.skip = true
		return g
	}
	g.inWindow = f.start == 0 && f.end == 0
	if gs.tOK {
		if (f.start != 0 && gs.tHi < f.start) || (f.end != 0 && gs.tLo > f.end) {
			g.skip = true
			return g
		}
		g.inWindow = (f.start == 0 || gs.tLo >= f.start) && (f.end == 0 || gs.tHi <= f.end)
	}
	g.cConst = true
	if l.class >= 0 {
		cl := &gs.class
		g.cLo, g.cConst = cl.lo, cl.ok && !cl.nulls && cl.lo == cl.hi
	}
	g.uniform = e.ok && !e.nulls && e.lo == e.hi && r.ok && !r.nulls && r.lo == r.hi && g.cConst
	g.eLo, g.rLo = e.lo, r.lo
	return g
}

func (sc *scanner) scanGroup(o *openedPart, l *layout, i int, g *groupInfo, fn func(*chunk) error) error {
	rows, cLo, cConst, inWindow := g.rows, g.cLo, g.cConst, g.inWindow
	c := &sc.c
	c.uniform = g.uniform
	if c.uniform {
		c.equip[0], c.role[0], c.class[0] = sc.in.id([]byte(g.eLo)), sc.in.id([]byte(g.rLo)), sc.in.id([]byte(cLo))
	}
	if !sc.decodes(g) {
		c.n, c.ok = rows, nil // statistics alone answer: no row is decoded (o may be nil)
		return fn(c)
	}
	rg := o.r.RowGroup(i)
	defer func() {
		for k := range sc.cols {
			sc.cols[k].close()
		}
	}()
	open := func(slot, col int) (*colReader, error) {
		if col < 0 {
			return nil, nil
		}
		r := &sc.cols[slot]
		return r, r.open(rg, col, o.rel)
	}
	var er, rr, cr, tr, vr *colReader
	var err error
	if !c.uniform {
		if er, err = open(0, l.equip); err == nil {
			rr, err = open(1, l.role)
		}
		if err == nil && sc.need.class && !cConst {
			cr, err = open(2, l.class)
		}
	}
	if err == nil && sc.need.ts {
		tr = &sc.cols[3]
		err = tr.openTS(rg, l.ts, o.rel)
	}
	if err == nil && sc.need.value {
		vr, err = open(4, l.value)
	}
	if err != nil {
		return err
	}
	defer func() { c.ts, c.value, c.direct = sc.tsBuf, sc.valBuf, false }()
	for done := 0; done < rows; {
		n := min(rows-done, chunkRows)
		c.n, c.ok = n, nil
		if c.uniform && sc.sink != nil && tr != nil {
			c.ts, c.value = sc.sink(c.equip[0], c.role[0], c.class[0], n)
			c.direct = true
		}
		if !c.uniform {
			if err := er.readStrings(c, sc.in, c.equip, n); err != nil {
				return err
			}
			if err := rr.readStrings(c, sc.in, c.role, n); err != nil {
				return err
			}
			if cr != nil {
				if err := cr.readStrings(c, sc.in, c.class, n); err != nil {
					return err
				}
			} else {
				id := uint32(0) // not needed, or absent: ""
				if cConst {
					id = sc.in.id([]byte(cLo))
				}
				for k := range n {
					c.class[k] = id
				}
			}
		}
		if tr != nil {
			if err := tr.readTS(c, l.tsMul, c.ts, n); err != nil {
				return err
			}
		}
		if vr != nil {
			if err := vr.readValues(c, c.value, n); err != nil {
				return err
			}
		}
		sc.applyFilter(c, inWindow)
		if err := fn(c); err != nil {
			return err
		}
		done += n
	}
	return nil
}

// applyFilter drops the rows of c outside the filter.
func (sc *scanner) applyFilter(c *chunk, inWindow bool) {
	f := &sc.f
	if !c.uniform && (f.equips != nil || f.roles != nil) {
		for k := range c.n {
			if !sc.selected(&sc.equipOK, f.equips, c.equip[k]) || !sc.selected(&sc.roleOK, f.roles, c.role[k]) {
				c.drop(k)
			}
		}
	}
	if !inWindow {
		for k, t := range c.ts[:c.n] {
			if (f.start != 0 && t < f.start) || (f.end != 0 && t > f.end) {
				c.drop(k)
			}
		}
	}
}

// scanFacility lists facility's part files and scans each. A file that
// vanished or was replaced since listing makes the whole scan start over
// once (with fresh state from reset); a second such failure is returned.
func (s *Store) scanFacility(ctx context.Context, facility string, q Query, nd need, reset func(*scanner), fn func(*scanner, *chunk) error) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		err = s.scanOnce(ctx, facility, q, nd, reset, fn)
		if _, ok := errors.AsType[*VanishedError](err); !ok {
			return err
		}
	}
	return err
}

func (s *Store) scanOnce(ctx context.Context, facility string, q Query, nd need, reset func(*scanner), fn func(*scanner, *chunk) error) error {
	files, err := s.listParts(facility, q.Start, q.End)
	if err != nil {
		return err
	}
	sc := newScanner(q, nd)
	sc.mem = s.pages
	reset(sc)
	for _, pf := range files {
		ft, err := s.footers.get(pf)
		if err != nil {
			return err
		}
		if err := sc.scanPlanned(ctx, pf, newPlan(ft, &sc.f), func(c *chunk) error { return fn(sc, c) }); err != nil {
			return err
		}
	}
	return nil
}
