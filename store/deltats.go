package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// Our writers encode ts as DELTA_BINARY_PACKED: a regular series is a
// first value and, per block of 128, one minimum delta and four zero bit
// widths. The generic column reader spends most of a facility-year's ts
// decoding on that per-block bookkeeping; tsPages reads such column
// chunks page by page itself. Column chunks with any other encoding go
// through the generic reader.

// fastTS reports whether a ts column chunk is read by tsPages: INT64
// values encoded DELTA_BINARY_PACKED only, definition levels (if any) RLE,
// no dictionary, at most one definition level.
func fastTS(cc *metadata.ColumnChunkMetaData, maxDef int16) bool {
	if cc.Type() != parquet.Types.Int64 || cc.HasDictionaryPage() || maxDef > 1 {
		return false
	}
	delta := false
	for _, e := range cc.Encodings() {
		switch e {
		case parquet.Encodings.DeltaBinaryPacked:
			delta = true
		case parquet.Encodings.RLE:
		default:
			return false
		}
	}
	return delta
}

// tsPages decodes a fastTS column chunk.
type tsPages struct {
	pr     file.PageReader
	maxDef int16
	rows   int // rows left in the current page
	levels levelRuns
	vals   deltaInt64
}

// read decodes the next n rows into out (as stored units times mul),
// dropping from c the rows whose ts is null. It returns a description of
// what is wrong with a page that does not decode.
func (t *tsPages) read(c *chunk, mul int64, out []int64, n int) error {
	for got := 0; got < n; {
		if t.rows == 0 {
			if err := t.next(); err != nil {
				return err
			}
		}
		take := min(n-got, t.rows)
		for k := 0; k < take; {
			present, run := true, take-k
			if t.maxDef > 0 {
				var err error
				if present, run, err = t.levels.next(take - k); err != nil {
					return err
				}
			}
			dst := out[got+k : got+k+run]
			if !present {
				for i := range run {
					dst[i] = 0
					c.drop(got + k + i)
				}
				k += run
				continue
			}
			if err := t.vals.decode(dst); err != nil {
				return err
			}
			if mul != 1 {
				for i, v := range dst {
					if v > math.MaxInt64/mul || v < math.MinInt64/mul {
						return fmt.Errorf("ts %d is outside the nanosecond range", v)
					}
					dst[i] = v * mul
				}
			}
			k += run
		}
		t.rows -= take
		got += take
	}
	return nil
}

// next moves to the next data page and decodes its headers.
func (t *tsPages) next() error {
	for {
		if !t.pr.Next() {
			if err := t.pr.Err(); err != nil {
				return err
			}
			return errors.New("ts column ends early")
		}
		var data []byte
		var rows, defLen int
		switch p := t.pr.Page().(type) {
		case *file.DataPageV1:
			if parquet.Encoding(p.Encoding()) != parquet.Encodings.DeltaBinaryPacked {
				return fmt.Errorf("ts page encoding %s", parquet.Encoding(p.Encoding()))
			}
			data, rows, defLen = p.Data(), int(p.NumValues()), -1
			if t.maxDef > 0 && p.DefinitionLevelEncoding() != parquet.Encodings.RLE {
				return fmt.Errorf("ts level encoding %s", p.DefinitionLevelEncoding())
			}
		case *file.DataPageV2:
			if parquet.Encoding(p.Encoding()) != parquet.Encodings.DeltaBinaryPacked {
				return fmt.Errorf("ts page encoding %s", parquet.Encoding(p.Encoding()))
			}
			if p.RepetitionLevelByteLen() != 0 {
				return errors.New("ts page has repetition levels")
			}
			data, rows, defLen = p.Data(), int(p.NumValues()), int(p.DefinitionLevelByteLen())
		default:
			continue // dictionary pages are refused by fastTS; index pages carry no rows
		}
		if rows <= 0 {
			continue
		}
		if t.maxDef > 0 {
			if defLen < 0 { // V1: a 4-byte length, then the levels
				if len(data) < 4 {
					return errors.New("ts page too short for its levels")
				}
				defLen, data = int(binary.LittleEndian.Uint32(data)), data[4:]
			}
			if defLen > len(data) {
				return errors.New("ts levels run past the page")
			}
			t.levels = levelRuns{data: data[:defLen], left: rows}
			data = data[defLen:]
		} else if defLen > 0 {
			data = data[defLen:]
		}
		if err := t.vals.reset(data); err != nil {
			return err
		}
		t.rows = rows
		return nil
	}
}

// levelRuns reads RLE/bit-packed hybrid definition levels of bit width 1.
type levelRuns struct {
	data []byte
	pos  int
	left int // levels left in the page
	// the current run: rle levels of value rleVal, or bit-packed levels
	// from bit offset packedBit
	rle       int
	rleVal    bool
	packed    int
	packedBit int
}

// next returns up to max levels that are alike: whether they are present
// (level 1) and how many.
func (l *levelRuns) next(max int) (present bool, n int, err error) {
	for l.rle == 0 && l.packed == 0 {
		if l.left == 0 {
			return false, 0, errors.New("ts levels end before their rows")
		}
		h, w := binary.Uvarint(l.data[l.pos:])
		if w <= 0 {
			return false, 0, errors.New("ts levels: bad run header")
		}
		l.pos += w
		if h&1 == 0 {
			if l.pos >= len(l.data) {
				return false, 0, errors.New("ts levels: run without a value")
			}
			v := l.data[l.pos]
			l.pos++
			if v > 1 {
				return false, 0, fmt.Errorf("ts levels: level %d above 1", v)
			}
			l.rle, l.rleVal = int(min(h>>1, uint64(l.left))), v == 1
			continue
		}
		groups := h >> 1
		if groups > uint64(len(l.data)-l.pos) {
			return false, 0, errors.New("ts levels: bit-packed run past the page")
		}
		l.packed, l.packedBit = int(min(groups*8, uint64(l.left))), l.pos*8
		l.pos += int(groups)
	}
	if l.rle > 0 {
		n = min(l.rle, max)
		l.rle -= n
		l.left -= n
		return l.rleVal, n, nil
	}
	bit := func(i int) bool { return l.data[i>>3]>>(i&7)&1 == 1 }
	present = bit(l.packedBit)
	n = 1
	for n < min(l.packed, max) && bit(l.packedBit+n) == present {
		n++
	}
	l.packed -= n
	l.packedBit += n
	l.left -= n
	return present, n, nil
}

// deltaInt64 decodes DELTA_BINARY_PACKED int64 values (arithmetic wraps,
// as the encoding specifies).
type deltaInt64 struct {
	data       []byte
	pos        int
	perBlock   int
	minis      int
	perMini    int
	left       int // values not yet decoded
	started    bool
	last       uint64
	minDelta   uint64
	widths     []byte
	mini       int // miniblock within the block
	inMini     int // values taken from the current miniblock
	miniStart  int // byte offset of the current miniblock
	blockReady bool
}

// reset starts decoding a page's values.
func (d *deltaInt64) reset(data []byte) error {
	*d = deltaInt64{data: data, widths: d.widths[:0]}
	var vals [3]uint64
	for i := range vals {
		v, w := binary.Uvarint(d.data[d.pos:])
		if w <= 0 {
			return errors.New("ts delta header does not decode")
		}
		vals[i], d.pos = v, d.pos+w
	}
	first, w := binary.Varint(d.data[d.pos:])
	if w <= 0 {
		return errors.New("ts delta header does not decode")
	}
	d.pos += w
	if vals[0] == 0 || vals[0]%128 != 0 || vals[1] == 0 || vals[0]%vals[1] != 0 || (vals[0]/vals[1])%32 != 0 || vals[0] > 1<<20 {
		return fmt.Errorf("ts delta blocks of %d values in %d miniblocks", vals[0], vals[1])
	}
	if vals[2] > math.MaxInt32 {
		return fmt.Errorf("ts delta page of %d values", vals[2])
	}
	d.perBlock, d.minis, d.perMini, d.left = int(vals[0]), int(vals[1]), int(vals[0]/vals[1]), int(vals[2])
	d.last = uint64(first)
	return nil
}

// decode fills out with the next len(out) values.
func (d *deltaInt64) decode(out []int64) error {
	if len(out) > d.left {
		return errors.New("ts page holds fewer values than its levels say")
	}
	i := 0
	if !d.started && len(out) > 0 {
		out[0] = int64(d.last)
		d.started, d.left, i = true, d.left-1, 1
	}
	for i < len(out) {
		if !d.blockReady || d.inMini == d.perMini {
			if err := d.nextMini(); err != nil {
				return err
			}
		}
		take := min(len(out)-i, d.perMini-d.inMini)
		w := int(d.widths[d.mini])
		last, minDelta := d.last, d.minDelta
		if w == 0 {
			for k := range take {
				last += minDelta
				out[i+k] = int64(last)
			}
		} else {
			for k := range take {
				last += minDelta + d.unpack(d.inMini+k, w)
				out[i+k] = int64(last)
			}
		}
		d.last = last
		d.inMini += take
		d.left -= take
		i += take
	}
	return nil
}

// nextMini moves to the next miniblock, reading a block header first when
// the block is done.
func (d *deltaInt64) nextMini() error {
	if d.blockReady {
		d.miniStart += d.perMini * int(d.widths[d.mini]) / 8
		d.mini++
	}
	if !d.blockReady || d.mini == d.minis {
		if d.blockReady {
			d.pos = d.miniStart
		}
		md, w := binary.Varint(d.data[d.pos:])
		if w <= 0 {
			return errors.New("ts delta block header does not decode")
		}
		d.pos += w
		if d.pos+d.minis > len(d.data) {
			return errors.New("ts delta block header runs past the page")
		}
		d.widths = append(d.widths[:0], d.data[d.pos:d.pos+d.minis]...)
		d.pos += d.minis
		d.minDelta, d.mini, d.miniStart, d.blockReady = uint64(md), 0, d.pos, true
	}
	w := int(d.widths[d.mini])
	if w > 64 {
		return fmt.Errorf("ts delta bit width %d", w)
	}
	// The last miniblock of a page may be cut short of its padding only
	// when it holds no value; one that holds values must be whole.
	if need := d.miniStart + d.perMini*w/8; need > len(d.data) {
		if values := min(d.left, d.perMini); d.miniStart+(values*w+7)/8 > len(d.data) {
			return errors.New("ts delta miniblock runs past the page")
		}
		d.data = slices.Concat(d.data, make([]byte, need-len(d.data))) // pad the short tail
	}
	d.inMini = 0
	return nil
}

// unpack returns value j (w bits, little-endian bit order) of the current
// miniblock.
func (d *deltaInt64) unpack(j, w int) uint64 {
	bit := j * w
	at := d.miniStart + bit>>3
	shift := uint(bit & 7)
	var word uint64
	if at+8 <= len(d.data) {
		word = binary.LittleEndian.Uint64(d.data[at:])
	} else {
		var b [8]byte
		copy(b[:], d.data[at:])
		word = binary.LittleEndian.Uint64(b[:])
	}
	v := word >> shift
	if int(shift)+w > 64 {
		v |= uint64(d.data[at+8]) << (64 - shift)
	}
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	return v
}
