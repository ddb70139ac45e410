package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
	_ "time/tzdata" // validate IANA zones on machines without a zoneinfo database
)

// Lifecycle is a facility's state in the registry (our extension; CAMBER
// readers ignore it). An entry without one is active.
type Lifecycle string

// The lifecycle states.
const (
	LifecycleActive       Lifecycle = "active"
	LifecycleProvisioning Lifecycle = "provisioning"
	LifecycleSuspended    Lifecycle = "suspended"
	LifecycleOffboarding  Lifecycle = "offboarding"
	LifecycleArchived     Lifecycle = "archived"
)

// Lifecycles lists the states in their natural order.
func Lifecycles() []Lifecycle {
	return []Lifecycle{LifecycleActive, LifecycleProvisioning, LifecycleSuspended, LifecycleOffboarding, LifecycleArchived}
}

// Valid reports whether l is one of the five states.
func (l Lifecycle) Valid() bool {
	switch l {
	case LifecycleActive, LifecycleProvisioning, LifecycleSuspended, LifecycleOffboarding, LifecycleArchived:
		return true
	}
	return false
}

// Dataset records the catalog dataset a facility was ingested from (our
// extension): its id, licence, access tier and redistribution terms.
type Dataset struct {
	ID             string `json:"id"`
	Licence        string `json:"licence"`
	Access         string `json:"access"`
	Redistribution string `json:"redistribution"`
	// Extra holds any other keys of the block, preserved on rewrite.
	Extra map[string]any `json:"-"`
}

// Entry is one facility's registry record. Fields left empty in a Register
// call keep their stored values.
type Entry struct {
	Name      string    // display name; "" means the id (CAMBER's name(id) fallback)
	Lifecycle Lifecycle // read as LifecycleActive when the file has none
	TZ        string    // IANA zone of the naive local timestamps, if known
	Dataset   *Dataset  // set for facilities ingested from a catalog dataset
	// Meta holds every other key of the record (CAMBER's free metadata,
	// such as climate_zone), preserved on rewrite. Numbers are json.Number.
	Meta map[string]any
}

// RegistryState says what Registry found in _facilities.json.
type RegistryState int

// The registry states.
const (
	RegistryOK         RegistryState = iota // a JSON object with at least one entry
	RegistryMissing                         // no file
	RegistryUnreadable                      // the file exists but cannot be read
	RegistryEmpty                           // zero bytes, only white space, or {}
	RegistryMalformed                       // not JSON, not an object, or an entry that is not a valid record
)

// String names the state in lower case ("ok", "missing", ...).
func (s RegistryState) String() string {
	switch s {
	case RegistryOK:
		return "ok"
	case RegistryMissing:
		return "missing"
	case RegistryUnreadable:
		return "unreadable"
	case RegistryEmpty:
		return "empty"
	case RegistryMalformed:
		return "malformed"
	}
	return fmt.Sprintf("RegistryState(%d)", int(s))
}

// Registry reads the facility registry _facilities.json. It returns the
// entries (lifecycle defaulted to active), the state of the file, and for
// RegistryUnreadable and RegistryMalformed an error saying why, naming the
// file by its store-relative name. It takes no lock.
func (s *Store) Registry() (map[string]Entry, RegistryState, error) {
	m, st, err := s.readRegistry()
	for id, e := range m {
		if e.Lifecycle == "" {
			e.Lifecycle = LifecycleActive
			m[id] = e
		}
	}
	return m, st, err
}

// Register creates or updates facility id's entry under the store lock:
// non-empty fields of e replace stored ones and e.Meta keys are merged. It
// refuses to change a recorded name (wrapping [ErrRename]), an invalid
// lifecycle or time zone, and a registry file it cannot parse.
func (s *Store) Register(id string, e Entry) error {
	if err := checkFacilityID(id); err != nil {
		return err
	}
	w, err := s.lock(context.Background())
	if err != nil {
		return err
	}
	return errors.Join(s.register(id, e), w.release())
}

// SetLifecycle sets facility id's lifecycle under the store lock. A
// facility with neither a registry entry nor data is [ErrNotFound].
func (s *Store) SetLifecycle(id string, l Lifecycle) error {
	if err := checkFacilityID(id); err != nil {
		return err
	}
	if !l.Valid() {
		return fmt.Errorf("lifecycle %q is not one of active, provisioning, suspended, offboarding, archived", clip(string(l), 40))
	}
	w, err := s.lock(context.Background())
	if err != nil {
		return err
	}
	err = func() error {
		m, _, err := s.readRegistry()
		if err != nil {
			return err
		}
		if _, ok := m[id]; !ok {
			if _, err := os.Stat(s.facilityDir(id)); err != nil {
				return fmt.Errorf("facility %s: %w", id, ErrNotFound)
			}
		}
		return s.register(id, Entry{Lifecycle: l})
	}()
	return errors.Join(err, w.release())
}

// register merges e into id's entry; the caller holds the store lock.
func (s *Store) register(id string, e Entry) error {
	if e.Lifecycle != "" && !e.Lifecycle.Valid() {
		return fmt.Errorf("lifecycle %q is not one of active, provisioning, suspended, offboarding, archived", clip(string(e.Lifecycle), 40))
	}
	if e.TZ != "" {
		if _, err := time.LoadLocation(e.TZ); err != nil || e.TZ == "Local" {
			return fmt.Errorf("time zone %q is not an IANA zone name", clip(e.TZ, 60))
		}
	}
	m, _, err := s.readRegistry()
	if err != nil {
		return fmt.Errorf("update registry: %w", err)
	}
	if m == nil {
		m = map[string]Entry{}
	}
	old := m[id]
	if old.Name != "" && e.Name != "" && old.Name != e.Name {
		return fmt.Errorf("register %s as %q: recorded as %q: %w", id, clip(e.Name, 100), clip(old.Name, 100), ErrRename)
	}
	if e.Name != "" {
		old.Name = e.Name
	}
	if e.Lifecycle != "" {
		old.Lifecycle = e.Lifecycle
	}
	if e.TZ != "" {
		old.TZ = e.TZ
	}
	if e.Dataset != nil {
		d := *e.Dataset
		old.Dataset = &d
	}
	for k, v := range e.Meta {
		if old.Meta == nil {
			old.Meta = map[string]any{}
		}
		old.Meta[k] = v
	}
	m[id] = old
	return s.writeRegistry(m)
}

// unregister drops id's entry; the caller holds the store lock.
func (s *Store) unregister(id string) error {
	m, st, err := s.readRegistry()
	if err != nil {
		return fmt.Errorf("update registry: %w", err)
	}
	if _, ok := m[id]; !ok || st == RegistryMissing {
		return nil
	}
	delete(m, id)
	return s.writeRegistry(m)
}

// readRegistry parses the registry keeping absent lifecycles empty, so a
// rewrite does not add keys the file did not have.
func (s *Store) readRegistry() (map[string]Entry, RegistryState, error) {
	b, err := os.ReadFile(filepath.Join(s.root, registryName))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Entry{}, RegistryMissing, nil
	}
	if err != nil {
		return nil, RegistryUnreadable, fmt.Errorf("read %s: %w", registryName, pathless(err))
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return map[string]Entry{}, RegistryEmpty, nil
	}
	raw, err := decodeObject(b)
	if err != nil {
		return nil, RegistryMalformed, fmt.Errorf("%s is malformed: %v", registryName, err)
	}
	m := make(map[string]Entry, len(raw))
	for id, v := range raw {
		e, err := decodeEntry(v)
		if err != nil {
			return nil, RegistryMalformed, fmt.Errorf("%s is malformed: entry %q: %v", registryName, clip(id, 60), err)
		}
		m[id] = e
	}
	if len(m) == 0 {
		return m, RegistryEmpty, nil
	}
	return m, RegistryOK, nil
}

// writeRegistry rewrites the registry with sorted keys, atomically.
func (s *Store) writeRegistry(m map[string]Entry) error {
	out := make(map[string]map[string]any, len(m))
	for id, e := range m {
		out[id] = encodeEntry(e)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("encode %s: %w", registryName, err)
	}
	tmp := filepath.Join(s.root, registryName+".tmp")
	if err := writeFileAtomic(tmp, filepath.Join(s.root, registryName), buf.Bytes()); err != nil {
		return fmt.Errorf("write %s: %w", registryName, err)
	}
	return nil
}
