package store

import (
	"cmp"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp/cmpopts"
	pq "github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/model"
)

// obs is one observation of a fixture, in ns of naive local time.
type obs struct {
	ts          int64
	equip       string
	class, role string
	v           float64
}

// fixtureRows is the data every cross-writer fixture holds: two AHU points
// at 15 min over a day, a meter, a duplicate timestamp (values 1 and 3,
// read back as their mean) and rows that must be dropped (NaN, null).
func fixtureRows() []obs {
	day := time.Date(2024, 3, 10, 0, 0, 0, 0, time.UTC)
	var out []obs
	for i := range 96 {
		t := day.Add(time.Duration(i) * 15 * time.Minute).UnixNano()
		out = append(out,
			obs{t, "AHU_1", "ahu", "supply_air_temp", 55 + float64(i%7)},
			obs{t, "AHU_1", "ahu", "heat_valve", float64(i % 100)},
		)
	}
	out = append(out,
		obs{day.Add(time.Hour).UnixNano(), "MTR-1", "Meter", "power", 1},
		obs{day.Add(time.Hour).UnixNano(), "MTR-1", "Meter", "power", 3},
		obs{day.Add(2 * time.Hour).UnixNano(), "MTR-1", "Meter", "power", 10},
	)
	return out
}

// expectSeries is what Read must return for rows: grouped by (equip,
// role), sorted, duplicates averaged.
func expectSeries(rows []obs) []model.Series {
	type key struct{ e, r string }
	m := map[key]*model.Series{}
	sums := map[key]map[int64][]float64{}
	for _, o := range rows {
		k := key{o.equip, o.role}
		if m[k] == nil {
			m[k] = &model.Series{Equip: o.equip, Class: o.class, Role: model.Role(o.role)}
			sums[k] = map[int64][]float64{}
		}
		sums[k][o.ts] = append(sums[k][o.ts], o.v)
	}
	var out []model.Series
	for k, s := range m {
		ts := make([]int64, 0, len(sums[k]))
		for t := range sums[k] {
			ts = append(ts, t)
		}
		slices.Sort(ts)
		for _, t := range ts {
			vs := sums[k][t]
			sum := 0.0
			for _, v := range vs {
				sum += v
			}
			s.TS, s.V = append(s.TS, t), append(s.V, sum/float64(len(vs)))
		}
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b model.Series) int {
		return cmp.Or(cmp.Compare(a.Equip, b.Equip), cmp.Compare(a.Role, b.Role))
	})
	return out
}

func shuffled(rows []obs, seed uint64) []obs {
	out := slices.Clone(rows)
	rand.New(rand.NewPCG(seed, seed)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Fixture A: pyarrow-like but shuffled, ms timestamps (naive), dictionary
// strings, value first and ts last, the partition columns present in the
// file, tiny row groups, snappy.
type fixA struct {
	Value      float64 `parquet:"value"`
	Equip      string  `parquet:"equip,dict,optional"`
	Class      string  `parquet:"equip_class,dict,optional"`
	Role       string  `parquet:"role,dict,optional"`
	FacilityID string  `parquet:"facility_id,dict"`
	Year       int32   `parquet:"year"`
	TS         int64   `parquet:"ts,timestamp(millisecond:local),delta"`
}

// Fixture B: us timestamps annotated as UTC, required columns, strings
// without a logical type, float32 split values, no equip_class, an extra
// column, gzip.
type fixB struct {
	TS    int64   `parquet:"ts,timestamp(microsecond:utc)"`
	Equip string  `parquet:"equip,bytes"`
	Role  string  `parquet:"role,bytes"`
	Value float32 `parquet:"value,split,gzip"`
	Note  string  `parquet:"note"`
}

// Fixture C: ns timestamps, delta-byte-array strings, optional columns with
// nulls and a NaN (all dropped on read), zstd.
type fixC struct {
	TS    *int64   `parquet:"ts,timestamp(nanosecond:local),optional"`
	Equip string   `parquet:"equip,delta,optional,zstd"` // "" is written as null
	Class *string  `parquet:"equip_class,optional"`
	Role  string   `parquet:"role,delta,optional"`
	Value *float64 `parquet:"value,optional"`
}

// Fixture D: legacy INT96 timestamps (Spark, Impala) and integer values.
type fixD struct {
	TS    deprecated.Int96 `parquet:"ts"`
	Equip string           `parquet:"equip"`
	Class string           `parquet:"equip_class"`
	Role  string           `parquet:"role"`
	Value int64            `parquet:"value"`
}

func int96(ns int64) deprecated.Int96 {
	const julianEpoch = 2440588
	day := ns / int64(24*time.Hour)
	nanos := uint64(ns - day*int64(24*time.Hour))
	return deprecated.Int96{uint32(nanos), uint32(nanos >> 32), uint32(julianEpoch + day)}
}

func writeFixture[T any](t *testing.T, path string, rows []T, opts ...pq.WriterOption) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := pq.WriteFile(path, rows, opts...); err != nil {
		t.Fatal(err)
	}
}

func TestRead_CrossWriter(t *testing.T) {
	rows := fixtureRows()
	want := expectSeries(rows)
	integral := slices.Clone(rows)
	for i := range integral {
		integral[i].v = math.Round(integral[i].v)
	}
	str := func(s string) *string { return &s }
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
		want  []model.Series
	}{
		{"ms_dict_shuffled_tiny_groups", func(t *testing.T, path string) {
			var in []fixA
			for _, o := range shuffled(rows, 1) {
				in = append(in, fixA{Value: o.v, Equip: o.equip, Class: o.class, Role: o.role, FacilityID: "wrong", Year: 1999, TS: o.ts / 1e6})
			}
			writeFixture(t, path, in, pq.MaxRowsPerRowGroup(7), pq.Compression(&pq.Snappy))
		}, want},
		{"us_utc_plain_float32_no_class", func(t *testing.T, path string) {
			var in []fixB
			for _, o := range shuffled(rows, 2) {
				in = append(in, fixB{TS: o.ts / 1e3, Equip: o.equip, Role: o.role, Value: float32(o.v), Note: "x"})
			}
			writeFixture(t, path, in, pq.MaxRowsPerRowGroup(50))
		}, withoutClass(want)},
		{"ns_delta_strings_nulls_nan", func(t *testing.T, path string) {
			var in []fixC
			for _, o := range shuffled(rows, 3) {
				in = append(in, fixC{TS: &o.ts, Equip: o.equip, Class: str(o.class), Role: o.role, Value: &o.v})
			}
			nan := math.NaN()
			in = append(in,
				fixC{TS: &rows[0].ts, Equip: "AHU_1", Class: str("ahu"), Role: "oat", Value: &nan},
				fixC{TS: &rows[0].ts, Equip: "AHU_1", Class: str("ahu"), Role: "oat", Value: nil},
				fixC{TS: nil, Equip: "AHU_1", Class: str("ahu"), Role: "oat", Value: &rows[0].v},
				fixC{TS: &rows[0].ts, Equip: "", Class: str("ahu"), Role: "oat", Value: &rows[0].v},
			)
			writeFixture(t, path, in, pq.MaxRowsPerRowGroup(64))
		}, want},
		{"int96_integer_values", func(t *testing.T, path string) {
			var in []fixD
			for _, o := range integral {
				in = append(in, fixD{TS: int96(o.ts), Equip: o.equip, Class: o.class, Role: o.role, Value: int64(o.v)})
			}
			writeFixture(t, path, in)
		}, expectSeries(integral)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tt.write(t, filepath.Join(root, "facility_id=ext", "year=2024", "part-0-0.parquet"))
			st, err := Open(root)
			if err != nil {
				t.Fatal(err)
			}
			got, err := st.Read(t.Context(), "ext", Query{})
			if err != nil {
				t.Fatal(err)
			}
			if d := gocmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-5)); d != "" {
				t.Errorf("Read (-want +got):\n%s", d)
			}
			// A filtered read uses the same decoding with statistics pruning.
			q := Query{Equips: []string{"MTR-1"}, Start: rows[0].ts + int64(90*time.Minute)}
			got, err = st.Read(t.Context(), "ext", q)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Equip != "MTR-1" || len(got[0].TS) != 1 || got[0].V[0] != 10 {
				t.Errorf("filtered read = %+v", got)
			}
			pts, err := st.Points(t.Context(), "ext")
			if err != nil {
				t.Fatal(err)
			}
			var wantPts []Point
			for _, s := range tt.want {
				wantPts = append(wantPts, Point{Equip: s.Equip, Class: s.Class, Role: s.Role})
			}
			if tt.name == "ns_delta_strings_nulls_nan" { // the NaN/null rows still name a point
				wantPts = append(wantPts, Point{Equip: "AHU_1", Class: "ahu", Role: "oat"})
				sortPoints(wantPts)
			}
			if d := gocmp.Diff(wantPts, pts); d != "" {
				t.Errorf("Points (-want +got):\n%s", d)
			}
			ex, err := st.Extent(t.Context(), "ext")
			if err != nil || ex.Files != 1 || ex.First != rows[0].ts || ex.Last != rows[len(rows)-4].ts {
				t.Errorf("Extent = %+v, %v", ex, err)
			}
			stats, err := st.Stats(t.Context(), "ext", Query{Roles: []model.Role{model.SupplyAirTemp}})
			if err != nil {
				t.Fatal(err)
			}
			if len(stats) != 1 || stats[0].Samples != 96 || stats[0].Interval != int64(15*time.Minute) ||
				stats[0].First != rows[0].ts || stats[0].Last != rows[len(rows)-4].ts {
				t.Errorf("Stats = %+v", stats)
			}
		})
	}
}

func withoutClass(in []model.Series) []model.Series {
	out := slices.Clone(in)
	for i := range out {
		out[i].Class = ""
	}
	return out
}

// TestWrite_ReadableByOtherReader reads our part file with parquet-go, an
// independent implementation, as CAMBER (pyarrow), DuckDB or Spark would.
func TestWrite_ReadableByOtherReader(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var in []model.Series
	for _, s := range expectSeries(fixtureRows()) {
		in = append(in, s)
	}
	if _, err := st.Write(t.Context(), "hq", in, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	type rec struct {
		TS    time.Time `parquet:"ts,timestamp(nanosecond:local)"`
		Equip string    `parquet:"equip"`
		Class string    `parquet:"equip_class"`
		Role  string    `parquet:"role"`
		Value float64   `parquet:"value"`
	}
	recs, err := pq.ReadFile[rec](filepath.Join(st.Root(), "facility_id=hq", "year=2024", "part-0-0.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var got []obs
	for _, r := range recs {
		got = append(got, obs{r.TS.UnixNano(), r.Equip, r.Class, r.Role, r.Value})
	}
	if d := gocmp.Diff(in, expectSeries(got)); d != "" {
		t.Errorf("parquet-go read (-want +got):\n%s", d)
	}
}
