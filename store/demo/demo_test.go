package demo

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// campusHash digests every facility, series and sample of c.
func campusHash(c *Campus) string {
	h := sha256.New()
	var b [8]byte
	for _, f := range c.Facilities {
		fmt.Fprintf(h, "%s|%s|%s\n", f.ID, f.Name, f.TZ)
		for _, s := range f.Series {
			fmt.Fprintf(h, "%s|%s|%s|%d\n", s.Equip, s.Class, s.Role, len(s.TS))
			for k := range s.TS {
				binary.LittleEndian.PutUint64(b[:], uint64(s.TS[k]))
				h.Write(b[:])
				binary.LittleEndian.PutUint64(b[:], math.Float64bits(s.V[k]))
				h.Write(b[:])
			}
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func TestGenerate_Deterministic(t *testing.T) {
	a, err := Generate(Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if campusHash(a) != campusHash(b) {
		t.Fatal("same seed gave different campuses")
	}
	c, err := Generate(Options{Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	if campusHash(a) == campusHash(c) {
		t.Fatal("different seeds gave identical campuses")
	}
}

// TestGenerate_Golden pins the default campus: any generator change that
// alters a value shows here, and GeneratorVersion must be bumped with it.
func TestGenerate_Golden(t *testing.T) {
	c := testCampus(t)
	type fac struct {
		ID, Name, TZ string
		Start, End   string
		Series, Rows int
	}
	out := struct {
		GeneratorVersion int
		Hash             string
		Facilities       []fac
	}{GeneratorVersion: GeneratorVersion, Hash: campusHash(c)}
	for _, f := range c.Facilities {
		n := 0
		for _, s := range f.Series {
			n += len(s.TS)
		}
		out.Facilities = append(out.Facilities, fac{f.ID, f.Name, f.TZ,
			f.Start.Format(time.DateTime), f.End.Format(time.DateTime), len(f.Series), n})
	}
	golden.CheckJSON(t, "campus.golden.json", out)
}

func TestGenerate_Options(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"OK", Options{Seed: 1}, ""},
		{"ErrBigInMemory", Options{Preset: PresetBig}, "use Write or EnsureBig"},
		{"ErrUnknownPreset", Options{Preset: "huge"}, `unknown preset "huge"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Generate(tt.opt)
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestGenerate_Series(t *testing.T) {
	for _, f := range testCampus(t).Facilities {
		if !model.ValidFacilityID(f.ID) {
			t.Errorf("facility id %q is not valid", f.ID)
		}
		if _, err := time.LoadLocation(f.TZ); err != nil {
			t.Errorf("%s: tz %q: %v", f.ID, f.TZ, err)
		}
		lo, hi := f.Start.UnixNano(), f.End.UnixNano()
		seen := map[string]bool{}
		for _, s := range f.Series {
			key := s.Equip + "/" + string(s.Role)
			if seen[key] {
				t.Errorf("%s: duplicate series %s", f.ID, key)
			}
			seen[key] = true
			if !s.Role.Valid() {
				t.Errorf("%s %s: invalid role %q", f.ID, s.Equip, s.Role)
			}
			if s.Class != loggerClass && model.CanonicalClass(s.Class) != s.Class {
				t.Errorf("%s %s: class %q is not canonical", f.ID, s.Equip, s.Class)
			}
			if c, ok := model.LookupClass(s.Class); ok && !c.Expects(s.Role) && !extraRole(s.Class, s.Role) {
				t.Errorf("%s %s: role %s is not in the %s template", f.ID, s.Equip, s.Role, s.Class)
			}
			if len(s.TS) != len(s.V) || len(s.TS) == 0 {
				t.Errorf("%s: bad lengths", key)
				continue
			}
			for k := range s.TS {
				if math.IsNaN(s.V[k]) || math.IsInf(s.V[k], 0) {
					t.Fatalf("%s: non-finite value at %d", key, k)
				}
				if s.TS[k] < lo || s.TS[k] >= hi || (k > 0 && s.TS[k] <= s.TS[k-1]) {
					t.Fatalf("%s: timestamp %d out of order or span", key, k)
				}
				if s.Role.IsStatus() && s.V[k] != 0 && s.V[k] != 1 {
					t.Fatalf("%s: status value %v", key, s.V[k])
				}
			}
		}
	}
}

// extraRole lists roles the generator stores beyond a class template, as
// real controllers do: refrigerant pressures and superheat on chillers,
// filter pressure on AHUs, site weather's wet-bulb.
func extraRole(class string, r model.Role) bool {
	switch class {
	case model.ClassChiller:
		return r == model.SuperheatTemp || r == model.DischargePressure || r == model.SuctionPressure
	case model.ClassAHU:
		return r == model.FilterDiffPress
	}
	return false
}

func TestGenerate_Equipment(t *testing.T) {
	want := map[string][]string{
		NorthCampus: {"AHU-1", "AHU-2", "AHU-3", "CH-1", "CH-2", "CHWP-1", "CT-1", "HWP-1", "LOG-1", "MTR-1",
			"VAV-1-1", "VAV-1-2", "VAV-1-3", "VAV-1-4", "VAV-1-5", "VAV-2-1", "VAV-2-2", "VAV-2-3", "VAV-2-4", "VAV-2-5",
			"VAV-3-1", "VAV-3-2", "VAV-3-3", "VAV-3-4", "VAV-3-5", "WX-1"},
		SouthAnnex:      {"HP-1", "HP-2", "MTR-1", "RTU-1", "RTU-2", "RTU-3", "WX-1"},
		DatasetFacility: {"MTR-1", "MTR-2", "MTR-3", "WX-1"},
	}
	for _, f := range testCampus(t).Facilities {
		var got []string
		for _, s := range f.Series {
			if len(got) == 0 || got[len(got)-1] != s.Equip {
				got = append(got, s.Equip)
			}
		}
		if !slices.Equal(got, want[f.ID]) {
			t.Errorf("%s equipment = %v, want %v", f.ID, got, want[f.ID])
		}
	}
}

func TestGenerate_DatasetFacility(t *testing.T) {
	for _, f := range testCampus(t).Facilities {
		if f.ID != DatasetFacility {
			if f.Dataset != nil {
				t.Errorf("%s has a dataset block", f.ID)
			}
			continue
		}
		e, ok := catalog.ForFacility(f.ID)
		if !ok || !catalog.ResearchOnly(e) {
			t.Fatalf("%s does not name a research-only catalog entry", f.ID)
		}
		if f.Dataset == nil || f.Dataset.ID != e.ID || f.Dataset.Licence != e.Licence || f.Dataset.Access != e.Access {
			t.Errorf("dataset block %+v does not match catalog entry %s", f.Dataset, e.ID)
		}
	}
}

func TestLabels(t *testing.T) {
	c := testCampus(t)
	spans := map[string]Facility{}
	equips := map[string]bool{}
	for _, f := range c.Facilities {
		spans[f.ID] = f
		for _, s := range f.Series {
			equips[f.ID+"/"+s.Equip] = true
		}
	}
	if len(c.Labels) < 10 {
		t.Fatalf("%d labels, want at least 10", len(c.Labels))
	}
	for _, l := range c.Labels {
		f, ok := spans[l.Facility]
		if !ok {
			t.Errorf("label on unknown facility %q", l.Facility)
			continue
		}
		if !equips[l.Facility+"/"+l.Equip] {
			t.Errorf("label on unknown equipment %s/%s", l.Facility, l.Equip)
		}
		start, err1 := time.Parse("2006-01-02T15:04:05", l.Start)
		end, err2 := time.Parse("2006-01-02T15:04:05", l.End)
		if err1 != nil || err2 != nil || !start.Before(end) {
			t.Errorf("%s %s: bad window %s..%s", l.Equip, l.Rule, l.Start, l.End)
			continue
		}
		if start.Before(f.Start) || end.After(f.End) {
			t.Errorf("%s %s: window %s..%s outside the data %s..%s", l.Equip, l.Rule, l.Start, l.End, f.Start, f.End)
		}
		if l.Rule == "" || l.Note == "" {
			t.Errorf("%s: empty rule or note", l.Equip)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		if _, err := Generate(Options{Seed: DefaultSeed}); err != nil {
			b.Fatal(err)
		}
	}
}
