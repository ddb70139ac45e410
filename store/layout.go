package store

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// layout is where CAMBER's columns sit in one part file and how to read
// them. Other writers' files are accepted: ts as a timestamp in ms, us or ns
// (with or without a UTC annotation: an annotated instant is read as the
// wall clock of that instant in UTC, since CAMBER stores naive local time)
// or as legacy INT96; strings plain or dictionary-encoded; value as double,
// float or integer; any column order; extra columns (facility_id, year,
// __index_level_0__ ...) ignored.
type layout struct {
	ts, equip, class, role, value int   // leaf column indices; class is -1 when absent
	tsMul                         int64 // ns per stored unit; 0 for INT96
}

func fileLayout(md *metadata.FileMetaData, rel string) (layout, error) {
	sc := md.Schema
	find := func(name string) (int, *schema.Column) {
		i := sc.ColumnIndexByName(name)
		if i < 0 {
			return -1, nil
		}
		c := sc.Column(i)
		if c.MaxRepetitionLevel() != 0 || c.SchemaNode().Parent() != sc.Root() {
			return -1, nil
		}
		return i, c
	}
	damaged := func(format string, args ...any) error {
		return &DamagedError{File: rel, Reason: fmt.Sprintf(format, args...)}
	}
	var l layout
	var c *schema.Column
	if l.ts, c = find(colTS); c == nil {
		return l, damaged("no ts column")
	}
	switch {
	case c.PhysicalType() == parquet.Types.Int96:
		l.tsMul = 0
	case c.PhysicalType() == parquet.Types.Int64:
		lt, ok := c.LogicalType().(schema.TimestampLogicalType)
		if !ok {
			return l, damaged("ts is a plain integer, not a timestamp")
		}
		switch lt.TimeUnit() {
		case schema.TimeUnitMillis:
			l.tsMul = 1e6
		case schema.TimeUnitMicros:
			l.tsMul = 1e3
		case schema.TimeUnitNanos:
			l.tsMul = 1
		default:
			return l, damaged("ts has an unknown time unit")
		}
	default:
		return l, damaged("ts is %s, not a timestamp", c.PhysicalType())
	}
	for _, s := range []struct {
		name     string
		idx      *int
		optional bool
	}{{colEquip, &l.equip, false}, {colClass, &l.class, true}, {colRole, &l.role, false}} {
		i, c := find(s.name)
		if c == nil {
			if s.optional {
				*s.idx = -1
				continue
			}
			return l, damaged("no %s column", s.name)
		}
		if c.PhysicalType() != parquet.Types.ByteArray {
			return l, damaged("%s is %s, not a string", s.name, c.PhysicalType())
		}
		*s.idx = i
	}
	if l.value, c = find(colValue); c == nil {
		return l, damaged("no value column")
	}
	switch c.PhysicalType() {
	case parquet.Types.Double, parquet.Types.Float, parquet.Types.Int32, parquet.Types.Int64:
	default:
		return l, damaged("value is %s, not a number", c.PhysicalType())
	}
	if _, isDec := c.LogicalType().(schema.DecimalLogicalType); isDec {
		return l, damaged("value is a decimal, not a float")
	}
	return l, nil
}

// stringStats returns a string column chunk's min and max when the writer's
// statistics are trustworthy; nulls reports whether it may hold nulls.
func stringStats(rg *metadata.RowGroupMetaData, col int) (lo, hi string, nulls, ok bool) {
	cc, err := rg.ColumnChunk(col)
	if err != nil {
		return "", "", true, false
	}
	st, err := cc.Statistics()
	if err != nil || st == nil {
		return "", "", true, false
	}
	bs, isBA := st.(*metadata.ByteArrayStatistics)
	if !isBA || !bs.HasMinMax() {
		return "", "", true, false
	}
	nulls = !bs.HasNullCount() || bs.NullCount() > 0
	lo, hi = string(bs.Min()), string(bs.Max())
	if len(lo) >= maxExactStat || len(hi) >= maxExactStat {
		return "", "", true, false // perhaps truncated by its writer: not safe to prune by
	}
	return lo, hi, nulls, true
}

// maxExactStat is the string length from which a foreign writer may have
// truncated a min/max statistic (parquet-rs and parquet-mr cut at 64
// bytes); such statistics are not used.
const maxExactStat = 64

// tsStats returns a ts column chunk's min and max in ns (not for INT96).
func tsStats(rg *metadata.RowGroupMetaData, l *layout) (lo, hi int64, ok bool) {
	if l.tsMul == 0 {
		return 0, 0, false
	}
	cc, err := rg.ColumnChunk(l.ts)
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
	lim := int64(math.MaxInt64) / l.tsMul
	if is.Min() < -lim || is.Max() > lim {
		return 0, 0, false
	}
	return is.Min() * l.tsMul, is.Max() * l.tsMul, true
}
