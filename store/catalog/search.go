package catalog

import "strings"

// Search returns the entries matching every given filter, sorted by id.
// query is split into words; each word must occur (case-insensitively) in
// the id, title, publisher, equipment, fault labels or good_for of an
// entry. kind matches exactly (case-insensitive). labeled, when not nil,
// must equal the entry's. licence matches an SPDX id exactly or as a family
// prefix ("CC-BY" matches CC-BY-4.0 and CC-BY-SA-4.0). Empty filters match
// everything.
func Search(query, kind string, labeled *bool, licence string) []Entry {
	words := strings.Fields(strings.ToLower(query))
	var out []Entry
	for _, e := range All() {
		if kind != "" && !strings.EqualFold(e.Kind, kind) {
			continue
		}
		if labeled != nil && e.Labeled != *labeled {
			continue
		}
		if licence != "" && !licenceMatches(e.Licence, licence) {
			continue
		}
		if !e.matches(words) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// licenceMatches reports whether have is want or in the family want names.
func licenceMatches(have, want string) bool {
	h, w := strings.ToLower(have), strings.ToLower(strings.TrimSpace(want))
	return h == w || strings.HasPrefix(h, w+"-")
}

// matches reports whether every word occurs in one of the searchable
// fields.
func (e *Entry) matches(words []string) bool {
	if len(words) == 0 {
		return true
	}
	fields := []string{e.ID, e.Title, e.Publisher}
	fields = append(fields, e.Equipment...)
	fields = append(fields, e.FaultLabels...)
	fields = append(fields, e.GoodFor...)
	hay := strings.ToLower(strings.Join(fields, "\n"))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}
