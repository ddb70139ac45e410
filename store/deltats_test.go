package store

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	pq "github.com/parquet-go/parquet-go"
)

// encodeDelta is a reference DELTA_BINARY_PACKED encoder (parquet-format
// Encodings.md): blocks of block values in minis miniblocks, each
// miniblock's deltas less the block's minimum, bit-packed LSB first at
// the miniblock's width; miniblocks no value needs get width 0 and no
// body.
func encodeDelta(vals []int64, block, minis int) []byte {
	out := binary.AppendUvarint(nil, uint64(block))
	out = binary.AppendUvarint(out, uint64(minis))
	out = binary.AppendUvarint(out, uint64(len(vals)))
	if len(vals) == 0 {
		return binary.AppendVarint(out, 0)
	}
	out = binary.AppendVarint(out, vals[0])
	deltas := make([]uint64, 0, len(vals))
	for i := 1; i < len(vals); i++ {
		deltas = append(deltas, uint64(vals[i])-uint64(vals[i-1]))
	}
	per := block / minis
	for b := 0; b < len(deltas); b += block {
		blk := deltas[b:min(b+block, len(deltas))]
		lo := int64(blk[0])
		for _, d := range blk {
			lo = min(lo, int64(d))
		}
		out = binary.AppendVarint(out, lo)
		widths := make([]int, minis)
		for m := range minis {
			for _, d := range blk[min(m*per, len(blk)):min((m+1)*per, len(blk))] {
				widths[m] = max(widths[m], bits.Len64(d-uint64(lo)))
			}
			out = append(out, byte(widths[m]))
		}
		for m := range minis {
			if m*per >= len(blk) {
				break
			}
			body := make([]byte, per*widths[m]/8)
			for j := range per {
				var v uint64
				if k := m*per + j; k < len(blk) {
					v = blk[k] - uint64(lo)
				}
				for bit := range widths[m] {
					if v>>bit&1 == 1 {
						p := j*widths[m] + bit
						body[p/8] |= 1 << (p % 8)
					}
				}
			}
			out = append(out, body...)
		}
	}
	return out
}

func decodeAll(t *testing.T, data []byte, chunks ...int) []int64 {
	t.Helper()
	var d deltaInt64
	if err := d.reset(data); err != nil {
		t.Fatalf("reset: %v", err)
	}
	out := make([]int64, d.left)
	at := 0
	for i := 0; at < len(out); i++ {
		n := len(out) - at
		if len(chunks) > 0 {
			n = min(n, chunks[i%len(chunks)])
		}
		if err := d.decode(out[at : at+n]); err != nil {
			t.Fatalf("decode at %d: %v", at, err)
		}
		at += n
	}
	return out
}

func TestDeltaInt64_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	regular := make([]int64, 1000)
	for i := range regular {
		regular[i] = 1_700_000_000_000_000_000 + int64(i)*300_000_000_000
	}
	noisy := slices.Clone(regular)
	for i := range noisy {
		noisy[i] += rng.Int64N(1000) - 500
	}
	wild := make([]int64, 300)
	for i := range wild {
		wild[i] = int64(rng.Uint64())
	}
	extremes := []int64{math.MinInt64, math.MaxInt64, 0, -1, math.MaxInt64, math.MinInt64, 1}
	tests := []struct {
		name         string
		vals         []int64
		block, minis int
	}{
		{"empty", nil, 128, 4},
		{"one", []int64{42}, 128, 4},
		{"regular", regular, 128, 4},
		{"noisy", noisy, 128, 4},
		{"descending", func() []int64 { v := slices.Clone(noisy); slices.Reverse(v); return v }(), 256, 8},
		{"wild (64-bit widths)", wild, 128, 4},
		{"extremes (wrapping)", extremes, 128, 1},
		{"partial last block", regular[:129], 128, 4},
		{"one miniblock of 128", noisy[:300], 128, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := encodeDelta(tt.vals, tt.block, tt.minis)
			for _, chunks := range [][]int{nil, {1}, {7, 33, 128}} {
				got := decodeAll(t, data, chunks...)
				if !slices.Equal(got, tt.vals) && !(len(got) == 0 && len(tt.vals) == 0) {
					t.Fatalf("chunks %v: decoded %v..., want %v...", chunks, got[:min(5, len(got))], tt.vals[:min(5, len(tt.vals))])
				}
			}
		})
	}
}

func TestDeltaInt64_Refusals(t *testing.T) {
	good := encodeDelta([]int64{1, 2, 4, 8, 16, 32, 64, 128, 256}, 128, 4)
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"block not a multiple of 128", encodeDelta([]int64{1, 2}, 100, 4)},
		{"miniblock not a multiple of 32", encodeDelta([]int64{1, 2}, 128, 8)},
		{"zero miniblocks", append(binary.AppendUvarint(binary.AppendUvarint(nil, 128), 0), 2, 2)},
		{"truncated body", good[:len(good)-22]}, // 6 of the 7 bytes its values need
		{"truncated block header", good[:6]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d deltaInt64
			if err := d.reset(tt.data); err != nil {
				return
			}
			if err := d.decode(make([]int64, d.left)); err == nil {
				t.Error("decoded without an error")
			}
		})
	}
	var d deltaInt64
	if err := d.reset(good); err != nil {
		t.Fatal(err)
	}
	if err := d.decode(make([]int64, d.left+1)); err == nil {
		t.Error("decoded more values than the page holds")
	}
	// A last miniblock cut short in its padding only still decodes.
	if got := decodeAll(t, good[:len(good)-3]); !slices.Equal(got, []int64{1, 2, 4, 8, 16, 32, 64, 128, 256}) {
		t.Errorf("short padding: %v", got)
	}
}

func TestLevelRuns(t *testing.T) {
	// RLE: 5 present; bit-packed 1 group: 1,0,1,1,0,0,0,1; RLE: 3 absent.
	data := []byte{5 << 1, 1, 1<<1 | 1, 0b10001101, 3 << 1, 0}
	want := []bool{true, true, true, true, true, true, false, true, true, false, false, false, true, false, false, false}
	for _, max := range []int{1, 2, 100} {
		l := levelRuns{data: data, left: len(want)}
		var got []bool
		for len(got) < len(want) {
			present, n, err := l.next(max)
			if err != nil {
				t.Fatalf("max %d after %d levels: %v", max, len(got), err)
			}
			if n < 1 || n > max {
				t.Fatalf("max %d: a run of %d", max, n)
			}
			for range n {
				got = append(got, present)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("max %d: levels %v, want %v", max, got, want)
		}
		if _, _, err := l.next(1); err == nil {
			t.Error("levels past the page's rows")
		}
	}
	for name, bad := range map[string][]byte{"no header": {}, "no value": {4}, "level 2": {4, 2}, "packed past the page": {5}} {
		l := levelRuns{data: bad, left: 8}
		if _, _, err := l.next(8); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// tsRow is a row of a file whose ts is delta-encoded, optional and at
// times null (a zero TS is written as null).
type tsRow struct {
	TS    int64   `parquet:"ts,timestamp(microsecond:local),optional,delta"`
	Equip string  `parquet:"equip"`
	Role  string  `parquet:"role"`
	Value float64 `parquet:"value"`
}

// tsRequired is a row whose ts is delta-encoded and required.
type tsRequired struct {
	TS    int64   `parquet:"ts,timestamp(nanosecond:local),delta"`
	Equip string  `parquet:"equip"`
	Role  string  `parquet:"role"`
	Value float64 `parquet:"value"`
}

// TestTSPages_MatchGenericReader reads the ts of other writers' files
// (several pages per chunk, data page v1 and v2, nulls, irregular steps,
// a required column) both page by page and through the generic column
// reader, and compares the values and the rows dropped.
func TestTSPages_MatchGenericReader(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	var opt []tsRow
	var req []tsRequired
	ts := t0
	for i := range 5000 {
		ts += 60_000_000 * (1 + rng.Int64N(3)) // 1-3 min steps
		if i%97 == 13 {
			ts -= 600_000_000 // out of order now and then
		}
		r := tsRow{Equip: "AHU-1", Role: "oat", Value: float64(i)}
		if i%11 != 5 {
			r.TS = ts
		}
		opt = append(opt, r)
		req = append(req, tsRequired{TS: ts * 1000, Equip: "AHU-1", Role: "oat", Value: float64(i)})
	}
	dir := t.TempDir()
	files := map[string]func(string){
		"v1 optional": func(p string) { writeFixture(t, p, opt, pq.PageBufferSize(512), pq.MaxRowsPerRowGroup(1500)) },
		"v2 optional": func(p string) {
			writeFixture(t, p, opt, pq.PageBufferSize(512), pq.MaxRowsPerRowGroup(1500), pq.DataPageVersion(2))
		},
		"required": func(p string) { writeFixture(t, p, req, pq.PageBufferSize(1024)) },
	}
	for name, write := range files {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".parquet")
			write(path)
			o, err := openPart(partFile{path: path, rel: name, info: statOf(t, path)})
			if err != nil {
				t.Fatal(err)
			}
			defer o.Close()
			l, err := fileLayout(o.r.MetaData(), name)
			if err != nil {
				t.Fatal(err)
			}
			fast := 0
			for g := range o.r.NumRowGroups() {
				rg := o.r.RowGroup(g)
				cc, _ := rg.MetaData().ColumnChunk(l.ts)
				if fastTS(cc, rg.MetaData().Schema.Column(l.ts).MaxDefinitionLevel()) {
					fast++
				}
				rows := int(rg.NumRows())
				var gen, pages colReader
				if err := gen.open(rg, l.ts, name); err != nil {
					t.Fatal(err)
				}
				if err := pages.openTS(rg, l.ts, name); err != nil {
					t.Fatal(err)
				}
				for done := 0; done < rows; {
					n := min(rows-done, 700) // chunks that cut across pages
					var cg, cp chunk
					cg.n, cp.n = n, n
					want, got := make([]int64, n), make([]int64, n)
					if err := gen.readTS(&cg, l.tsMul, want, n); err != nil {
						t.Fatal(err)
					}
					if err := pages.readTS(&cp, l.tsMul, got, n); err != nil {
						t.Fatalf("group %d rows %d+%d: %v", g, done, n, err)
					}
					for k := range n {
						keepG, keepP := cg.ok == nil || cg.ok[k], cp.ok == nil || cp.ok[k]
						if keepG != keepP || keepG && want[k] != got[k] {
							t.Fatalf("group %d row %d: page reader %d (kept %v), generic %d (kept %v)", g, done+k, got[k], keepP, want[k], keepG)
						}
					}
					done += n
				}
				gen.close()
				pages.close()
			}
			if fast == 0 {
				t.Fatal("no row group took the page reader: the test exercises nothing")
			}
		})
	}
}

func statOf(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
