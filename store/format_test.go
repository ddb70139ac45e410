package store

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/camber-tui/camber-tui/model"
)

// regular returns n samples every step from start, values base+i.
func regular(equip, class string, role model.Role, start time.Time, step time.Duration, n int, base float64) model.Series {
	s := model.Series{Equip: equip, Class: class, Role: role, TS: make([]int64, n), V: make([]float64, n)}
	for i := range n {
		s.TS[i] = start.Add(time.Duration(i) * step).UnixNano()
		s.V[i] = base + float64(i)
	}
	return s
}

// TestWrite_PartFileFormat opens a written part file with the Parquet
// reader and checks the schema, encodings, compression, statistics, sort
// order and row-group bounds.
func TestWrite_PartFileFormat(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	jan := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	in := []model.Series{
		regular("VAV-2", "VAV", model.SpaceTemp, jan, time.Second, 2*maxGroupRows+4464, 0), // spans three row groups
		regular("AHU-1", "AHU", model.SupplyAirTemp, jan, 5*time.Minute, 100, 50),
		regular("AHU-1", "AHU", model.HeatValve, jan, 5*time.Minute, 100, 0),
	}
	if _, err := st.Write(t.Context(), "hq", in, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(st.Root(), "facility_id=hq", "year=2024", "part-0-0.parquet")
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	md := r.MetaData()

	// Schema: CAMBER's five columns in order, ts a naive ns timestamp.
	var names []string
	for i := range md.Schema.NumColumns() {
		names = append(names, md.Schema.Column(i).Name())
	}
	if !slices.Equal(names, []string{"ts", "equip", "equip_class", "role", "value"}) {
		t.Fatalf("columns = %v", names)
	}
	lt, ok := md.Schema.Column(0).LogicalType().(schema.TimestampLogicalType)
	if !ok || lt.IsAdjustedToUTC() || lt.TimeUnit() != schema.TimeUnitNanos {
		t.Errorf("ts logical type = %v", md.Schema.Column(0).LogicalType())
	}
	for _, c := range []int{1, 2, 3} {
		if _, ok := md.Schema.Column(c).LogicalType().(schema.StringLogicalType); !ok {
			t.Errorf("%s logical type = %v", names[c], md.Schema.Column(c).LogicalType())
		}
	}
	if md.Schema.Column(4).PhysicalType() != parquet.Types.Double {
		t.Errorf("value type = %v", md.Schema.Column(4).PhysicalType())
	}

	// Row groups: bounded, point changes cut small groups only when big enough.
	if got, want := md.NumRowGroups(), 4; got != want {
		t.Errorf("row groups = %d, want %d", got, want)
	}
	var total int64
	for g := range md.NumRowGroups() {
		rg := md.RowGroup(g)
		total += rg.NumRows()
		if rg.NumRows() > maxGroupRows {
			t.Errorf("row group %d has %d rows", g, rg.NumRows())
		}
		for c := range 5 {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			if cc.Compression() != compress.Codecs.Zstd {
				t.Errorf("group %d %s compression = %v", g, names[c], cc.Compression())
			}
			st, err := cc.Statistics()
			if err != nil || st == nil || !st.HasMinMax() || !st.HasNullCount() {
				t.Errorf("group %d %s: no min/max statistics (%v)", g, names[c], err)
			}
			encs := cc.Encodings()
			switch c {
			case 0:
				checkEncoding(t, names[c], encs, parquet.Encodings.DeltaBinaryPacked)
			case 4:
				checkEncoding(t, names[c], encs, parquet.Encodings.ByteStreamSplit)
			default:
				checkEncoding(t, names[c], encs, parquet.Encodings.RLEDict)
			}
		}
	}
	if total != 2*maxGroupRows+4464+200 {
		t.Errorf("rows = %d", total)
	}
	// The first group holds both small AHU points (sorted by role); the
	// long VAV point starts a group of its own.
	eq := func(g, c int) (string, string) {
		cc, _ := md.RowGroup(g).ColumnChunk(c)
		s, _ := cc.Statistics()
		bs := s.(*metadata.ByteArrayStatistics)
		return string(bs.Min()), string(bs.Max())
	}
	if lo, hi := eq(0, 1); lo != "AHU-1" || hi != "AHU-1" {
		t.Errorf("group 0 equip range %q..%q", lo, hi)
	}
	if lo, hi := eq(0, 3); lo != "heat_valve" || hi != "supply_air_temp" {
		t.Errorf("group 0 role range %q..%q", lo, hi)
	}
	if lo, hi := eq(1, 1); lo != "VAV-2" || hi != "VAV-2" {
		t.Errorf("group 1 equip range %q..%q", lo, hi)
	}

	// Rows are sorted by (equip, role, ts).
	rows := readAllRows(t, r)
	if !slices.IsSortedFunc(rows, func(a, b row) int {
		return cmp.Or(cmp.Compare(a.equip, b.equip), cmp.Compare(a.role, b.role), cmp.Compare(a.ts, b.ts))
	}) {
		t.Error("rows are not sorted by (equip, role, ts)")
	}
}

func checkEncoding(t *testing.T, col string, encs []parquet.Encoding, want parquet.Encoding) {
	t.Helper()
	if !slices.Contains(encs, want) {
		t.Errorf("%s encodings = %v, want %v among them", col, encs, want)
	}
}

type row struct {
	ts          int64
	equip, role string
}

func readAllRows(t *testing.T, r *file.Reader) []row {
	t.Helper()
	var out []row
	for g := range r.NumRowGroups() {
		rg := r.RowGroup(g)
		n := int(rg.NumRows())
		ts := make([]int64, n)
		defs := make([]int16, n)
		c0, _ := rg.Column(0)
		if _, _, err := c0.(*file.Int64ColumnChunkReader).ReadBatch(int64(n), ts, defs, nil); err != nil {
			t.Fatal(err)
		}
		strs := func(col int) []parquet.ByteArray {
			v := make([]parquet.ByteArray, n)
			c, _ := rg.Column(col)
			if _, _, err := c.(*file.ByteArrayColumnChunkReader).ReadBatch(int64(n), v, defs, nil); err != nil {
				t.Fatal(err)
			}
			return v
		}
		eq, rl := strs(1), strs(3)
		for i := range n {
			out = append(out, row{ts[i], string(eq[i]), string(rl[i])})
		}
	}
	return out
}

func TestWrite_NoFileLeftOnFailure(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bad := []model.Series{{Equip: "AHU-1", Role: "not_a_role", TS: []int64{1}, V: []float64{1}}}
	if _, err := st.Write(t.Context(), "hq", bad, WriteOptions{}); err == nil {
		t.Fatal("no error for an unknown role")
	}
	ents, _ := os.ReadDir(st.Root())
	if len(ents) != 0 {
		t.Errorf("store has %d entries after a failed write", len(ents))
	}
}
