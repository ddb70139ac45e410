package fdd

import (
	"context"
	"sort"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// SeriesMap is a [Source] over series in memory, keyed by equipment id.
// Each equipment's class is its first series' Class.
type SeriesMap map[string][]model.Series

// Equipment lists the map's equipment, sorted.
func (m SeriesMap) Equipment(context.Context) ([]Equipment, error) {
	out := make([]Equipment, 0, len(m))
	for id, ss := range m {
		e := Equipment{Equip: id}
		if len(ss) > 0 {
			e.Class = ss[0].Class
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Equip < out[j].Equip })
	return out, nil
}

// Span is the first and last sample over every series.
func (m SeriesMap) Span(context.Context) (first, last int64, ok bool, err error) {
	for _, ss := range m {
		for _, s := range ss {
			if len(s.TS) == 0 {
				continue
			}
			if !ok || s.TS[0] < first {
				first = s.TS[0]
			}
			if !ok || s.TS[len(s.TS)-1] > last {
				last = s.TS[len(s.TS)-1]
			}
			ok = true
		}
	}
	return first, last, ok, nil
}

// Series returns the equipment's series cut to [start, end).
func (m SeriesMap) Series(_ context.Context, equip string, start, end int64) ([]model.Series, error) {
	ss := m[equip]
	out := make([]model.Series, 0, len(ss))
	for _, s := range ss {
		lo := sort.Search(len(s.TS), func(i int) bool { return s.TS[i] >= start })
		hi := sort.Search(len(s.TS), func(i int) bool { return s.TS[i] >= end })
		c := s
		c.TS, c.V = s.TS[lo:hi], s.V[lo:hi]
		out = append(out, c)
	}
	return out, nil
}

func durationOf(ns int64) time.Duration { return time.Duration(ns) }
