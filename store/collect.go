package store

import (
	"cmp"
	"context"
	"errors"
	"hash/fnv"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"
)

// collected is one point's rows gathered by a scan, sorted by ts with
// duplicates merged (see pointAcc.normalise).
type collected struct {
	equip, class, role string
	ts                 []int64
	v                  []float64
}

// maxScanWorkers bounds the scanners of one read; each decodes its share
// of the row groups on its own core.
const maxScanWorkers = 4

// collect scans the selected rows of facility and returns them per point,
// sorted by (equip, role). Several scanners share the work: a row group of
// one point goes to the scanner its point hashes to, so most points are
// gathered by one scanner alone; a mixed row group goes by its index. A
// file replaced mid-read makes the whole read start over once.
func (s *Store) collect(ctx context.Context, facility string, q Query, nd need, values bool) ([]collected, error) {
	var out []collected
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		out, err = s.collectOnce(ctx, facility, q, nd, values)
		if _, ok := errors.AsType[*VanishedError](err); !ok {
			break
		}
	}
	return out, err
}

func (s *Store) collectOnce(ctx context.Context, facility string, q Query, nd need, values bool) ([]collected, error) {
	files, err := s.listParts(facility, q.Start, q.End)
	if err != nil {
		return nil, err
	}
	// Each footer comes from the store's cache and is inspected once per
	// read; the scanners open only the files holding their row groups.
	f := newFilter(q)
	plans := make([]*plan, len(files))
	groups := 0
	for i, pf := range files {
		ft, err := s.footers.get(pf)
		if err != nil {
			return nil, err
		}
		plans[i] = newPlan(ft, &f)
		groups += len(plans[i].groups)
	}
	workers := min(runtime.GOMAXPROCS(0), maxScanWorkers, max(groups, 1))
	scs := make([]*scanner, workers)
	accs := make([]*accumulator, workers)
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		sc, acc := newScanner(q, nd), newAccumulator(values)
		sc.hint, sc.sink, sc.mem = acc.reserve, acc.tail, s.pages
		if workers > 1 {
			sc.pick = func(i int, gi groupInfo) bool { return assignGroup(i, gi, workers) == w }
		}
		scs[w], accs[w] = sc, acc
		g.Go(func() error {
			for i, pf := range files {
				if err := sc.scanPlanned(gctx, pf, plans[i], func(c *chunk) error { acc.add(c); return nil }); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return mergeAccumulators(scs, accs, values), nil
}

// assignGroup picks the scanner of row group i.
func assignGroup(i int, g groupInfo, workers int) int {
	if !g.uniform {
		return i % workers
	}
	h := fnv.New32a()
	h.Write([]byte(g.eLo))
	h.Write([]byte{0})
	h.Write([]byte(g.rLo))
	return int(h.Sum32() % uint32(workers))
}

// mergeAccumulators joins the scanners' points by name, in scanner order.
func mergeAccumulators(scs []*scanner, accs []*accumulator, values bool) []collected {
	type key struct{ equip, role string }
	byKey := map[key]*pointAcc{}
	classes := map[key]string{}
	var keys []key
	for w, acc := range accs {
		strs := scs[w].in.strs
		for _, p := range acc.byKey {
			if values && len(p.ts) == 0 {
				continue
			}
			k := key{strs[p.equip], strs[p.role]}
			if classes[k] == "" {
				classes[k] = strs[p.class]
			}
			m := byKey[k]
			if m == nil {
				byKey[k] = p
				keys = append(keys, k)
				continue
			}
			if len(m.ts) > 0 && len(p.ts) > 0 {
				m.follow(m.ts[len(m.ts)-1], p.ts[0])
			}
			m.unsorted, m.repeats = m.unsorted || p.unsorted, m.repeats || p.repeats
			m.ts = append(m.ts, p.ts...)
			if values {
				m.v = append(m.v, p.v...)
			}
		}
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.equip, b.equip), cmp.Compare(a.role, b.role)) })
	out := make([]collected, len(keys))
	for i, k := range keys {
		p := byKey[k]
		p.normalise(values)
		out[i] = collected{equip: k.equip, class: classes[k], role: k.role, ts: p.ts, v: p.v}
	}
	return out
}
