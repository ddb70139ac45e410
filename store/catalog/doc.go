// Package catalog is the public dataset catalog: real building and HVAC
// datasets (LBNL FDD, BDG2, ASHRAE RP-1312/RP-1043, ...) with their
// publisher, citation, DOIs, SPDX licence, access terms and what each is
// good for, embedded from catalog.json.
//
// The catalog drives the licence policy: a facility ingested from a
// dataset the catalog holds research-only (a non-commercial or
// no-derivatives licence, a licence that could not be established, or an
// open dataset held back for a stated reason) is refused to assistants.
// [ForFacility] maps a facility named ds-<base> or ds-<base>-<group> to its
// entry by name alone, so the check fails closed whatever the store's
// registry says.
//
// Every fact was checked against public sources on the entry's
// VerifiedOn date; a fact that could not be checked says so in the field
// itself ("unverified") and in [Entry.Unverified].
//
// The catalog is read-only and safe for concurrent use.
package catalog
