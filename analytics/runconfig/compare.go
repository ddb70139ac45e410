package runconfig

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/model"
)

// Comparison is one configured sensor reference compared over a window:
// the result, or why it could not be compared (Problem, a one-line notice).
type Comparison struct {
	Reference Reference
	Result    quality.Comparison
	// Problem is set when the reference could not be compared (no data for
	// the point or the reference, no overlap, too few paired samples).
	Problem string
}

// Compared reports whether the comparison has a verdict.
func (c Comparison) Compared() bool { return c.Problem == "" }

// Compare compares every configured sensor reference over [start, end)
// (ns; both 0 for all stored data): the point's series from src against
// the reference point's, or the reference file's samples. A reference that
// cannot be compared is reported with its Problem, not as an error; only a
// failing read or cancellation is an error. sensor_trust, rule_run and
// rcx_report read the same comparisons.
func (c *Config) Compare(ctx context.Context, src fdd.Source, start, end int64) ([]Comparison, error) {
	if end == 0 {
		end = 1<<63 - 1
	}
	cache := map[string][]model.Series{}
	load := func(equip string) ([]model.Series, error) {
		if ss, ok := cache[equip]; ok {
			return ss, nil
		}
		ss, err := src.Series(ctx, equip, start, end)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", equip, err)
		}
		cache[equip] = ss
		return ss, nil
	}
	var out []Comparison
	for _, ref := range c.Report.RCX.References {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cmp := Comparison{Reference: ref}
		point, err := pointSeries(load, ref.Point)
		if err != nil {
			return nil, err
		}
		var other *model.Series
		switch {
		case ref.Ref != nil:
			if other, err = pointSeries(load, *ref.Ref); err != nil {
				return nil, err
			}
		case ref.Series != nil:
			other = clip(*ref.Series, start, end)
		}
		switch {
		case point == nil:
			cmp.Problem = fmt.Sprintf("reference for %s not compared: the equipment has no data for the role", ref.Point)
		case other == nil:
			cmp.Problem = fmt.Sprintf("reference for %s not compared: %s has no data", ref.Point, ref.Label())
		default:
			cmp.Result, err = quality.CompareReference(*point, *other, 0, quality.Thresholds{Warn: ref.Warn, Fault: ref.Fault})
			if errors.Is(err, quality.ErrNotComparable) {
				cmp.Problem = fmt.Sprintf("reference for %s (%s) not compared: %s", ref.Point, ref.Label(), trimSentinel(err))
			} else if err != nil {
				return nil, err
			}
		}
		out = append(out, cmp)
	}
	return out, nil
}

// Conditionals are the comparisons a rule run makes its findings
// conditional on (those at warn or fault carry through; the runner ignores
// the rest).
func Conditionals(cmps []Comparison) []fdd.Conditional {
	var out []fdd.Conditional
	for _, c := range cmps {
		if !c.Compared() {
			continue
		}
		out = append(out, fdd.Conditional{Equip: c.Reference.Point.Equip, Role: c.Reference.Point.Role,
			Reference: c.Reference.Label(), Verdict: c.Result.Verdict, Bias: c.Result.Bias, Unit: c.Reference.Point.Role.Unit()})
	}
	return out
}

func trimSentinel(err error) string {
	s := err.Error()
	prefix := quality.ErrNotComparable.Error() + ": "
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):]
	}
	return s
}

// pointSeries merges an equipment's series of one role (nil when none has
// samples).
func pointSeries(load func(string) ([]model.Series, error), p PointRef) (*model.Series, error) {
	ss, err := load(p.Equip)
	if err != nil {
		return nil, err
	}
	var out *model.Series
	for _, s := range ss {
		if s.Role != p.Role || len(s.TS) == 0 {
			continue
		}
		if out == nil {
			c := s
			out = &c
			continue
		}
		merged := *out
		merged.TS = append(append([]int64{}, out.TS...), s.TS...)
		merged.V = append(append([]float64{}, out.V...), s.V...)
		idx := make([]int, len(merged.TS))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return merged.TS[idx[a]] < merged.TS[idx[b]] })
		ts, v := make([]int64, len(idx)), make([]float64, len(idx))
		for i, k := range idx {
			ts[i], v[i] = merged.TS[k], merged.V[k]
		}
		merged.TS, merged.V = ts, v
		out = &merged
	}
	return out, nil
}

// clip cuts a series to [start, end); nil when nothing is left.
func clip(s model.Series, start, end int64) *model.Series {
	lo := sort.Search(len(s.TS), func(i int) bool { return s.TS[i] >= start })
	hi := sort.Search(len(s.TS), func(i int) bool { return s.TS[i] >= end })
	if lo >= hi {
		return nil
	}
	s.TS, s.V = s.TS[lo:hi], s.V[lo:hi]
	return &s
}
