package store

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// chunkRows bounds the rows decoded at once, so a foreign file with huge
// row groups is read in bounded memory.
const chunkRows = 64 << 10

// chunk is up to chunkRows decoded rows of one row group. Strings are ids
// from the scan's interner.
type chunk struct {
	n       int
	uniform bool     // equip, class and role hold one id each, valid for every row
	equip   []uint32 // per row, or one id when uniform
	class   []uint32
	role    []uint32
	ts      []int64   // ns naive local; nil unless requested
	value   []float64 // nil unless requested
	ok      []bool    // rows to use; nil when all n rows are to be used
	// direct says ts and value are the tail of the scan's own buffers for
	// the point (see scanner.sink), decoded in place: the consumer keeps
	// the rows ok selects where they are instead of copying them.
	direct bool
}

// interner maps strings to dense ids.
type interner struct {
	ids  map[string]uint32
	strs []string
}

func newInterner() *interner {
	in := &interner{ids: map[string]uint32{}}
	in.id(nil) // id 0 is the empty string (a missing class)
	return in
}

func (in *interner) id(b []byte) uint32 {
	if id, ok := in.ids[string(b)]; ok {
		return id
	}
	id := uint32(len(in.strs))
	s := string(b)
	in.ids[s] = id
	in.strs = append(in.strs, s)
	return id
}

// drop marks row i unusable, allocating the mask on first use.
func (c *chunk) drop(i int) {
	if c.ok == nil {
		c.ok = make([]bool, c.n, chunkRows)
		for j := range c.ok {
			c.ok[j] = true
		}
	}
	c.ok[i] = false
}

// colReader decodes one column of a row group chunk by chunk.
type colReader struct {
	cr     file.ColumnChunkReader
	ts     *tsPages // set instead of cr for a ts column tsPages reads
	maxDef int16
	defs   []int16
	bufBA  []parquet.ByteArray
	bufF32 []float32
	bufI32 []int32
	bufI96 []parquet.Int96
	rel    string
}

func newColReader(rg *file.RowGroupReader, col int, rel string) (*colReader, error) {
	r := &colReader{}
	return r, r.open(rg, col, rel)
}

// open points r at column col of a row group, keeping its buffers.
func (r *colReader) open(rg *file.RowGroupReader, col int, rel string) error {
	r.close()
	cr, err := rg.Column(col)
	if err != nil {
		return &DamagedError{File: rel, Reason: err.Error()}
	}
	r.cr, r.maxDef, r.rel = cr, cr.Descriptor().MaxDefinitionLevel(), rel
	if r.maxDef > 0 && r.defs == nil {
		r.defs = make([]int16, chunkRows)
	}
	if r.maxDef == 0 {
		r.defs = nil
	}
	return nil
}

// openTS points r at the ts column col of a row group: read page by page
// by tsPages when its encoding allows (see fastTS), else like open.
func (r *colReader) openTS(rg *file.RowGroupReader, col int, rel string) error {
	r.close()
	cc, err := rg.MetaData().ColumnChunk(col)
	if err != nil {
		return &DamagedError{File: rel, Reason: err.Error()}
	}
	maxDef := rg.MetaData().Schema.Column(col).MaxDefinitionLevel()
	if !fastTS(cc, maxDef) {
		return r.open(rg, col, rel)
	}
	pr, err := rg.GetColumnPageReader(col)
	if err != nil {
		return &DamagedError{File: rel, Reason: err.Error()}
	}
	if r.ts == nil {
		r.ts = &tsPages{}
	}
	*r.ts = tsPages{pr: pr, maxDef: maxDef, vals: deltaInt64{widths: r.ts.vals.widths}}
	r.rel = rel
	return nil
}

// close releases the column's page buffers to the file's pool.
func (r *colReader) close() {
	if c, ok := r.cr.(interface{ Close() error }); ok {
		c.Close()
	}
	r.cr = nil
	if r.ts != nil && r.ts.pr != nil {
		r.ts.pr.Close()
		r.ts.pr = nil
	}
}

func (r *colReader) damaged(format string, args ...any) error {
	return &DamagedError{File: r.rel, Reason: fmt.Sprintf(format, args...)}
}

// levels returns the definition levels slice for n rows, or nil.
func (r *colReader) levels(n int) []int16 {
	if r.defs == nil {
		return nil
	}
	return r.defs[:n]
}

// expand spreads the read values over the rows whose level says present and
// drops the null rows: values[0:read] holds the present values in order.
func expand[T any](c *chunk, vals []T, defs []int16, maxDef int16, n, read int) {
	if read == n {
		return
	}
	j := read - 1
	for i := n - 1; i >= 0; i-- {
		if defs[i] == maxDef {
			vals[i] = vals[j]
			j--
		} else {
			c.drop(i)
		}
	}
}

// readStrings decodes n strings into ids, interning each distinct value.
func (r *colReader) readStrings(c *chunk, in *interner, out []uint32, n int) error {
	cr, ok := r.cr.(*file.ByteArrayColumnChunkReader)
	if !ok {
		return r.damaged("string column has physical type %s", r.cr.Type())
	}
	if cap(r.bufBA) < chunkRows {
		r.bufBA = make([]parquet.ByteArray, chunkRows)
	}
	var last string
	var lastID uint32
	haveLast := false
	for got := 0; got < n; {
		var defs []int16
		if r.defs != nil {
			defs = r.defs[got:n]
		}
		lv, read, err := cr.ReadBatchInPage(int64(n-got), r.bufBA[:n-got], defs, nil)
		if err != nil {
			return r.damaged("%v", err)
		}
		if lv == 0 {
			return r.damaged("column ends early")
		}
		j := 0
		for i := range int(lv) {
			if defs != nil && defs[i] != r.maxDef {
				out[got+i] = 0
				c.drop(got + i)
				continue
			}
			b := r.bufBA[j]
			j++
			if !haveLast || string(b) != last {
				lastID, haveLast = in.id(b), true
				last = in.strs[lastID] // b points into a page buffer the next read reuses
			}
			out[got+i] = lastID
		}
		if j != read {
			return r.damaged("inconsistent definition levels")
		}
		got += int(lv)
	}
	return nil
}

// readTS decodes n timestamps as ns.
func (r *colReader) readTS(c *chunk, mul int64, out []int64, n int) error {
	if r.ts != nil && r.ts.pr != nil {
		if err := r.ts.read(c, mul, out, n); err != nil {
			return r.damaged("%v", err)
		}
		return nil
	}
	defs := r.levels(n)
	var lv int64
	var read int
	var err error
	switch cr := r.cr.(type) {
	case *file.Int64ColumnChunkReader:
		lv, read, err = cr.ReadBatch(int64(n), out[:n], defs, nil)
		if mul != 1 {
			for i := range read {
				if out[i] > math.MaxInt64/mul || out[i] < math.MinInt64/mul {
					return r.damaged("ts %d is outside the nanosecond range", out[i])
				}
				out[i] *= mul
			}
		}
	case *file.Int96ColumnChunkReader:
		if cap(r.bufI96) < n {
			r.bufI96 = make([]parquet.Int96, chunkRows)
		}
		lv, read, err = cr.ReadBatch(int64(n), r.bufI96[:n], defs, nil)
		for i := range read {
			out[i] = r.bufI96[i].ToTime().UnixNano()
		}
	default:
		return r.damaged("ts has physical type %s", r.cr.Type())
	}
	if err != nil {
		return r.damaged("%v", err)
	}
	if int(lv) != n {
		return r.damaged("ts column ends early")
	}
	expand(c, out, defs, r.maxDef, n, read)
	return nil
}

// readValues decodes n values as float64; NaN rows are dropped.
func (r *colReader) readValues(c *chunk, out []float64, n int) error {
	defs := r.levels(n)
	var lv int64
	var read int
	var err error
	switch cr := r.cr.(type) {
	case *file.Float64ColumnChunkReader:
		lv, read, err = cr.ReadBatch(int64(n), out[:n], defs, nil)
	case *file.Float32ColumnChunkReader:
		if cap(r.bufF32) < n {
			r.bufF32 = make([]float32, chunkRows)
		}
		lv, read, err = cr.ReadBatch(int64(n), r.bufF32[:n], defs, nil)
		for i := range read {
			out[i] = float64(r.bufF32[i])
		}
	case *file.Int32ColumnChunkReader:
		if cap(r.bufI32) < n {
			r.bufI32 = make([]int32, chunkRows)
		}
		lv, read, err = cr.ReadBatch(int64(n), r.bufI32[:n], defs, nil)
		for i := range read {
			out[i] = float64(r.bufI32[i])
		}
	case *file.Int64ColumnChunkReader:
		ints := make([]int64, n)
		lv, read, err = cr.ReadBatch(int64(n), ints, defs, nil)
		for i := range read {
			out[i] = float64(ints[i])
		}
	default:
		return r.damaged("value has physical type %s", r.cr.Type())
	}
	if err != nil {
		return r.damaged("%v", err)
	}
	if int(lv) != n {
		return r.damaged("value column ends early")
	}
	expand(c, out, defs, r.maxDef, n, read)
	for i, v := range out[:n] {
		if v != v {
			c.drop(i)
		}
	}
	return nil
}
