package catalog

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
)

//go:embed catalog.json
var catalogJSON []byte

// Access says how a dataset is obtained.
const (
	AccessOpen         = "open"         // a plain download
	AccessRegistration = "registration" // an account or a click-through agreement
	AccessPurchase     = "purchase"     // bought or requested from the publisher
)

// Entry is one dataset of the catalog. JSON names are the ones
// dataset_search and dataset_entry return.
type Entry struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Summary   string   `json:"summary"`
	Publisher string   `json:"publisher"`
	Authors   []string `json:"authors"`
	// Year of publication; 0 when it could not be verified.
	Year     int      `json:"year"`
	Citation string   `json:"citation"`
	DOIs     []string `json:"dois"`
	URL      string   `json:"url"`
	// Licence is an SPDX identifier, a LicenseRef-... for terms that are
	// not an SPDX licence, or NOASSERTION when it could not be established.
	Licence       string        `json:"licence"`
	LicenceURL    string        `json:"licence_url"`
	LicenceNote   string        `json:"licence_note,omitempty"`
	Access        string        `json:"access"`
	CommercialUse CommercialUse `json:"commercial_use"`
	// Redistribution says whether the data may be passed on, and how.
	Redistribution string `json:"redistribution"`
	// ResearchOnly holds the dataset back from assistants; the reason says
	// why in one sentence. See [ResearchOnly] for the full test.
	ResearchOnly       bool   `json:"research_only"`
	ResearchOnlyReason string `json:"research_only_reason"`
	// Kind is fdd, mv, occupancy or metadata.
	Kind    string `json:"kind"`
	Labeled bool   `json:"labeled"`
	// Equipment lists CAMBER equipment classes (model class names).
	Equipment      []string `json:"equipment"`
	FaultLabels    []string `json:"fault_labels"`
	Sampling       string   `json:"sampling"`
	Period         string   `json:"period"`
	DownloadSize   string   `json:"download_size"`
	Subsets        []Subset `json:"subsets"`
	SuggestedRules []string `json:"suggested_rules"`
	// KnownIssues are limits of the dataset as a whole; DataIssues are
	// defects in its files.
	KnownIssues []string `json:"known_issues"`
	DataIssues  []string `json:"data_issues"`
	GoodFor     []string `json:"good_for"`
	// Unverified names the fields (with a short note) that public sources
	// could not confirm.
	Unverified []string `json:"unverified"`
	// Sources are where the facts were checked.
	Sources    []string `json:"sources"`
	VerifiedOn string   `json:"verified_on"`
}

// Subset is one named part of a dataset (an archive, a folder, a file).
type Subset struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// parsed is the decoded, validated catalog, built once on first use from
// the embedded file and never written afterwards.
var parsed = sync.OnceValues(func() ([]Entry, error) { return parse(catalogJSON) })

// parse decodes and validates a catalog document strictly: unknown keys,
// trailing data and invalid entries are errors.
func parse(data []byte) ([]Entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var entries []Entry
	if err := dec.Decode(&entries); err != nil {
		return nil, fmt.Errorf("decode catalog: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("decode catalog: trailing data after the entry list")
	}
	seen := make(map[string]bool, len(entries))
	for i := range entries {
		e := &entries[i]
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("catalog entry %d (%q): %w", i, e.ID, err)
		}
		key := strings.ToLower(e.ID)
		if seen[key] {
			return nil, fmt.Errorf("catalog entry %d: duplicate id %q", i, e.ID)
		}
		seen[key] = true
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].ID < entries[j].ID })
	return entries, nil
}

// Check reports whether the embedded catalog decodes and every entry is
// valid. The other functions treat a broken catalog as empty, which the
// licence policy reads as "nothing can be verified".
func Check() error {
	_, err := parsed()
	return err
}

// All returns every entry sorted by id. The slice is a copy; the entries'
// inner slices are shared and must not be modified.
func All() []Entry {
	entries, err := parsed()
	if err != nil {
		return nil
	}
	return append([]Entry(nil), entries...)
}

// Lookup returns the entry with the given id (case-insensitive).
func Lookup(id string) (Entry, bool) {
	entries, err := parsed()
	if err != nil {
		return Entry{}, false
	}
	for _, e := range entries {
		if strings.EqualFold(e.ID, id) {
			return e, true
		}
	}
	return Entry{}, false
}

// FacilityPrefix starts the name of every facility ingested from a catalog
// dataset: ds-<base> or ds-<base>-<group>.
const FacilityPrefix = "ds-"

// ForFacility returns the catalog entry a facility is named for. A facility
// named ds-<base> or ds-<base>-<group> (case-insensitive) maps to the entry
// <base>; when several ids fit, the longest wins. Any other name, or a ds-
// name whose base is not in the catalog, gives ok == false; a caller
// enforcing the licence policy must treat that ds- case as unverified.
func ForFacility(facilityID string) (Entry, bool) {
	if len(facilityID) <= len(FacilityPrefix) || !strings.EqualFold(facilityID[:len(FacilityPrefix)], FacilityPrefix) {
		return Entry{}, false
	}
	rest := strings.ToLower(facilityID[len(FacilityPrefix):])
	entries, err := parsed()
	if err != nil {
		return Entry{}, false
	}
	best := -1
	for i, e := range entries {
		id := strings.ToLower(e.ID)
		if rest == id || (strings.HasPrefix(rest, id+"-") && len(rest) > len(id)+1) {
			if best < 0 || len(id) > len(entries[best].ID) {
				best = i
			}
		}
	}
	if best < 0 {
		return Entry{}, false
	}
	return entries[best], true
}

// IsDatasetFacility reports whether a facility id has the ds- form that
// names a catalog dataset, whether or not the catalog holds the base.
func IsDatasetFacility(facilityID string) bool {
	return len(facilityID) > len(FacilityPrefix) && strings.EqualFold(facilityID[:len(FacilityPrefix)], FacilityPrefix)
}
