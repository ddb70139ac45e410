package store

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func dayOf(equip string, base float64) []model.Series {
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	return []model.Series{regular(equip, "AHU", model.SupplyAirTemp, day, time.Hour, 24, base)}
}

func TestFence_Marks(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if fs, err := st.Fence("hq"); err != nil || fs != (FenceState{}) {
		t.Fatalf("no mark: %+v, %v", fs, err)
	}
	if _, err := st.Write(t.Context(), "hq", dayOf("AHU-1", 1), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	fs, err := st.Fence("hq")
	if err != nil || fs.Busy || fs.Interrupted || len(fs.Token) != 16 {
		t.Fatalf("after a write: %+v, %v", fs, err)
	}
	self, _ := procStart(os.Getpid())
	tests := []struct {
		name string
		m    mark
		want FenceState
	}{
		{"live_writer", mark{Token: "t1", PID: os.Getpid(), Start: self, Op: "write"}, FenceState{Busy: true, Token: "t1"}},
		{"dead_writer", mark{Token: "t1", PID: deadPID(t), Start: "1", Op: "write"}, FenceState{Token: "t1"}},
		{"reused_pid", mark{Token: "t1", PID: os.Getpid(), Start: self + "0", Op: "write"}, FenceState{Token: "t1"}},
		{"dead_swap_done", mark{Token: "t1", PID: deadPID(t), Op: "replace", Phase: phaseSwap}, FenceState{Token: "t1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := st.writeMark("hq", tt.m); err != nil {
				t.Fatal(err)
			}
			got, err := st.Fence("hq")
			if err != nil || got != tt.want {
				t.Errorf("Fence = %+v, %v; want %+v", got, err, tt.want)
			}
			// Readers ignore marks: the data still reads.
			if _, err := st.Read(t.Context(), "hq", Query{}); err != nil {
				t.Errorf("Read: %v", err)
			}
		})
	}
	// The next writer clears a stale mark and leaves a fresh token.
	if err := st.writeMark("hq", mark{Token: "t1", PID: deadPID(t), Op: "write"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Register("other", Entry{Name: "Other"}); err != nil {
		t.Fatal(err)
	}
	m, _ := st.readMark("hq")
	if m.PID != 0 || m.Token == "t1" || m.Token == "" {
		t.Errorf("stale mark after the next writer: %+v", m)
	}
	if err := os.WriteFile(st.fencePath("hq"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Fence("hq"); err == nil {
		t.Error("no error for a malformed mark")
	}
}

func TestFence_TokenChangesAfterEveryWriter(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	steps := []func() error{
		func() error { _, err := st.Write(t.Context(), "hq", dayOf("AHU-1", 1), WriteOptions{}); return err },
		func() error { _, err := st.Write(t.Context(), "hq", dayOf("AHU-2", 1), WriteOptions{}); return err },
		func() error {
			_, err := st.Write(t.Context(), "hq", dayOf("AHU-3", 1), WriteOptions{Replace: true})
			return err
		},
		func() error { return st.RemoveFacility(t.Context(), "hq") },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		fs, err := st.Fence("hq")
		if err != nil || fs.Busy || fs.Token == "" || seen[fs.Token] {
			t.Fatalf("step %d: %+v, %v", i, fs, err)
		}
		seen[fs.Token] = true
	}
}

// TestReplace_InterruptedSwap simulates a writer killed between the two
// renames of a replace: reads fail as busy (retryable) until the next
// writer takes the lock and finishes the swap.
func TestReplace_InterruptedSwap(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write(t.Context(), "hq", dayOf("OLD-1", 1), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	// Build the replacement the way a replace does, in another store, then
	// move it into the swap area and take the live partition out.
	side, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := side.Write(t.Context(), "hq", dayOf("NEW-1", 2), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(st.Root(), swapDirName), 0o755)
	if err := os.Rename(side.facilityDir("hq"), st.swapPath("hq", ".new")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(st.facilityDir("hq"), st.swapPath("hq", ".old")); err != nil {
		t.Fatal(err)
	}
	if err := st.writeMark("hq", mark{Token: "t0", PID: deadPID(t), Start: "9", Op: "replace", Phase: phaseSwap}); err != nil {
		t.Fatal(err)
	}

	fs, err := st.Fence("hq")
	if err != nil || !fs.Interrupted || fs.Busy {
		t.Fatalf("Fence = %+v, %v", fs, err)
	}
	_, err = st.Read(t.Context(), "hq", Query{})
	if !errors.Is(err, ErrBusy) || !IsRetryable(err) {
		t.Fatalf("Read during an interrupted swap = %v", err)
	}
	if ids, _ := st.FacilityIDs(); len(ids) != 1 || ids[0] != "hq" {
		t.Errorf("FacilityIDs = %v", ids)
	}

	// Any writer finishes the swap.
	if err := st.Register("elsewhere", Entry{}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 1 || got[0].Equip != "NEW-1" {
		t.Fatalf("Read after recovery = %v, %v", got, err)
	}
	fs, _ = st.Fence("hq")
	if fs.Interrupted || fs.Busy || fs.Token == "t0" {
		t.Errorf("Fence after recovery = %+v", fs)
	}
	if _, err := os.Stat(filepath.Join(st.Root(), swapDirName)); !os.IsNotExist(err) {
		t.Errorf("swap area left behind: %v", err)
	}
}

func TestWrite_AppendReplaceNaming(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	jan := time.Date(2024, 12, 31, 22, 0, 0, 0, time.UTC)
	span := []model.Series{regular("AHU-1", "AHU", model.OAT, jan, time.Hour, 4, 0)} // 2024 and 2025
	for range 2 {
		if _, err := st.Write(t.Context(), "hq", span, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	checkFiles(t, st, "hq", []string{
		"facility_id=hq/year=2024/part-0-0.parquet", "facility_id=hq/year=2024/part-2-0.parquet",
		"facility_id=hq/year=2025/part-0-0.parquet", "facility_id=hq/year=2025/part-2-0.parquet",
	})
	// seq counts the files of every year (CAMBER); a name already taken
	// raises it further (CAMBER would overwrite the file).
	os.Remove(filepath.Join(st.facilityDir("hq"), "year=2025", "part-0-0.parquet"))
	os.Remove(filepath.Join(st.facilityDir("hq"), "year=2025", "part-2-0.parquet"))
	if _, err := st.Write(t.Context(), "hq", span, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"facility_id=hq/year=2024/part-0-0.parquet", "facility_id=hq/year=2024/part-2-0.parquet", "facility_id=hq/year=2024/part-3-0.parquet",
		"facility_id=hq/year=2025/part-3-0.parquet",
	}
	checkFiles(t, st, "hq", want)
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 1 || len(got[0].TS) != 4 || got[0].V[3] != 3 {
		t.Fatalf("Read after three appends of the same rows = %+v, %v", got, err)
	}

	ws, err := st.Write(t.Context(), "hq", dayOf("AHU-9", 7), WriteOptions{Replace: true})
	if err != nil || ws.Files != 1 {
		t.Fatal(ws, err)
	}
	checkFiles(t, st, "hq", []string{"facility_id=hq/year=2024/part-0-0.parquet"})
	got, err = st.Read(t.Context(), "hq", Query{})
	if err != nil || len(got) != 1 || got[0].Equip != "AHU-9" {
		t.Fatalf("Read after replace = %+v, %v", got, err)
	}
	for _, leftover := range []string{stagingName, swapDirName} {
		if _, err := os.Stat(filepath.Join(st.Root(), leftover)); !os.IsNotExist(err) {
			t.Errorf("%s left behind", leftover)
		}
	}
}

func checkFiles(t *testing.T, st *Store, facility string, want []string) {
	t.Helper()
	files, err := st.listParts(facility, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.rel)
	}
	if strconv.Quote(joinLines(got)) != strconv.Quote(joinLines(want)) {
		t.Errorf("files:\n%s\nwant:\n%s", joinLines(got), joinLines(want))
	}
}

func joinLines(s []string) string {
	out := ""
	for _, x := range s {
		out += x + "\n"
	}
	return out
}
