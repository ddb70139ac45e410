package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// RemoveFacility deletes facility id's partition and registry entry under
// the store lock and the facility's fence. The partition is first renamed
// out of sight, then the entry is removed, and only then does the fence
// clear, so no reader sees the entry without its data or a half-deleted
// partition. A facility with neither data nor entry is [ErrNotFound].
func (s *Store) RemoveFacility(ctx context.Context, id string) error {
	if err := checkFacilityID(id); err != nil {
		return err
	}
	w, err := s.lock(ctx)
	if err != nil {
		return err
	}
	err = func() (err error) {
		m, _, err := s.readRegistry()
		if err != nil {
			return fmt.Errorf("remove %s: %w", id, err)
		}
		_, registered := m[id]
		live := s.facilityDir(id)
		_, statErr := os.Stat(live)
		hasData := statErr == nil
		if !registered && !hasData {
			return fmt.Errorf("facility %s: %w", id, ErrNotFound)
		}
		done, err := w.fence(id, "remove")
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, done()) }()
		if hasData {
			if err := s.dropCatalog(); err != nil {
				return err
			}
			old := s.swapPath(id, ".old")
			if err := os.MkdirAll(s.swapPath("", ""), 0o755); err != nil {
				return fmt.Errorf("remove %s: %w", id, pathless(err))
			}
			if err := os.RemoveAll(old); err != nil {
				return fmt.Errorf("remove %s: %w", id, pathless(err))
			}
			if err := os.Rename(live, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("remove %s: %w", id, pathless(err))
			}
			defer func() { // a leftover is cleared by the next writer
				os.RemoveAll(old)
				os.Remove(filepath.Dir(old))
			}()
		}
		return s.unregister(id)
	}()
	return errors.Join(err, w.release())
}
