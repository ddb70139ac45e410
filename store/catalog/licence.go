package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// CommercialUse says whether a dataset's terms allow commercial use. In
// JSON it is true, false or the string "unverified".
type CommercialUse struct {
	Known   bool // false: could not be verified
	Allowed bool // meaningful only when Known
}

// Unverified is the JSON spelling of a fact that could not be verified.
const Unverified = "unverified"

// MarshalJSON writes true, false or "unverified".
func (c CommercialUse) MarshalJSON() ([]byte, error) {
	if !c.Known {
		return json.Marshal(Unverified)
	}
	return json.Marshal(c.Allowed)
}

// UnmarshalJSON reads true, false or "unverified"; anything else is an
// error.
func (c *CommercialUse) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch string(b) {
	case "true":
		*c = CommercialUse{Known: true, Allowed: true}
		return nil
	case "false":
		*c = CommercialUse{Known: true}
		return nil
	case `"` + Unverified + `"`:
		*c = CommercialUse{}
		return nil
	}
	return fmt.Errorf("commercial_use: want true, false or %q, got %s", Unverified, b)
}

// String returns "true", "false" or "unverified".
func (c CommercialUse) String() string {
	if !c.Known {
		return Unverified
	}
	if c.Allowed {
		return "true"
	}
	return "false"
}

// NoAssertion is the SPDX value for a licence that could not be
// established.
const NoAssertion = "NOASSERTION"

// spdxPattern accepts an SPDX licence identifier, a LicenseRef-, or
// NOASSERTION: letters, digits, '.', '-' and '+', starting with a letter.
var spdxPattern = regexp.MustCompile(`^(NOASSERTION|LicenseRef-[A-Za-z0-9.-]+|[A-Za-z][A-Za-z0-9.+-]*)$`)

// ValidLicence reports whether s looks like an SPDX licence expression of
// one identifier (CC-BY-4.0, LicenseRef-Kaggle-Competition-Rules,
// NOASSERTION).
func ValidLicence(s string) bool { return spdxPattern.MatchString(s) }

// RestrictiveLicence reports whether an SPDX licence id carries a
// non-commercial (NC) or no-derivatives (ND) element, as the Creative
// Commons ids spell them (CC-BY-NC-4.0, CC-BY-ND-4.0, CC-BY-NC-SA-4.0 ...).
func RestrictiveLicence(licence string) bool {
	for _, part := range strings.Split(strings.ToUpper(licence), "-") {
		if part == "NC" || part == "ND" {
			return true
		}
	}
	return false
}

// ResearchOnly reports whether e must be held back from assistants: the
// entry says so, its licence is non-commercial or no-derivatives, or its
// licence could not be established. It fails closed: a zero Entry (an id
// the catalog does not hold) is research-only.
func ResearchOnly(e Entry) bool {
	if e.ResearchOnly || RestrictiveLicence(e.Licence) {
		return true
	}
	return e.Licence == "" || e.Licence == NoAssertion
}

// kinds are the dataset kinds the catalog uses.
var kinds = map[string]bool{"fdd": true, "mv": true, "occupancy": true, "metadata": true}

// idPattern is a kebab-case id that is also a valid facility id tail.
var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// validate checks one entry's shape and its licence policy invariants.
func (e *Entry) validate() error {
	switch {
	case !idPattern.MatchString(e.ID):
		return fmt.Errorf("id: want kebab-case [a-z0-9-], got %q", e.ID)
	case strings.TrimSpace(e.Title) == "":
		return fmt.Errorf("title is empty")
	case strings.TrimSpace(e.Publisher) == "":
		return fmt.Errorf("publisher is empty")
	case strings.TrimSpace(e.Citation) == "":
		return fmt.Errorf("citation is empty")
	case !ValidLicence(e.Licence):
		return fmt.Errorf("licence: %q is not an SPDX id, LicenseRef- or NOASSERTION", e.Licence)
	case e.Access != AccessOpen && e.Access != AccessRegistration && e.Access != AccessPurchase:
		return fmt.Errorf("access: want open, registration or purchase, got %q", e.Access)
	case !kinds[e.Kind]:
		return fmt.Errorf("kind: unknown kind %q", e.Kind)
	case e.VerifiedOn == "":
		return fmt.Errorf("verified_on is empty")
	case len(e.Sources) == 0:
		return fmt.Errorf("sources: no source recorded")
	}
	if e.Year == 0 && !e.unverified("year") {
		return fmt.Errorf("year is 0 but not listed as unverified")
	}
	restricted := RestrictiveLicence(e.Licence) || e.Licence == NoAssertion
	if restricted && !e.ResearchOnly {
		return fmt.Errorf("licence %s requires research_only", e.Licence)
	}
	if e.ResearchOnly && strings.TrimSpace(e.ResearchOnlyReason) == "" {
		return fmt.Errorf("research_only without research_only_reason")
	}
	if !e.ResearchOnly && e.ResearchOnlyReason != "" {
		return fmt.Errorf("research_only_reason set on an entry that is not research-only")
	}
	if e.CommercialUse.Known && e.CommercialUse.Allowed && RestrictiveLicence(e.Licence) {
		return fmt.Errorf("commercial_use true contradicts licence %s", e.Licence)
	}
	return nil
}

// unverified reports whether field is named in e.Unverified.
func (e *Entry) unverified(field string) bool {
	for _, u := range e.Unverified {
		name, _, _ := strings.Cut(u, ":")
		if strings.TrimSpace(name) == field {
			return true
		}
	}
	return false
}
