package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// writer is a held store lock: <store>/_writer.lock, an exclusive flock(2)
// that every writer of this package takes (registry updates, part-file
// commits, replaces and removals). Readers never take it. The kernel drops
// it when the holder dies, so whoever holds it knows that every fence mark
// still naming a pid was left by a dead writer.
type writer struct {
	s      *Store
	unlock func() error
	pid    int
	start  string
}

// lock takes the store lock and then repairs what killed writers left
// behind: it finishes interrupted replace-swaps, clears their fence marks
// with fresh tokens and removes their staging and swap directories.
func (s *Store) lock(ctx context.Context) (*writer, error) {
	unlock, err := flock(ctx, filepath.Join(s.root, lockName))
	if err != nil {
		return nil, err
	}
	pid := os.Getpid()
	start, _ := procStart(pid)
	w := &writer{s: s, unlock: unlock, pid: pid, start: start}
	if err := w.recover(); err != nil {
		return nil, errors.Join(err, unlock())
	}
	return w, nil
}

func (w *writer) release() error { return w.unlock() }

// fence marks facility id busy for op and returns the function that clears
// the mark with a fresh token. The caller calls done exactly once, after the
// facility's files and registry entry are final, also on failure.
func (w *writer) fence(id, op string) (done func() error, err error) {
	m, err := w.s.readMark(id)
	if err != nil {
		return nil, err
	}
	busy := mark{Token: m.Token, PID: w.pid, Start: w.start, Op: op}
	if err := w.s.writeMark(id, busy); err != nil {
		return nil, err
	}
	return func() error { return w.s.writeMark(id, mark{Token: newToken()}) }, nil
}

// setPhase records a phase of op on facility id's busy mark.
func (w *writer) setPhase(id, op, phase string) error {
	m, err := w.s.readMark(id)
	if err != nil {
		return err
	}
	return w.s.writeMark(id, mark{Token: m.Token, PID: w.pid, Start: w.start, Op: op, Phase: phase})
}

// recover clears what dead writers left. It runs with the lock held, so a
// mark that names a pid is stale whatever that pid is doing now.
func (w *writer) recover() error {
	s := w.s
	fences, err := os.ReadDir(filepath.Join(s.root, fenceDirName))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("recover fences: %w", pathless(err))
	}
	for _, e := range fences {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			os.Remove(filepath.Join(s.root, fenceDirName, name))
			continue
		}
		m, err := s.readMark(name)
		if err != nil {
			return err
		}
		if m.PID == 0 {
			continue
		}
		if m.Phase == phaseSwap {
			if err := s.finishSwap(name); err != nil {
				return err
			}
		}
		if err := s.writeMark(name, mark{Token: newToken()}); err != nil {
			return err
		}
	}
	// Swap directories outside a swap are leftovers of a killed writer: an
	// old partition already swapped out, or a new one never swapped in.
	if err := os.RemoveAll(filepath.Join(s.root, swapDirName)); err != nil {
		return fmt.Errorf("clear swap leftovers: %w", pathless(err))
	}
	staging, err := os.ReadDir(filepath.Join(s.root, stagingName))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("clear staging: %w", pathless(err))
	}
	for _, e := range staging {
		if !stagingOwnerAlive(e.Name()) {
			if err := os.RemoveAll(filepath.Join(s.root, stagingName, e.Name())); err != nil {
				return fmt.Errorf("clear staging: %w", pathless(err))
			}
		}
	}
	for _, tmp := range []string{registryName + ".tmp", catalogName + ".tmp"} {
		os.Remove(filepath.Join(s.root, tmp))
	}
	return nil
}

// finishSwap completes a replace-swap whose writer died after recording the
// swap phase. The new partition was complete before that phase was
// recorded, so the swap always rolls forward.
func (s *Store) finishSwap(id string) error {
	live, next, old := s.facilityDir(id), s.swapPath(id, ".new"), s.swapPath(id, ".old")
	if _, err := os.Stat(next); err != nil {
		return nil // both renames happened; only the old partition may be left
	}
	if _, err := os.Stat(live); err == nil {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("finish swap of %s: %w", id, pathless(err))
		}
		if err := os.Rename(live, old); err != nil {
			return fmt.Errorf("finish swap of %s: %w", id, pathless(err))
		}
	}
	if err := os.Rename(next, live); err != nil {
		return fmt.Errorf("finish swap of %s: %w", id, pathless(err))
	}
	return nil
}

// stagingDirName names a staging directory after its owner, so that the next
// writer can tell a live batch's files from a dead one's.
func stagingDirName(pid int, start string) string {
	return strconv.Itoa(pid) + "-" + start + "-" + newToken()
}

func stagingOwnerAlive(name string) bool {
	f := strings.SplitN(name, "-", 3)
	if len(f) != 3 {
		return false
	}
	pid, err := strconv.Atoi(f[0])
	if err != nil {
		return false
	}
	start, ok := procStart(pid)
	return ok && (f[1] == "" || start == "" || start == f[1])
}
