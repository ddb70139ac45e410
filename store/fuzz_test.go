package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/google/go-cmp/cmp"
)

// FuzzRegistry feeds arbitrary bytes as _facilities.json: Registry never
// panics, and a registry it accepts survives a rewrite unchanged.
func FuzzRegistry(f *testing.F) {
	for _, s := range []string{
		`{}`, ``, `[]`, `{"hq": {"name": "HQ", "n": 1.0e3, "x": [null, true]}}`,
		`{"a": {"lifecycle": "archived", "tz": "UTC", "dataset": {"id": "d", "extra": {"k": 1}}}}`,
		`{"a": {"name": 1}}`, `{"a": 1}`, `{"a": {}} x`, "\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Create(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(st.Root(), registryName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		before, state, err := st.Registry()
		if (err != nil) != (state == RegistryMalformed || state == RegistryUnreadable) {
			t.Fatalf("state %v with error %v", state, err)
		}
		if state != RegistryOK {
			return
		}
		var id string
		for k := range before {
			id = k
			break
		}
		if !model.ValidFacilityID(id) {
			return
		}
		if err := st.Register(id, Entry{}); err != nil {
			t.Fatalf("Register on an accepted registry: %v", err)
		}
		after, state, err := st.Registry()
		if err != nil || state != RegistryOK {
			t.Fatalf("rewritten registry: %v %v", state, err)
		}
		if d := cmp.Diff(before, after); d != "" {
			t.Errorf("rewrite changed the registry (-before +after):\n%s", d)
		}
	})
}

// FuzzPartFile feeds arbitrary bytes as a part file: every read either
// succeeds or reports a DamagedError; nothing panics.
func FuzzPartFile(f *testing.F) {
	st, err := Create(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	in := []model.Series{
		regular("AHU-1", "AHU", model.SupplyAirTemp, day, time.Hour, 30, 50),
		regular("AHU-2", "", model.HeatValve, day, time.Minute, 10, 0),
	}
	if _, err := st.Write(f.Context(), "hq", in, WriteOptions{}); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(st.facilityDir("hq"), "year=2024", "part-0-0.parquet"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)-9])
	f.Add(append([]byte("PAR1"), good[len(good)-64:]...))
	f.Add([]byte("PAR1PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		path := filepath.Join(root, "facility_id=x", "year=2024", "part-0-0.parquet")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := Open(root)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, err error) {
			if err == nil {
				return
			}
			if _, ok := errors.AsType[*DamagedError](err); !ok {
				t.Fatalf("%s: %v is not a DamagedError", what, err)
			}
			if bytes.Contains([]byte(err.Error()), []byte(root)) {
				t.Fatalf("%s: error names the path: %v", what, err)
			}
		}
		_, err = st.Read(t.Context(), "x", Query{})
		check("Read", err)
		_, err = st.Points(t.Context(), "x")
		check("Points", err)
		_, err = st.Stats(t.Context(), "x", Query{Equips: []string{"AHU-1"}, Start: day.Add(time.Hour).UnixNano()})
		check("Stats", err)
	})
}

// FuzzCheckLabel: an accepted label is valid UTF-8 of at most 200
// characters with no control or format character.
func FuzzCheckLabel(f *testing.F) {
	for _, s := range []string{"AHU-1", "", "A\u200bB", "\x1b[31m", "Zoné 4", "\u2066x\u2069"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if CheckLabel(s) != nil {
			return
		}
		n := 0
		for _, r := range s {
			n++
			if r < 0x20 || (r >= 0x7f && r < 0xa0) || r == 0x200b || r == 0x202e || r == 0xfeff || r == 0x2028 {
				t.Fatalf("accepted %q with U+%04X", s, r)
			}
		}
		if n > MaxLabelLen {
			t.Fatalf("accepted %d characters", n)
		}
	})
}

// FuzzDeltaInt64 feeds arbitrary bytes to the DELTA_BINARY_PACKED decoder
// (it never panics nor writes past what it is asked for), and round-trips
// the same bytes read as int64 values through the reference encoder.
func FuzzDeltaInt64(f *testing.F) {
	f.Add([]byte{}, uint8(0))
	f.Add(encodeDelta([]int64{1, 2, 4, 8, 1 << 40, -5}, 128, 4), uint8(1))
	f.Add(encodeDelta([]int64{math.MinInt64, math.MaxInt64, 0}, 256, 8), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, layout uint8) {
		var d deltaInt64
		if err := d.reset(data); err == nil && d.left <= 1<<16 {
			out := make([]int64, d.left)
			for at := 0; at < len(out); at += 50 {
				if d.decode(out[at:min(at+50, len(out))]) != nil {
					break
				}
			}
		}
		vals := make([]int64, len(data)/8)
		for i := range vals {
			vals[i] = int64(binary.LittleEndian.Uint64(data[8*i:]))
		}
		block, minis := [...]int{128, 128, 256, 128}[layout%4], [...]int{4, 1, 8, 2}[layout%4]
		enc := encodeDelta(vals, block, minis)
		if err := d.reset(enc); err != nil {
			t.Fatalf("reset of an encoded page: %v", err)
		}
		got := make([]int64, d.left)
		if err := d.decode(got); err != nil {
			t.Fatalf("decode of an encoded page: %v", err)
		}
		if !slices.Equal(got, vals) && len(vals) > 0 {
			t.Fatalf("round trip: %v, want %v", got, vals)
		}
	})
}

// FuzzLevelRuns feeds arbitrary bytes as RLE/bit-packed definition levels:
// next never panics and hands out exactly the page's levels or an error.
func FuzzLevelRuns(f *testing.F) {
	f.Add([]byte{5 << 1, 1, 1<<1 | 1, 0b10001101, 3 << 1, 0}, uint16(16))
	f.Add([]byte{}, uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, rows uint16) {
		l := levelRuns{data: data, left: int(rows)}
		total := 0
		for total < int(rows) {
			_, n, err := l.next(7)
			if err != nil {
				return
			}
			if n < 1 || n > 7 {
				t.Fatalf("a run of %d levels", n)
			}
			total += n
		}
		if total != int(rows) {
			t.Fatalf("%d levels of %d rows", total, rows)
		}
	})
}
