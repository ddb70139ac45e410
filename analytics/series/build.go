package series

import (
	"math"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// DefaultStep is the run grid's default step.
const DefaultStep = time.Hour

// SharedFillSteps is how many intervals a shared facility point is
// forward-filled across (of the coarser of the grid step and the point's
// own interval).
const SharedFillSteps = 4

// MaxNativeSlots bounds a native-interval frame: a point logged in
// sub-minute bursts would otherwise ask for tens of millions of slots, so
// the native step is coarsened to a whole multiple that fits.
const MaxNativeSlots = 600_000

// PercentScaleMax is the largest finite maximum a non-negative percent-role
// trace may have to be read as a 0–1 fraction and rescaled to 0–100.
const PercentScaleMax = 1.5

// Options controls [Build] and [BuildNative].
type Options struct {
	// Step is the grid step; 0 means [DefaultStep]. BuildNative ignores it.
	Step time.Duration
	// Start and End bound the grid, [Start, End) in ns of naive local time.
	// With both 0 the grid spans the equipment's own data.
	Start, End int64
	// Shared are facility points (weather OAT, RH, wet-bulb, outdoor CO2)
	// merged onto the grid for each role the equipment has no data for.
	// The first series of a role wins.
	Shared []model.Series
}

// Build puts one equipment's series on the run grid (see the package
// documentation for the aggregation rules). Series of roles the equipment
// repeats are merged into one column. It never fails: an equipment with no
// sample in the window gives a frame with N == 0 when no window is given,
// or all-NaN columns over the window.
func Build(equip, class string, in []model.Series, opt Options) *Frame {
	step := int64(opt.Step)
	if step <= 0 {
		step = int64(DefaultStep)
	}
	return build(equip, class, in, opt, step)
}

// NativeStep is the equipment's own logging interval: the smallest median
// interval of its series with at least two samples ([DefaultInterval] when
// none has), at least one second. A long series' median is taken over
// nativeSample differences spread evenly across it.
func NativeStep(in []model.Series) int64 {
	best := int64(0)
	for i := range in {
		if len(in[i].TS) < 2 {
			continue
		}
		if m := sampledMedianInterval(in[i].TS); best == 0 || m < best {
			best = m
		}
	}
	if best == 0 {
		return DefaultInterval
	}
	return max(best, int64(time.Second))
}

// BuildNative builds the equipment's frame at its own logging interval
// ([NativeStep]), coarsened to a whole multiple when the window would need
// more than [MaxNativeSlots] slots. Event rules read it.
func BuildNative(equip, class string, in []model.Series, opt Options) *Frame {
	return build(equip, class, in, opt, nativeGridStep(in, opt))
}

// nativeGridStep is BuildNative's step: [NativeStep], times the least whole
// factor that fits the window in [MaxNativeSlots] slots.
func nativeGridStep(in []model.Series, opt Options) int64 {
	step := NativeStep(in)
	start, end, ok := window(in, opt, step)
	if ok {
		if n := (end - start + step - 1) / step; n > MaxNativeSlots {
			k := (n + MaxNativeSlots - 1) / MaxNativeSlots
			step *= k
		}
	}
	return step
}

// floorDiv rounds a/b toward minus infinity (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// window returns the grid's aligned [start, end) and whether it is non-empty.
func window(in []model.Series, opt Options, step int64) (start, end int64, ok bool) {
	lo, hi := opt.Start, opt.End
	if lo == 0 && hi == 0 {
		first := true
		for i := range in {
			ts := in[i].TS
			if len(ts) == 0 {
				continue
			}
			if first || ts[0] < lo {
				lo = ts[0]
			}
			if first || ts[len(ts)-1] >= hi {
				hi = ts[len(ts)-1] + 1
			}
			first = false
		}
		if first {
			return 0, 0, false
		}
	}
	if hi <= lo {
		return 0, 0, false
	}
	start = floorDiv(lo, step) * step
	n := (hi - start + step - 1) / step
	return start, start + n*step, true
}

func build(equip, class string, in []model.Series, opt Options, step int64) *Frame {
	b := builder{direct: true}
	return b.build(equip, class, in, opt, step)
}

// builder builds frames. With direct set, a column whose role has one
// series with at most one sample per slot is filled straight from it (see
// fillDirect); otherwise, and whenever that does not hold, samples are
// aggregated slot by slot. Both give the same bits.
type builder struct {
	direct bool
	acc    *accumulator
}

func (b *builder) build(equip, class string, in []model.Series, opt Options, step int64) *Frame {
	f := &Frame{Equip: equip, Class: class, Step: step, Cols: map[model.Role][]float64{}}
	start, end, ok := window(in, opt, step)
	if !ok {
		return f
	}
	f.Start, f.N = start, int((end-start)/step)
	roles := make([]model.Role, 0, 16)
	seen := map[model.Role]int{}
	for i := range in {
		if _, ok := seen[in[i].Role]; !ok {
			seen[in[i].Role] = len(roles)
			roles = append(roles, in[i].Role)
		}
	}
	var ss []*model.Series
	for _, r := range roles {
		ss = ss[:0]
		for i := range in {
			if in[i].Role == r {
				ss = append(ss, &in[i])
			}
		}
		f.Cols[r] = b.column(f, ss, r.IsStatus(), 0)
	}
	for i := range opt.Shared {
		s := &opt.Shared[i]
		if _, own := f.Cols[s.Role]; own && f.Has(s.Role) {
			continue
		}
		if _, done := f.Shared[s.Role]; done {
			continue
		}
		limit := SharedFillSteps
		if iv := MedianInterval(s.TS); iv > step {
			limit = int((int64(SharedFillSteps)*iv + step - 1) / step)
		}
		col := b.column(f, []*model.Series{s}, s.Role.IsStatus(), limit)
		if !hasValue(col) {
			continue
		}
		f.Cols[s.Role] = col
		if f.Shared == nil {
			f.Shared = map[model.Role]string{}
		}
		f.Shared[s.Role] = s.Equip
	}
	return f
}

// column puts one role's series ss on f's grid: mean (or max for status)
// per slot, NaN in empty slots, then forward-filled (see
// accumulator.column for limit).
func (b *builder) column(f *Frame, ss []*model.Series, status bool, limit int) []float64 {
	col := make([]float64, f.N)
	if b.direct && len(ss) == 1 && fillDirect(col, f, ss[0], percentScale(ss[0], f), status) {
		finishColumn(col, status, limit)
		return col
	}
	if b.acc == nil {
		b.acc = newAccumulator(f.N)
	}
	b.acc.reset()
	for _, s := range ss {
		b.acc.add(f, s, percentScale(s, f))
	}
	b.acc.column(col, status, limit)
	return col
}

// percentScale is 100 for a percent-role series whose in-window finite
// values are non-negative with a maximum ≤ PercentScaleMax, else 1.
func percentScale(s *model.Series, f *Frame) float64 {
	if !s.Role.IsPercent() {
		return 1
	}
	lo, hi := f.Start, f.End()
	mx, mn, any := math.Inf(-1), math.Inf(1), false
	for i, ts := range s.TS {
		if ts < lo || ts >= hi {
			continue
		}
		v := s.V[i]
		if v-v != 0 { // NaN or ±Inf
			continue
		}
		any = true
		mx = max(mx, v)
		mn = min(mn, v)
	}
	if any && mn >= 0 && mx <= PercentScaleMax {
		return 100
	}
	return 1
}

func hasValue(col []float64) bool {
	for _, v := range col {
		if !math.IsNaN(v) {
			return true
		}
	}
	return false
}

// accumulator holds per-slot sums, counts and maxima for one column.
type accumulator struct {
	sum []float64
	max []float64
	cnt []int32
}

func newAccumulator(n int) *accumulator {
	return &accumulator{sum: make([]float64, n), max: make([]float64, n), cnt: make([]int32, n)}
}

func (a *accumulator) reset() {
	clear(a.sum)
	clear(a.cnt)
	for i := range a.max {
		a.max[i] = math.Inf(-1)
	}
}

func (a *accumulator) add(f *Frame, s *model.Series, scale float64) {
	lo, hi, step := f.Start, f.End(), f.Step
	n := min(len(s.TS), len(s.V))
	ts, vs := s.TS[:n], s.V[:n]
	// Timestamps ascend, so the slot is found by comparison and only
	// recomputed when a sample leaves the current slot; the slot's sum,
	// count and max stay in locals until then.
	k, slotLo, slotHi := int64(-1), int64(0), int64(0)
	sum, mx, cnt := 0.0, 0.0, int32(0)
	for i, t := range ts {
		if t < lo || t >= hi {
			continue
		}
		if t >= slotHi || t < slotLo {
			if cnt > 0 {
				a.flush(k, sum, mx, cnt)
			}
			k = (t - lo) / step
			slotLo = lo + k*step
			slotHi = slotLo + step
			sum, mx, cnt = 0, math.Inf(-1), 0
		}
		v := vs[i]
		if v-v != 0 { // NaN or ±Inf
			continue
		}
		v *= scale
		sum += v
		cnt++
		if v > mx {
			mx = v
		}
	}
	if cnt > 0 {
		a.flush(k, sum, mx, cnt)
	}
}

func (a *accumulator) flush(k int64, sum, mx float64, cnt int32) {
	a.sum[k] += sum
	a.cnt[k] += cnt
	if mx > a.max[k] {
		a.max[k] = mx
	}
}

// column finalises the column into col (len(col) slots): mean (or max for
// status) per slot, NaN in empty slots, then forward-fill (see
// finishColumn).
func (a *accumulator) column(col []float64, status bool, limit int) {
	for k, c := range a.cnt {
		switch {
		case c == 0:
			col[k] = math.NaN()
		case status:
			col[k] = a.max[k]
		default:
			col[k] = a.sum[k] / float64(c)
		}
	}
	finishColumn(col, status, limit)
}

// finishColumn forward-fills a column: without limit for status, at most
// limit slots otherwise (limit 0 = none).
func finishColumn(col []float64, status bool, limit int) {
	if status {
		limit = -1
	}
	if limit != 0 {
		forwardFill(col, limit)
	}
}

// forwardFill copies the last value into following NaN slots, at most limit
// of them in a row (limit < 0: no limit).
func forwardFill(col []float64, limit int) {
	last, run, have := 0.0, 0, false
	for k, v := range col {
		if !math.IsNaN(v) {
			last, run, have = v, 0, true
			continue
		}
		if !have {
			continue
		}
		run++
		if limit < 0 || run <= limit {
			col[k] = last
		}
	}
}
