package agent

import (
	"encoding/json"
	"reflect"
)

// Derive adds the facts the agent derives from a context's finding facts
// (as rule_run returns them: the rule, severity and cost in their data).
// For each actionable finding, in order: a cost fact from its data's cost
// object ({annual_usd, kwh, therms, basis, uncosted}) and a recommendation
// when the table has one for its rule, each unless the context already
// holds one for that equipment and rule; then the root-cause groups. New
// ids are plain (C1, R1, G1 ...) and skip the ids in use, so they never
// clash with tokenised ones. Derive is idempotent.
func (c *Context) Derive() {
	b := &Builder{ctx: c, next: map[string]int{}}
	have := map[string]bool{}
	key := func(kind, equip, rule string) string { return kind + "\x00" + equip + "\x00" + rule }
	for _, f := range c.facts {
		rule, _ := asString(f.Data["rule"])
		have[key(f.Kind, f.Equip, rule)] = true
	}
	var fs []Finding
	var ids []string
	for _, f := range c.Facts() {
		rule, _ := asString(f.Data["rule"])
		sev, hasSev := asString(f.Data["severity"])
		if f.Kind != KindFinding || rule == "" || hasSev && !actionable(sev) {
			continue
		}
		if !hasSev {
			sev = "warn" // a finding reported without a severity is taken as actionable
		}
		fs = append(fs, Finding{Rule: rule, Equip: f.Equip, Severity: sev})
		ids = append(ids, f.ID)
		if cost, ok := costFrom(f.Data["cost"]); ok && !have[key(KindCost, f.Equip, rule)] {
			have[key(KindCost, f.Equip, rule)] = true
			b.Add(KindCost, f.Equip, costText(rule, cost), costData(rule, cost))
		}
		if r, ok := Recommend(rule); ok && !have[key(KindRecommendation, f.Equip, rule)] {
			have[key(KindRecommendation, f.Equip, rule)] = true
			b.Add(KindRecommendation, f.Equip, r.Text(), map[string]any{
				"rule": rule, "title": r.Title, "action": r.Action, "basis": r.Basis,
			})
		}
	}
	if len(c.Kind(KindRootCause)) == 0 {
		b.rootCauses(fs, ids)
	}
}

// asString returns v as a string when it is one (or of a string type, such
// as a severity type).
func asString(v any) (string, bool) {
	if v == nil {
		return "", false
	}
	if s, ok := v.(string); ok {
		return s, true
	}
	if r := reflect.ValueOf(v); r.Kind() == reflect.String {
		return r.String(), true
	}
	return "", false
}

// costFrom reads a finding's cost object, decoded JSON or a struct with
// the same JSON fields.
func costFrom(v any) (*Cost, bool) {
	if v == nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		b, err := json.Marshal(v)
		if err != nil || json.Unmarshal(b, &m) != nil {
			return nil, false
		}
	}
	num := func(k string) *float64 {
		if x, ok := m[k].(float64); ok {
			return &x
		}
		return nil
	}
	c := &Cost{AnnualUSD: num("annual_usd"), KWh: num("kwh"), Therms: num("therms")}
	c.Basis, _ = m["basis"].(string)
	if c.AnnualUSD == nil {
		if why, _ := m["uncosted"].(string); why != "" {
			c.Basis = why
		}
	}
	return c, true
}
