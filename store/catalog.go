package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/camber-tui/camber-tui/model"
)

// catalogDoc is _catalog.json: CAMBER's sorted, de-duplicated
// (facility_id, equip, role) triples, to which we add equip_class (CAMBER
// ignores extra keys).
type catalogDoc struct {
	Points []catalogPoint `json:"points"`
}

type catalogPoint struct {
	FacilityID string  `json:"facility_id"`
	Equip      string  `json:"equip"`
	Role       string  `json:"role"`
	EquipClass *string `json:"equip_class,omitempty"`
}

// dropCatalog deletes the point catalog; every write does this first.
func (s *Store) dropCatalog() error {
	err := os.Remove(filepath.Join(s.root, catalogName))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("invalidate %s: %w", catalogName, pathless(err))
	}
	return nil
}

// catalogPoints answers Points from the catalog when it is fresh for the
// facility: it parses, is at least as new as every listed part file, lists
// the facility when it has files, and records a class for each of its
// points (a catalog written by CAMBER has none, so it is not used).
func (s *Store) catalogPoints(facility string, files []partFile) ([]Point, bool) {
	path := filepath.Join(s.root, catalogName)
	fi, err := os.Stat(path)
	if err != nil {
		return nil, false
	}
	for _, f := range files {
		if f.info.ModTime().After(fi.ModTime()) {
			return nil, false
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var doc catalogDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, false
	}
	var out []Point
	for _, p := range doc.Points {
		if p.FacilityID != facility {
			continue
		}
		if p.EquipClass == nil {
			return nil, false
		}
		out = append(out, Point{Equip: p.Equip, Class: *p.EquipClass, Role: model.Role(p.Role)})
	}
	if len(out) == 0 && len(files) > 0 {
		return nil, false
	}
	sortPoints(out)
	return out, true
}

// RebuildCatalog scans every facility's points and rewrites _catalog.json
// atomically under the store lock. Reads never write the catalog; a writer
// (the demo generator, an ingest command) calls this after its writes when
// it wants later Points calls to skip the scan. A damaged facility fails
// the rebuild and leaves the catalog absent.
func (s *Store) RebuildCatalog(ctx context.Context) error {
	w, err := s.lock(ctx)
	if err != nil {
		return err
	}
	err = func() error {
		ids, err := s.FacilityIDs()
		if err != nil {
			return err
		}
		doc := catalogDoc{Points: []catalogPoint{}}
		for _, id := range ids {
			pts, err := s.Points(ctx, id)
			if err != nil {
				return fmt.Errorf("rebuild catalog: %w", err)
			}
			for _, p := range pts {
				cls := p.Class
				doc.Points = append(doc.Points, catalogPoint{FacilityID: id, Equip: p.Equip, Role: string(p.Role), EquipClass: &cls})
			}
		}
		slices.SortFunc(doc.Points, func(a, b catalogPoint) int {
			return cmp.Or(cmp.Compare(a.FacilityID, b.FacilityID), cmp.Compare(a.Equip, b.Equip), cmp.Compare(a.Role, b.Role))
		})
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(s.root, catalogName+".tmp"), filepath.Join(s.root, catalogName), buf.Bytes()); err != nil {
			return fmt.Errorf("write %s: %w", catalogName, err)
		}
		return nil
	}()
	return errors.Join(err, w.release())
}
