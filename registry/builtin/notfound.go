package builtin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Limits of a not_found refusal: the message names up to messageValues
// stored values, the data lists up to dataValues.
const (
	messageValues = 10
	dataValues    = 50
)

// unknownValues returns the not_found refusal for values of argument (an
// equips / equip id, a roles / role, an equip_class) that the facility
// does not store, or nil when every asked value is stored. fold compares
// case-insensitively (classes are free text). The message names the
// unknown values and up to 10 stored ones, quoted, on one line; the data
// has argument, unknown and up to 50 available values (seed 000, "A
// selection that matches nothing is not_found").
func unknownValues(facility, argument string, asked, stored []string, fold bool) *registry.Error {
	var unknown []string
	for _, a := range asked {
		found := slices.ContainsFunc(stored, func(s string) bool {
			return s == a || fold && strings.EqualFold(s, a)
		})
		if !found && !slices.Contains(unknown, a) {
			unknown = append(unknown, a)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	return notFoundValues(facility, argument, unknown, stored)
}

// notFoundValues builds the refusal for unknown values of argument.
func notFoundValues(facility, argument string, unknown, stored []string) *registry.Error {
	avail := sortedUnique(stored)
	what := argument
	switch argument { // a list argument names one value at a time
	case "equips":
		what = "equip"
	case "roles":
		what = "role"
	}
	verb := "is"
	if len(unknown) > 1 {
		verb = "are"
	}
	msg := fmt.Sprintf("%s %s %s not stored for facility %s", what, sanitize.Names(unknown), verb, facility)
	switch n := len(avail); {
	case n == 0:
		msg += "; it stores none"
	case n <= messageValues:
		msg += "; stored: " + sanitize.Names(avail)
	default:
		msg += fmt.Sprintf("; stored (%d in all): %s ...", n, sanitize.Names(avail[:messageValues]))
	}
	shown := avail[:min(len(avail), dataValues)]
	for i, v := range shown { // a name too long to pass back is cut as in a result
		shown[i] = sanitize.Cut(v, sanitize.DataLimit, v)
	}
	return &registry.Error{
		Code:    registry.CodeNotFound,
		Message: msg,
		Data: map[string]any{
			"argument":  argument,
			"unknown":   unknown,
			"available": shown,
		},
		DataValues: shown,
	}
}

// noData is the not_found refusal for a facility that has no stored data.
func noData(facility string) *registry.Error {
	return &registry.Error{Code: registry.CodeNotFound,
		Message: fmt.Sprintf("facility %s has no stored data", facility),
		Data:    map[string]any{"argument": "facility_id", "facility_id": facility}}
}

// sortedUnique returns the sorted distinct values.
func sortedUnique(vs []string) []string {
	out := slices.Clone(vs)
	slices.Sort(out)
	return slices.Compact(out)
}
