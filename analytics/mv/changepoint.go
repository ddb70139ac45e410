package mv

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// GridPoints is how many candidate change points the search tries between
// the 5th and 95th percentile of the baseline temperatures (ASHRAE RP-1050
// practice). The best grid point is then refined by a second pass of
// GridPoints candidates between its neighbours.
const GridPoints = 40

// cpShape describes a change-point model: which hinge terms it has,
// whether it has an intercept, whether both hinges share one change point
// (4P), and whether the hinge slopes must be positive (energy rising away
// from the balance band).
type cpShape struct {
	heat, cool, intercept, same, positive bool
}

var cpShapes = map[Kind]cpShape{
	Kind3PC:  {cool: true, intercept: true, positive: true},
	Kind3PH:  {heat: true, intercept: true, positive: true},
	Kind4P:   {heat: true, cool: true, intercept: true, same: true},
	Kind5P:   {heat: true, cool: true, intercept: true, positive: true},
	Kind3PCZ: {cool: true, positive: true},
	Kind3PHZ: {heat: true, positive: true},
	Kind5PZ:  {heat: true, cool: true, positive: true},
}

// hinge is one candidate hinge column's sums: Σx, Σx², Σx·(y − ȳ).
type hinge struct {
	base       float64
	s1, s2, sy float64
}

// hingeSums computes the sums of the heating ((b − T)+) or cooling
// ((T − b)+) hinge column at each base.
func hingeSums(temp, yc, bases []float64, heat bool) []hinge {
	out := make([]hinge, len(bases))
	for k, b := range bases {
		h := hinge{base: b}
		for i, t := range temp {
			x := t - b
			if heat {
				x = -x
			}
			if x <= 0 {
				continue
			}
			h.s1 += x
			h.s2 += x * x
			h.sy += x * yc[i]
		}
		out[k] = h
	}
	return out
}

// cpCandidate is one solved grid candidate.
type cpCandidate struct {
	h, c  *hinge
	sol   solution
	valid bool
}

// cpProblem holds what every candidate of one fit shares.
type cpProblem struct {
	shape cpShape
	n     int
	mean  float64
	sst   float64 // Σ(y − ȳ)²
}

// solve fits the candidate with hinge columns h and c (either may be nil)
// whose cross product Σh·c is cross. Change-point hinges of one candidate
// never overlap (a heating hinge is non-zero only below its base and a
// cooling hinge only above a base at least as high), so theirs is zero.
func (pr *cpProblem) solve(h, c *hinge, cross float64) cpCandidate {
	var cols []*hinge
	if h != nil {
		cols = append(cols, h)
	}
	if c != nil {
		cols = append(cols, c)
	}
	off := 0
	if pr.shape.intercept {
		off = 1
	}
	p := off + len(cols)
	e := newNormal(p)
	e.n = pr.n
	if pr.shape.intercept {
		e.xtx[0] = float64(pr.n)
		e.yy = pr.sst
	} else {
		e.yy = pr.sst + float64(pr.n)*pr.mean*pr.mean
	}
	for a, col := range cols {
		j := off + a
		e.xtx[j*p+j] = col.s2
		if pr.shape.intercept {
			e.xtx[j] = col.s1
			e.xtx[j*p] = col.s1
			e.xty[j] = col.sy
		} else {
			e.xty[j] = col.sy + pr.mean*col.s1 // Σx·y from Σx·(y − ȳ)
		}
	}
	if len(cols) == 2 {
		e.xtx[off*p+off+1] = cross
		e.xtx[(off+1)*p+off] = cross
	}
	sol, err := e.solve()
	cand := cpCandidate{h: h, c: c, sol: sol, valid: err == nil && sol.rank == p}
	if cand.valid && pr.shape.positive {
		for j := off; j < p; j++ {
			if !(sol.beta[j] > 0) {
				cand.valid = false
			}
		}
	}
	return cand
}

// search returns the valid candidate with the least SSE over the given
// heating and cooling hinges.
func (pr *cpProblem) search(ctx context.Context, hs, cs []hinge) (cpCandidate, error) {
	var best cpCandidate
	better := func(c cpCandidate) {
		if c.valid && (!best.valid || c.sol.sse < best.sol.sse) {
			best = c
		}
	}
	switch {
	case pr.shape.heat && pr.shape.cool && pr.shape.same:
		for k := range hs {
			better(pr.solve(&hs[k], &cs[k], 0))
		}
	case pr.shape.heat && pr.shape.cool:
		for i := range hs {
			if err := ctx.Err(); err != nil {
				return best, err
			}
			for j := range cs {
				if cs[j].base > hs[i].base {
					better(pr.solve(&hs[i], &cs[j], 0))
				}
			}
		}
	case pr.shape.heat:
		for k := range hs {
			better(pr.solve(&hs[k], nil, 0))
		}
	default:
		for k := range cs {
			better(pr.solve(nil, &cs[k], 0))
		}
	}
	return best, nil
}

// linspace returns n evenly spaced values from lo to hi inclusive.
func linspace(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	return out
}

// refineAround returns GridPoints candidates between the neighbours of
// base in grid.
func refineAround(grid []float64, base float64) []float64 {
	k := slices.Index(grid, base)
	if k < 0 {
		return []float64{base}
	}
	lo, hi := grid[max(k-1, 0)], grid[min(k+1, len(grid)-1)]
	return linspace(lo, hi, GridPoints)
}

// fitChangePoint fits 2P and the change-point shapes: a grid search over
// GridPoints candidates between the 5th and 95th temperature percentiles
// (a 2-D grid for 5P), keeping the least-SSE candidate whose hinge slopes
// are physical, then a refining pass around it.
func fitChangePoint(ctx context.Context, kind Kind, d Data) (*Fit, error) {
	n := d.Len()
	if kind == Kind2P {
		if lo, hi := minMax(d.Temp); !(hi-lo > 1e-9) {
			return nil, fmt.Errorf("2P: every temperature is %.1f °F, so no slope can be fitted", lo)
		}
		b0, b1 := stat.LinearRegression(d.Temp, d.Y, nil, false)
		f := &Fit{Kind: kind, Coefficients: []Coef{{"intercept", b0}, {"slope", b1}}}
		f.predict = func(d Data, i int) float64 { return b0 + b1*d.Temp[i] }
		return finish(f, d, 2), nil
	}
	shape := cpShapes[kind]
	sorted := slices.Clone(d.Temp)
	slices.Sort(sorted)
	q05 := quantile(0.05, sorted)
	q95 := quantile(0.95, sorted)
	if !(q95-q05 > 1e-9) {
		return nil, fmt.Errorf("%s: the temperatures span %.1f °F between the 5th and 95th percentile, too narrow to search a change point", kind, q95-q05)
	}
	mean := stat.Mean(d.Y, nil)
	yc := make([]float64, n)
	sst := 0.0
	for i, y := range d.Y {
		yc[i] = y - mean
		sst += yc[i] * yc[i]
	}
	pr := &cpProblem{shape: shape, n: n, mean: mean, sst: sst}
	grid := linspace(q05, q95, GridPoints)
	sums := func(bases []float64, heat, use bool) []hinge {
		if !use {
			return nil
		}
		return hingeSums(d.Temp, yc, bases, heat)
	}
	best, err := pr.search(ctx, sums(grid, true, shape.heat), sums(grid, false, shape.cool))
	if err != nil {
		return nil, err
	}
	if !best.valid {
		return nil, fmt.Errorf("%s: no change point between %.1f and %.1f °F gives physical slopes (energy rising away from the balance band)", kind, q05, q95)
	}
	// Refine around the best grid point(s).
	var hb, cb []float64
	if best.h != nil {
		hb = refineAround(grid, best.h.base)
	}
	if best.c != nil {
		cb = refineAround(grid, best.c.base)
		if shape.same {
			cb = hb
		}
	}
	fine, err := pr.search(ctx, sums(hb, true, shape.heat), sums(cb, false, shape.cool))
	if err != nil {
		return nil, err
	}
	if fine.valid && fine.sol.sse < best.sol.sse {
		best = fine
	}
	return buildChangePoint(kind, shape, best, mean, d), nil
}

// buildChangePoint turns the chosen candidate into a Fit.
func buildChangePoint(kind Kind, shape cpShape, c cpCandidate, mean float64, d Data) *Fit {
	beta := c.sol.beta
	b0, j := 0.0, 0
	if shape.intercept {
		b0 = mean + beta[0]
		j = 1
	}
	var hs, cs, hb, cb float64
	if c.h != nil {
		hs, hb = beta[j], c.h.base
		j++
	}
	if c.c != nil {
		cs, cb = beta[j], c.c.base
	}
	f := &Fit{Kind: kind}
	if shape.intercept {
		f.Coefficients = append(f.Coefficients, Coef{"base", b0})
	}
	switch {
	case shape.same: // 4P: slopes below and above Tc
		f.Coefficients = append(f.Coefficients, Coef{"slope_below", -hs}, Coef{"slope_above", cs})
		f.ChangePoints = []Coef{{"tc", hb}}
	case c.h != nil && c.c != nil:
		f.Coefficients = append(f.Coefficients, Coef{"heating_slope", hs}, Coef{"cooling_slope", cs})
		f.ChangePoints = []Coef{{"tl", hb}, {"th", cb}}
	case c.h != nil:
		f.Coefficients = append(f.Coefficients, Coef{"heating_slope", hs})
		f.ChangePoints = []Coef{{"tc", hb}}
	default:
		f.Coefficients = append(f.Coefficients, Coef{"cooling_slope", cs})
		f.ChangePoints = []Coef{{"tc", cb}}
	}
	hasH, hasC := c.h != nil, c.c != nil
	f.predict = func(d Data, i int) float64 {
		t := d.Temp[i]
		e := b0
		if hasH {
			e += hs * math.Max(0, hb-t)
		}
		if hasC {
			e += cs * math.Max(0, t-cb)
		}
		return e
	}
	return finish(f, d, paramCount(kind))
}
