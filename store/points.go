package store

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/camber-tui/camber-tui/model"
)

// Points returns facility's points sorted by (equip, role). It uses the
// point catalog when that is fresh for the facility, else scans only this
// facility's files, decoding just the equip, equip_class and role columns
// and only for row groups whose statistics do not already name a single
// point. It takes no lock and writes nothing (not even the catalog).
func (s *Store) Points(ctx context.Context, facility string) ([]Point, error) {
	var pts []Point
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		pts, err = s.pointsOnce(ctx, facility)
		if _, ok := errors.AsType[*VanishedError](err); !ok {
			break
		}
	}
	return pts, err
}

func (s *Store) pointsOnce(ctx context.Context, facility string) ([]Point, error) {
	files, err := s.listParts(facility, 0, 0)
	if err != nil {
		return nil, err
	}
	if pts, ok := s.catalogPoints(facility, files); ok {
		return pts, nil
	}
	sc := newScanner(Query{}, need{class: true})
	sc.mem = s.pages
	seen := map[uint64]uint32{} // (equip, role) -> class
	for _, pf := range files {
		ft, err := s.footers.get(pf)
		if err != nil {
			return nil, err
		}
		err = sc.scanPlanned(ctx, pf, newPlan(ft, &sc.f), func(c *chunk) error {
			n := c.n
			if c.uniform {
				n = 1
			}
			for k := range n {
				if !c.uniform && c.ok != nil && !c.ok[k] {
					continue
				}
				key := uint64(c.equip[k])<<32 | uint64(c.role[k])
				if cls, ok := seen[key]; !ok || cls == 0 {
					seen[key] = c.class[k]
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]Point, 0, len(seen))
	for k, cls := range seen {
		out = append(out, Point{Equip: sc.in.strs[k>>32], Role: model.Role(sc.in.strs[uint32(k)]), Class: sc.in.strs[cls]})
	}
	sortPoints(out)
	return out, nil
}

func sortPoints(p []Point) {
	slices.SortFunc(p, func(a, b Point) int {
		return cmp.Or(cmp.Compare(a.Equip, b.Equip), cmp.Compare(a.Role, b.Role))
	})
}

// PointStats describes one point's stored samples.
type PointStats struct {
	Point
	Samples  int   // distinct timestamps
	First    int64 // ns, naive local
	Last     int64
	Interval int64 // median of the positive differences between successive samples, ns; 0 with fewer than 2 samples
}

// Stats computes per-point statistics of the selected rows of facility,
// sorted by (equip, role). Only ts, equip, class and role are decoded.
func (s *Store) Stats(ctx context.Context, facility string, q Query) ([]PointStats, error) {
	var out []PointStats
	var diffs []int64
	err := s.ScanTimestamps(ctx, facility, q, func(p Point, ts []int64) error {
		diffs = diffs[:0]
		for i := 1; i < len(ts); i++ {
			diffs = append(diffs, ts[i]-ts[i-1]) // distinct and ascending, so > 0
		}
		out = append(out, PointStats{Point: p, Samples: len(ts), First: ts[0], Last: ts[len(ts)-1], Interval: median(diffs)})
		return nil
	})
	return out, err
}

// median returns the median of d (the mean of the middle two for an even
// count, as pandas computes it), reordering d. Trend intervals repeat, so a
// small histogram usually answers without sorting.
func median(d []int64) int64 {
	if len(d) == 0 {
		return 0
	}
	counts := map[int64]int{}
	for _, x := range d {
		counts[x]++
		if len(counts) > 64 {
			counts = nil
			break
		}
	}
	kth := func(k int) int64 { // k-th smallest, 0-based
		if counts == nil {
			return d[k]
		}
		keys := make([]int64, 0, len(counts))
		for x := range counts {
			keys = append(keys, x)
		}
		slices.Sort(keys)
		for _, x := range keys {
			if k < counts[x] {
				return x
			}
			k -= counts[x]
		}
		return keys[len(keys)-1]
	}
	if counts == nil {
		slices.Sort(d)
	}
	n := len(d)
	if n%2 == 1 {
		return kth(n / 2)
	}
	a, b := kth(n/2-1), kth(n/2)
	return a + (b-a)/2
}
