package store

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/google/go-cmp/cmp"
)

// campus writes a small facility: two AHUs with two roles each for the
// last day of 2024 and the first of 2025, hourly, and a meter.
func campus(t *testing.T) *Store {
	t.Helper()
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC)
	var in []model.Series
	for _, e := range []string{"AHU-1", "AHU-2"} {
		in = append(in,
			regular(e, "AHU", model.SupplyAirTemp, start, time.Hour, 48, 50),
			regular(e, "AHU", model.HeatValve, start, time.Hour, 48, 0))
	}
	in = append(in, regular("MTR-1", "Meter", model.Power, start, 15*time.Minute, 192, 100))
	if _, err := st.Write(t.Context(), "hq", in, WriteOptions{Entry: &Entry{Name: "HQ"}}); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestRead_Query(t *testing.T) {
	st := campus(t)
	newYear := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	tests := []struct {
		name   string
		q      Query
		points []string // equip/role of each series
		rows   int
	}{
		{"all", Query{}, []string{"AHU-1/heat_valve", "AHU-1/supply_air_temp", "AHU-2/heat_valve", "AHU-2/supply_air_temp", "MTR-1/power"}, 4*48 + 192},
		{"equip", Query{Equips: []string{"AHU-2"}}, []string{"AHU-2/heat_valve", "AHU-2/supply_air_temp"}, 96},
		{"role", Query{Roles: []model.Role{model.HeatValve}}, []string{"AHU-1/heat_valve", "AHU-2/heat_valve"}, 96},
		{"equip_role", Query{Equips: []string{"AHU-1", "MTR-1"}, Roles: []model.Role{model.Power, model.HeatValve}}, []string{"AHU-1/heat_valve", "MTR-1/power"}, 48 + 192},
		{"from_new_year", Query{Equips: []string{"AHU-1"}, Start: newYear}, []string{"AHU-1/heat_valve", "AHU-1/supply_air_temp"}, 48},
		{"until_new_year_inclusive", Query{Equips: []string{"AHU-1"}, Roles: []model.Role{model.HeatValve}, End: newYear}, []string{"AHU-1/heat_valve"}, 25},
		{"one_instant", Query{Roles: []model.Role{model.Power}, Start: newYear, End: newYear}, []string{"MTR-1/power"}, 1},
		{"nothing", Query{Equips: []string{"VAV-9"}}, nil, 0},
		{"before_data", Query{End: newYear - int64(48*time.Hour)}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := st.Read(t.Context(), "hq", tt.q)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			rows := 0
			for _, s := range got {
				names = append(names, s.Equip+"/"+string(s.Role))
				rows += len(s.TS)
				for i, ts := range s.TS {
					if (tt.q.Start != 0 && ts < tt.q.Start) || (tt.q.End != 0 && ts > tt.q.End) || (i > 0 && ts <= s.TS[i-1]) {
						t.Errorf("%s: ts %d out of window or order", names[len(names)-1], ts)
					}
				}
			}
			if d := cmp.Diff(tt.points, names); d != "" || rows != tt.rows {
				t.Errorf("points (-want +got):\n%s rows %d, want %d", d, rows, tt.rows)
			}
		})
	}
}

func TestRead_DuplicatesAcrossFilesAreAveraged(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, v := range []float64{10, 20, 60} {
		s := model.Series{Equip: "AHU-1", Class: "AHU", Role: model.OAT, TS: []int64{t0.UnixNano()}, V: []float64{v}}
		if _, err := st.Write(t.Context(), "hq", []model.Series{s}, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 1 || len(got[0].V) != 1 || got[0].V[0] != 30 {
		t.Fatalf("Read = %+v, %v", got, err)
	}
}

func TestStats(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	m := int64(time.Minute)
	in := []model.Series{
		// diffs 5, 5, 10, 15 (plus a duplicate): median of an even count is the mean of 5 and 10
		{Equip: "A", Role: model.OAT, TS: []int64{t0, t0 + 5*m, t0 + 10*m, t0 + 10*m, t0 + 20*m, t0 + 35*m}, V: []float64{1, 2, 3, 4, 5, 6}},
		{Equip: "B", Role: model.OAT, TS: []int64{t0}, V: []float64{1}},
	}
	if _, err := st.Write(t.Context(), "hq", in, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Stats(t.Context(), "hq", Query{})
	if err != nil {
		t.Fatal(err)
	}
	want := []PointStats{
		{Point: Point{Equip: "A", Role: model.OAT}, Samples: 5, First: t0, Last: t0 + 35*m, Interval: 7*m + 30*int64(time.Second)},
		{Point: Point{Equip: "B", Role: model.OAT}, Samples: 1, First: t0, Last: t0},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Stats (-want +got):\n%s", d)
	}
	got, err = st.Stats(t.Context(), "hq", Query{Equips: []string{"A"}, Start: t0 + 6*m})
	if err != nil || len(got) != 1 || got[0].Samples != 3 || got[0].Interval != 12*m+30*int64(time.Second) {
		t.Errorf("windowed Stats = %+v, %v", got, err)
	}
}

func TestMedian(t *testing.T) {
	many := make([]int64, 200)
	for i := range many {
		many[i] = int64(i * 7 % 200)
	}
	tests := []struct {
		in   []int64
		want int64
	}{
		{nil, 0},
		{[]int64{5}, 5},
		{[]int64{5, 1}, 3},
		{[]int64{300, 300, 300, 900}, 300},
		{[]int64{1, 2, 3, 4}, 2}, // (2+3)/2 truncated to whole ns
		{many, 99},
	}
	for _, tt := range tests {
		if got := median(append([]int64(nil), tt.in...)); got != tt.want {
			t.Errorf("median(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestPoints_Catalog(t *testing.T) {
	st := campus(t)
	want := []Point{
		{"AHU-1", "AHU", model.HeatValve}, {"AHU-1", "AHU", model.SupplyAirTemp},
		{"AHU-2", "AHU", model.HeatValve}, {"AHU-2", "AHU", model.SupplyAirTemp},
		{"MTR-1", "Meter", model.Power},
	}
	cat := filepath.Join(st.Root(), catalogName)
	got, err := st.Points(t.Context(), "hq")
	if err != nil || !cmp.Equal(want, got) {
		t.Fatalf("Points by scan = %v, %v", got, err)
	}
	if _, err := os.Stat(cat); !os.IsNotExist(err) {
		t.Fatal("Points wrote the catalog")
	}
	if err := st.RebuildCatalog(t.Context()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(cat)
	golden.Check(t, "catalog/campus.json", b)

	// A fresh catalog answers without a scan: prove it with an edit.
	edited := strings.Replace(string(b), `"equip":"MTR-1"`, `"equip":"MTR-9"`, 1)
	if err := os.WriteFile(cat, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ = st.Points(t.Context(), "hq")
	if got[len(got)-1].Equip != "MTR-9" {
		t.Errorf("Points did not use the fresh catalog: %v", got)
	}
	// A CAMBER catalog (no classes) is not used.
	camber := `{"points": [{"facility_id": "hq", "equip": "X", "role": "oat"}]}`
	os.WriteFile(cat, []byte(camber), 0o644)
	if got, _ := st.Points(t.Context(), "hq"); !cmp.Equal(want, got) {
		t.Errorf("Points used a classless catalog: %v", got)
	}
	// A write deletes the catalog.
	if err := st.RebuildCatalog(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write(t.Context(), "hq", dayOf("AHU-3", 0), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cat); !os.IsNotExist(err) {
		t.Error("a write left the catalog")
	}
}

func TestGeneration(t *testing.T) {
	st := campus(t)
	if _, err := st.Write(t.Context(), "annex", dayOf("RTU-1", 0), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	gen := func(ids ...string) string {
		t.Helper()
		g, err := st.Generation(t.Context(), ids)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	hq := gen("hq")
	if gen("hq") != hq || gen("hq", "hq") != hq {
		t.Error("generation is not stable")
	}
	both := gen("annex", "hq")
	if both == hq || gen("hq", "annex") != both {
		t.Error("generation depends on facility order or ignores a facility")
	}
	if _, err := st.Write(t.Context(), "annex", dayOf("RTU-2", 0), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if gen("hq") != hq {
		t.Error("a write to annex changed hq's generation") // the registry did not change
	}
	if gen("annex", "hq") == both {
		t.Error("a write to annex did not change its generation")
	}
	if err := st.SetLifecycle("hq", LifecycleArchived); err != nil {
		t.Fatal(err)
	}
	if g := gen("hq"); g == hq {
		t.Error("a registry change did not change the generation")
	} else {
		hq = g
	}
	// An in-place rewrite of a part file (same name) counts.
	part := filepath.Join(st.facilityDir("hq"), "year=2025", "part-0-0.parquet")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(part, later, later); err != nil {
		t.Fatal(err)
	}
	if gen("hq") == hq {
		t.Error("touching a part file did not change the generation")
	}
	if gen("gone") == gen("gone2") || len(gen()) != 64 {
		t.Error("absent facilities digest alike, or the digest is not hex SHA-256")
	}
}

func TestRemoveFacility(t *testing.T) {
	st := campus(t)
	if err := st.Register("empty", Entry{Name: "Registered, no data"}); err != nil {
		t.Fatal(err)
	}
	if err := st.RemoveFacility(t.Context(), "hq"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Read(t.Context(), "hq", Query{}); err == nil {
		t.Error("hq still reads")
	}
	m, _, _ := st.Registry()
	if _, ok := m["hq"]; ok {
		t.Error("hq is still registered")
	}
	if err := st.RemoveFacility(t.Context(), "empty"); err != nil {
		t.Fatal(err)
	}
	if err := st.RemoveFacility(t.Context(), "hq"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("second removal: %v", err)
	}
	ents, _ := os.ReadDir(st.Root())
	for _, e := range ents {
		if e.Name() != registryName && e.Name() != fenceDirName && e.Name() != lockName {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

func TestFacilityIDs(t *testing.T) {
	st := campus(t)
	for _, d := range []string{"facility_id=b-2", "facility_id=bad id", "facility_id=", "site=x", "_fence"} {
		os.MkdirAll(filepath.Join(st.Root(), d), 0o755)
	}
	os.WriteFile(filepath.Join(st.Root(), "facility_id=afile"), nil, 0o644)
	got, err := st.FacilityIDs()
	if err != nil || !cmp.Equal(got, []string{"b-2", "hq"}) {
		t.Errorf("FacilityIDs = %v, %v", got, err)
	}
}

func TestWrite_Validation(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ok := model.Series{Equip: "AHU-1", Class: "AHU", Role: model.OAT, TS: []int64{1}, V: []float64{1}}
	with := func(f func(s *model.Series)) []model.Series {
		s := ok
		f(&s)
		return []model.Series{s}
	}
	tests := []struct {
		name     string
		facility string
		in       []model.Series
		want     string
	}{
		{"unsafe_id", "a/b", []model.Series{ok}, `facility id "a/b" is not a safe id (1-200 characters: an ASCII letter or digit, then letters, digits, '.', '_' or '-')`},
		{"lengths", "hq", with(func(s *model.Series) { s.V = nil }), "series 0: 1 timestamps but 0 values"},
		{"empty_equip", "hq", with(func(s *model.Series) { s.Equip = "" }), "series 0: empty equip id"},
		{"bidi_equip", "hq", with(func(s *model.Series) { s.Equip = "AHU\u202e1" }), "series 0: equip id contains the invisible or bidi formatting character U+202E"},
		{"control_class", "hq", with(func(s *model.Series) { s.Class = "A\x1b[31m" }), "series 0: class contains the control character U+001B"},
		{"long_equip", "hq", with(func(s *model.Series) { s.Equip = strings.Repeat("é", 201) }), "series 0: equip id is 201 characters long (at most 200)"},
		{"unknown_role", "hq", with(func(s *model.Series) { s.Role = "Supply Air" }), `series 0: unknown role "Supply Air"`},
		{"class_conflict", "hq", append(with(func(*model.Series) {}), with(func(s *model.Series) { s.Class = "RTU" })...),
			`series 1: equip "AHU-1" role oat is also given with class "AHU", not "RTU"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := st.Write(t.Context(), tt.facility, tt.in, WriteOptions{})
			if err == nil || err.Error() != tt.want {
				t.Errorf("err = %v\nwant %s", err, tt.want)
			}
		})
	}
	// All-NaN series write nothing (and no file).
	ws, err := st.Write(t.Context(), "hq", with(func(s *model.Series) { s.V = []float64{nan()} }), WriteOptions{})
	if err != nil || ws.Rows != 0 || ws.Dropped != 1 || ws.Files != 0 {
		t.Errorf("all-NaN write = %+v, %v", ws, err)
	}
	if ids, _ := st.FacilityIDs(); len(ids) != 0 {
		t.Errorf("all-NaN write made a partition: %v", ids)
	}
}

// TestConcurrentWritersAndReaders runs writers on two facilities and
// readers of both at once (run with -race).
func TestConcurrentWritersAndReaders(t *testing.T) {
	st := campus(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := []string{"hq", "annex"}[w%2]
			for i := range 3 {
				opt := WriteOptions{Replace: i == 2 && f == "annex"}
				if _, err := st.Write(t.Context(), f, dayOf("AHU-1", float64(w*10+i)), opt); err != nil {
					errs <- err
				}
			}
		}()
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if _, err := st.Read(t.Context(), "hq", Query{}); err != nil {
					errs <- err
				}
				if _, err := st.Stats(t.Context(), "annex", Query{}); err != nil && !IsRetryable(err) && !strings.Contains(err.Error(), "not found") {
					errs <- err
				}
				if _, err := st.Generation(t.Context(), []string{"hq", "annex"}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got, err := st.Read(t.Context(), "hq", Query{Equips: []string{"AHU-1"}, Roles: []model.Role{model.SupplyAirTemp}})
	if err != nil || len(got) != 1 || len(got[0].TS) != 72 { // 48 from campus, 24 more (same hours rewritten)
		t.Errorf("hq after concurrent writes: %v, %v", len(got), err)
	}
	if fs, _ := st.Fence("hq"); fs.Busy {
		t.Error("hq left busy")
	}
}

func TestExtent(t *testing.T) {
	st := campus(t)
	ex, err := st.Extent(t.Context(), "hq")
	want := Extent{Files: 2, Rows: 4*48 + 192,
		First: time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC).UnixNano(),
		Last:  time.Date(2025, 1, 1, 23, 45, 0, 0, time.UTC).UnixNano()}
	if err != nil || ex != want {
		t.Errorf("Extent = %+v, %v; want %+v", ex, err, want)
	}
	if _, err := st.Extent(t.Context(), "nope"); err == nil {
		t.Error("no error for a missing facility")
	}
}

// TestRead_LongNames: statistics of 64 bytes or more may be truncated by
// other writers, so they are not trusted; reads still find the rows.
func TestRead_LongNames(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Building-7/Floor-3/AHU-", 4) + "1"
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	in := []model.Series{
		regular(long, "AHU", model.OAT, day, time.Minute, 5000, 0),
		regular(long+"2", "AHU", model.OAT, day, time.Minute, 10, 0),
	}
	if _, err := st.Write(t.Context(), "hq", in, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Read(t.Context(), "hq", Query{Equips: []string{long + "2"}})
	if err != nil || len(got) != 1 || got[0].Equip != long+"2" || len(got[0].TS) != 10 {
		t.Fatalf("Read = %v, %v", got, err)
	}
	pts, err := st.Points(t.Context(), "hq")
	if err != nil || len(pts) != 2 || pts[0].Equip != long {
		t.Fatalf("Points = %v, %v", pts, err)
	}
}
