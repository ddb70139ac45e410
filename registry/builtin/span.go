package builtin

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// span is the first and last stored sample of a facility (ns, naive local
// time); ok is false when it has no samples.
type span struct {
	first, last int64
	ok          bool
}

// fileSpan is the cached ts range of one part file.
type fileSpan struct {
	size  int64
	mtime time.Time
	span  span
	stats bool // the footer had usable ts statistics
}

// spanCache caches part-file ts ranges by path, size and modification
// time. It is safe for concurrent use.
type spanCache struct {
	mu    sync.Mutex
	files map[string]fileSpan
}

func newSpanCache() *spanCache { return &spanCache{files: map[string]fileSpan{}} }

// facilitySpan returns the first and last stored sample of a facility from
// its part files' footers (the ts column's row-group statistics), reading
// no rows. A file whose footer has no usable statistics (INT96 timestamps,
// statistics turned off by another writer) makes it fall back to a ts scan
// of that facility. Errors are the store's (DamagedError for a footer that
// does not parse, VanishedError for a file gone between listing and
// opening), so policy step 9 sorts them.
func (c *spanCache) facilitySpan(ctx context.Context, r reader, facility string) (span, error) {
	if !model.ValidFacilityID(facility) {
		return span{}, store.ErrNotFound
	}
	dir := filepath.Join(r.Root(), "facility_id="+facility)
	var out span
	fallback := false
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		rel := relName(r.Root(), p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				if p == dir {
					return store.ErrNotFound
				}
				return &store.VanishedError{File: rel}
			}
			return &store.DamagedError{File: rel, Reason: "unreadable directory"}
		}
		name := de.Name()
		if p != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			if de.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if de.IsDir() || !strings.HasSuffix(name, ".parquet") {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		fs, err := c.file(p, rel, de)
		if err != nil {
			return err
		}
		if !fs.stats {
			fallback = true
			return filepath.SkipAll
		}
		out = merge(out, fs.span)
		return nil
	})
	if err != nil {
		return span{}, err
	}
	if fallback {
		return scanSpan(ctx, r, facility)
	}
	return out, nil
}

// file returns the ts range of one part file, from the cache when its size
// and modification time are unchanged.
func (c *spanCache) file(path, rel string, de fs.DirEntry) (fileSpan, error) {
	info, err := de.Info()
	if errors.Is(err, fs.ErrNotExist) {
		return fileSpan{}, &store.VanishedError{File: rel}
	}
	if err != nil {
		return fileSpan{}, &store.DamagedError{File: rel, Reason: "unreadable file"}
	}
	c.mu.Lock()
	cached, ok := c.files[path]
	c.mu.Unlock()
	if ok && cached.size == info.Size() && cached.mtime.Equal(info.ModTime()) {
		return cached, nil
	}
	fs, err := footerSpan(path, rel)
	if err != nil {
		return fileSpan{}, err
	}
	fs.size, fs.mtime = info.Size(), info.ModTime()
	c.mu.Lock()
	c.files[path] = fs
	c.mu.Unlock()
	return fs, nil
}

// footerSpan reads one part file's footer.
func footerSpan(path, rel string) (fs fileSpan, err error) {
	defer func() { // the Parquet reader panics on some corrupt footers
		if v := recover(); v != nil {
			fs, err = fileSpan{}, &store.DamagedError{File: rel, Reason: fmt.Sprint("unreadable footer: ", v)}
		}
	}()
	rd, err := file.OpenParquetFile(path, false)
	if errors.Is(err, os.ErrNotExist) {
		return fileSpan{}, &store.VanishedError{File: rel}
	}
	if err != nil {
		return fileSpan{}, &store.DamagedError{File: rel, Reason: "not a readable Parquet file"}
	}
	defer rd.Close()
	md := rd.MetaData()
	col := md.Schema.ColumnIndexByName("ts")
	if col < 0 {
		return fileSpan{}, &store.DamagedError{File: rel, Reason: "no ts column"}
	}
	mul := tsUnit(md.Schema.Column(col))
	if mul == 0 {
		return fileSpan{}, nil // no statistics to trust: the caller scans
	}
	out := fileSpan{stats: true}
	for i := 0; i < md.NumRowGroups(); i++ {
		rg := md.RowGroup(i)
		if rg.NumRows() == 0 {
			continue
		}
		lo, hi, ok := int64Stats(rg, col)
		if !ok {
			return fileSpan{}, nil
		}
		out.span = merge(out.span, span{first: lo * mul, last: hi * mul, ok: true})
	}
	return out, nil
}

// tsUnit returns the ns per stored unit of a timestamp column, or 0 when
// its statistics cannot be read as instants (INT96, not a timestamp).
func tsUnit(c *schema.Column) int64 {
	if c.PhysicalType() != parquet.Types.Int64 {
		return 0
	}
	lt, ok := c.LogicalType().(schema.TimestampLogicalType)
	if !ok {
		return 0
	}
	switch lt.TimeUnit() {
	case schema.TimeUnitMillis:
		return 1e6
	case schema.TimeUnitMicros:
		return 1e3
	case schema.TimeUnitNanos:
		return 1
	}
	return 0
}

// int64Stats returns a column chunk's min and max.
func int64Stats(rg *metadata.RowGroupMetaData, col int) (lo, hi int64, ok bool) {
	cc, err := rg.ColumnChunk(col)
	if err != nil {
		return 0, 0, false
	}
	st, err := cc.Statistics()
	if err != nil || st == nil {
		return 0, 0, false
	}
	is, isInt := st.(*metadata.Int64Statistics)
	if !isInt || !is.HasMinMax() {
		return 0, 0, false
	}
	return is.Min(), is.Max(), true
}

// scanSpan finds a facility's span by scanning its timestamps.
func scanSpan(ctx context.Context, r reader, facility string) (span, error) {
	stats, err := r.Stats(ctx, facility, store.Query{})
	if err != nil {
		return span{}, err
	}
	var out span
	for _, s := range stats {
		if s.Samples > 0 {
			out = merge(out, span{first: s.First, last: s.Last, ok: true})
		}
	}
	return out, nil
}

// merge widens a to cover b.
func merge(a, b span) span {
	if !b.ok {
		return a
	}
	if !a.ok {
		return b
	}
	return span{first: min(a.first, b.first), last: max(a.last, b.last), ok: true}
}

// relName is p relative to root with forward slashes (never absolute).
func relName(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.Base(p)
	}
	return filepath.ToSlash(r)
}

// localTime formats a naive local timestamp (ns) as the store holds it,
// without a zone: 2025-01-31T23:45:00.
func localTime(ns int64) string {
	return time.Unix(0, ns).UTC().Format("2006-01-02T15:04:05")
}
