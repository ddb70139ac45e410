package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Extent is what a facility's part-file footers say, read without
// decoding rows: the facility listing's cheap summary.
type Extent struct {
	Files int
	Rows  int64 // rows in the files, before NaN, null and duplicate handling
	First int64 // earliest ts, ns naive local; 0 when Rows == 0
	Last  int64 // latest ts
}

// Extent summarises facility from its part files' footers: file and row
// counts and the ts range from the row-group statistics. Only a row group
// whose statistics lack the ts range (INT96 timestamps, statistics turned
// off by another writer) has its ts column decoded. Errors are Read's.
func (s *Store) Extent(ctx context.Context, facility string) (Extent, error) {
	var ex Extent
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		ex, err = s.extentOnce(ctx, facility)
		if _, ok := errors.AsType[*VanishedError](err); !ok {
			break
		}
	}
	return ex, err
}

func (s *Store) extentOnce(ctx context.Context, facility string) (Extent, error) {
	files, err := s.listParts(facility, 0, 0)
	if err != nil {
		return Extent{}, err
	}
	ex := Extent{Files: len(files)}
	note := func(lo, hi int64) {
		if ex.Rows == 0 || lo < ex.First {
			ex.First = lo
		}
		ex.Last = max(ex.Last, hi)
	}
	for _, pf := range files {
		ft, err := s.footers.get(pf)
		if err != nil {
			return Extent{}, err
		}
		if err := extentFile(ctx, pf, ft, s.pages, &ex, note); err != nil {
			return Extent{}, err
		}
	}
	return ex, nil
}

// extentFile adds one part file to ex from its footer, decoding the ts
// column of the row groups whose statistics lack the ts range (opening the
// file only for them).
func extentFile(ctx context.Context, pf partFile, ft *footer, mem memory.Allocator, ex *Extent, note func(lo, hi int64)) (err error) {
	var o *openedPart
	defer func() {
		if r := recover(); r != nil {
			err = &DamagedError{File: pf.rel, Reason: fmt.Sprintf("cannot decode: %v", r)}
		}
		if o != nil {
			o.Close()
		}
	}()
	var c chunk
	var ts []int64
	for i, g := range ft.groups {
		if err := ctx.Err(); err != nil {
			return err
		}
		rows := int64(g.rows)
		if rows == 0 {
			continue
		}
		if g.tOK {
			note(g.tLo, g.tHi)
			ex.Rows += rows
			continue
		}
		if o == nil {
			if o, err = openPartWith(pf, ft.md, mem); err != nil {
				return err
			}
		}
		cr, err := newColReader(o.r.RowGroup(i), ft.l.ts, pf.rel)
		if err != nil {
			return err
		}
		if ts == nil {
			ts = make([]int64, chunkRows)
		}
		for done := int64(0); done < rows; {
			n := int(min(rows-done, chunkRows))
			c.n, c.ok = n, nil
			if err := cr.readTS(&c, ft.l.tsMul, ts, n); err != nil {
				cr.close()
				return err
			}
			for k, t := range ts[:n] {
				if c.ok == nil || c.ok[k] {
					note(t, t)
					ex.Rows++
				}
			}
			done += int64(n)
		}
		cr.close()
	}
	return nil
}
