package store

import (
	"math"
	"path/filepath"
	"slices"
	"testing"
	"time"

	pq "github.com/parquet-go/parquet-go"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestRead_UniformGroupsInPlace: row groups that hold one point each are
// decoded straight into the point's buffers; rows dropped there (a null
// ts or value, a NaN, rows outside the window) are squeezed out, and rows
// out of order or repeated, within a group and across groups, come back
// sorted with duplicates averaged, as for any other group.
func TestRead_UniformGroupsInPlace(t *testing.T) {
	day := time.Date(2024, 3, 10, 0, 0, 0, 0, time.UTC)
	at := func(i int) int64 { return day.Add(time.Duration(i) * 15 * time.Minute).UnixNano() }
	var rows []fixC
	var kept, stamped []obs // rows Read keeps; rows with a ts (ScanTimestamps decodes no value)
	cls := "ahu"
	for _, role := range []string{"heat_valve", "supply_air_temp"} {
		for i := range 96 {
			ts, v := at(i), float64(i)
			switch {
			case i == 30 && role == "heat_valve": // swapped with 31: out of order in its group
				ts = at(31)
			case i == 31 && role == "heat_valve":
				ts = at(30)
			case i == 48: // repeats 47 at a group boundary (groups of 24 rows)
				ts = at(47)
			}
			r := fixC{TS: &ts, Equip: "AHU-1", Class: &cls, Role: role, Value: &v}
			if i != 7 {
				stamped = append(stamped, obs{ts, "AHU-1", cls, role, v})
			}
			switch {
			case i == 5:
				r.Value = nil // null value
			case i == 6:
				nan := math.NaN()
				r.Value = &nan
			case i == 7:
				r.TS = nil // null ts
			default:
				kept = append(kept, obs{ts, "AHU-1", cls, role, v})
			}
			rows = append(rows, r)
		}
	}
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(st.Root(), "facility_id=hq", "year=2024", "part-0-0.parquet")
	writeFixture(t, path, rows, pq.MaxRowsPerRowGroup(24))

	files, err := st.listParts("hq", 0, 0)
	if err != nil || len(files) != 1 {
		t.Fatalf("listParts = %v, %v", files, err)
	}
	ft, err := st.footers.get(files[0])
	if err != nil {
		t.Fatal(err)
	}
	uniform := 0
	for _, g := range newPlan(ft, &filter{}).groups {
		if g.uniform {
			uniform++
		}
	}
	if uniform != 8 {
		t.Fatalf("%d of 8 row groups are uniform: the in-place path is not exercised", uniform)
	}

	for _, tc := range []struct {
		name       string
		start, end int64
	}{
		{"whole", 0, 0},
		{"window across groups", at(20), at(50)},
		{"window inside a group", at(2), at(9)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inWindow := func(rows []obs) []obs {
				var out []obs
				for _, o := range rows {
					if (tc.start == 0 || o.ts >= tc.start) && (tc.end == 0 || o.ts <= tc.end) {
						out = append(out, o)
					}
				}
				return out
			}
			in := inWindow(kept)
			got, err := st.Read(t.Context(), "hq", Query{Start: tc.start, End: tc.end})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(expectSeries(in), got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("Read (-want +got):\n%s", d)
			}
			var ts [][]int64
			err = st.ScanTimestamps(t.Context(), "hq", Query{Start: tc.start, End: tc.end}, func(p Point, t []int64) error {
				ts = append(ts, slices.Clone(t))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range expectSeries(inWindow(stamped)) {
				if i >= len(ts) || !slices.Equal(ts[i], s.TS) {
					t.Errorf("ScanTimestamps of %s: %v, want %v", s.Role, ts, s.TS)
					break
				}
			}
		})
	}
}
