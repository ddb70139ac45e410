package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// GeneratorVersion names the generator's output. Bump it whenever a change
// alters any generated value, so cached stores are rebuilt.
const GeneratorVersion = 3

// DefaultSeed is the seed of the campus the TUI opens by default.
const DefaultSeed uint64 = 20250505

// Presets.
const (
	PresetDefault = ""    // the demo campus
	PresetBig     = "big" // the 80-AHU benchmark fleet
)

// Options chooses what to generate. The zero value is the default campus
// with seed 0; use [DefaultSeed] for the one the TUI opens.
type Options struct {
	Seed   uint64
	Preset string // PresetDefault or PresetBig
}

// Facility is one generated facility: its registry entry and its series.
type Facility struct {
	ID        string
	Name      string
	TZ        string
	Lifecycle string // a store lifecycle value: active, ...
	// Dataset is set for the facility registered as ingested from a
	// catalog dataset.
	Dataset *DatasetBlock
	// Start and End bound the generated span (End exclusive), naive local.
	Start, End time.Time
	// Series are the stored points, sorted by equipment then role. TS
	// slices may be shared between series: treat them as read-only.
	Series []model.Series
}

// DatasetBlock is a facility's provenance from a catalog dataset, as the
// store registry records it.
type DatasetBlock struct {
	ID             string
	Licence        string
	Access         string
	Redistribution string
}

// Campus is a generated demo: its facilities and ground-truth labels.
type Campus struct {
	Facilities []Facility
	Labels     []Label
}

// Rows returns the number of stored samples across every facility.
func (c *Campus) Rows() int {
	n := 0
	for _, f := range c.Facilities {
		for _, s := range f.Series {
			n += len(s.TS)
		}
	}
	return n
}

// Generate builds the campus for opt. It is deterministic: the same
// options give identical facilities, series and labels. The big preset is
// not built in memory; use [Write] or [EnsureBig] for it.
func Generate(opt Options) (*Campus, error) {
	switch opt.Preset {
	case PresetDefault:
	case PresetBig:
		return nil, fmt.Errorf("preset %q is written in chunks: use Write or EnsureBig", opt.Preset)
	default:
		return nil, fmt.Errorf("unknown preset %q (want %q or %q)", opt.Preset, PresetDefault, PresetBig)
	}
	north := northCampus(opt.Seed)
	south := southAnnex(opt.Seed)
	ds := datasetFacility(opt.Seed)
	return &Campus{
		Facilities: []Facility{north, south, ds},
		Labels:     Labels(),
	}, nil
}

// rng returns the random stream of one named part of a facility, so each
// piece of equipment is independent of the order things are generated in.
func rng(seed uint64, parts ...string) *rand.Rand {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// equip collects one equipment's points on a clock grid. NaN marks a
// sample that is not stored.
type equip struct {
	id, class string
	c         clock
	points    []point
}

type point struct {
	role model.Role
	v    []float64
	ts   []int64 // nil: the clock grid
}

func newEquip(id, class string, c clock) *equip { return &equip{id: id, class: class, c: c} }

// add stores v (on the equipment's grid) as role.
func (e *equip) add(role model.Role, v []float64) {
	e.points = append(e.points, point{role: role, v: v})
}

// addAt stores samples at their own timestamps (a point logged at another
// interval).
func (e *equip) addAt(role model.Role, ts []int64, v []float64) {
	e.points = append(e.points, point{role: role, v: v, ts: ts})
}

// gap blanks every point of e over samples [from, to) of its grid.
func (e *equip) gap(from, to int) {
	for _, p := range e.points {
		if p.ts != nil {
			lo, hi := e.c.ts(from), e.c.ts(to)
			for i, t := range p.ts {
				if t >= lo && t < hi {
					p.v[i] = math.NaN()
				}
			}
			continue
		}
		for i := max(from, 0); i < min(to, len(p.v)); i++ {
			p.v[i] = math.NaN()
		}
	}
}

// shortGaps blanks a few random 1-4 hour stretches of each point, the
// dropouts every BAS trend log has.
func (e *equip) shortGaps(r *rand.Rand, perPoint int) {
	for _, p := range e.points {
		if p.ts != nil {
			continue
		}
		for range perPoint {
			n := (1 + r.IntN(4)) * e.c.perDay() / 24
			at := r.IntN(max(1, len(p.v)-n))
			for i := at; i < at+n; i++ {
				p.v[i] = math.NaN()
			}
		}
	}
}

// series converts the collected points to store series, dropping NaN
// samples. grid is the clock's timestamps, shared by gapless points.
func (e *equip) series(grid []int64) []model.Series {
	out := make([]model.Series, 0, len(e.points))
	for _, p := range e.points {
		ts := p.ts
		if ts == nil {
			ts = grid
		}
		s := model.Series{Equip: e.id, Class: e.class, Role: p.role}
		nan := 0
		for _, v := range p.v {
			if math.IsNaN(v) {
				nan++
			}
		}
		if nan == 0 {
			s.TS, s.V = ts, p.v
		} else {
			s.TS = make([]int64, 0, len(p.v)-nan)
			s.V = make([]float64, 0, len(p.v)-nan)
			for i, v := range p.v {
				if !math.IsNaN(v) {
					s.TS = append(s.TS, ts[i])
					s.V = append(s.V, v)
				}
			}
		}
		if len(s.TS) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// gridTS returns the clock's timestamps.
func gridTS(c clock) []int64 {
	ts := make([]int64, c.n)
	for i := range ts {
		ts[i] = c.ts(i)
	}
	return ts
}

// noisy returns x plus Gaussian noise of standard deviation sd, rounded to
// the BAS's reporting resolution res (0 = none).
func noisy(r *rand.Rand, x, sd, res float64) float64 {
	x += r.NormFloat64() * sd
	if res > 0 {
		x = math.Round(x/res) * res
	}
	return x
}
