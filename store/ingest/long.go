package ingest

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/camber-tui/camber-tui/store"
)

// Long ingests one long CSV file with the columns ts, equip, equip_class,
// role and value (any order, any case; other columns are refused) into
// facility opt.Facility. Nothing is written when the file has a problem.
func Long(ctx context.Context, st *store.Store, opt Options, file string) (Summary, error) {
	return ingest(ctx, st, opt, &longSource{file: file, opener: openCSV}, flushValues)
}

// longSource reads a long CSV file.
type longSource struct {
	file   string
	opener func(string) (*csvFile, error)
}

var longColumns = []string{"ts", "equip", "equip_class", "role", "value"}

func (l *longSource) scan(ctx context.Context, r *run) error {
	c, err := l.opener(l.file)
	if err != nil {
		return err
	}
	defer c.Close()
	h, err := c.header()
	if err != nil {
		return err
	}
	idx := map[string]int{}
	for i, name := range h {
		key := strings.ToLower(name)
		if !contains(longColumns, key) {
			return fmt.Errorf("%s:1: unknown column %q (want ts,equip,equip_class,role,value)", c.name, clipText(name, 40))
		}
		idx[key] = i
	}
	for _, want := range longColumns {
		if _, ok := idx[want]; !ok {
			return fmt.Errorf("%s:1: the header has no %q column (want ts,equip,equip_class,role,value)", c.name, want)
		}
	}
	iTS, iEquip, iClass, iRole, iValue := idx["ts"], idx["equip"], idx["equip_class"], idx["role"], idx["value"]
	type key struct{ equip, class, role string }
	points := map[key]int{}        // as written in the file
	byPoint := map[[2]string]int{} // (equip, role slug) -> point index
	get := func(rec []string, i int) string {
		if i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
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
		at := func() string { return fmt.Sprintf("%s:%d", c.name, line) }
		k := key{get(rec, iEquip), get(rec, iClass), get(rec, iRole)}
		pi, ok := points[k]
		if !ok {
			p, err := newPoint(at(), k.equip, k.class, k.role)
			if err != nil {
				return err
			}
			pk := [2]string{p.equip, string(p.role)}
			if j, seen := byPoint[pk]; seen {
				if q := r.points[j]; q.class != p.class {
					return fmt.Errorf("%s: equip %q role %s has class %q here but %q at %s", at(), clipText(p.equip, 60), p.role, p.class, q.class, q.src)
				}
				pi = j
			} else {
				pi = r.addPoint(p)
				byPoint[pk] = pi
			}
			points[k] = pi
		}
		ts, err := ParseTime(get(rec, iTS), r.topt)
		if err != nil {
			return timeError(at(), get(rec, iTS), err)
		}
		where := func() string {
			p := r.points[pi]
			return fmt.Sprintf("%s %s %s", at(), clipText(p.equip, 40), p.role)
		}
		if err := r.cell(ctx, pi, ts, get(rec, iValue), where); err != nil {
			return err
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
