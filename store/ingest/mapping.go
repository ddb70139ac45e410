package ingest

import (
	"fmt"
	"io"
	"strings"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// point is one point being ingested: its identity and conversions.
type point struct {
	equip, class string
	role         model.Role
	unit         unitConv
	src          string // where it was defined (map.csv:3, data.csv:7), for messages
	status       bool   // the role takes status words (On/Off ...)
	percent      bool   // the role may need 0-1 rescaling, so the first pass measures it
}

// mapRow is one row of a mapping file.
type mapRow struct {
	column string
	point
}

// readMapping reads a mapping file with the header
// column,equip,equip_class,role[,unit] (any order, any case).
func readMapping(path string) ([]mapRow, error) {
	c, err := openCSV(path)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return parseMapping(c)
}

func parseMapping(c *csvFile) ([]mapRow, error) {
	h, err := c.header()
	if err != nil {
		return nil, err
	}
	idx := map[string]int{}
	for i, name := range h {
		key := strings.ToLower(name)
		switch key {
		case "column", "equip", "equip_class", "role", "unit":
			idx[key] = i
		default:
			return nil, fmt.Errorf("%s:1: unknown header %q (want column,equip,equip_class,role and optionally unit)", c.name, clipText(name, 40))
		}
	}
	for _, want := range []string{"column", "equip", "equip_class", "role"} {
		if _, ok := idx[want]; !ok {
			return nil, fmt.Errorf("%s:1: the header has no %q column (want column,equip,equip_class,role and optionally unit)", c.name, want)
		}
	}
	var rows []mapRow
	byColumn := map[string]string{}
	byPoint := map[[2]string]string{}
	for {
		rec, line, err := c.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		at := fmt.Sprintf("%s:%d", c.name, line)
		field := func(k string) string {
			i, ok := idx[k]
			if !ok || i >= len(rec) {
				return ""
			}
			return strings.TrimSpace(rec[i])
		}
		col := field("column")
		if col == "" {
			return nil, fmt.Errorf("%s: empty column name", at)
		}
		if first, dup := byColumn[col]; dup {
			return nil, fmt.Errorf("%s: column %q is mapped twice (first at %s)", at, clipText(col, 60), first)
		}
		byColumn[col] = at
		p, err := newPoint(at, field("equip"), field("equip_class"), field("role"))
		if err != nil {
			return nil, err
		}
		if p.unit, err = parseUnit(field("unit"), p.role); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		key := [2]string{p.equip, string(p.role)}
		if first, dup := byPoint[key]; dup {
			return nil, fmt.Errorf("%s: point %q %s is mapped twice (first at %s)", at, clipText(p.equip, 60), p.role, first)
		}
		byPoint[key] = at
		rows = append(rows, mapRow{column: col, point: p})
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no mapping rows", c.name)
	}
	return rows, nil
}

// newPoint validates the names of a point defined at at.
func newPoint(at, equip, class, role string) (point, error) {
	if equip == "" {
		return point{}, fmt.Errorf("%s: empty equip id", at)
	}
	if err := store.CheckLabel(equip); err != nil {
		return point{}, fmt.Errorf("%s: equip id %v", at, err)
	}
	if err := store.CheckLabel(class); err != nil {
		return point{}, fmt.Errorf("%s: equip_class %v", at, err)
	}
	if err := store.CheckLabel(role); err != nil {
		return point{}, fmt.Errorf("%s: role %v", at, err)
	}
	r, ok := model.ParseRole(strings.ToLower(role))
	if !ok {
		return point{}, fmt.Errorf("%s: unknown role %q (want a CAMBER role slug such as supply_air_temp)", at, clipText(role, 60))
	}
	canon := ""
	if class != "" {
		if canon = model.CanonicalClass(class); canon == "" {
			return point{}, fmt.Errorf("%s: unknown equipment class %q", at, clipText(class, 60))
		}
	}
	return point{equip: equip, class: canon, role: r, src: at, status: r.IsStatus(), percent: r.IsPercent()}, nil
}
