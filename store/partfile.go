package store

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Row-group sizing. Rows are sorted by (equip, role, ts); a row group holds
// at most maxGroupRows rows and a new one starts whenever the point changes
// once the current group has minGroupRows rows. So a long point spans
// several groups with tight ts min/max, and small points share a group with
// a narrow equip/role range: a reader skips groups by statistics alone.
// BenchmarkReadWindow measured these against 8 Ki, 64 Ki and 1 Mi rows.
const (
	maxGroupRows = 32 << 10
	minGroupRows = 4 << 10
)

// The part-file columns, in CAMBER's order.
const (
	colTS    = "ts"
	colEquip = "equip"
	colClass = "equip_class"
	colRole  = "role"
	colValue = "value"
)

// partPoint is one point's rows for one part file: TS ascending, no NaN.
type partPoint struct {
	equip, class, role string
	ts                 []int64
	v                  []float64
}

// partSchema is CAMBER's five columns as pyarrow writes them from pandas:
// every column optional, ts a naive (not UTC-adjusted) nanosecond
// timestamp, the strings UTF-8.
func partSchema() (*schema.GroupNode, error) {
	ts, err := schema.NewPrimitiveNodeLogical(colTS, parquet.Repetitions.Optional,
		schema.NewTimestampLogicalType(false, schema.TimeUnitNanos), parquet.Types.Int64, -1, -1)
	if err != nil {
		return nil, err
	}
	fields := schema.FieldList{ts}
	for _, name := range []string{colEquip, colClass, colRole} {
		n, err := schema.NewPrimitiveNodeLogical(name, parquet.Repetitions.Optional,
			schema.StringLogicalType{}, parquet.Types.ByteArray, -1, -1)
		if err != nil {
			return nil, err
		}
		fields = append(fields, n)
	}
	v, err := schema.NewPrimitiveNode(colValue, parquet.Repetitions.Optional, parquet.Types.Double, -1, -1)
	if err != nil {
		return nil, err
	}
	fields = append(fields, v)
	return schema.NewGroupNode("schema", parquet.Repetitions.Required, fields, -1)
}

// writerProps: zstd, dictionary strings, delta-packed timestamps,
// byte-stream-split values, statistics on every column.
func writerProps() *parquet.WriterProperties {
	return parquet.NewWriterProperties(
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(1),
		parquet.WithDictionaryDefault(false),
		parquet.WithDictionaryFor(colEquip, true),
		parquet.WithDictionaryFor(colClass, true),
		parquet.WithDictionaryFor(colRole, true),
		parquet.WithEncodingFor(colTS, parquet.Encodings.DeltaBinaryPacked),
		parquet.WithEncodingFor(colValue, parquet.Encodings.ByteStreamSplit),
		parquet.WithStats(true),
		parquet.WithMaxRowGroupLength(maxGroupRows),
	)
}

// segment is rows [from, to) of point p within one row group.
type segment struct{ p, from, to int }

// planGroups cuts the rows of pts (sorted by equip, role) into row groups.
func planGroups(pts []partPoint) [][]segment {
	var groups [][]segment
	var cur []segment
	n := 0
	for i, p := range pts {
		if n >= minGroupRows {
			groups, cur, n = append(groups, cur), nil, 0
		}
		for from := 0; from < len(p.ts); {
			take := min(len(p.ts)-from, maxGroupRows-n)
			cur = append(cur, segment{i, from, from + take})
			n += take
			from += take
			if n == maxGroupRows {
				groups, cur, n = append(groups, cur), nil, 0
			}
		}
	}
	if n > 0 {
		groups = append(groups, cur)
	}
	return groups
}

// encodePart writes pts, sorted by (equip, role) with ts ascending, as one
// Parquet file. It returns the number of rows written.
func encodePart(w io.Writer, pts []partPoint) (rows int64, err error) {
	defer func() {
		if r := recover(); r != nil { // the column writers panic on internal errors
			err = fmt.Errorf("encode part file: %v", r)
		}
	}()
	sc, err := partSchema()
	if err != nil {
		return 0, err
	}
	fw := file.NewParquetWriter(w, sc, file.WithWriterProps(writerProps()))
	ones := make([]int16, maxGroupRows)
	for i := range ones {
		ones[i] = 1
	}
	strs := make([]parquet.ByteArray, maxGroupRows)
	for _, g := range planGroups(pts) {
		rgw := fw.AppendRowGroup()
		for col := range 5 {
			cw, err := rgw.NextColumn()
			if err != nil {
				return 0, fmt.Errorf("encode part file: %w", err)
			}
			for _, sg := range g {
				p := &pts[sg.p]
				n := sg.to - sg.from
				switch col {
				case 0:
					_, err = cw.(*file.Int64ColumnChunkWriter).WriteBatch(p.ts[sg.from:sg.to], ones[:n], nil)
				case 4:
					_, err = cw.(*file.Float64ColumnChunkWriter).WriteBatch(p.v[sg.from:sg.to], ones[:n], nil)
				default:
					s := [...]string{1: p.equip, 2: p.class, 3: p.role}[col]
					b := parquet.ByteArray(s)
					for i := range n {
						strs[i] = b
					}
					_, err = cw.(*file.ByteArrayColumnChunkWriter).WriteBatch(strs[:n], ones[:n], nil)
				}
				if err != nil {
					return 0, fmt.Errorf("encode part file: %w", err)
				}
				if col == 0 {
					rows += int64(n)
				}
			}
			if err := cw.Close(); err != nil {
				return 0, fmt.Errorf("encode part file: %w", err)
			}
		}
		if err := rgw.Close(); err != nil {
			return 0, fmt.Errorf("encode part file: %w", err)
		}
	}
	if err := fw.Close(); err != nil {
		return 0, fmt.Errorf("encode part file: %w", err)
	}
	return rows, nil
}
