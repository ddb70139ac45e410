package store

import (
	"context"

	"github.com/camber-tui/camber-tui/model"
)

// ScanTimestampRuns is [Store.ScanTimestamps] without gathering a
// facility's timestamps in memory: it calls fn with each run of selected
// rows of one point as the part files hold them, so a facility-year costs
// one chunk of memory, not every timestamp at once. Only ts, equip, class
// and role are decoded, and row groups the statistics rule out are skipped.
//
// Runs of one point come in file order: our writers sort a part file by
// (equip, role, ts), so a point's runs usually ascend, but files of other
// writers, and a point stored in several files, may repeat or interleave
// timestamps; fn sees them as stored (duplicates included) and must not
// keep ts. A file replaced mid-scan makes the scan start over once:
// restart, when not nil, is called before every pass, so the caller drops
// what an earlier pass gave it.
func (s *Store) ScanTimestampRuns(ctx context.Context, facility string, q Query, restart func(), fn func(p Point, ts []int64) error) error {
	var pts map[uint64]Point
	var buf []int64
	point := func(sc *scanner, e, r, c uint32) Point {
		k := uint64(e)<<32 | uint64(r)
		p, ok := pts[k]
		if !ok || p.Class == "" && c != 0 {
			p = Point{Equip: sc.in.strs[e], Class: sc.in.strs[c], Role: model.Role(sc.in.strs[r])}
			pts[k] = p
		}
		return p
	}
	return s.scanFacility(ctx, facility, q, need{ts: true, class: true},
		func(*scanner) {
			pts, buf = map[uint64]Point{}, make([]int64, 0, chunkRows)
			if restart != nil {
				restart()
			}
		},
		func(sc *scanner, c *chunk) error {
			if c.ts == nil || c.n == 0 {
				return nil
			}
			if c.uniform && c.ok == nil {
				return fn(point(sc, c.equip[0], c.role[0], c.class[0]), c.ts[:c.n])
			}
			buf = buf[:0]
			var e, r, cl uint32
			for k := range c.n {
				if c.ok != nil && !c.ok[k] {
					continue
				}
				ke, kr, kc := c.equip[0], c.role[0], c.class[0]
				if !c.uniform {
					ke, kr, kc = c.equip[k], c.role[k], c.class[k]
				}
				if len(buf) > 0 && (ke != e || kr != r) {
					if err := fn(point(sc, e, r, cl), buf); err != nil {
						return err
					}
					buf = buf[:0]
				}
				e, r, cl = ke, kr, kc
				buf = append(buf, c.ts[k])
			}
			if len(buf) > 0 {
				return fn(point(sc, e, r, cl), buf)
			}
			return nil
		})
}
