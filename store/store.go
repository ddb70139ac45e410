package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// Names of the files and directories at the store root. Everything but the
// facility partitions starts with '_', so Arrow dataset discovery (pyarrow,
// DuckDB, Spark) ignores it.
const (
	registryName = "_facilities.json"
	catalogName  = "_catalog.json"
	lockName     = "_writer.lock"
	fenceDirName = "_fence"
	stagingName  = "_staging"
	swapDirName  = "_swap"
	facilityPfx  = "facility_id="
	yearPfx      = "year="
)

// Store is a CAMBER-compatible Parquet store rooted at one directory. It
// holds no open files; its only state is a cache of parsed part-file
// footers, each checked against the file's identity, size and modification
// time on every use, so a file another process writes is never read by a
// stale footer, and a pool of page buffers its readers reuse. It is safe for concurrent use by several goroutines and
// processes: writers serialise on the store lock, readers take no lock at
// all.
type Store struct {
	root    string
	footers *footerCache
	pages   *pagePool
}

// Open opens the store rooted at the existing directory root. A missing
// root is an error wrapping [ErrNotFound]; no error names the path.
func Open(root string) (*Store, error) {
	fi, err := os.Stat(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("store directory: %w", ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("open store: %w", pathless(err))
	}
	if !fi.IsDir() {
		return nil, errors.New("open store: the store path is not a directory")
	}
	return &Store{root: filepath.Clean(root), footers: newFooterCache(footerBudget), pages: &pagePool{}}, nil
}

// Create makes root (and its parents) if needed, then opens it.
func Create(root string) (*Store, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("create store: %w", pathless(err))
	}
	return Open(root)
}

// Root returns the store's root directory as given to Open (cleaned).
func (s *Store) Root() string { return s.root }

// FacilityIDs returns the ids of the facilities that have a data partition
// (facility_id=<id> directory), sorted, as CAMBER's facilities() does: a
// registered facility without data is not listed, a partition without a
// registry entry is. A facility whose replace-swap a killed writer left
// between its two renames is listed too (its reads fail with [ErrBusy]).
// Directory names that are not valid facility ids are skipped.
func (s *Store) FacilityIDs() ([]string, error) {
	ents, err := os.ReadDir(s.root)
	if err != nil {
		return nil, fmt.Errorf("list facilities: %w", pathless(err))
	}
	var ids []string
	for _, e := range ents {
		id, ok := strings.CutPrefix(e.Name(), facilityPfx)
		if ok && e.IsDir() && model.ValidFacilityID(id) {
			ids = append(ids, id)
		}
	}
	swaps, err := os.ReadDir(filepath.Join(s.root, swapDirName))
	if err == nil {
		for _, e := range swaps {
			id, ok := strings.CutSuffix(e.Name(), ".new")
			if ok && model.ValidFacilityID(id) && !slices.Contains(ids, id) {
				if _, err := os.Stat(s.facilityDir(id)); errors.Is(err, fs.ErrNotExist) {
					ids = append(ids, id)
				}
			}
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// facilityDir is the partition directory of facility id.
func (s *Store) facilityDir(id string) string {
	return filepath.Join(s.root, facilityPfx+id)
}

// rel returns p relative to the store root with forward slashes, for error
// messages that must never show an absolute path.
func (s *Store) rel(p string) string {
	r, err := filepath.Rel(s.root, p)
	if err != nil {
		return filepath.Base(p)
	}
	return filepath.ToSlash(r)
}

// checkFacilityID refuses ids that are not CAMBER's path-safe ids.
func checkFacilityID(id string) error {
	if !model.ValidFacilityID(id) {
		return fmt.Errorf("facility id %q is not a safe id (1-200 characters: an ASCII letter or digit, then letters, digits, '.', '_' or '-')", clip(id, 60))
	}
	return nil
}

// pathless drops the path from file-system errors so that messages never
// carry a local absolute path; the operation and the errno text remain.
func pathless(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	if le, ok := errors.AsType[*os.LinkError](err); ok {
		return fmt.Errorf("%s: %w", le.Op, le.Err)
	}
	return err
}

// clip cuts s to at most n bytes on a rune boundary, adding an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
