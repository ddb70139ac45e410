package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/camber-tui/camber-tui/store"
)

// Wide ingests wide CSV files (a header row, the first column the
// timestamp, every other column one point) mapped by the mapping file
// (column,equip,equip_class,role[,unit]) into facility opt.Facility.
// Nothing is written when any file has a problem.
func Wide(ctx context.Context, st *store.Store, opt Options, mapping string, files []string) (Summary, error) {
	return ingestWide(ctx, st, opt, mapping, files, flushValues)
}

func ingestWide(ctx context.Context, st *store.Store, opt Options, mapping string, files []string, flushRows int) (Summary, error) {
	if len(files) == 0 {
		return Summary{}, errors.New("no data files")
	}
	rows, err := readMapping(mapping)
	if err != nil {
		return Summary{}, err
	}
	src := &wideSource{rows: rows, files: files, opener: openCSV}
	if err := src.checkHeaders(); err != nil {
		return Summary{}, err
	}
	sum, err := ingest(ctx, st, opt, src, flushRows)
	sum.Unmapped = src.unmapped
	return sum, err
}

// wideSource reads wide CSV files.
type wideSource struct {
	rows     []mapRow
	files    []string
	opener   func(string) (*csvFile, error)
	unmapped int
}

// checkHeaders reads every file's header: each mapping column must be in
// some file and must not be a file's timestamp column.
func (w *wideSource) checkHeaders() error {
	found := map[string]bool{}
	unmapped := map[string]bool{}
	mapped := map[string]bool{}
	for _, r := range w.rows {
		mapped[r.column] = true
	}
	for _, path := range w.files {
		c, err := w.opener(path)
		if err != nil {
			return err
		}
		h, err := c.header()
		c.Close()
		if err != nil {
			return err
		}
		if len(h) < 2 {
			return fmt.Errorf("%s:1: a wide file needs a timestamp column and at least one data column", c.name)
		}
		if mapped[h[0]] {
			return fmt.Errorf("%s:1: column %q is the timestamp column, but the mapping maps it to a point", c.name, clipText(h[0], 60))
		}
		for _, col := range h[1:] {
			found[col] = true
			if !mapped[col] {
				unmapped[col] = true
			}
		}
	}
	for _, r := range w.rows {
		if !found[r.column] {
			return fmt.Errorf("%s: column %q is not in the data files", r.src, clipText(r.column, 60))
		}
	}
	w.unmapped = len(unmapped)
	return nil
}

func (w *wideSource) scan(ctx context.Context, r *run) error {
	byColumn := map[string]int{}
	for _, m := range w.rows {
		byColumn[m.column] = r.addPoint(m.point)
	}
	for _, path := range w.files {
		c, err := w.opener(path)
		if err != nil {
			return err
		}
		err = w.scanFile(ctx, r, c, byColumn)
		c.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func (w *wideSource) scanFile(ctx context.Context, r *run, c *csvFile, byColumn map[string]int) error {
	h, err := c.header()
	if err != nil {
		return err
	}
	type col struct{ field, point int }
	var cols []col
	for i, name := range h[1:] {
		if pi, ok := byColumn[name]; ok {
			cols = append(cols, col{i + 1, pi})
		}
	}
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		rec, line, err := c.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(rec) > len(h) {
			return fmt.Errorf("%s:%d: %d fields, but the header has %d", c.name, line, len(rec), len(h))
		}
		ts, err := ParseTime(rec[0], r.topt)
		if err != nil {
			return timeError(fmt.Sprintf("%s:%d", c.name, line), rec[0], err)
		}
		for _, cl := range cols {
			if cl.field >= len(rec) {
				continue // a short row: the rest is missing
			}
			where := func() string { return fmt.Sprintf("%s:%d column %q", c.name, line, clipText(h[cl.field], 40)) }
			if err := r.cell(ctx, cl.point, ts, rec[cl.field], where); err != nil {
				return err
			}
		}
	}
}
