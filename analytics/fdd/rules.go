package fdd

import "sort"

// Rules returns every built-in rule, sorted by name. The list is explicit:
// no rule registers itself.
func Rules() []Rule {
	out := append(airsideRules(), plantRules()...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
