package mv

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// normal accumulates the normal equations X'X β = X'y of a least-squares
// fit. Rows may be added densely or sparsely (TOWT rows carry one
// hour-of-week indicator and a few temperature terms), and the p×p system
// is solved with gonum: a Cholesky factorisation of the Jacobi-scaled
// matrix, falling back to an eigen-decomposition pseudo-inverse when the
// design is rank deficient. Forming X'X costs O(n·k²) for k non-zeros a
// row, which keeps a year of hourly TOWT rows in milliseconds.
type normal struct {
	p   int
	xtx []float64 // p×p, both triangles
	xty []float64
	yy  float64
	n   int
}

func newNormal(p int) *normal {
	return &normal{p: p, xtx: make([]float64, p*p), xty: make([]float64, p)}
}

// addSparse adds one row whose non-zero entries are val at columns idx.
func (e *normal) addSparse(idx []int, val []float64, y float64) {
	for a, i := range idx {
		va := val[a]
		e.xty[i] += va * y
		row := e.xtx[i*e.p:]
		for b, j := range idx {
			row[j] += va * val[b]
		}
	}
	e.yy += y * y
	e.n++
}

// solution is a solved system: the coefficients (0 for a dropped column),
// the rank, and the residual sum of squares implied by the equations
// (y'y − β'X'y, clamped at 0; callers needing precision recompute it from
// the residuals).
type solution struct {
	beta []float64
	rank int
	sse  float64
}

// rankTol is the relative eigenvalue below which a direction of the scaled
// normal matrix counts as null.
const rankTol = 1e-10

// solve solves the accumulated system. Columns with no non-zero entry get
// a zero coefficient and do not count toward the rank.
func (e *normal) solve() (solution, error) {
	p := e.p
	used := make([]int, 0, p)
	for j := 0; j < p; j++ {
		if e.xtx[j*p+j] > 0 {
			used = append(used, j)
		}
	}
	k := len(used)
	if k == 0 {
		return solution{}, errSingular
	}
	// Jacobi scaling: A_s = D A D with D = diag(1/√A_jj) has a unit
	// diagonal, so the tolerance below is scale free.
	d := make([]float64, k)
	for a, j := range used {
		d[a] = 1 / math.Sqrt(e.xtx[j*p+j])
	}
	sym := mat.NewSymDense(k, nil)
	rhs := mat.NewVecDense(k, nil)
	for a, i := range used {
		for b := a; b < k; b++ {
			sym.SetSym(a, b, e.xtx[i*p+used[b]]*d[a]*d[b])
		}
		rhs.SetVec(a, e.xty[i]*d[a])
	}
	z := mat.NewVecDense(k, nil)
	rank := k
	var ch mat.Cholesky
	ok := ch.Factorize(sym)
	if ok {
		if err := ch.SolveVecTo(z, rhs); err != nil {
			ok = false // near singular: use the pseudo-inverse
		}
	}
	if !ok {
		var eig mat.EigenSym
		if !eig.Factorize(sym, true) {
			return solution{}, errSingular
		}
		vals := eig.Values(nil)
		var vecs mat.Dense
		eig.VectorsTo(&vecs)
		top := 0.0
		for _, v := range vals {
			top = math.Max(top, v)
		}
		rank = 0
		z.Zero()
		for c, lam := range vals {
			if lam <= rankTol*top || lam <= 0 {
				continue
			}
			rank++
			col := vecs.ColView(c)
			w := mat.Dot(col, rhs) / lam
			z.AddScaledVec(z, w, col)
		}
		if rank == 0 {
			return solution{}, errSingular
		}
	}
	beta := make([]float64, p)
	sse := e.yy
	for a, j := range used {
		beta[j] = z.AtVec(a) * d[a]
		sse -= beta[j] * e.xty[j]
	}
	return solution{beta: beta, rank: rank, sse: math.Max(sse, 0)}, nil
}
