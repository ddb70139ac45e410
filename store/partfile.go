package store

import (
	"context"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Row-group sizing. Rows are sorted by (equip, role, ts); a row group holds
// at most maxGroupRows rows, and a new one starts at a change of point when
// the current group has minGroupRows rows or the next point has that many
// itself. So a long point spans groups of its own with tight ts min/max,
// and small points share a group with a narrow equip/role range: a reader
// skips groups by statistics alone. Measured on the benchmark facility-year
// (100 points x 105k rows, CPU ms per op, one core; 8Ki / 16Ki / 32Ki /
// 64Ki / 1Mi rows): full read 827 / 602 / 662 / 532 / 438, one equipment's
// month 67 / 55 / 36 / 37 / 40, per-point stats 521 / 444 / 360 / 348 /
// 319. Smaller groups cost footer and statistics work on every read;
// larger ones decode rows a window does not need. 64Ki is the balance.
const (
	maxGroupRows = 64 << 10
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
		if n > 0 && (n >= minGroupRows || len(p.ts) >= minGroupRows) {
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
	idx := make([]int32, maxGroupRows)
	actx := pqarrow.NewArrowWriteContext(context.Background(), nil)
	for _, g := range planGroups(pts) {
		rgw := fw.AppendRowGroup()
		for col := range 5 {
			cw, err := rgw.NextColumn()
			if err != nil {
				return 0, fmt.Errorf("encode part file: %w", err)
			}
			switch col {
			case 0, 4:
				for _, sg := range g {
					p := &pts[sg.p]
					n := sg.to - sg.from
					if col == 0 {
						_, err = cw.(*file.Int64ColumnChunkWriter).WriteBatch(p.ts[sg.from:sg.to], ones[:n], nil)
						rows += int64(n)
					} else {
						_, err = cw.(*file.Float64ColumnChunkWriter).WriteBatch(p.v[sg.from:sg.to], ones[:n], nil)
					}
					if err != nil {
						return 0, fmt.Errorf("encode part file: %w", err)
					}
				}
			default:
				err = writeDictColumn(actx, cw, pts, g, col, idx, ones)
			}
			if err != nil {
				return 0, fmt.Errorf("encode part file: %w", err)
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

// writeDictColumn writes string column col (1 equip, 2 class, 3 role) of
// row group g as an Arrow dictionary array: the group's distinct strings
// once and an int32 index per row, so no row's string is hashed.
func writeDictColumn(ctx context.Context, cw file.ColumnChunkWriter, pts []partPoint, g []segment, col int, idx []int32, ones []int16) error {
	dict := array.NewStringBuilder(memory.DefaultAllocator)
	defer dict.Release()
	seen := map[string]int32{}
	n := 0
	for _, sg := range g {
		p := &pts[sg.p]
		v := [...]string{1: p.equip, 2: p.class, 3: p.role}[col]
		id, ok := seen[v]
		if !ok {
			id = int32(len(seen))
			seen[v] = id
			dict.Append(v)
		}
		for i := n; i < n+sg.to-sg.from; i++ {
			idx[i] = id
		}
		n += sg.to - sg.from
	}
	values := dict.NewArray()
	defer values.Release()
	data := array.NewData(arrow.PrimitiveTypes.Int32, n,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(idx[:n]))}, nil, 0, 0)
	defer data.Release()
	indices := array.MakeFromData(data)
	defer indices.Release()
	// The dictionary holds exactly the group's distinct values, so it is
	// put whole and the statistics come from it: what pqarrow does, less
	// the hashing of every index it needs to find the referenced values.
	if de, ok := any(cw.CurrentEncoder()).(dictPutter); ok && de.NumEntries() == 0 {
		if err := de.PutDictionary(values); err != nil {
			return err
		}
		if de.NumEntries() != values.Len() {
			return fmt.Errorf("dictionary of %d values holds %d entries", values.Len(), de.NumEntries())
		}
		if st := cw.PageStatistics(); st != nil {
			st.IncNulls(0)
			st.IncNumValues(int64(n))
			if err := st.UpdateFromArrow(values, false); err != nil {
				return err
			}
		}
		return cw.WriteDictIndices(indices, ones[:n], nil)
	}
	arr := array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, indices, values)
	defer arr.Release()
	return pqarrow.WriteArrowToColumn(ctx, cw, arr, ones[:n], nil, true)
}

// dictPutter is the part of arrow-go's dictionary encoder that takes a
// whole dictionary at once.
type dictPutter interface {
	PutDictionary(arrow.Array) error
	NumEntries() int
}
