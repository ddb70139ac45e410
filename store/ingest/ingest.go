package ingest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// Options controls an ingest run.
type Options struct {
	Facility string // facility id (CAMBER's path-safe id)
	Name     string // display name for the registry; a different recorded name is refused
	TZ       string // IANA zone: zoned timestamps become naive local time there; recorded in the registry
	DayFirst bool   // read a/b/Y dates as day/month
	Replace  bool   // replace the facility's data instead of adding to it
}

// Summary describes a finished run.
type Summary struct {
	Facility string
	Points   int       // points that received values
	Rows     int       // values stored
	First    time.Time // earliest timestamp (naive local, shown as UTC)
	Last     time.Time
	Unmapped int // wide data columns without a mapping row (ignored)
}

// String is the one-line report of a run, e.g. "ingested 12 points,
// 403,200 rows, 2025-01-01 00:00 .. 2025-04-30 23:45 into north-campus".
func (s Summary) String() string {
	out := fmt.Sprintf("ingested %d point%s, %s row%s, %s .. %s into %s", s.Points, plural(s.Points),
		thousands(s.Rows), plural(s.Rows), s.First.Format("2006-01-02 15:04"), s.Last.Format("2006-01-02 15:04"), s.Facility)
	if s.Unmapped > 0 {
		out += fmt.Sprintf(" (%d unmapped column%s ignored)", s.Unmapped, plural(s.Unmapped))
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// flushValues bounds the values a run buffers before it stages a part
// file (16 bytes each, so about 64 MB).
const flushValues = 4 << 20

// maxReported is how many bad values an error lists.
const maxReported = 5

// source is one input format: it reads all its files once per pass.
type source interface {
	scan(ctx context.Context, r *run) error
}

// run is the state of one ingest across its two passes.
type run struct {
	opt    Options
	topt   TimeOptions
	points []point
	check  bool // first pass: check and measure; second: convert and stage
	// first pass
	n        []int
	lo, hi   []float64
	bad      int
	badShown []string
	// second pass
	scale     []float64
	bufs      []model.Series
	buffered  int
	flushRows int
	batch     *store.Batch
}

// addPoint registers a point and returns its index.
func (r *run) addPoint(p point) int {
	r.points = append(r.points, p)
	r.n = append(r.n, 0)
	r.lo = append(r.lo, math.Inf(1))
	r.hi = append(r.hi, math.Inf(-1))
	return len(r.points) - 1
}

// cell handles one value cell of point pi at ts. where describes the cell
// for an error message and is only called for a bad value.
func (r *run) cell(ctx context.Context, pi int, ts int64, s string, where func() string) error {
	p := &r.points[pi]
	v, kind := parseCellOpt(s, p.status, !r.check || p.percent)
	switch kind {
	case cellMissing:
		return nil
	case cellBad:
		if r.check {
			r.bad++
			if len(r.badShown) < maxReported {
				r.badShown = append(r.badShown, fmt.Sprintf("%s %q", where(), clipText(strings.TrimSpace(s), 40)))
			}
		}
		return nil
	}
	if r.check {
		r.n[pi]++
		if p.percent {
			r.lo[pi] = min(r.lo[pi], v)
			r.hi[pi] = max(r.hi[pi], v)
		}
		return nil
	}
	v = p.unit.apply(v)
	b := &r.bufs[pi]
	b.TS = append(b.TS, ts)
	b.V = append(b.V, v*r.scale[pi])
	r.buffered++
	if r.buffered >= r.flushRows {
		return r.flush(ctx)
	}
	return nil
}

// flush stages the buffered values as part files.
func (r *run) flush(ctx context.Context) error {
	if r.buffered == 0 {
		return nil
	}
	var out []model.Series
	for i := range r.bufs {
		if len(r.bufs[i].TS) > 0 {
			out = append(out, r.bufs[i])
		}
	}
	if err := r.batch.Add(ctx, out); err != nil {
		return err
	}
	for i := range r.bufs {
		r.bufs[i].TS, r.bufs[i].V = r.bufs[i].TS[:0], r.bufs[i].V[:0]
	}
	r.buffered = 0
	return nil
}

// timeError formats an unparseable timestamp at file:line.
func timeError(at, value string, err error) error {
	return fmt.Errorf("%s: unparseable timestamp %q: %v", at, clipText(strings.TrimSpace(value), 60), err)
}

// ingest runs the two passes of src into st.
func ingest(ctx context.Context, st *store.Store, opt Options, src source, flushRows int) (Summary, error) {
	r := &run{opt: opt, topt: TimeOptions{DayFirst: opt.DayFirst}, check: true, flushRows: flushRows}
	if err := preflight(st, opt, &r.topt); err != nil {
		return Summary{}, err
	}
	if err := src.scan(ctx, r); err != nil {
		return Summary{}, err
	}
	if r.bad > 0 {
		more := ""
		if r.bad > len(r.badShown) {
			more = fmt.Sprintf("; and %d more", r.bad-len(r.badShown))
		}
		return Summary{}, fmt.Errorf("%d non-numeric value%s: %s%s", r.bad, plural(r.bad), strings.Join(r.badShown, "; "), more)
	}
	total := 0
	for _, n := range r.n {
		total += n
	}
	if total == 0 {
		return Summary{}, errors.New("no values to ingest: every mapped cell is empty or missing")
	}
	// Second pass: convert and stage.
	r.check = false
	r.scale = make([]float64, len(r.points))
	r.bufs = make([]model.Series, len(r.points))
	for i, p := range r.points {
		r.scale[i] = 1
		if p.percent && r.n[i] > 0 && r.lo[i] >= 0 && r.hi[i] <= 1.5 {
			r.scale[i] = 100 // a 0-1 trace of a percent role
		}
		// Size each buffer for its share of a flush, so appends rarely grow it.
		c := min(r.n[i], flushRows/len(r.points)+1)
		r.bufs[i] = model.Series{Equip: p.equip, Class: p.class, Role: p.role, TS: make([]int64, 0, c), V: make([]float64, 0, c)}
	}
	b, err := st.NewBatch(opt.Facility)
	if err != nil {
		return Summary{}, err
	}
	r.batch = b
	points := len(r.points)
	r.points = r.points[:0] // a long source rediscovers them in the same order
	r.n, r.lo, r.hi = r.n[:0], r.lo[:0], r.hi[:0]
	err = src.scan(ctx, r)
	if err == nil && len(r.points) != points {
		err = errors.New("the input changed between the two passes")
	}
	if err == nil {
		err = r.flush(ctx)
	}
	var ws store.WriteStats
	if err == nil {
		ws, err = b.Commit(ctx, store.WriteOptions{Replace: opt.Replace, Entry: &store.Entry{Name: opt.Name, TZ: opt.TZ}})
	}
	if err != nil {
		return Summary{}, errors.Join(err, b.Abort())
	}
	return Summary{Facility: opt.Facility, Points: ws.Points, Rows: ws.Rows,
		First: time.Unix(0, ws.First).UTC(), Last: time.Unix(0, ws.Last).UTC()}, nil
}

// preflight checks the options against the store before any file is read.
func preflight(st *store.Store, opt Options, topt *TimeOptions) error {
	if !model.ValidFacilityID(opt.Facility) {
		return fmt.Errorf("unsafe facility id %q (1-200 characters: an ASCII letter or digit, then letters, digits, '.', '_' or '-')", clipText(opt.Facility, 60))
	}
	if opt.TZ != "" {
		loc, err := time.LoadLocation(opt.TZ)
		if err != nil || opt.TZ == "Local" {
			return fmt.Errorf("unknown time zone %q (want an IANA name such as America/Chicago)", clipText(opt.TZ, 60))
		}
		topt.Loc = loc
	}
	if opt.Name != "" {
		if err := store.CheckLabel(opt.Name); err != nil {
			return fmt.Errorf("facility name %v", err)
		}
		m, _, err := st.Registry()
		if err != nil {
			return err
		}
		if old := m[opt.Facility].Name; old != "" && old != opt.Name {
			return fmt.Errorf("facility %s is registered as %q, not %q: %w", opt.Facility, clipText(old, 60), clipText(opt.Name, 60), store.ErrRename)
		}
	}
	return nil
}
