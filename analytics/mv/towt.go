package mv

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// HoursPerWeek is the number of TOWT hour-of-week bins.
const HoursPerWeek = 168

// TOWTSegments is the number of piecewise-linear temperature segments.
const TOWTSegments = 6

// TOWTDetail describes a fitted TOWT model.
type TOWTDetail struct {
	// Knots are the TOWTSegments−1 temperature knots, °F, evenly spaced
	// between the baseline's lowest and highest temperature (Mathieu et al.
	// 2011).
	Knots []float64 `json:"knots"`
	// OccupiedBins counts the hour-of-week bins judged occupied (mean load
	// above the median bin mean).
	OccupiedBins int `json:"occupied_bins"`
	// SeenBins counts the bins with at least one baseline hour; a reporting
	// hour in an unseen bin cannot be predicted.
	SeenBins int `json:"seen_bins"`
	// HourOfWeek are the bin effects (0 = Monday 00:00), null for an
	// unseen bin.
	HourOfWeek []*float64 `json:"hour_of_week"`
	// OccupiedSlopes and UnoccupiedSlopes are the per-segment temperature
	// slopes (energy per °F); null for a segment the baseline never
	// reached in that occupancy mode.
	OccupiedSlopes   []*float64 `json:"occupied_slopes"`
	UnoccupiedSlopes []*float64 `json:"unoccupied_slopes"`
}

// towtComponents writes the piecewise-linear temperature components of t
// for knots k (len TOWTSegments−1) into dst: the first is min(t, k1), the
// middle ones the part of t inside each segment, the last (t − k5)+; they
// sum to t.
func towtComponents(t float64, k []float64, dst []float64) {
	dst[0] = math.Min(t, k[0])
	for s := 1; s < TOWTSegments-1; s++ {
		dst[s] = math.Max(0, math.Min(t, k[s])-k[s-1])
	}
	dst[TOWTSegments-1] = math.Max(0, t-k[TOWTSegments-2])
}

// fitTOWT fits the time-of-week-and-temperature model. Columns: one
// indicator per hour-of-week bin seen in the baseline, then the six
// temperature components for occupied hours, then for unoccupied hours. A
// temperature column that is zero or constant over its occupancy mode is
// dropped (it would repeat the indicators); p is the rank of the design.
func fitTOWT(ctx context.Context, d Data) (*Fit, error) {
	if d.HourOfWeek == nil {
		return nil, fmt.Errorf("TOWT needs hourly data (an hour of the week for each period)")
	}
	var cnt [HoursPerWeek]int
	var sum [HoursPerWeek]float64
	for i, h := range d.HourOfWeek {
		if h < 0 || h >= HoursPerWeek {
			return nil, fmt.Errorf("%w: row %d has hour of week %d (want 0..167)", ErrInvalid, i, h)
		}
		cnt[h]++
		sum[h] += d.Y[i]
	}
	var means []float64
	for h := range HoursPerWeek {
		if cnt[h] > 0 {
			means = append(means, sum[h]/float64(cnt[h]))
		}
	}
	slices.Sort(means)
	med := quantile(0.5, means)
	var occ [HoursPerWeek]bool
	var col [HoursPerWeek]int
	nOcc, seen := 0, 0
	for h := range HoursPerWeek {
		col[h] = -1
		if cnt[h] == 0 {
			continue
		}
		col[h] = seen
		seen++
		if sum[h]/float64(cnt[h]) > med {
			occ[h] = true
			nOcc++
		}
	}
	lo, hi := minMax(d.Temp)
	knots := make([]float64, TOWTSegments-1)
	for s := range knots {
		knots[s] = lo + (hi-lo)*float64(s+1)/TOWTSegments
	}
	// Drop temperature columns that are constant within their occupancy
	// mode: a constant there equals a sum of that mode's indicators.
	comp := make([]float64, TOWTSegments)
	var cmin, cmax [2][TOWTSegments]float64
	for m := range 2 {
		for s := range TOWTSegments {
			cmin[m][s], cmax[m][s] = math.Inf(1), math.Inf(-1)
		}
	}
	for i := range d.Y {
		m := modeOf(occ[d.HourOfWeek[i]])
		towtComponents(d.Temp[i], knots, comp)
		for s, v := range comp {
			cmin[m][s] = math.Min(cmin[m][s], v)
			cmax[m][s] = math.Max(cmax[m][s], v)
		}
	}
	var tcol [2][TOWTSegments]int
	p := seen
	for m := range 2 {
		for s := range TOWTSegments {
			tcol[m][s] = -1
			if cmax[m][s]-cmin[m][s] > 1e-9*(1+math.Abs(cmax[m][s])) {
				tcol[m][s] = p
				p++
			}
		}
	}
	e := newNormal(p)
	idx := make([]int, 0, 1+TOWTSegments)
	val := make([]float64, 0, 1+TOWTSegments)
	for i := range d.Y {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		h := d.HourOfWeek[i]
		m := modeOf(occ[h])
		idx, val = append(idx[:0], col[h]), append(val[:0], 1)
		towtComponents(d.Temp[i], knots, comp)
		for s, v := range comp {
			if c := tcol[m][s]; c >= 0 && v != 0 {
				idx, val = append(idx, c), append(val, v)
			}
		}
		e.addSparse(idx, val, d.Y[i])
	}
	sol, err := e.solve()
	if err != nil {
		return nil, fmt.Errorf("TOWT: %w", err)
	}
	beta := sol.beta
	det := &TOWTDetail{Knots: knots, OccupiedBins: nOcc, SeenBins: seen, HourOfWeek: make([]*float64, HoursPerWeek)}
	for h := range HoursPerWeek {
		if col[h] >= 0 {
			det.HourOfWeek[h] = ptr(beta[col[h]])
		}
	}
	slopes := func(m int) []*float64 {
		out := make([]*float64, TOWTSegments)
		for s := range TOWTSegments {
			if c := tcol[m][s]; c >= 0 {
				out[s] = ptr(beta[c])
			}
		}
		return out
	}
	det.OccupiedSlopes, det.UnoccupiedSlopes = slopes(0), slopes(1)
	f := &Fit{Kind: KindTOWT, TOWT: det}
	for m, name := range []string{"occupied", "unoccupied"} {
		for s := range TOWTSegments {
			if c := tcol[m][s]; c >= 0 {
				f.Coefficients = append(f.Coefficients, Coef{fmt.Sprintf("%s_temp_segment_%d", name, s+1), beta[c]})
			}
		}
	}
	for k, v := range knots {
		f.ChangePoints = append(f.ChangePoints, Coef{fmt.Sprintf("knot_%d", k+1), v})
	}
	f.predict = func(d Data, i int) float64 {
		if d.HourOfWeek == nil {
			return math.NaN()
		}
		h := d.HourOfWeek[i]
		if h < 0 || h >= HoursPerWeek || col[h] < 0 {
			return math.NaN()
		}
		m := modeOf(occ[h])
		var c [TOWTSegments]float64
		towtComponents(d.Temp[i], knots, c[:])
		e := beta[col[h]]
		for s, v := range c {
			if j := tcol[m][s]; j >= 0 {
				e += beta[j] * v
			}
		}
		return e
	}
	return finish(f, d, sol.rank), nil
}

// modeOf maps occupied to 0 and unoccupied to 1.
func modeOf(occupied bool) int {
	if occupied {
		return 0
	}
	return 1
}

func ptr(x float64) *float64 { return &x }
