package runconfig

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// ParseReferenceCSV reads a reference sensor's samples: a header row with
// a timestamp column (ts, timestamp, time or datetime) and a value column
// (value, or the one other column), then one row per sample. Timestamps are
// naive local time (2025-07-01 08:00[:00], or with a T); an empty value is a
// missing sample. Rows are returned sorted by time. Errors name the file as
// given and the line.
func ParseReferenceCSV(name string, data []byte) (model.Series, error) {
	var s model.Series
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	head, err := r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return s, fmt.Errorf("%s: empty file", name)
		}
		return s, fmt.Errorf("%s: %v", name, csvProblem(err))
	}
	tsCol, vCol := -1, -1
	for i, h := range head {
		switch strings.ToLower(strings.TrimSpace(h)) {
		case "ts", "timestamp", "time", "datetime":
			tsCol = i
		case "value":
			vCol = i
		}
	}
	if vCol < 0 && len(head) == 2 && tsCol >= 0 {
		vCol = 1 - tsCol
	}
	if tsCol < 0 || vCol < 0 {
		return s, fmt.Errorf("%s line 1: the header needs a ts and a value column", name)
	}
	type row struct {
		ts int64
		v  float64
	}
	var rows []row
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return s, fmt.Errorf("%s: %v", name, csvProblem(err))
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if tsCol >= len(rec) || vCol >= len(rec) {
			return s, fmt.Errorf("%s line %d: has %d fields, the header %d", name, line, len(rec), len(head))
		}
		t, _, err := ParseDate(rec[tsCol])
		if err != nil {
			return s, fmt.Errorf("%s line %d: %v", name, line, err)
		}
		raw := strings.TrimSpace(rec[vCol])
		if raw == "" {
			continue
		}
		v, err := strconv.ParseFloat(raw, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return s, fmt.Errorf("%s line %d: %q is not a finite number", name, line, raw)
		}
		rows = append(rows, row{t.UnixNano(), v})
	}
	if len(rows) == 0 {
		return s, fmt.Errorf("%s: no samples", name)
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].ts < rows[j].ts })
	s.TS, s.V = make([]int64, len(rows)), make([]float64, len(rows))
	for i, x := range rows {
		s.TS[i], s.V[i] = x.ts, x.v
	}
	s.Equip = "file " + name
	return s, nil
}

// csvProblem words a csv error with its line.
func csvProblem(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("line %d: %v", pe.Line, pe.Err)
	}
	return err.Error()
}

// parseZonesCSV reads a ventilation zones file: a header with equip,
// area_sqft and population (space_type and ez optional), one row per zone.
func parseZonesCSV(name string, data []byte) (map[string]Zone, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, csvProblem(err))
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty file", name)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, need := range []string{"equip", "area_sqft", "population"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("%s line 1: the header needs equip, area_sqft and population (space_type, ez optional)", name)
		}
	}
	out := map[string]Zone{}
	for i, rec := range recs[1:] {
		line := i + 2
		field := func(k string) string {
			if j, ok := col[k]; ok && j < len(rec) {
				return strings.TrimSpace(rec[j])
			}
			return ""
		}
		num := func(k string, optional bool) (float64, error) {
			raw := field(k)
			if raw == "" && optional {
				return 0, nil
			}
			v, err := strconv.ParseFloat(raw, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return 0, fmt.Errorf("%s line %d: %s %q is not a finite number ≥ 0", name, line, k, raw)
			}
			return v, nil
		}
		equip := field("equip")
		if equip == "" {
			return nil, fmt.Errorf("%s line %d: no equip", name, line)
		}
		if _, dup := out[equip]; dup {
			return nil, fmt.Errorf("%s line %d: zone %q is listed twice", name, line, equip)
		}
		var z Zone
		if z.AreaSqft, err = num("area_sqft", false); err != nil {
			return nil, err
		}
		if z.AreaSqft == 0 {
			return nil, fmt.Errorf("%s line %d: area_sqft must be above 0", name, line)
		}
		if z.Population, err = num("population", false); err != nil {
			return nil, err
		}
		if z.Ez, err = num("ez", true); err != nil {
			return nil, err
		}
		z.SpaceType = field("space_type")
		out[equip] = z
	}
	return out, nil
}
