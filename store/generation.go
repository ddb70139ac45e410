package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Generation digests what decides the data of a call about facilities: the
// size and modification time of the registry, the point catalog, each
// facility's fence mark and every file under each facility's partition
// (part files included, so an in-place rewrite changes it). The same data
// gives the same generation, also across restarts; any write, replace,
// removal or registry change gives a new one. Facilities are taken sorted
// and de-duplicated; a missing one digests as absent. It takes no lock.
func (s *Store) Generation(ctx context.Context, facilities []string) (string, error) {
	h := sha256.New()
	stamp := func(w io.Writer, label, path string) error {
		fi, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(w, "%s absent\n", label)
		case err != nil:
			return fmt.Errorf("store generation: %s: %w", label, pathless(err))
		default:
			fmt.Fprintf(w, "%s %d %d\n", label, fi.Size(), fi.ModTime().UnixNano())
		}
		return nil
	}
	if err := stamp(h, registryName, filepath.Join(s.root, registryName)); err != nil {
		return "", err
	}
	if err := stamp(h, catalogName, filepath.Join(s.root, catalogName)); err != nil {
		return "", err
	}
	ids := slices.Clone(facilities)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		if err := checkFacilityID(id); err != nil {
			return "", err
		}
		if err := ctx.Err(); err != nil {
			return "", err
		}
		if err := stamp(h, "fence "+id, s.fencePath(id)); err != nil {
			return "", err
		}
		dir := s.facilityDir(id)
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					if p == dir {
						fmt.Fprintf(h, "facility %s absent\n", id)
					}
					return nil // a file removed mid-walk: the next call sees the change
				}
				return fmt.Errorf("store generation: %s: %w", s.rel(p), pathless(err))
			}
			if d.IsDir() {
				return nil
			}
			info, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("store generation: %s: %w", s.rel(p), pathless(err))
			}
			fmt.Fprintf(h, "%s %d %d\n", s.rel(p), info.Size(), info.ModTime().UnixNano())
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
