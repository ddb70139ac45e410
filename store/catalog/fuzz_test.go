package catalog

import (
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary documents to the catalog parser: it must return
// entries or an error, never panic, and every entry it accepts must pass
// the licence invariant.
func FuzzParse(f *testing.F) {
	f.Add(catalogJSON)
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"id":"a","licence":"CC-BY-NC-4.0"}]`))
	f.Add([]byte(`{"commercial_use":"unverified"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parse(data)
		if err != nil {
			return
		}
		for _, e := range entries {
			if (RestrictiveLicence(e.Licence) || e.Licence == NoAssertion) && !ResearchOnly(e) {
				t.Fatalf("entry %q with licence %s accepted as open", e.ID, e.Licence)
			}
		}
	})
}

// FuzzForFacility checks that a facility mapped to an entry always has the
// ds- form and names the entry's id.
func FuzzForFacility(f *testing.F) {
	for _, s := range []string{"ds-bdg2", "ds-lbnl-fdd-sdahu-x", "DS-ASHRAE-GEPIII", "ds-", "north", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		e, ok := ForFacility(id)
		if !ok {
			return
		}
		if !IsDatasetFacility(id) || !strings.HasPrefix(strings.ToLower(id[3:]), e.ID) {
			t.Fatalf("ForFacility(%q) = %q", id, e.ID)
		}
	})
}
