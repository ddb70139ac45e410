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

// Commit publishes the staged part files under the store lock and the
// facility's fence, merges opt.Entry into the registry, deletes the point
// catalog and clears the fence with a fresh token. Appended files are named
// part-<seq>-<i>.parquet as CAMBER names them: seq is the number of part
// files the facility already has (raised past any name already taken), i
// counts the files of this commit in each year directory. With opt.Replace
// the staged files become the facility's whole partition by two renames.
// A batch with no rows publishes nothing (the entry is still merged).
func (b *Batch) Commit(ctx context.Context, opt WriteOptions) (WriteStats, error) {
	if err := ctx.Err(); err != nil {
		return WriteStats{}, err
	}
	if len(b.files) == 0 && opt.Entry == nil {
		return b.stats, b.Abort()
	}
	s := b.s
	w, err := s.lock(ctx)
	if err != nil {
		return WriteStats{}, err
	}
	op := "write"
	if opt.Replace {
		op = "replace"
	}
	err = func() (err error) {
		done, err := w.fence(b.facility, op)
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, done()) }()
		if len(b.files) > 0 {
			if err := s.dropCatalog(); err != nil {
				return err
			}
			if opt.Replace {
				err = b.publishReplace(w, op)
			} else {
				err = b.publishAppend()
			}
			if err != nil {
				return err
			}
		}
		if opt.Entry != nil {
			return s.register(b.facility, *opt.Entry)
		}
		return nil
	}()
	err = errors.Join(err, w.release())
	if err != nil {
		return WriteStats{}, err
	}
	b.stats.Files = len(b.files)
	b.files = nil
	return b.stats, b.Abort()
}

// publishAppend renames the staged files into the live partition.
func (b *Batch) publishAppend() error {
	s := b.s
	live := s.facilityDir(b.facility)
	seq, err := countParts(live)
	if err != nil {
		return fmt.Errorf("count part files of %s: %w", b.facility, err)
	}
	for taken := true; taken; {
		taken = false
		for _, dst := range b.targets(live, seq) {
			if _, err := os.Lstat(dst); err == nil {
				taken = true
				seq++
				break
			}
		}
	}
	targets := b.targets(live, seq)
	for i, dst := range targets {
		err := os.MkdirAll(filepath.Dir(dst), 0o755)
		if err == nil {
			err = os.Rename(b.files[i].path, dst)
		}
		if err != nil {
			for j := range i { // take back what was published, so a failed write adds nothing
				os.Rename(targets[j], b.files[j].path)
			}
			return fmt.Errorf("publish part file: %w", pathless(err))
		}
	}
	return nil
}

// publishReplace builds the new partition under _swap/<id>.new, records the
// swap phase, then renames the live partition out and the new one in. A
// writer killed between the renames leaves the fence in the swap phase; the
// next writer to take the lock rolls the swap forward.
func (b *Batch) publishReplace(w *writer, op string) error {
	s := b.s
	live, next, old := s.facilityDir(b.facility), s.swapPath(b.facility, ".new"), s.swapPath(b.facility, ".old")
	if err := os.RemoveAll(next); err != nil {
		return fmt.Errorf("prepare swap: %w", pathless(err))
	}
	for i, dst := range b.targets(next, 0) {
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return fmt.Errorf("prepare swap: %w", pathless(err))
		}
		if err := os.Rename(b.files[i].path, dst); err != nil {
			return fmt.Errorf("prepare swap: %w", pathless(err))
		}
	}
	if err := w.setPhase(b.facility, op, phaseSwap); err != nil {
		return err
	}
	if err := os.RemoveAll(old); err != nil {
		return fmt.Errorf("swap: %w", pathless(err))
	}
	if err := os.Rename(live, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("swap: %w", pathless(err))
	}
	if err := os.Rename(next, live); err != nil {
		return fmt.Errorf("swap: %w", pathless(err))
	}
	if err := os.RemoveAll(old); err != nil {
		return fmt.Errorf("remove replaced partition: %w", pathless(err))
	}
	os.Remove(filepath.Dir(old)) // the swap area, unless another facility's leftovers are in it
	return nil
}

// targets names the staged files' destinations under dir for sequence seq.
func (b *Batch) targets(dir string, seq int) []string {
	perYear := map[int]int{}
	out := make([]string, len(b.files))
	for i, f := range b.files {
		n := perYear[f.year]
		perYear[f.year] = n + 1
		out[i] = filepath.Join(dir, yearPfx+strconv.Itoa(f.year), fmt.Sprintf("part-%d-%d.parquet", seq, n))
	}
	return out
}

// countParts counts the .parquet files anywhere under dir (CAMBER's seq).
func countParts(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return filepath.SkipAll
			}
			return pathless(err)
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".parquet") {
			n++
		}
		return nil
	})
	return n, err
}
