package runconfig

import (
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

func (d *decoder) ruleList(n *node) ([]RuleConfig, error) {
	if n.kind != kList {
		return nil, d.errf("rules", "must be a list of rule names or {name, params} objects, not %s", n.describe())
	}
	out := []RuleConfig{}
	first := map[string]string{}
	for i, it := range n.items {
		path := fmt.Sprintf("rules[%d]", i)
		rc := RuleConfig{}
		namePath := path
		switch it.kind {
		case kString:
			rc.Name = it.str
		case kObject:
			if err := d.object(it, path, "name", "params"); err != nil {
				return nil, err
			}
			nm := it.get("name")
			if nm == nil {
				return nil, d.errf(path, "has no name")
			}
			namePath = path + ".name"
			var err error
			if rc.Name, err = d.text(nm, namePath); err != nil {
				return nil, err
			}
		default:
			return nil, d.errf(path, "must be a rule name or {name, params}, not %s", it.describe())
		}
		r, ok := d.rules[rc.Name]
		if !ok {
			return nil, d.errf(namePath, "unknown rule %q", rc.Name)
		}
		if prev, dup := first[rc.Name]; dup {
			return nil, d.errf(path, "rule %q is listed twice (first at %s)", rc.Name, prev)
		}
		first[rc.Name] = path
		if it.kind == kObject {
			if p := it.get("params"); p != nil {
				var err error
				if rc.Params, err = d.params(r, p, path+".params"); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, rc)
	}
	return out, nil
}

// params validates one rule's overrides against its parameters.
func (d *decoder) params(r *fdd.Rule, n *node, path string) (map[string]fdd.Setting, error) {
	if n.kind != kObject {
		return nil, d.errf(path, "must be an object of parameter values, not %s", n.describe())
	}
	out := make(map[string]fdd.Setting, len(n.keys))
	for i, name := range n.keys {
		s, err := d.setting(n.vals[i], join(path, name))
		if err != nil {
			return nil, err
		}
		v, err := r.CheckSetting(name, s)
		if err != nil {
			return nil, d.paramErr(join(path, name), err)
		}
		s.Value = v
		out[name] = s
	}
	return out, nil
}

// setting reads a parameter value: plain, or {"value": x, "basis": "why"}.
func (d *decoder) setting(n *node, path string) (fdd.Setting, error) {
	if n.kind != kObject || n.get("value") == nil {
		return fdd.Setting{Value: n.value()}, nil
	}
	if err := d.object(n, path, "value", "basis"); err != nil {
		return fdd.Setting{}, err
	}
	s := fdd.Setting{Value: n.get("value").value()}
	if b := n.get("basis"); b != nil {
		if b.kind != kString || strings.TrimSpace(b.str) == "" {
			return s, d.errf(path+".basis", "must be a non-empty text saying why (not %s)", b.show())
		}
		s.Basis = b.str
	}
	return s, nil
}

// paramErr words a parameter error for the config, with the basis hint for
// a value outside the documented range.
func (d *decoder) paramErr(path string, err error) error {
	pe, ok := err.(*fdd.ParamError)
	if !ok {
		return d.errf(path, "%v", err)
	}
	msg := pe.Msg
	if pe.Problem == fdd.ProblemOutOfRange {
		v := strings.SplitN(msg, " ", 2)[0]
		msg += fmt.Sprintf(` (give {"value": %s, "basis": "..."} to use it)`, v)
	}
	return d.errf(path, "%s", msg)
}
