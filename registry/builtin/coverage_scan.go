package builtin

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// runScanner is the optional streaming scan of a store (store.Store has
// it): each run of one point's timestamps as the part files hold them, so
// a facility-year is never held in memory at once.
type runScanner interface {
	ScanTimestampRuns(ctx context.Context, facility string, q store.Query, restart func(), fn func(p store.Point, ts []int64) error) error
}

// step is a run of n successive timestamp differences equal to d (ns).
// A regular trend is a handful of steps however long it is, so a point's
// differences cost memory only where its logging is irregular.
type step struct {
	d int64
	n int
}

// tally is one point's timestamps in the window, folded as they stream by.
type tally struct {
	class       string
	samples     int
	first, last int64
	steps       []step
	// unordered is set when a timestamp comes before the one before it
	// (files that overlap, or rows not sorted by time): the point is then
	// counted again from a sorted, de-duplicated read. A repeated
	// timestamp is one sample, as the store's reads count it.
	unordered bool
}

// add folds one run of timestamps in. A stretch that extends the current
// step is skipped over in a tight loop: on a regular trend that is almost
// every sample.
func (t *tally) add(ts []int64) {
	if t.unordered || len(ts) == 0 {
		return
	}
	if t.samples == 0 {
		t.first, t.last, t.samples = ts[0], ts[0], 1
		ts = ts[1:]
	}
	last, n, steps := t.last, t.samples, t.steps
	var cur step // the open step, appended when a new one starts
	if k := len(steps) - 1; k >= 0 {
		cur, steps = steps[k], steps[:k]
	}
	for i := 0; i < len(ts); {
		d := ts[i] - last
		switch {
		case d == cur.d && d > 0:
			j := i + 1
			for j < len(ts) && ts[j]-ts[j-1] == d {
				j++
			}
			cur.n += j - i
			n += j - i
			last, i = ts[j-1], j
			continue
		case d > 0:
			if cur.n > 0 {
				steps = append(steps, cur)
			}
			cur = step{d: d, n: 1}
			n++
		case d < 0:
			t.unordered, t.steps = true, nil
			return
		} // d == 0: a repeated timestamp (the fall-back hour of naive local time) is one sample
		last = ts[i]
		i++
	}
	if cur.n > 0 {
		steps = append(steps, cur)
	}
	t.last, t.samples, t.steps = last, n, steps
}

// interval is the point's logging interval: the median successive
// difference (the lower middle one, as series.MedianInterval takes it), or
// series.DefaultInterval with ok false when there are fewer than two
// samples.
func (t *tally) interval() (iv int64, ok bool) {
	if t.samples < 2 {
		return series.DefaultInterval, false
	}
	byD := slices.Clone(t.steps)
	slices.SortFunc(byD, func(a, b step) int { return cmp.Compare(a.d, b.d) })
	k := (t.samples - 2) / 2 // 0-based index of the lower middle of samples-1 differences
	for _, s := range byD {
		if k < s.n {
			return s.d, true
		}
		k -= s.n
	}
	return byD[len(byD)-1].d, true
}

// gapsOver calls fn for each run of gaps: n successive differences of d ns
// longer than limit ns, the first starting at from.
func (t *tally) gapsOver(limit int64, fn func(from, d int64, n int)) {
	at := t.first
	for _, s := range t.steps {
		if s.d > limit {
			fn(at, s.d, s.n)
		}
		at += s.d * int64(s.n)
	}
}

// pointKey keys a point's tally.
func pointKey(equip string, role model.Role) string { return equip + "\x00" + string(role) }

// scanTallies folds the timestamps of the selected points inside [start,
// end] (ns, inclusive) into one tally per point: one pass over the
// facility's ts column, skipping row groups by their statistics, with the
// equipment split across the cores. A point whose stored timestamps are
// not strictly ascending (duplicates, overlapping files) is counted again
// from a sorted, de-duplicated read of that point.
func scanTallies(ctx context.Context, r reader, facility string, sel []store.Point, roles []model.Role, start, end int64) (map[string]*tally, error) {
	var equips []string
	for _, p := range sel {
		if len(equips) == 0 || equips[len(equips)-1] != p.Equip {
			equips = append(equips, p.Equip)
		}
	}
	groups := splitEquips(sel, equips, runtime.GOMAXPROCS(0))
	parts := make([]map[string]*tally, len(groups))
	g, gctx := errgroup.WithContext(ctx)
	for i, grp := range groups {
		g.Go(func() error {
			q := store.Query{Equips: grp, Roles: roles, Start: start, End: end}
			m := map[string]*tally{}
			fold := func(p store.Point, ts []int64) error {
				k := pointKey(p.Equip, p.Role)
				t := m[k]
				if t == nil {
					t = &tally{}
					m[k] = t
				}
				if t.class == "" {
					t.class = p.Class
				}
				t.add(ts)
				return nil
			}
			var err error
			if rs, ok := r.(runScanner); ok {
				err = rs.ScanTimestampRuns(gctx, facility, q, func() { clear(m) }, fold)
			} else {
				err = r.ScanTimestamps(gctx, facility, q, fold)
			}
			parts[i] = m
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := map[string]*tally{}
	for _, m := range parts {
		for k, t := range m {
			out[k] = t
		}
	}
	return out, recount(ctx, r, facility, out, start, end)
}

// splitEquips cuts the sorted equipment list into at most n contiguous
// groups of about equal point counts.
func splitEquips(sel []store.Point, equips []string, n int) [][]string {
	if len(equips) == 0 {
		return nil
	}
	n = max(1, min(n, len(equips)))
	per := map[string]int{}
	for _, p := range sel {
		per[p.Equip]++
	}
	target := (len(sel) + n - 1) / n
	var out [][]string
	var cur []string
	points := 0
	for _, e := range equips {
		cur = append(cur, e)
		points += per[e]
		if points >= target && len(out) < n-1 {
			out, cur, points = append(out, cur), nil, 0
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// recount re-reads the points whose timestamps were not strictly
// ascending, sorted and de-duplicated (store.ScanTimestamps).
func recount(ctx context.Context, r reader, facility string, tallies map[string]*tally, start, end int64) error {
	var equips []string
	var roles []model.Role
	redo := map[string]bool{}
	for k, t := range tallies {
		if !t.unordered {
			continue
		}
		redo[k] = true
		e, role, _ := strings.Cut(k, "\x00")
		if !slices.Contains(equips, e) {
			equips = append(equips, e)
		}
		if !slices.Contains(roles, model.Role(role)) {
			roles = append(roles, model.Role(role))
		}
	}
	if len(redo) == 0 {
		return nil
	}
	return r.ScanTimestamps(ctx, facility, store.Query{Equips: equips, Roles: roles, Start: start, End: end},
		func(p store.Point, ts []int64) error {
			k := pointKey(p.Equip, p.Role)
			if redo[k] {
				t := &tally{class: tallies[k].class}
				t.add(ts)
				tallies[k] = t
			}
			return nil
		})
}
