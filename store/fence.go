package store

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// mark is the content of <store>/_fence/<facility_id>. A writer that
// replaces, appends to or removes a facility's files records its pid and
// process start time while it works and leaves a fresh token when done.
type mark struct {
	Token string `json:"token"`
	PID   int    `json:"pid,omitempty"`
	Start string `json:"start,omitempty"` // /proc/<pid>/stat start time, to detect pid reuse
	Op    string `json:"op,omitempty"`    // write, replace or remove
	Phase string `json:"phase,omitempty"` // "swap" from just before a replace's first rename until it is done
}

// FenceState is what a reader learns from a facility's fence mark.
type FenceState struct {
	// Busy is true while a live writer is changing the facility's files.
	Busy bool
	// Interrupted is true when a writer was killed between the two renames
	// of a replace-swap: the facility's data is missing until the next
	// writer to take the store lock finishes the swap.
	Interrupted bool
	// Token changes every time a writer finishes with the facility; it is
	// "" for a facility no writer of ours has fenced.
	Token string
}

// Fence reads facility id's writer mark. A mark left by a writer that died
// (its pid gone, or reused by a later process) is ignored, except that a
// replace-swap it left between its renames reports Interrupted. Readers call
// it before and after a read; it takes no lock and writes nothing.
func (s *Store) Fence(id string) (FenceState, error) {
	if err := checkFacilityID(id); err != nil {
		return FenceState{}, err
	}
	m, err := s.readMark(id)
	if err != nil {
		return FenceState{}, err
	}
	st := FenceState{Token: m.Token}
	if m.PID == 0 {
		return st, nil
	}
	if start, ok := procStart(m.PID); ok && (m.Start == "" || start == "" || start == m.Start) {
		st.Busy = true
		return st, nil
	}
	st.Interrupted = m.Phase == phaseSwap && s.swapPending(id)
	return st, nil
}

const phaseSwap = "swap"

func (s *Store) fencePath(id string) string {
	return filepath.Join(s.root, fenceDirName, id)
}

// readMark reads a fence mark; a missing mark is the zero mark.
func (s *Store) readMark(id string) (mark, error) {
	var m mark
	b, err := os.ReadFile(s.fencePath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read fence of %s: %w", id, pathless(err))
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("fence mark %s/%s is malformed: %v", fenceDirName, id, err)
	}
	return m, nil
}

// writeMark replaces a fence mark atomically. Only the holder of the store
// lock writes marks.
func (s *Store) writeMark(id string, m mark) error {
	dir := filepath.Join(s.root, fenceDirName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write fence of %s: %w", id, pathless(err))
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, "."+id+".tmp"), s.fencePath(id), append(b, '\n')); err != nil {
		return fmt.Errorf("write fence of %s: %w", id, err)
	}
	return nil
}

// swapPending reports whether a replace of facility id stands between its
// renames: the new partition is built aside and the live one is gone.
func (s *Store) swapPending(id string) bool {
	if _, err := os.Stat(s.facilityDir(id)); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	_, err := os.Stat(s.swapPath(id, ".new"))
	return err == nil
}

func (s *Store) swapPath(id, suffix string) string {
	return filepath.Join(s.root, swapDirName, id+suffix)
}

// newToken returns 16 random hex digits.
func newToken() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// writeFileAtomic writes data to tmp, syncs it and renames it over dst, so
// a reader sees the old or the new content, never half of it.
func writeFileAtomic(tmp, dst string, data []byte) error {
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return pathless(err)
	}
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return pathless(err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return pathless(err)
	}
	return nil
}
