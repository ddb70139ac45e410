package rcx

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Rank orders issues in place and numbers them from 1: money first
// (annual dollars descending, every uncosted issue after the costed ones),
// ties by severity, then hours (more first; none last), then key. A sensor
// issue that other issues are conditional on (Explains) then moves to just
// above the first of them, whatever their severities; sensor issues
// placed before one issue keep their own order.
func Rank(issues []Issue) {
	slices.SortStableFunc(issues, compareIssues)
	pos := make(map[string]int, len(issues))
	for i := range issues {
		pos[issues[i].Key] = i
	}
	// target is the position of the first issue conditional on a sensor
	// issue, or -1.
	target := func(is *Issue) int {
		t := -1
		for _, k := range is.Explains {
			if p, ok := pos[k]; ok && (t < 0 || p < t) {
				t = p
			}
		}
		return t
	}
	moved := map[int][]Issue{}
	var rest []Issue
	for i := range issues {
		if is := &issues[i]; is.Kind == KindSensor {
			if t := target(is); t >= 0 {
				moved[t] = append(moved[t], *is)
				continue
			}
		}
		rest = append(rest, issues[i])
	}
	out := make([]Issue, 0, len(issues))
	for i := range rest {
		out = append(out, moved[pos[rest[i].Key]]...)
		out = append(out, rest[i])
	}
	copy(issues, out)
	for i := range issues {
		issues[i].Rank = i + 1
		issues[i].Fact = "C1@" + issues[i].Key
	}
}

// compareIssues is the money-first order.
func compareIssues(a, b Issue) int {
	return cmp.Or(
		-cmp.Compare(money(a), money(b)),
		-cmp.Compare(a.Severity.Rank(), b.Severity.Rank()),
		-cmp.Compare(hours(a), hours(b)),
		strings.Compare(a.Key, b.Key),
	)
}

// money is the ranking dollars: uncosted below any costed figure.
func money(is Issue) float64 {
	if is.AnnualUSD == nil {
		return -1
	}
	return *is.AnnualUSD
}

// hours is the ranking hours: none below any figure.
func hours(is Issue) float64 {
	if is.Hours == nil {
		return -1
	}
	return *is.Hours
}

// assignKeys names each issue <cause>@<equip> in the fact-id alphabet
// (letters, digits and "_.@-"; ':' reads '.', anything else '-'), with
// #2, #3 ... for repeats.
func assignKeys(issues []Issue) {
	taken := map[string]bool{}
	for i := range issues {
		base := keyPart(issues[i].Cause) + "@" + keyPart(issues[i].Equip)
		key := base
		for n := 2; taken[key]; n++ {
			key = base + "#" + strconv.Itoa(n)
		}
		taken[key] = true
		issues[i].Key = key
	}
}

// keyPart maps s into the fact-id context alphabet.
func keyPart(s string) string {
	if s == "" {
		return "-"
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '.', r == '@', r == '-':
			return r
		case r == ':':
			return '.'
		}
		return '-'
	}, s)
}
