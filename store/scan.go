package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// partFile is one part file found by listing a facility.
type partFile struct {
	path string      // absolute path
	rel  string      // store-relative, slash-separated
	year int         // from a year=<YYYY> directory above it, or -1
	info os.FileInfo // as listed, to detect a file replaced before it is opened
}

// listParts lists the .parquet files of facility, pruning year=<YYYY>
// directories outside [start, end] (0 = open). Files and directories whose
// names start with '.' or '_' are skipped, as Arrow dataset discovery skips
// them. A missing partition is [ErrNotFound], or [ErrBusy] while a
// replace-swap stands between its renames; an unreadable directory is a
// [DamagedError].
func (s *Store) listParts(facility string, start, end int64) ([]partFile, error) {
	if err := checkFacilityID(facility); err != nil {
		return nil, err
	}
	dir := s.facilityDir(facility)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if s.swapPending(facility) {
			return nil, fmt.Errorf("facility %s: %w", facility, ErrBusy)
		}
		if m, _ := s.readMark(facility); m.PID != 0 && m.Phase == phaseSwap {
			return nil, fmt.Errorf("facility %s: %w", facility, ErrBusy)
		}
		return nil, fmt.Errorf("facility %s: %w", facility, ErrNotFound)
	}
	var out []partFile
	var walk func(dir string, year int) error
	walk = func(dir string, year int) error {
		ents, err := os.ReadDir(dir)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && len(out) > 0 {
				return &VanishedError{File: s.rel(dir)}
			}
			return &DamagedError{File: s.rel(dir), Reason: "unreadable directory: " + pathless(err).Error()}
		}
		for _, e := range ents {
			name := e.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				continue
			}
			p := filepath.Join(dir, name)
			if e.IsDir() {
				y := year
				if v, ok := strings.CutPrefix(name, yearPfx); ok {
					if n, err := strconv.Atoi(v); err == nil {
						y = n
						if !yearOverlaps(n, start, end) {
							continue
						}
					}
				}
				if err := walk(p, y); err != nil {
					return err
				}
				continue
			}
			if !strings.HasSuffix(name, ".parquet") {
				continue
			}
			info, err := e.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return &VanishedError{File: s.rel(p)}
			}
			if err != nil {
				return &DamagedError{File: s.rel(p), Reason: pathless(err).Error()}
			}
			out = append(out, partFile{path: p, rel: s.rel(p), year: year, info: info})
		}
		return nil
	}
	if err := walk(dir, -1); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b partFile) int { return strings.Compare(a.rel, b.rel) })
	return out, nil
}

// yearOverlaps reports whether calendar year y meets [start, end].
func yearOverlaps(y int, start, end int64) bool {
	if y < 1678 || y > 2261 {
		return true // outside int64 nanoseconds; let the statistics decide
	}
	lo := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	hi := time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano() - 1
	return (start == 0 || hi >= start) && (end == 0 || lo <= end)
}

// openedPart is an open part file and its Parquet reader.
type openedPart struct {
	f   *os.File
	r   *file.Reader
	rel string
}

func (o *openedPart) Close() error {
	err := o.r.Close() // closes f too
	return err
}

// openPart opens a listed part file and parses its footer. A file gone or
// replaced since listing is a [VanishedError]; an empty, truncated or
// non-Parquet file is a [DamagedError].
func openPart(pf partFile) (o *openedPart, err error) {
	return openPartWith(pf, nil, nil)
}

// openPartWith is openPart reusing an already parsed footer (md may be
// nil) and taking page buffers from mem (nil: the Go allocator). The file
// is still checked against the listing.
func openPartWith(pf partFile, md *metadata.FileMetaData, mem memory.Allocator) (o *openedPart, err error) {
	f, err := os.Open(pf.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &VanishedError{File: pf.rel}
	}
	if err != nil {
		return nil, &DamagedError{File: pf.rel, Reason: "unreadable: " + pathless(err).Error()}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &DamagedError{File: pf.rel, Reason: "unreadable: " + pathless(err).Error()}
	}
	if !os.SameFile(fi, pf.info) || fi.Size() != pf.info.Size() || !fi.ModTime().Equal(pf.info.ModTime()) {
		f.Close()
		return nil, &VanishedError{File: pf.rel}
	}
	if fi.Size() == 0 {
		f.Close()
		return nil, &DamagedError{File: pf.rel, Reason: "empty file"}
	}
	defer func() {
		if r := recover(); r != nil {
			f.Close()
			o, err = nil, &DamagedError{File: pf.rel, Reason: fmt.Sprintf("not a readable Parquet file: %v", r)}
		}
	}()
	props := parquet.NewReaderProperties(mem)
	props.BufferedStreamEnabled = true
	props.BufferSize = 1 << 20
	opts := []file.ReadOption{file.WithReadProps(props)}
	if md != nil {
		opts = append(opts, file.WithMetadata(md))
	}
	r, err := file.NewParquetReader(f, opts...)
	if err != nil {
		f.Close()
		return nil, &DamagedError{File: pf.rel, Reason: "not a readable Parquet file: " + err.Error()}
	}
	return &openedPart{f: f, r: r, rel: pf.rel}, nil
}
