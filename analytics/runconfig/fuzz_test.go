package runconfig

import (
	"strings"
	"testing"
)

func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(goodJSON))
	f.Add([]byte(`{"rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": {"value": 140, "basis": "x"}}}]}`))
	f.Add([]byte(`{"a": 1, "a": 2}`))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, "f.json", data) })
}

func FuzzParseYAML(f *testing.F) {
	f.Add([]byte(goodYAML))
	f.Add([]byte("a: &x [1]\nb: *x\n"))
	f.Add([]byte("rules: [a, b\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, "f.yaml", data) })
}

func checkParse(t *testing.T, name string, data []byte) {
	c, err := Options{Rules: testRules()}.Parse(name, data)
	if err != nil {
		if !strings.HasPrefix(err.Error(), name+": ") || strings.ContainsAny(err.Error(), "\r\n") {
			t.Fatalf("error %q is not one line naming the file", err)
		}
		return
	}
	_ = c.Spec()
}

func FuzzParseReferenceCSV(f *testing.F) {
	f.Add([]byte("ts,value\n2025-07-01 08:00,55\n"))
	f.Add([]byte("time,x\n2025-07-01T08:00,1e3\n,\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseReferenceCSV("f.csv", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.csv") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(s.TS) == 0 || len(s.TS) != len(s.V) {
			t.Fatalf("accepted %d timestamps, %d values", len(s.TS), len(s.V))
		}
		for i := 1; i < len(s.TS); i++ {
			if s.TS[i] < s.TS[i-1] {
				t.Fatal("not sorted")
			}
		}
	})
}

func FuzzParseZonesCSV(f *testing.F) {
	f.Add([]byte("equip,area_sqft,population,space_type\nVAV-1,900,6,office\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		zones, err := parseZonesCSV("z.csv", data)
		if err != nil {
			return
		}
		for e, z := range zones {
			if e == "" || z.AreaSqft <= 0 || z.Population < 0 {
				t.Fatalf("accepted zone %q %+v", e, z)
			}
		}
	})
}

func FuzzParseResample(f *testing.F) {
	for _, s := range []string{"1h", "15min", "5T", "1d", "30s", "99999999999999999999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		step, err := ParseResample(s)
		if err == nil && (step < 60e9 || step > 86400e9) {
			t.Fatalf("%q accepted as %v", s, step)
		}
	})
}

func FuzzParseDate(f *testing.F) {
	f.Add("2025-01-31")
	f.Add("2025-01-31T08:00")
	f.Fuzz(func(t *testing.T, s string) {
		if _, _, err := ParseDate(s); err != nil && strings.ContainsAny(err.Error(), "\n") {
			t.Fatalf("multi-line error %q", err)
		}
	})
}
