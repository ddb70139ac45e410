package builtin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// storeData implements registry.Data over package store and the dataset
// catalog. It never writes. Part-file digests are cached by path, size and
// modification time, so a store holding research-only data pays the
// hashing once per file.
type storeData struct {
	st *store.Store

	mu      sync.Mutex
	digests map[string]fileDigest
}

// fileDigest is a cached part-file digest.
type fileDigest struct {
	size   int64
	mtime  time.Time
	digest string
}

func newStoreData(st *store.Store) *storeData {
	return &storeData{st: st, digests: map[string]fileDigest{}}
}

// Survey reads the facility registry and the facility directories and
// judges each facility's licence terms (see terms).
func (d *storeData) Survey(ctx context.Context, also []string) (*registry.Survey, error) {
	entries, state, _ := d.st.Registry() // the state says what is wrong; the error only names the file
	stored, err := d.st.FacilityIDs()
	if err != nil {
		return nil, &store.DamagedError{File: ".", Reason: "the store directory cannot be listed"}
	}
	s := &registry.Survey{State: registryState(state), Facilities: map[string]registry.FacilityInfo{}}
	ids := slices.Concat(stored, also)
	for id := range entries {
		ids = append(ids, id)
	}
	for _, id := range ids {
		if _, done := s.Facilities[id]; done {
			continue
		}
		e, registered := entries[id]
		f := registry.FacilityInfo{
			ID:             id,
			Stored:         slices.Contains(stored, id),
			Registered:     registered,
			Name:           e.Name,
			Lifecycle:      string(e.Lifecycle),
			TZ:             e.TZ,
			LifecycleValid: !registered || e.Lifecycle.Valid(),
			Dataset:        catalog.IsDatasetFacility(id),
		}
		if !registered {
			f.Lifecycle = string(store.LifecycleActive)
		}
		f.Terms, f.Licence = terms(id, e.Dataset)
		s.Facilities[id] = f
	}
	return s, nil
}

// registryState maps the store's registry state to the policy's.
func registryState(s store.RegistryState) registry.RegistryState {
	switch s {
	case store.RegistryOK:
		return registry.RegistryOK
	case store.RegistryMissing:
		return registry.RegistryMissing
	case store.RegistryEmpty:
		return registry.RegistryEmpty
	case store.RegistryMalformed:
		return registry.RegistryMalformed
	}
	return registry.RegistryUnreadable
}

// terms judges a facility's licence from three sources, independently, and
// keeps the strictest: the catalog entry its ds- name maps to (so a
// registry entry that is missing or records an open licence cannot unlock a
// research-only dataset), the catalog entry its registry dataset block
// names, and that block's own licence. A ds- facility or a dataset block
// that none of them settles is TermsUnknown.
func terms(id string, block *store.Dataset) (registry.Terms, string) {
	verdict, licence := registry.TermsNone, ""
	judge := func(t registry.Terms, l string) {
		if rank(t) > rank(verdict) {
			verdict, licence = t, l
		}
	}
	fromCatalog := func(e catalog.Entry) {
		if catalog.ResearchOnly(e) {
			judge(registry.TermsResearchOnly, e.Licence)
		} else {
			judge(registry.TermsOpen, e.Licence)
		}
	}
	if catalog.IsDatasetFacility(id) {
		if e, ok := catalog.ForFacility(id); ok {
			fromCatalog(e)
		}
	}
	if block != nil {
		if e, ok := catalog.Lookup(block.ID); ok && block.ID != "" {
			fromCatalog(e)
		}
		switch {
		case catalog.RestrictiveLicence(block.Licence):
			judge(registry.TermsResearchOnly, block.Licence)
		case block.Licence != "" && block.Licence != catalog.NoAssertion && catalog.ValidLicence(block.Licence):
			judge(registry.TermsOpen, block.Licence)
		}
	}
	if verdict == registry.TermsNone && (block != nil || catalog.IsDatasetFacility(id)) {
		return registry.TermsUnknown, ""
	}
	return verdict, licence
}

// rank orders verdicts from the most permissive to the strictest.
func rank(t registry.Terms) int {
	switch t {
	case registry.TermsOpen:
		return 1
	case registry.TermsResearchOnly:
		return 3
	}
	return 0
}

// PartDigests returns, per part file of the facility, SHA-256 over its size
// and its last 64 KiB (the Parquet footer: schema, row-group offsets and
// statistics), which tells a byte-identical copy from any other file.
func (d *storeData) PartDigests(ctx context.Context, facility string) ([]string, error) {
	if !model.ValidFacilityID(facility) {
		return nil, nil
	}
	dir := filepath.Join(d.st.Root(), "facility_id="+facility)
	var out []string
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if de.IsDir() || !strings.HasSuffix(de.Name(), ".parquet") {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		info, err := de.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		dg, err := d.digest(p, info)
		if err != nil {
			return err
		}
		out = append(out, dg)
		return nil
	})
	if err != nil && ctx.Err() == nil {
		return nil, &store.DamagedError{File: "facility_id=" + facility, Reason: "part files cannot be read to compare them"}
	}
	return out, err
}

// digest returns the cached or computed digest of one part file.
func (d *storeData) digest(path string, info fs.FileInfo) (string, error) {
	d.mu.Lock()
	c, ok := d.digests[path]
	d.mu.Unlock()
	if ok && c.size == info.Size() && c.mtime.Equal(info.ModTime()) {
		return c.digest, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	const tail = 64 << 10
	off := max(info.Size()-tail, 0)
	h := sha256.New()
	h.Write([]byte(strconv.FormatInt(info.Size(), 10) + "\n"))
	if _, err := io.Copy(h, io.NewSectionReader(f, off, info.Size()-off)); err != nil {
		return "", err
	}
	dg := hex.EncodeToString(h.Sum(nil))
	d.mu.Lock()
	d.digests[path] = fileDigest{size: info.Size(), mtime: info.ModTime(), digest: dg}
	d.mu.Unlock()
	return dg, nil
}

// Generation is the store's generation of the facilities (valid ids only:
// another id has no files).
func (d *storeData) Generation(ctx context.Context, facilities []string) (string, error) {
	return d.st.Generation(ctx, validIDs(facilities))
}

// Fence reads a facility's writer mark; a replace-swap a killed writer left
// half done counts as busy until the next writer finishes it.
func (d *storeData) Fence(_ context.Context, facility string) (registry.Fence, error) {
	if !model.ValidFacilityID(facility) {
		return registry.Fence{}, nil
	}
	f, err := d.st.Fence(facility)
	if err != nil {
		return registry.Fence{}, &store.DamagedError{File: "_fence/" + facility, Reason: "unreadable writer mark"}
	}
	return registry.Fence{Busy: f.Busy || f.Interrupted, Token: f.Token}, nil
}

// Classify sorts store read errors: a damaged file is not retryable; a
// vanished file and a facility being swapped are.
func (d *storeData) Classify(err error) (registry.StoreFault, bool) {
	return classify(err)
}

// classify is Classify without the receiver, for handlers that list an
// unavailable facility instead of failing.
func classify(err error) (registry.StoreFault, bool) {
	if de, ok := errors.AsType[*store.DamagedError](err); ok {
		return registry.StoreFault{Facility: facilityOfFile(de.File)}, true
	}
	if ve, ok := errors.AsType[*store.VanishedError](err); ok {
		return registry.StoreFault{Retryable: true, Facility: facilityOfFile(ve.File)}, true
	}
	if errors.Is(err, store.ErrBusy) {
		return registry.StoreFault{Retryable: true}, true
	}
	return registry.StoreFault{}, false
}

// facilityOfFile returns the facility of a store-relative file name
// (facility_id=hq/year=2024/part-0-0.parquet).
func facilityOfFile(rel string) string {
	first, _, _ := strings.Cut(rel, "/")
	id, ok := strings.CutPrefix(first, "facility_id=")
	if !ok {
		return ""
	}
	return id
}

// validIDs keeps the valid facility ids.
func validIDs(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if model.ValidFacilityID(id) {
			out = append(out, id)
		}
	}
	return out
}
