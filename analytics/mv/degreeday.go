package mv

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// maxBalancePoints bounds the balance-point grid; wider temperature spans
// step by 2 °F instead of 1.
const maxBalancePoints = 60

// degreeDays returns, for each period, the mean over its days of (b − t)+
// (heating) or (t − b)+ (cooling): the degree days of an average day.
func degreeDays(d Data, b float64, heat bool) []float64 {
	out := make([]float64, d.Len())
	for i, days := range d.DayTemps {
		if len(days) == 0 {
			days = d.Temp[i : i+1]
		}
		s := 0.0
		for _, t := range days {
			x := t - b
			if heat {
				x = -x
			}
			s += math.Max(0, x)
		}
		out[i] = s / float64(len(days))
	}
	return out
}

// fitDegreeDay fits E = base + a·HDD + b·CDD (per average day). The heating
// and cooling balance points are searched over whole °F between the 5th
// and 95th percentile of the daily mean temperatures (heating ≤ cooling),
// together with the heating-only and cooling-only forms; the candidate
// with the lowest CV(RMSE) whose slopes are positive wins. p counts the
// searched balance points, as change points count for 3PC–5P.
func fitDegreeDay(ctx context.Context, d Data) (*Fit, error) {
	if d.DayTemps == nil {
		return nil, fmt.Errorf("degree-day model needs daily or monthly data (each period's daily temperatures)")
	}
	var all []float64
	for i, days := range d.DayTemps {
		if len(days) == 0 {
			all = append(all, d.Temp[i])
		}
		all = append(all, days...)
	}
	slices.Sort(all)
	lo := math.Floor(quantile(0.05, all))
	hi := math.Ceil(quantile(0.95, all))
	step := 1.0
	if (hi-lo)/step+1 > maxBalancePoints {
		step = 2
	}
	var bases []float64
	for b := lo; b <= hi+1e-9; b += step {
		bases = append(bases, b)
	}
	if len(bases) < 2 {
		return nil, fmt.Errorf("degree_day: daily temperatures span %.0f °F, too narrow to search a balance point", hi-lo)
	}
	n := d.Len()
	mean := stat.Mean(d.Y, nil)
	yc := make([]float64, n)
	sst := 0.0
	for i, y := range d.Y {
		yc[i] = y - mean
		sst += yc[i] * yc[i]
	}
	type column struct {
		vals []float64
		h    hinge
	}
	mk := func(heat bool) []column {
		out := make([]column, len(bases))
		for k, b := range bases {
			v := degreeDays(d, b, heat)
			h := hinge{base: b}
			for i, x := range v {
				h.s1 += x
				h.s2 += x * x
				h.sy += x * yc[i]
			}
			out[k] = column{vals: v, h: h}
		}
		return out
	}
	hdd, cdd := mk(true), mk(false)
	pr := &cpProblem{shape: cpShape{heat: true, cool: true, intercept: true, positive: true}, n: n, mean: mean, sst: sst}
	var best cpCandidate
	bestCV := math.Inf(1)
	try := func(c cpCandidate, p int) {
		if !c.valid || n <= p {
			return
		}
		if cv := math.Sqrt(c.sol.sse/float64(n-p)) / math.Abs(mean); cv < bestCV {
			best, bestCV = c, cv
		}
	}
	for k := range bases {
		try(pr.solve(&hdd[k].h, nil, 0), 3)
		try(pr.solve(nil, &cdd[k].h, 0), 3)
	}
	for i := range bases {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := i; j < len(bases); j++ {
			cross := 0.0
			for r, x := range hdd[i].vals {
				cross += x * cdd[j].vals[r]
			}
			try(pr.solve(&hdd[i].h, &cdd[j].h, cross), 5)
		}
	}
	if !best.valid {
		return nil, fmt.Errorf("degree_day: no balance point between %.0f and %.0f °F gives positive degree-day slopes (the load does not follow the weather)", lo, hi)
	}
	beta := best.sol.beta
	b0 := mean + beta[0]
	f := &Fit{Kind: KindDegreeDay, Coefficients: []Coef{{"base", b0}}}
	var a, b, hb, cb float64
	j, p := 1, 1
	if best.h != nil {
		a, hb = beta[j], best.h.base
		j++
		p += 2
		f.Coefficients = append(f.Coefficients, Coef{"hdd_slope", a})
		f.ChangePoints = append(f.ChangePoints, Coef{"heating_balance", hb})
	}
	if best.c != nil {
		b, cb = beta[j], best.c.base
		p += 2
		f.Coefficients = append(f.Coefficients, Coef{"cdd_slope", b})
		f.ChangePoints = append(f.ChangePoints, Coef{"cooling_balance", cb})
	}
	hasH, hasC := best.h != nil, best.c != nil
	f.predict = func(d Data, i int) float64 {
		days := d.Temp[i : i+1]
		if d.DayTemps != nil && len(d.DayTemps[i]) > 0 {
			days = d.DayTemps[i]
		}
		var h, c float64
		for _, t := range days {
			h += math.Max(0, hb-t)
			c += math.Max(0, t-cb)
		}
		k := float64(len(days))
		e := b0
		if hasH {
			e += a * h / k
		}
		if hasC {
			e += b * c / k
		}
		return e
	}
	return finish(f, d, p), nil
}
