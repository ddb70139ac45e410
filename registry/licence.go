package registry

import (
	"context"
	"fmt"
	"slices"

	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// The data["reason"] values of a refused_licence error.
const (
	ReasonResearchOnly = "research_only"
	ReasonUnverified   = "licence_unverified"
)

// licence is the outcome of policy step 3 for one call: whether the whole
// store is refused (damaged) and why each refused facility is.
type licence struct {
	// damaged is the banner every result carries while no facility can be
	// served ("" when the registry is sound).
	damaged string
	refused map[string]refusal
	survey  *Survey
}

// refusal is why one facility is not served.
type refusal struct {
	reason  string // ReasonResearchOnly or ReasonUnverified
	message string
}

// evaluateLicence applies seed 000's step 3, failing closed: a research-only
// dataset is refused whatever the registry says; a registry that is
// unreadable, empty or malformed (or missing in a store holding ds-
// facilities), or that records a research-only facility whose directory is
// missing, refuses every facility as licence_unverified; a ds- facility with
// no registry entry, a dataset with unknown terms and an unknown lifecycle
// state are licence_unverified. A store of one's own data with no registry
// is not damaged.
func evaluateLicence(s *Survey) *licence {
	l := &licence{refused: map[string]refusal{}, survey: s}
	holdsDataset := false
	var moved string
	for _, id := range sortedIDs(s.Facilities) {
		f := s.Facilities[id]
		if f.Dataset && f.Stored {
			holdsDataset = true
		}
		if f.Registered && !f.Stored && f.Terms == TermsResearchOnly && moved == "" {
			moved = id
		}
	}
	switch {
	case s.State == RegistryUnreadable || s.State == RegistryEmpty || s.State == RegistryMalformed:
		l.damaged = fmt.Sprintf("the store's facility registry is %s, so no facility's licence can be verified: nothing is served until it is repaired (restore it or re-ingest)", s.State)
	case s.State == RegistryMissing && holdsDataset:
		l.damaged = "the store's facility registry is missing in a store holding catalog-dataset facilities, so no facility's licence can be verified: nothing is served until it is restored or the data re-ingested"
	case moved != "":
		l.damaged = "the facility registry records a research-only facility whose data directory is missing (renamed, moved or copied?), so no facility is served until the registry is repaired"
	}
	for _, id := range sortedIDs(s.Facilities) {
		l.judge(s.Facilities[id])
	}
	return l
}

// judge records the refusal of one facility, if any.
func (l *licence) judge(f FacilityInfo) {
	name := sanitize.Name(f.ID)
	switch {
	case f.Terms == TermsResearchOnly:
		why := ""
		if f.Licence != "" {
			why = " (" + f.Licence + ")"
		}
		l.refused[f.ID] = refusal{ReasonResearchOnly, fmt.Sprintf("facility %s holds research-only data%s: it is never served to an assistant, with no override", name, why)}
	case l.damaged != "":
		l.refused[f.ID] = refusal{ReasonUnverified, fmt.Sprintf("the licence of facility %s cannot be verified: %s", name, l.damaged)}
	case f.Dataset && !f.Registered:
		l.refused[f.ID] = refusal{ReasonUnverified, fmt.Sprintf("facility %s is named for a catalog dataset but the facility registry has no entry for it, so its licence cannot be verified", name)}
	case f.Terms == TermsUnknown:
		l.refused[f.ID] = refusal{ReasonUnverified, fmt.Sprintf("neither the catalog nor the facility registry records the licence of facility %s, so it is not served", name)}
	case f.Registered && !f.LifecycleValid:
		l.refused[f.ID] = refusal{ReasonUnverified, fmt.Sprintf("the facility registry records an unknown lifecycle state for facility %s, so it is not served", name)}
	}
}

// refuse returns the refused_licence error for facility id, or nil. A
// facility the survey does not know is refused only while the store is
// damaged.
func (l *licence) refuse(id string) *Error {
	r, ok := l.refused[id]
	if !ok && l.damaged != "" {
		r = refusal{ReasonUnverified, fmt.Sprintf("the licence of facility %s cannot be verified: %s", sanitize.Name(id), l.damaged)}
		ok = true
	}
	if !ok {
		return nil
	}
	return &Error{Code: CodeRefusedLicence, Message: r.message, Data: map[string]any{"reason": r.reason, "facility_id": id}}
}

// copies marks as research-only every candidate facility that shares a part
// file with a stored research-only facility (a copied or renamed directory).
// It reads part digests only when the store holds research-only data.
func (l *licence) copies(ctx context.Context, d Data, candidates []string) error {
	var research []string
	for _, id := range sortedIDs(l.survey.Facilities) {
		f := l.survey.Facilities[id]
		if f.Stored && f.Terms == TermsResearchOnly {
			research = append(research, id)
		}
	}
	if len(research) == 0 {
		return nil
	}
	owner := map[string]string{}
	for _, id := range research {
		ds, err := d.PartDigests(ctx, id)
		if err != nil {
			return err
		}
		for _, dg := range ds {
			owner[dg] = id
		}
	}
	for _, id := range candidates {
		if _, done := l.refused[id]; done || !l.survey.Facilities[id].Stored {
			continue
		}
		ds, err := d.PartDigests(ctx, id)
		if err != nil {
			return err
		}
		for _, dg := range ds {
			if src, ok := owner[dg]; ok {
				l.refused[id] = refusal{ReasonResearchOnly, fmt.Sprintf("facility %s holds part files identical to those of research-only facility %s: it is never served to an assistant", sanitize.Name(id), sanitize.Name(src))}
				break
			}
		}
	}
	return nil
}

// served returns the allowed facilities the store holds that are not
// refused, sorted, and how many allowed ones were withheld.
func (l *licence) served(allowed []string) ([]string, Withheld) {
	var out []string
	var w Withheld
	for _, id := range allowed {
		f, known := l.survey.Facilities[id]
		if !known || !f.Stored && !f.Registered {
			continue
		}
		if r, refused := l.refused[id]; refused {
			if r.reason == ReasonResearchOnly {
				w.ResearchOnly++
			} else {
				w.Unverified++
			}
			continue
		}
		out = append(out, id)
	}
	return out, w
}

// Withheld counts the allowed facilities a listing leaves out.
type Withheld struct {
	// ResearchOnly facilities hold research-only data.
	ResearchOnly int `json:"research_only"`
	// Unverified facilities have a licence or lifecycle that cannot be
	// established.
	Unverified int `json:"unverified"`
}

// sortedIDs returns the keys of m in order.
func sortedIDs(m map[string]FacilityInfo) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
