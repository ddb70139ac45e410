package registry

import "context"

// Data is what the call policy reads from a store: the facility registry
// and licence terms (step 3), fences (step 9), the store generation (fact
// tokens) and how to classify a store error (step 9). It is declared here,
// where it is used, and implemented over package store by registry/builtin,
// so the registry imports no store code. Implementations must be safe for
// concurrent use and must never write.
type Data interface {
	// Survey describes every facility the store holds (a data directory or
	// a registry entry) plus the ids in also, which may exist in neither
	// (a ds- name is judged by the catalog even then).
	Survey(ctx context.Context, also []string) (*Survey, error)
	// PartDigests returns a digest per part file of the facility, equal for
	// byte-identical files, so a copied research-only facility is caught
	// under another name.
	PartDigests(ctx context.Context, facility string) ([]string, error)
	// Generation digests the size and modification time of the facility
	// registry, the point catalog and every file of the facilities.
	Generation(ctx context.Context, facilities []string) (string, error)
	// Fence returns the writer mark of a facility.
	Fence(ctx context.Context, facility string) (Fence, error)
	// Classify reports whether err is a store read error (a damaged,
	// unreadable or vanished file) and whether a retry may help.
	Classify(err error) (StoreFault, bool)
}

// RegistryState is the state of a store's facility registry file.
type RegistryState int

// The registry states. Only RegistryOK, and RegistryMissing in a store
// holding no catalog-dataset (ds-) facility, let facilities be served.
const (
	RegistryOK RegistryState = iota
	RegistryMissing
	RegistryUnreadable
	RegistryEmpty
	RegistryMalformed
)

// String names the state as a banner does.
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
	return "unknown"
}

// Terms is what is known of the licence of a facility's data.
type Terms int

// The licence verdicts, from the catalog entry the facility's name maps to
// (ds-<base>[-<group>]), the catalog entry its registry entry's dataset id
// names and the entry's own dataset block; the strictest wins.
const (
	// TermsNone: not ingested from a catalog dataset (the analyst's own data).
	TermsNone Terms = iota
	// TermsOpen: a catalog dataset with terms that allow serving it.
	TermsOpen
	// TermsResearchOnly: a non-commercial or no-derivatives licence, or an
	// open licence held back for a stated reason. Never served.
	TermsResearchOnly
	// TermsUnknown: a dataset whose terms neither the catalog nor the
	// registry entry records. Refused as licence_unverified.
	TermsUnknown
)

// FacilityInfo is what the policy knows of one facility.
type FacilityInfo struct {
	ID string
	// Stored: a facility_id=<id> data directory exists.
	Stored bool
	// Registered: the facility registry has an entry for it.
	Registered bool
	// Name, Lifecycle and TZ come from the registry entry ("" when absent;
	// an unregistered facility is active).
	Name, Lifecycle, TZ string
	// LifecycleValid is false when the entry records a lifecycle state
	// outside the known ones (the facility is then licence_unverified).
	LifecycleValid bool
	// Dataset: the id is named for a catalog dataset (ds-<base>[-<group>]).
	Dataset bool
	// Terms is the licence verdict; Licence names the licence or the reason
	// for a research-only verdict (for messages).
	Terms   Terms
	Licence string
}

// Survey is the facility registry's state and what it and the store's
// directories say of each facility.
type Survey struct {
	State      RegistryState
	Facilities map[string]FacilityInfo
}

// Fence is a facility's writer mark: Busy while a writer replaces or
// removes its files (or a killed writer left a swap half done), and a token
// that changes after every such writer.
type Fence struct {
	Busy  bool
	Token string
}

// StoreFault classifies a failed read of stored data.
type StoreFault struct {
	// Retryable: a file went missing or was replaced concurrently.
	Retryable bool
	// Facility is the facility whose read failed, when known.
	Facility string
}
