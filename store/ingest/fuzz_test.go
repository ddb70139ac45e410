package ingest

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func timeOf(s string) (time.Time, error) {
	ns, err := ParseTime(s, TimeOptions{})
	return time.Unix(0, ns).UTC(), err
}

// FuzzParseTime: no input panics; an accepted timestamp is inside the
// nanosecond range, and a canonical ISO rendering of it parses back to the
// same instant.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{
		"2024-03-01T13:05:00", "2024-03-01 13:05:07.25 PST", "3/1/2024 1:05 PM", "1.3.2024", "01-Mar-24 1:05 PM EST",
		"1709298300", "1709298300000", "45352.5", "2024-03-01T13:05:00+01:00", "2024-03-01 24:00", "12/31/99", "",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string, dayFirst bool) {
		for _, opt := range []TimeOptions{{DayFirst: dayFirst}, {DayFirst: dayFirst, Loc: loc}} {
			ns, err := ParseTime(s, opt)
			if err != nil {
				if strings.Contains(err.Error(), s) && len(s) > 20 {
					t.Fatalf("error repeats the whole input: %v", err)
				}
				continue
			}
			iso := time.Unix(0, ns).UTC().Format("2006-01-02T15:04:05.999999999")
			back, err := ParseTime(iso, TimeOptions{})
			if err != nil || back != ns {
				t.Fatalf("%q -> %s -> %d, %v (want %d)", s, iso, back, err, ns)
			}
		}
	})
}

// checkOnly runs a source's first pass (no store) over in-memory files.
func checkOnly(src source) (*run, error) {
	r := &run{check: true}
	return r, src.scan(context.Background(), r)
}

// FuzzWideCSV feeds arbitrary bytes as a wide data file: no panic; an
// error names the file; every value counted is finite.
func FuzzWideCSV(f *testing.F) {
	for _, s := range []string{
		"ts,SAT,Fan,Valve\n2024-01-01 00:00,55,On,0.5\n2024-01-01 00:05,,off,1\n",
		"ts,SAT,Fan,Valve\n3/1/2024 1:05 PM,\"5\",1,2e1\n", "ts,SAT\n", "ts,SAT,Fan,Valve\nx,1,2,3\n",
		"\ufeffts,Fan,SAT,Valve\n45352,1e3,NaN,-1\n",
	} {
		f.Add([]byte(s))
	}
	rows := []mapRow{
		{column: "SAT", point: point{equip: "AHU-1", class: "AHU", role: model.SupplyAirTemp, src: "map.csv:2"}},
		{column: "Fan", point: point{equip: "AHU-1", class: "AHU", role: model.SupplyFanStatus, src: "map.csv:3", status: true}},
		{column: "Valve", point: point{equip: "AHU-1", class: "AHU", role: model.HeatValve, src: "map.csv:4", percent: true}},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := &wideSource{rows: rows, files: []string{"/in/data.csv"}, opener: func(string) (*csvFile, error) {
			return newCSV("data.csv", bytes.NewReader(data), nil), nil
		}}
		if err := src.checkHeaders(); err != nil {
			if !strings.HasPrefix(err.Error(), "map.csv:") {
				checkErr(t, err, "data.csv")
			}
			return
		}
		r, err := checkOnly(src)
		if err != nil {
			checkErr(t, err, "data.csv")
			return
		}
		for i := range r.points {
			if r.points[i].percent && r.n[i] > 0 && (r.lo[i]-r.lo[i] != 0 || r.hi[i]-r.hi[i] != 0) {
				t.Fatalf("point %d range %v..%v", i, r.lo[i], r.hi[i])
			}
		}
	})
}

// FuzzLongCSV feeds arbitrary bytes as a long file.
func FuzzLongCSV(f *testing.F) {
	for _, s := range []string{
		"ts,equip,equip_class,role,value\n2024-01-01,AHU-1,AHU,oat,1\n2024-01-01,AHU-1,ahu,supply_fan_status,On\n",
		"value,role,equip_class,equip,ts\n1,oat,,X,2024-01-01 00:00Z\n", "ts,equip,equip_class,role,value\n1,2,3,4,5\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := &longSource{file: "/in/long.csv", opener: func(string) (*csvFile, error) {
			return newCSV("long.csv", bytes.NewReader(data), nil), nil
		}}
		r, err := checkOnly(src)
		if err != nil {
			checkErr(t, err, "long.csv")
			return
		}
		for _, p := range r.points {
			if !p.role.Valid() || p.equip == "" {
				t.Fatalf("accepted point %+v", p)
			}
		}
	})
}

func checkErr(t *testing.T, err error, name string) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, name) || strings.Contains(msg, "/in/") {
		t.Fatalf("error does not start with the file name or names a path: %v", err)
	}
}
