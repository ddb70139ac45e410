package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// WriteOptions controls a write.
type WriteOptions struct {
	// Replace swaps the facility's whole partition for the written data:
	// the new partition is built aside and renamed in under the fence, so
	// readers see the old data or the new, never a mix.
	Replace bool
	// Entry, when not nil, is merged into the facility's registry entry
	// (as Register does) after the data is in place and before the fence
	// clears, so a first ingest is never visible without its entry.
	Entry *Entry
}

// WriteStats describes a finished write.
type WriteStats struct {
	Rows    int   // rows stored
	Dropped int   // NaN samples dropped
	Points  int   // distinct (equip, role) points written
	Files   int   // part files published
	First   int64 // earliest ts written (ns, naive local); 0 when Rows == 0
	Last    int64 // latest ts written
}

// Write stores series as new part files of facility (one per calendar year
// touched) and returns what it wrote. Rows are sorted by (equip, role, ts);
// NaN samples are dropped; a series' samples need not be sorted. Each role
// must be a known slug and each equip id and class must pass [CheckLabel].
// Write takes the store lock and the facility's fence, publishes files by
// rename (a reader never sees half a file) and deletes _catalog.json.
func (s *Store) Write(ctx context.Context, facility string, series []model.Series, opt WriteOptions) (WriteStats, error) {
	b, err := s.NewBatch(facility)
	if err != nil {
		return WriteStats{}, err
	}
	if err := b.Add(ctx, series); err != nil {
		return WriteStats{}, errors.Join(err, b.Abort())
	}
	st, err := b.Commit(ctx, opt)
	if err != nil {
		return WriteStats{}, errors.Join(err, b.Abort())
	}
	return st, nil
}

// Batch stages part files for one facility outside the data tree and
// publishes them all at once with Commit, so a caller can stream a large
// ingest in bounded memory and still write nothing if it fails. A Batch is
// not safe for concurrent use.
type Batch struct {
	s        *Store
	facility string
	dir      string // staging directory, made on the first Add
	files    []stagedFile
	stats    WriteStats
	points   map[[2]string]struct{}
}

type stagedFile struct {
	path string
	year int
}

// NewBatch starts a batch of writes to facility.
func (s *Store) NewBatch(facility string) (*Batch, error) {
	if err := checkFacilityID(facility); err != nil {
		return nil, err
	}
	return &Batch{s: s, facility: facility, points: map[[2]string]struct{}{}}, nil
}

// Add encodes series into staged part files (one per calendar year). It
// validates as Write does and takes no lock.
func (b *Batch) Add(ctx context.Context, series []model.Series) error {
	pts, dropped, err := preparePoints(series)
	if err != nil {
		return err
	}
	b.stats.Dropped += dropped
	if len(pts) == 0 {
		return nil
	}
	if b.dir == "" {
		pid := os.Getpid()
		start, _ := procStart(pid)
		dir := filepath.Join(b.s.root, stagingName, stagingDirName(pid, start))
		err := os.MkdirAll(dir, 0o755)
		if err != nil { // another batch may have removed the shared parent just now
			err = os.MkdirAll(dir, 0o755)
		}
		if err != nil {
			return fmt.Errorf("stage part files: %w", pathless(err))
		}
		b.dir = dir
	}
	for _, yr := range splitYears(pts) {
		if err := ctx.Err(); err != nil {
			return err
		}
		path := filepath.Join(b.dir, fmt.Sprintf("%04d-%d.parquet", yr.year, len(b.files)))
		rows, err := writePartFile(path, yr.pts)
		if err != nil {
			return err
		}
		b.files = append(b.files, stagedFile{path: path, year: yr.year})
		b.stats.Rows += int(rows)
	}
	for _, p := range pts {
		b.points[[2]string{p.equip, p.role}] = struct{}{}
		if b.stats.First == 0 || p.ts[0] < b.stats.First {
			b.stats.First = p.ts[0]
		}
		b.stats.Last = max(b.stats.Last, p.ts[len(p.ts)-1])
	}
	b.stats.Points = len(b.points)
	return nil
}

// Abort removes the staged files. Commit and Abort may both be called; the
// second call does nothing.
func (b *Batch) Abort() error {
	if b.dir == "" {
		return nil
	}
	err := os.RemoveAll(b.dir)
	os.Remove(filepath.Dir(b.dir)) // the shared _staging directory, if now empty
	b.dir, b.files = "", nil
	if err != nil {
		return fmt.Errorf("remove staged files: %w", pathless(err))
	}
	return nil
}

// writePartFile encodes pts into a new file at path and syncs it.
func writePartFile(path string, pts []partPoint) (int64, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, fmt.Errorf("stage part file: %w", pathless(err))
	}
	rows, err := encodePart(syncCloser{f}, pts)
	if err != nil {
		f.Close()
		return 0, err
	}
	return rows, nil
}

// syncCloser syncs the file before the Parquet writer closes it.
type syncCloser struct{ *os.File }

func (f syncCloser) Close() error {
	return errors.Join(pathless(f.File.Sync()), pathless(f.File.Close()))
}

// preparePoints validates series and turns them into points sorted by
// (equip, role), each with ascending ts and no NaN. Series of one point are
// merged. It never modifies the caller's slices.
func preparePoints(series []model.Series) ([]partPoint, int, error) {
	idx := map[[2]string]int{}
	var pts []partPoint
	dropped := 0
	for i := range series {
		sr := &series[i]
		if err := checkSeries(i, sr); err != nil {
			return nil, 0, err
		}
		key := [2]string{sr.Equip, string(sr.Role)}
		ts, v, nan := cleanSamples(sr.TS, sr.V)
		dropped += nan
		if j, ok := idx[key]; ok {
			p := &pts[j]
			if p.class != sr.Class {
				return nil, 0, fmt.Errorf("series %d: equip %q role %s is also given with class %q, not %q", i, clip(sr.Equip, 60), sr.Role, clip(p.class, 60), clip(sr.Class, 60))
			}
			p.ts, p.v = mergeSamples(p.ts, p.v, ts, v)
			continue
		}
		idx[key] = len(pts)
		pts = append(pts, partPoint{equip: sr.Equip, class: sr.Class, role: string(sr.Role), ts: ts, v: v})
	}
	pts = slices.DeleteFunc(pts, func(p partPoint) bool { return len(p.ts) == 0 })
	slices.SortFunc(pts, func(a, b partPoint) int {
		return cmp.Or(cmp.Compare(a.equip, b.equip), cmp.Compare(a.role, b.role))
	})
	return pts, dropped, nil
}

func checkSeries(i int, sr *model.Series) error {
	if len(sr.TS) != len(sr.V) {
		return fmt.Errorf("series %d: %d timestamps but %d values", i, len(sr.TS), len(sr.V))
	}
	if sr.Equip == "" {
		return fmt.Errorf("series %d: empty equip id", i)
	}
	if err := CheckLabel(sr.Equip); err != nil {
		return fmt.Errorf("series %d: equip id %w", i, err)
	}
	if err := CheckLabel(sr.Class); err != nil {
		return fmt.Errorf("series %d: class %w", i, err)
	}
	if !sr.Role.Valid() {
		return fmt.Errorf("series %d: unknown role %q", i, clip(string(sr.Role), 60))
	}
	return nil
}

// cleanSamples returns ts, v without NaN samples and sorted by ts (stable),
// sharing the caller's slices when nothing needs to change.
func cleanSamples(ts []int64, v []float64) ([]int64, []float64, int) {
	nan := 0
	sorted := true
	for i, x := range v {
		if math.IsNaN(x) {
			nan++
		}
		if i > 0 && ts[i] < ts[i-1] {
			sorted = false
		}
	}
	if nan == 0 && sorted {
		return ts, v, 0
	}
	type pair struct {
		t int64
		v float64
	}
	ps := make([]pair, 0, len(v)-nan)
	for i, x := range v {
		if !math.IsNaN(x) {
			ps = append(ps, pair{ts[i], x})
		}
	}
	slices.SortStableFunc(ps, func(a, b pair) int { return cmp.Compare(a.t, b.t) })
	nts, nv := make([]int64, len(ps)), make([]float64, len(ps))
	for i, p := range ps {
		nts[i], nv[i] = p.t, p.v
	}
	return nts, nv, nan
}

// mergeSamples merges two ts-sorted sample sets into new slices.
func mergeSamples(at []int64, av []float64, bt []int64, bv []float64) ([]int64, []float64) {
	ts := make([]int64, 0, len(at)+len(bt))
	v := make([]float64, 0, len(av)+len(bv))
	i, j := 0, 0
	for i < len(at) || j < len(bt) {
		if j == len(bt) || (i < len(at) && at[i] <= bt[j]) {
			ts, v = append(ts, at[i]), append(v, av[i])
			i++
		} else {
			ts, v = append(ts, bt[j]), append(v, bv[j])
			j++
		}
	}
	return ts, v
}

// yearPoints is the rows of one calendar year.
type yearPoints struct {
	year int
	pts  []partPoint
}

// splitYears cuts points at local calendar-year boundaries (ts is naive
// local time held as UTC), keeping the (equip, role) order in each year.
func splitYears(pts []partPoint) []yearPoints {
	byYear := map[int][]partPoint{}
	for _, p := range pts {
		for from := 0; from < len(p.ts); {
			y := time.Unix(0, p.ts[from]).UTC().Year()
			next := int64(math.MaxInt64)
			if y < 2262 { // the last year int64 nanoseconds reach
				next = time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
			}
			to := from + sort.Search(len(p.ts)-from, func(k int) bool { return p.ts[from+k] >= next })
			q := p
			q.ts, q.v = p.ts[from:to], p.v[from:to]
			byYear[y] = append(byYear[y], q)
			from = to
		}
	}
	out := make([]yearPoints, 0, len(byYear))
	for y, ps := range byYear {
		out = append(out, yearPoints{y, ps})
	}
	slices.SortFunc(out, func(a, b yearPoints) int { return cmp.Compare(a.year, b.year) })
	return out
}
