package fdd

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Where a parameter's value came from.
const (
	SourceDefault  = "default"  // the rule's documented default
	SourceOverride = "override" // the run's params or the run config
	SourceFallback = "fallback" // no default and none given: the rule's built-in behaviour
)

// Setting is one parameter override. A value outside the parameter's
// documented range is accepted only with a Basis saying why.
type Setting struct {
	Value any
	Basis string
}

// ParseSetting reads an override as a caller writes it: a plain value, or
// {"value": x, "basis": "why"} to allow an out-of-range value.
func ParseSetting(v any) (Setting, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Setting{Value: v}, nil
	}
	if _, has := m["value"]; !has {
		return Setting{Value: v}, nil // a tiers object
	}
	s := Setting{Value: m["value"]}
	for k, x := range m {
		switch k {
		case "value":
		case "basis":
			b, ok := x.(string)
			if !ok || strings.TrimSpace(b) == "" {
				return s, fmt.Errorf("basis must be a non-empty text")
			}
			s.Basis = b
		default:
			return s, fmt.Errorf("unknown key %q beside value (allowed: value, basis)", k)
		}
	}
	return s, nil
}

// ParamUsed is one parameter as a run used it.
type ParamUsed struct {
	Name   string `json:"name"`
	Value  any    `json:"value"`
	Source string `json:"source"`
	Unit   string `json:"unit,omitempty"`
	// Basis is the override's stated basis, else where the default comes from.
	Basis string `json:"basis,omitempty"`
}

// Problem classifies a parameter error.
type Problem string

// Parameter problems.
const (
	ProblemUnknown    Problem = "unknown"
	ProblemType       Problem = "type"
	ProblemNotFinite  Problem = "not_finite"
	ProblemNotWhole   Problem = "not_whole"
	ProblemOutOfRange Problem = "out_of_range"
	ProblemChoice     Problem = "choice"
	ProblemNull       Problem = "null"
	ProblemBasis      Problem = "basis"
)

// ParamError says why a value does not fit a rule's parameter. Msg reads
// after the parameter's name ("140 is outside 0..100").
type ParamError struct {
	Rule    string
	Param   string
	Problem Problem
	Msg     string
}

// Error implements error as "rule.param: msg".
func (e *ParamError) Error() string { return e.Rule + "." + e.Param + ": " + e.Msg }

// FormatValue writes v the way a caller typed it: numbers plainly, text in
// JSON quotes, lists and objects as JSON.
func FormatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return strconv.Quote(x)
	}
	if f, ok := number(v); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// number reads any numeric type a JSON or YAML decoder produces.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// kindOf names the JSON kind of v for type errors.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case bool:
		return "true/false"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case nil:
		return "null"
	}
	if _, ok := number(v); ok {
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// RangeText is the parameter's documented range ("0..100", "≥ 0",
// "≤ 1"), or "" when unbounded.
func (p *Param) RangeText() string {
	g := func(f *float64) string { return strconv.FormatFloat(*f, 'g', -1, 64) }
	switch {
	case p.Min != nil && p.Max != nil:
		return g(p.Min) + ".." + g(p.Max)
	case p.Min != nil:
		return "≥ " + g(p.Min)
	case p.Max != nil:
		return "≤ " + g(p.Max)
	}
	return ""
}

// Normalize checks v against the parameter's kind and range and returns it
// in the kind's Go type (float64, int, bool, string, map[string]float64).
// withBasis allows a finite value outside the documented range. The error
// is a *ParamError without Rule.
func (p *Param) Normalize(v any, withBasis bool) (any, error) {
	fail := func(pr Problem, format string, args ...any) (any, error) {
		return nil, &ParamError{Param: p.Name, Problem: pr, Msg: fmt.Sprintf(format, args...)}
	}
	if v == nil {
		if p.Default != nil {
			return fail(ProblemNull, "null, but the parameter has a default (%s); leave it out to use that", FormatValue(p.Default))
		}
		return nil, nil
	}
	switch p.Kind {
	case Number, Int:
		f, ok := number(v)
		if !ok {
			return fail(ProblemType, "%s is %s, not a number", FormatValue(v), kindOf(v))
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fail(ProblemNotFinite, "%s is not a finite number", FormatValue(v))
		}
		if p.Kind == Int && f != math.Trunc(f) {
			return fail(ProblemNotWhole, "%s is not a whole number", FormatValue(v))
		}
		if err := p.checkRange(f, withBasis); err != nil {
			return nil, err
		}
		if p.Kind == Int {
			if math.Abs(f) > 1<<53 {
				return fail(ProblemOutOfRange, "%s is too large", FormatValue(v))
			}
			return int(f), nil
		}
		return f, nil
	case Bool:
		b, ok := v.(bool)
		if !ok {
			return fail(ProblemType, "%s is %s, not true/false", FormatValue(v), kindOf(v))
		}
		return b, nil
	case Choice:
		s, ok := v.(string)
		if !ok {
			return fail(ProblemType, "%s is %s, not one of: %s", FormatValue(v), kindOf(v), strings.Join(p.Choices, ", "))
		}
		if !slices.Contains(p.Choices, s) {
			return fail(ProblemChoice, "%s is not one of: %s", FormatValue(v), strings.Join(p.Choices, ", "))
		}
		return s, nil
	case Tiers:
		return p.normalizeTiers(v, withBasis)
	}
	return fail(ProblemType, "parameter kind %q is not supported", p.Kind)
}

func (p *Param) checkRange(f float64, withBasis bool) error {
	if withBasis {
		return nil
	}
	if (p.Min != nil && f < *p.Min) || (p.Max != nil && f > *p.Max) {
		return &ParamError{Param: p.Name, Problem: ProblemOutOfRange,
			Msg: fmt.Sprintf("%s is outside %s", FormatValue(f), p.RangeText())}
	}
	return nil
}

func (p *Param) normalizeTiers(v any, withBasis bool) (any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &ParamError{Param: p.Name, Problem: ProblemType,
			Msg: fmt.Sprintf("%s is %s, not an object of named numbers", FormatValue(v), kindOf(v))}
	}
	def, _ := p.Default.(map[string]float64)
	out := make(map[string]float64, len(def))
	for k, x := range def {
		out[k] = x
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, known := def[k]; !known && def != nil {
			names := make([]string, 0, len(def))
			for n := range def {
				names = append(names, n)
			}
			sort.Strings(names)
			return nil, &ParamError{Param: p.Name, Problem: ProblemUnknown,
				Msg: fmt.Sprintf("unknown tier %q (known: %s)", k, strings.Join(names, ", "))}
		}
		sub := Param{Name: p.Name + "." + k, Kind: Number, Min: p.Min, Max: p.Max}
		f, err := sub.Normalize(m[k], withBasis)
		if err != nil {
			pe := err.(*ParamError)
			pe.Param = p.Name
			pe.Msg = k + ": " + pe.Msg
			return nil, pe
		}
		if f == nil {
			return nil, &ParamError{Param: p.Name, Problem: ProblemNull, Msg: k + ": null is not a number"}
		}
		out[k] = f.(float64)
	}
	return out, nil
}

// Param returns the rule's parameter named name.
func (r *Rule) Param(name string) (*Param, bool) {
	for i := range r.Params {
		if r.Params[i].Name == name {
			return &r.Params[i], true
		}
	}
	return nil, false
}

// ParamNames lists the rule's parameter names in declaration order.
func (r *Rule) ParamNames() []string {
	out := make([]string, len(r.Params))
	for i := range r.Params {
		out[i] = r.Params[i].Name
	}
	return out
}

// CheckSetting validates one override of the rule's parameter name and
// returns its normalised value. Errors are *ParamError naming the rule.
func (r *Rule) CheckSetting(name string, s Setting) (any, error) {
	p, ok := r.Param(name)
	if !ok {
		known := "none"
		if len(r.Params) > 0 {
			known = strings.Join(r.ParamNames(), ", ")
		}
		return nil, &ParamError{Rule: r.Name, Param: name, Problem: ProblemUnknown,
			Msg: fmt.Sprintf("unknown parameter of rule %q (its parameters: %s)", r.Name, known)}
	}
	v, err := p.Normalize(s.Value, s.Basis != "")
	if err != nil {
		err.(*ParamError).Rule = r.Name
		return nil, err
	}
	return v, nil
}

// Resolve merges the defaults with the overrides (later maps win) into the
// values a kernel reads and the list of parameters used, in declaration
// order.
func (r *Rule) Resolve(overrides ...map[string]Setting) (Values, []ParamUsed, error) {
	vals := make(Values, len(r.Params))
	used := make([]ParamUsed, len(r.Params))
	for i := range r.Params {
		p := &r.Params[i]
		u := ParamUsed{Name: p.Name, Unit: p.Unit, Basis: p.Basis}
		switch {
		case p.Default == nil:
			u.Source = SourceFallback
		default:
			u.Source = SourceDefault
			u.Value = copyDefault(p.Default)
			vals[p.Name] = u.Value
		}
		used[i] = u
	}
	for _, over := range overrides {
		names := make([]string, 0, len(over))
		for n := range over {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			s := over[n]
			v, err := r.CheckSetting(n, s)
			if err != nil {
				return nil, nil, err
			}
			vals[n] = v
			for i := range used {
				if used[i].Name == n {
					used[i].Value, used[i].Source = v, SourceOverride
					if s.Basis != "" {
						used[i].Basis = s.Basis
					}
				}
			}
		}
	}
	return vals, used, nil
}

func copyDefault(v any) any {
	if m, ok := v.(map[string]float64); ok {
		c := make(map[string]float64, len(m))
		for k, x := range m {
			c[k] = x
		}
		return c
	}
	return v
}
