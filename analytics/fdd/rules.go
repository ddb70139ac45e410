package fdd

import "sort"

// Rules returns every built-in rule, sorted by name. The list is explicit:
// no rule registers itself.
func Rules() []Rule {
	out := append(airsideRules(), plantRules()...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the built-in rule named name.
func Lookup(name string) (Rule, bool) {
	for _, r := range Rules() {
		if r.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}

// RuleNames lists the built-in rule names, sorted.
func RuleNames() []string {
	rs := Rules()
	out := make([]string, len(rs))
	for i := range rs {
		out[i] = rs[i].Name
	}
	return out
}
