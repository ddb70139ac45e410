package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// twoFacilities writes facilities "good" and "bad" with a day of data each.
func twoFacilities(t *testing.T) (*Store, string) {
	t.Helper()
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range []string{"good", "bad"} {
		in := []model.Series{regular("AHU-1", "AHU", model.SupplyAirTemp, day, 15*time.Minute, 96, 55)}
		if _, err := st.Write(t.Context(), f, in, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return st, filepath.Join(st.Root(), "facility_id=bad", "year=2024", "part-0-0.parquet")
}

func TestRead_DamagedPartFile(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, path string)
		reason string
	}{
		{"truncated", func(t *testing.T, path string) {
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		}, "not a readable Parquet file"},
		{"empty", func(t *testing.T, path string) {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}, "empty file"},
		{"not_parquet", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("ts,equip,role,value\n1,a,b,2\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "not a readable Parquet file"},
		{"corrupt_pages", func(t *testing.T, path string) {
			b, _ := os.ReadFile(path)
			for i := 4; i < len(b)/2; i++ { // keep the footer, wreck the pages
				b[i] ^= 0x5a
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"wrong_columns", func(t *testing.T, path string) {
			writeFixture(t, path, []struct {
				When  int64   `parquet:"when,timestamp"`
				Value float64 `parquet:"value"`
			}{{1, 2}})
		}, "no ts column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, path := twoFacilities(t)
			tt.damage(t, path)
			_, err := st.Read(t.Context(), "bad", Query{})
			de, ok := errors.AsType[*DamagedError](err)
			if !ok {
				t.Fatalf("Read error = %v, want a DamagedError", err)
			}
			if de.File != "facility_id=bad/year=2024/part-0-0.parquet" {
				t.Errorf("File = %q", de.File)
			}
			if !strings.Contains(de.Reason, tt.reason) {
				t.Errorf("Reason = %q, want it to contain %q", de.Reason, tt.reason)
			}
			if IsRetryable(err) {
				t.Error("a damaged file is retryable")
			}
			if strings.Contains(err.Error(), st.Root()) {
				t.Errorf("error names the store path: %v", err)
			}
			for _, call := range []func() error{
				func() error { _, err := st.Stats(t.Context(), "bad", Query{}); return err },
				func() error {
					return st.ScanTimestamps(t.Context(), "bad", Query{}, func(Point, []int64) error { return nil })
				},
			} {
				if _, ok := errors.AsType[*DamagedError](call()); !ok {
					t.Errorf("Stats/ScanTimestamps error = %v, want a DamagedError", err)
				}
			}
			// The other facility is unaffected.
			got, err := st.Read(t.Context(), "good", Query{})
			if err != nil || len(got) != 1 || len(got[0].TS) != 96 {
				t.Errorf("good facility: %v, %d series", err, len(got))
			}
			if _, err := st.Points(t.Context(), "good"); err != nil {
				t.Errorf("good facility points: %v", err)
			}
		})
	}
}

func TestRead_UnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any directory")
	}
	st, path := twoFacilities(t)
	dir := filepath.Dir(path)
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	_, err := st.Read(t.Context(), "bad", Query{})
	if de, ok := errors.AsType[*DamagedError](err); !ok || de.File != "facility_id=bad/year=2024" {
		t.Fatalf("Read error = %v", err)
	}
}

func TestOpenPart_VanishedOrReplaced(t *testing.T) {
	for _, replace := range []bool{false, true} {
		st, path := twoFacilities(t)
		files, err := st.listParts("bad", 0, 0)
		if err != nil || len(files) != 1 {
			t.Fatalf("listParts = %v, %v", files, err)
		}
		if replace {
			other := filepath.Join(st.Root(), "facility_id=good", "year=2024", "part-0-0.parquet")
			b, _ := os.ReadFile(other)
			tmp := path + ".new"
			if err := os.WriteFile(tmp, append(b, 0), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		} else if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		_, err = openPart(files[0])
		ve, ok := errors.AsType[*VanishedError](err)
		if !ok || ve.File != "facility_id=bad/year=2024/part-0-0.parquet" {
			t.Fatalf("replace=%v: openPart error = %v", replace, err)
		}
		if !IsRetryable(err) {
			t.Error("a vanished file is not retryable")
		}
	}
}

func TestRead_NotFound(t *testing.T) {
	st, _ := twoFacilities(t)
	for _, f := range []string{"nowhere", "Good"} {
		if _, err := st.Read(t.Context(), f, Query{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Read(%q) error = %v, want ErrNotFound", f, err)
		}
	}
	if _, err := st.Read(t.Context(), "../good", Query{}); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Read of an unsafe id: %v", err)
	}
	_, err := Open(filepath.Join(st.Root(), "missing"))
	if !errors.Is(err, ErrNotFound) || strings.Contains(err.Error(), st.Root()) {
		t.Errorf("Open(missing) = %v", err)
	}
	if _, err := Open(filepath.Join(st.Root(), "_fence", "good")); err == nil || strings.Contains(err.Error(), st.Root()) {
		t.Errorf("Open(a file) = %v", err)
	}
}

func TestIsRetryable(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{nil, false},
		{&VanishedError{File: "x"}, true},
		{&DamagedError{File: "x"}, false},
		{ErrBusy, true},
		{errors.Join(errors.New("read"), ErrBusy), true},
		{ErrNotFound, false},
		{errors.New("other"), false},
	}
	for _, tt := range tests {
		if got := IsRetryable(tt.err); got != tt.want {
			t.Errorf("IsRetryable(%v) = %v", tt.err, got)
		}
	}
}
