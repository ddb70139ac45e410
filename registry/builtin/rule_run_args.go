package builtin

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// ruleArgs reads rules and params into spec: every rule a built-in rule
// (a drift detector is refused with run_with: drift), every override a
// parameter of a rule the run runs, within its documented range unless
// given as {"value", "basis"}. The call's overrides win over the config's.
func ruleArgs(c *registry.Call, spec *fdd.RunSpec) error {
	if _, ok := c.Args["rules"]; ok {
		var rules []string
		for i, name := range c.Strings("rules") {
			ptr := "/rules/" + strconv.Itoa(i)
			if err := knownRule(name, ptr); err != nil {
				return err
			}
			if !slices.Contains(rules, name) {
				rules = append(rules, name)
			}
		}
		spec.Rules = rules
	}
	params, _ := c.Args["params"].(map[string]any)
	if len(params) == 0 {
		return nil
	}
	merged := make(map[string]map[string]fdd.Setting, len(spec.Params)+len(params))
	for r, ps := range spec.Params {
		merged[r] = ps
	}
	for _, name := range slices.Sorted(maps.Keys(params)) {
		ptr := "/params/" + pointerToken(name)
		if err := knownRule(name, ptr); err != nil {
			return err
		}
		if spec.Rules != nil && !slices.Contains(spec.Rules, name) {
			return invalidArg(ptr, fmt.Sprintf("rule %s is not in this run (name it in rules, or leave rules out to run the config's)", name), nil)
		}
		rule, _ := fdd.Lookup(name)
		over, _ := params[name].(map[string]any)
		set := make(map[string]fdd.Setting, len(merged[name])+len(over))
		for k, v := range merged[name] {
			set[k] = v
		}
		for _, pn := range slices.Sorted(maps.Keys(over)) {
			s, err := fdd.ParseSetting(over[pn])
			if err != nil {
				return invalidArg(ptr+"/"+pointerToken(pn), err.Error(), map[string]any{"rule": name, "param": pn})
			}
			if _, err := rule.CheckSetting(pn, s); err != nil {
				var pe *fdd.ParamError
				if errors.As(err, &pe) {
					return paramRefusal(pe)
				}
				return err
			}
			set[pn] = s
		}
		merged[name] = set
	}
	spec.Params = merged
	return nil
}

// knownRule refuses a name that is not a built-in rule: a drift detector
// with run_with: drift, anything else with the rule list's size.
func knownRule(name, ptr string) error {
	if _, isDrift := drift.Lookup(name); isDrift { // a drift family or alias (drift.Names)
		return invalidArg(ptr, fmt.Sprintf("%s is a drift detector: call drift with it (run_with: drift), not rule_run", sanitize.Name(name)),
			map[string]any{"run_with": "drift"})
	}
	if _, ok := fdd.Lookup(name); !ok {
		return invalidArg(ptr, fmt.Sprintf("%s is not a built-in rule (rule_params lists the %d rules)", sanitize.Name(name), len(fdd.RuleNames())), nil)
	}
	return nil
}

// paramRefusal is the invalid_params refusal of a parameter override,
// naming the rule and the parameter.
func paramRefusal(pe *fdd.ParamError) error {
	msg := pe.Msg
	if pe.Problem == fdd.ProblemOutOfRange {
		msg += " (give {\"value\": ..., \"basis\": \"why\"} to use a value outside the documented range)"
	}
	return invalidArg("/params/"+pointerToken(pe.Rule)+"/"+pointerToken(pe.Param), pe.Rule+"."+pe.Param+": "+msg,
		map[string]any{"rule": pe.Rule, "param": pe.Param, "problem": string(pe.Problem)})
}
