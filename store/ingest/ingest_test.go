package ingest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// files writes name -> content into a temp directory and returns it.
func files(t *testing.T, m map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range m {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// dump renders a facility's stored data for a golden file.
func dump(t *testing.T, st *store.Store, facility string, sum Summary) []byte {
	t.Helper()
	ss, err := st.Read(t.Context(), facility, store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintln(&b, sum.String())
	for _, s := range ss {
		fmt.Fprintf(&b, "%s (%s) %s\n", s.Equip, s.Class, s.Role)
		for i := range s.TS {
			fmt.Fprintf(&b, "  %s %g\n", time.Unix(0, s.TS[i]).UTC().Format("2006-01-02 15:04:05"), s.V[i])
		}
	}
	m, _, _ := st.Registry()
	fmt.Fprintf(&b, "registry: %+v\n", m[facility])
	return []byte(b.String())
}

const wideMap = `column,equip,equip_class,role,unit
AHU1 SAT,AHU-1,ahu,supply_air_temp,degC
AHU1 Fan,AHU-1,Air Handler,supply_fan_status,
AHU1 Valve,AHU-1,AHU,heat_valve,%
AHU1 Damper,AHU-1,AHU,oa_damper,
CH1 Approach,CH-1,chiller,cond_approach_temp,°C
OAT,WX-1,WeatherStation,oat,
`

const wideJan = "\ufeffTimestamp,AHU1 SAT,AHU1 Fan,AHU1 Valve,AHU1 Damper,CH1 Approach,Unused\n" +
	"2024-01-31 23:45:00 PST,12.5,On,0.5,20,2,x\n" +
	"1/31/2024 11:50 PM,13,off,0.25,35,2.5,\n" +
	"2024-01-31T23:55:00,,RUNNING,NaN,null,-,\n" +
	"2024-01-31 23:55,14,Stopped,1.0,40\n"

const wideFeb = "time,OAT,AHU1 SAT\n" +
	"45323,30.5,15\n" + // Excel serial: 2024-02-01 00:00
	"45323.0034722222,31,\n" // 00:05

func TestWide(t *testing.T) {
	dir := files(t, map[string]string{"map.csv": wideMap, "jan.csv": wideJan, "feb.csv": wideFeb})
	st, err := store.Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Facility: "north-campus", Name: "North Campus", TZ: "America/Los_Angeles"}
	sum, err := Wide(t.Context(), st, opt, filepath.Join(dir, "map.csv"), []string{filepath.Join(dir, "jan.csv"), filepath.Join(dir, "feb.csv")})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "wide.txt", dump(t, st, "north-campus", sum))
}

const longCSV = `TS,Equip,Equip_Class,Role,Value,
2024-05-01 00:00,VAV-1-1,vav,space_temp,72.5
2024-05-01 00:00,VAV-1-1,vav,occupancy,Occupied
2024-05-01 00:15,VAV-1-1,vav,space_temp,73
2024-05-01 00:15,VAV-1-1,vav,occupancy,unoccupied
2024-05-01 00:15,VAV-1-1,vav,damper,0.4
2024-05-01 00:30,VAV-1-1,VAV,damper,0.6
2024-05-01 00:00,MTR-1,meter,power,
2024-05-01 00:30,MTR-1,meter,power,120.5
`

func TestLong(t *testing.T) {
	body := strings.Replace(longCSV, "TS,Equip,Equip_Class,Role,Value,", "TS,Equip,Equip_Class,Role,Value", 1)
	dir := files(t, map[string]string{"long.csv": body})
	st, err := store.Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Long(t.Context(), st, Options{Facility: "annex"}, filepath.Join(dir, "long.csv"))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "long.txt", dump(t, st, "annex", sum))
}

// treeHash digests every path, mode and byte under root.
func treeHash(t *testing.T, root string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %v\n", rel, info.Mode())
		if !d.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestWide_Errors: every failure names the problem exactly and leaves the
// store byte-identical.
func TestWide_Errors(t *testing.T) {
	okMap := "column,equip,equip_class,role\nSAT,AHU-1,AHU,supply_air_temp\nFan,AHU-1,AHU,supply_fan_status\n"
	okData := "ts,SAT,Fan\n2024-01-01 00:00,55,On\n2024-01-01 00:05,56,Off\n"
	tests := []struct {
		name     string
		mapping  string
		data     []string
		opt      Options
		want     string
		wantWrap error
	}{
		{name: "unsafe_facility", opt: Options{Facility: "../etc"}, want: `unsafe facility id "../etc" (1-200 characters: an ASCII letter or digit, then letters, digits, '.', '_' or '-')`},
		{name: "bad_tz", opt: Options{TZ: "Moon/Base"}, want: `unknown time zone "Moon/Base" (want an IANA name such as America/Chicago)`},
		{name: "rename", opt: Options{Name: "Another"}, want: `facility hq is registered as "HQ", not "Another": facility already has a different name`, wantWrap: store.ErrRename},
		{name: "unknown_role", mapping: "column,equip,equip_class,role\nSAT,AHU-1,AHU,Supply Air Temp\n", want: `map.csv:2: unknown role "Supply Air Temp" (want a CAMBER role slug such as supply_air_temp)`},
		{name: "unknown_class", mapping: "column,equip,equip_class,role\nSAT,AHU-1,Boiler,supply_air_temp\n", want: `map.csv:2: unknown equipment class "Boiler"`},
		{name: "bidi_equip", mapping: "column,equip,equip_class,role\nSAT,AHU\u202e-1,AHU,supply_air_temp\n", want: `map.csv:2: equip id contains the invisible or bidi formatting character U+202E`},
		{name: "long_equip", mapping: "column,equip,equip_class,role\nSAT," + strings.Repeat("A", 201) + ",AHU,supply_air_temp\n", want: `map.csv:2: equip id is 201 characters long (at most 200)`},
		{name: "empty_equip", mapping: "column,equip,equip_class,role\nSAT,,AHU,supply_air_temp\n", want: `map.csv:2: empty equip id`},
		{name: "map_header", mapping: "column,equip,class,role\n", want: `map.csv:1: unknown header "class" (want column,equip,equip_class,role and optionally unit)`},
		{name: "map_header_missing", mapping: "column,equip,role\n", want: `map.csv:1: the header has no "equip_class" column (want column,equip,equip_class,role and optionally unit)`},
		{name: "map_empty", mapping: "column,equip,equip_class,role\n", want: `map.csv: no mapping rows`},
		{name: "map_dup_column", mapping: okMap + "SAT,AHU-2,AHU,supply_air_temp\n", want: `map.csv:4: column "SAT" is mapped twice (first at map.csv:2)`},
		{name: "map_dup_point", mapping: okMap + "Fan2,AHU-1,AHU,supply_fan_status\n", want: `map.csv:4: point "AHU-1" supply_fan_status is mapped twice (first at map.csv:3)`},
		{name: "bad_unit", mapping: "column,equip,equip_class,role,unit\nFan,AHU-1,AHU,supply_fan_status,degC\n", want: `map.csv:2: unit "degC" on role supply_fan_status, which is not a temperature`},
		{name: "unknown_unit", mapping: "column,equip,equip_class,role,unit\nSAT,AHU-1,AHU,supply_air_temp,K\n", want: `map.csv:2: unit "K" does not fit role supply_air_temp (want degF, or degC for a temperature)`},
		{name: "column_not_in_data", mapping: okMap + "RAT,AHU-1,AHU,return_air_temp\n", want: `map.csv:4: column "RAT" is not in the data files`},
		{name: "mapped_ts_column", mapping: okMap + "ts,AHU-1,AHU,oat\n", want: `data.csv:1: column "ts" is the timestamp column, but the mapping maps it to a point`},
		{name: "duplicate_data_column", data: []string{"ts,SAT,Fan,SAT\n"}, want: `data.csv:1: duplicate column "SAT" (columns 2 and 4)`},
		{name: "empty_data", data: []string{""}, want: `data.csv: the file is empty (no header row)`},
		{name: "bad_timestamp", data: []string{okData + "2024-01-01 00:10,57,On\nsoon,58,On\n"}, want: `data.csv:5: unparseable timestamp "soon": not a recognised date (want YYYY-MM-DD, m/d/YYYY, d.m.YYYY or d-Mon-YY)`},
		{name: "bad_timestamp_second_file", data: []string{okData, "ts,SAT\n2024-02-30 00:00,1\n"}, want: `data2.csv:2: unparseable timestamp "2024-02-30 00:00": day 30 is out of range for 2024-02`},
		{name: "day_first_needed", data: []string{"ts,SAT,Fan\n13/01/2024 00:00,1,On\n"}, want: `data.csv:2: unparseable timestamp "13/01/2024 00:00": month 13 is out of range (a day-first date? use the day-first option)`},
		{name: "too_many_fields", data: []string{okData + "2024-01-01 00:10,57,On,9\n"}, want: `data.csv:4: 4 fields, but the header has 3`},
		{name: "csv_quote", data: []string{"ts,SAT,Fan\n2024-01-01 00:00,\"5\"5,On\n"}, want: `data.csv:2: extraneous or missing " in quoted-field`},
		{name: "non_numeric", data: []string{"ts,SAT,Fan\n" +
			"2024-01-01 00:00,abc,On\n2024-01-01 00:05,55,Maybe\n2024-01-01 00:10,inf,1\n2024-01-01 00:15,0x10,0\n" +
			"2024-01-01 00:20,5 degF,0\n2024-01-01 00:25,On,0\n2024-01-01 00:30,1e,0\n"},
			want: `7 non-numeric values: data.csv:2 column "SAT" "abc"; data.csv:3 column "Fan" "Maybe"; data.csv:4 column "SAT" "inf"; data.csv:5 column "SAT" "0x10"; data.csv:6 column "SAT" "5 degF"; and 2 more`},
		{name: "all_missing", data: []string{"ts,SAT,Fan\n2024-01-01 00:00,,\n2024-01-01 00:05,NaN,-\n"}, want: `no values to ingest: every mapped cell is empty or missing`},
		{name: "missing_file", data: nil, want: `open nope.csv: no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Create(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			// A store with data, so "unchanged" means something.
			dir := files(t, map[string]string{"m0.csv": okMap, "d0.csv": okData})
			if _, err := Wide(t.Context(), st, Options{Facility: "hq", Name: "HQ"}, filepath.Join(dir, "m0.csv"), []string{filepath.Join(dir, "d0.csv")}); err != nil {
				t.Fatal(err)
			}
			before := treeHash(t, st.Root())
			in := map[string]string{"map.csv": okMap}
			if tt.mapping != "" {
				in["map.csv"] = tt.mapping
			}
			data := tt.data
			if data == nil && tt.name != "missing_file" {
				data = []string{okData}
			}
			var paths []string
			for i, d := range data {
				name := "data.csv"
				if i > 0 {
					name = fmt.Sprintf("data%d.csv", i+1)
				}
				in[name] = d
				paths = append(paths, filepath.Join(dir, name))
			}
			if tt.name == "missing_file" {
				paths = []string{filepath.Join(dir, "nope.csv")}
			}
			dir = files(t, in)
			for i := range paths {
				paths[i] = filepath.Join(dir, filepath.Base(paths[i]))
			}
			opt := tt.opt
			if opt.Facility == "" {
				opt.Facility = "hq"
			}
			_, err = Wide(t.Context(), st, opt, filepath.Join(dir, "map.csv"), paths)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("err = %v\nwant %s", err, tt.want)
			}
			if tt.wantWrap != nil && !errors.Is(err, tt.wantWrap) {
				t.Errorf("%v does not wrap %v", err, tt.wantWrap)
			}
			if strings.Contains(err.Error(), dir) {
				t.Errorf("error names a full path: %v", err)
			}
			if after := treeHash(t, st.Root()); after != before {
				t.Error("a failed ingest changed the store")
			}
		})
	}
}

func TestLong_Errors(t *testing.T) {
	head := "ts,equip,equip_class,role,value\n"
	tests := []struct{ name, body, want string }{
		{"header_unknown", "ts,equip,class,role,value\n", `long.csv:1: unknown column "class" (want ts,equip,equip_class,role,value)`},
		{"header_missing", "ts,equip,equip_class,role\n", `long.csv:1: the header has no "value" column (want ts,equip,equip_class,role,value)`},
		{"unknown_role", head + "2024-01-01,AHU-1,AHU,sat,1\n", `long.csv:2: unknown role "sat" (want a CAMBER role slug such as supply_air_temp)`},
		{"unknown_class", head + "2024-01-01,AHU-1,AHU,oat,1\n2024-01-01,X,Thing,oat,1\n", `long.csv:3: unknown equipment class "Thing"`},
		{"control_char", head + "2024-01-01,AHU\x07,AHU,oat,1\n", `long.csv:2: equip id contains the control character U+0007`},
		{"class_conflict", head + "2024-01-01,AHU-1,AHU,oat,1\n2024-01-02,AHU-1,RTU,oat,1\n", `long.csv:3: equip "AHU-1" role oat has class "RTU" here but "AHU" at long.csv:2`},
		{"bad_timestamp", head + "2024-01-01,AHU-1,AHU,oat,1\n2024-01-01 7pm,AHU-1,AHU,oat,1\n", `long.csv:3: unparseable timestamp "2024-01-01 7pm": not a recognised time of day (want H:MM[:SS[.fff]] [AM/PM])`},
		{"non_numeric", head + "2024-01-01,AHU-1,AHU,oat,warm\n2024-01-02,AHU-1,AHU,supply_fan_status,sometimes\n", `2 non-numeric values: long.csv:2 AHU-1 oat "warm"; long.csv:3 AHU-1 supply_fan_status "sometimes"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Create(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			before := treeHash(t, st.Root())
			dir := files(t, map[string]string{"long.csv": tt.body})
			_, err = Long(t.Context(), st, Options{Facility: "hq"}, filepath.Join(dir, "long.csv"))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("err = %v\nwant %s", err, tt.want)
			}
			if after := treeHash(t, st.Root()); after != before {
				t.Error("a failed ingest changed the store")
			}
		})
	}
}

// TestWide_Streams ingests with a tiny buffer: the values are staged in
// many part files and read back the same as one unbuffered run.
func TestWide_Streams(t *testing.T) {
	var b strings.Builder
	b.WriteString("ts,A,B\n")
	t0 := time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC)
	for i := range 500 {
		fmt.Fprintf(&b, "%s,%d,%d\n", t0.Add(time.Duration(i)*5*time.Minute).Format("2006-01-02 15:04"), i, 1000-i)
	}
	dir := files(t, map[string]string{
		"map.csv":  "column,equip,equip_class,role\nA,AHU-1,AHU,supply_air_temp\nB,AHU-1,AHU,return_air_temp\n",
		"data.csv": b.String(),
	})
	read := func(flush int) ([]model.Series, int) {
		st, err := store.Create(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ingestWide(t.Context(), st, Options{Facility: "hq"}, filepath.Join(dir, "map.csv"), []string{filepath.Join(dir, "data.csv")}, flush); err != nil {
			t.Fatal(err)
		}
		ss, err := st.Read(t.Context(), "hq", store.Query{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		filepath.WalkDir(st.Root(), func(p string, d fs.DirEntry, _ error) error {
			if strings.HasSuffix(p, ".parquet") {
				n++
			}
			return nil
		})
		return ss, n
	}
	small, nSmall := read(64)
	big, nBig := read(flushValues)
	if nBig != 2 || nSmall < 16 {
		t.Errorf("part files: %d with a small buffer, %d with the default", nSmall, nBig)
	}
	if fmt.Sprint(small) != fmt.Sprint(big) {
		t.Error("a streamed ingest reads back differently")
	}
	if len(big) != 2 || len(big[0].TS) != 500 {
		t.Errorf("read back %d series", len(big))
	}
}
