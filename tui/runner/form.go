package runner

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// field is one input of a capability's form, generated from its schema.
type field struct {
	name     string
	desc     string
	typ      string   // string, integer, number, boolean, array, object
	items    string   // an array's item type
	enum     []string // choices (a boolean's are true, false)
	required bool
	def      any
	min, max *float64
	exMin    bool
	exMax    bool
	pattern  string

	input  textinput.Model
	choice int // index into enum; -1 unset
	err    string
}

// choices reports whether the field is picked from a list.
func (f *field) choices() bool { return len(f.enum) > 0 }

// schemaType reads a schema's type ("string" from ["string", "null"]).
func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
	}
	return "string"
}

// num reads a schema number.
func num(v any) (*float64, bool) {
	switch x := v.(type) {
	case float64:
		return &x, true
	case int:
		f := float64(x)
		return &f, true
	}
	return nil, false
}

// fieldsOf builds the form's fields from an input schema: required ones
// first in the schema's order, then the rest by name, paging last.
func fieldsOf(schema map[string]any, st *themes.Styles) []*field {
	props, _ := schema["properties"].(map[string]any)
	req := map[string]int{}
	if r, ok := schema["required"].([]any); ok {
		for i, x := range r {
			if s, ok := x.(string); ok {
				req[s] = i
			}
		}
	}
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	rank := func(n string) int {
		if _, ok := req[n]; ok {
			return 0
		}
		if n == "limit" || n == "offset" {
			return 2
		}
		return 1
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := names[i], names[j]
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra < rb
		}
		if rank(a) == 0 {
			return req[a] < req[b]
		}
		if rank(a) == 2 {
			return a == "limit"
		}
		return a < b
	})
	out := make([]*field, 0, len(names))
	for _, n := range names {
		ps, _ := props[n].(map[string]any)
		f := &field{name: n, typ: schemaType(ps), choice: -1}
		_, f.required = req[n]
		f.desc, _ = ps["description"].(string)
		f.def = ps["default"]
		f.pattern, _ = ps["pattern"].(string)
		if v, ok := num(ps["minimum"]); ok {
			f.min = v
		}
		if v, ok := num(ps["exclusiveMinimum"]); ok {
			f.min, f.exMin = v, true
		}
		if v, ok := num(ps["maximum"]); ok {
			f.max = v
		}
		if v, ok := num(ps["exclusiveMaximum"]); ok {
			f.max, f.exMax = v, true
		}
		if e, ok := ps["enum"].([]any); ok {
			for _, x := range e {
				f.enum = append(f.enum, fmt.Sprint(x))
			}
		}
		if f.typ == "boolean" {
			f.enum = []string{"true", "false"}
		}
		if f.typ == "array" {
			it, _ := ps["items"].(map[string]any)
			f.items = schemaType(it)
		}
		f.input = widget.NewInput(st, "", f.placeholder(), 4000)
		out = append(out, f)
	}
	return out
}

// placeholder hints what to type, in parentheses so it never reads as a
// value (without colour it looks like text).
func (f *field) placeholder() string {
	switch {
	case f.def != nil:
		return "(default " + fmt.Sprint(f.def) + ")"
	case f.typ == "array":
		return "(a, b, c)"
	case f.typ == "object":
		return "(JSON object)"
	case f.pattern != "" && strings.Contains(f.pattern, "[0-9]{4}-"):
		return "(YYYY-MM-DD[Thh:mm])"
	}
	return ""
}

// hint describes the field's type and bounds.
func (f *field) hint() string {
	var parts []string
	t := f.typ
	if t == "array" {
		t = "list of " + f.items + " (comma-separated)"
	}
	parts = append(parts, t)
	if f.required {
		parts = append(parts, "required")
	}
	if len(f.enum) > 0 && f.typ != "boolean" {
		parts = append(parts, "one of "+strings.Join(f.enum, ", "))
	}
	if f.min != nil || f.max != nil {
		lo, hi := "", ""
		if f.min != nil {
			lo = strconv.FormatFloat(*f.min, 'f', -1, 64)
			if f.exMin {
				lo = ">" + lo
			}
		}
		if f.max != nil {
			hi = strconv.FormatFloat(*f.max, 'f', -1, 64)
			if f.exMax {
				hi = "<" + hi
			}
		}
		parts = append(parts, lo+".."+hi)
	}
	if f.def != nil {
		parts = append(parts, "default "+fmt.Sprint(f.def))
	}
	return strings.Join(parts, " · ")
}

// display is the field's value as shown.
func (f *field) display() string {
	if f.choices() {
		if f.choice < 0 {
			if f.def != nil {
				return "‹ default " + fmt.Sprint(f.def) + " ›"
			}
			return "‹ unset ›"
		}
		return "‹ " + f.enum[f.choice] + " ›"
	}
	return f.input.Value()
}

// cycle moves an enum or boolean choice by d (unset sits before the first
// choice unless the field is required).
func (f *field) cycle(d int) {
	if !f.choices() {
		return
	}
	lo := -1
	if f.required {
		lo = 0
	}
	n := len(f.enum) - lo
	f.choice = ((f.choice-lo+d)%n+n)%n + lo
	f.err = ""
}

// value parses the field; ok is false when it is empty (left out).
func (f *field) value() (any, bool, error) {
	if f.choices() {
		if f.choice < 0 {
			if f.required {
				return nil, false, fmt.Errorf("required: pick one with ←/→")
			}
			return nil, false, nil
		}
		if f.typ == "boolean" {
			return f.enum[f.choice] == "true", true, nil
		}
		return f.enum[f.choice], true, nil
	}
	raw := strings.TrimSpace(f.input.Value())
	if raw == "" {
		if f.required {
			return nil, false, fmt.Errorf("required")
		}
		return nil, false, nil
	}
	switch f.typ {
	case "integer", "number":
		x, err := f.number(raw)
		if err != nil {
			return nil, false, err
		}
		if f.typ == "integer" {
			return int(x), true, nil
		}
		return x, true, nil
	case "array":
		var out []any
		for _, p := range strings.Split(raw, ",") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			if f.items == "integer" || f.items == "number" {
				x, err := strconv.ParseFloat(p, 64)
				if err != nil {
					return nil, false, fmt.Errorf("%q is not a number", p)
				}
				out = append(out, x)
				continue
			}
			out = append(out, p)
		}
		if len(out) == 0 {
			return nil, false, nil
		}
		return out, true, nil
	case "object":
		var obj map[string]any
		if err := json.Unmarshal([]byte(raw), &obj); err != nil {
			return nil, false, fmt.Errorf("not a JSON object: %s", strings.TrimPrefix(err.Error(), "json: "))
		}
		return obj, true, nil
	}
	return raw, true, nil
}

// number parses and bounds-checks a number.
func (f *field) number(raw string) (float64, error) {
	x, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is not a number", raw)
	}
	if f.typ == "integer" && x != math.Trunc(x) {
		return 0, fmt.Errorf("%q is not a whole number", raw)
	}
	if f.min != nil && (x < *f.min || (f.exMin && x == *f.min)) {
		return 0, fmt.Errorf("%s is below the minimum %s", raw, f.hintRange())
	}
	if f.max != nil && (x > *f.max || (f.exMax && x == *f.max)) {
		return 0, fmt.Errorf("%s is above the maximum %s", raw, f.hintRange())
	}
	return x, nil
}

// hintRange is the allowed range ("1..1000").
func (f *field) hintRange() string {
	lo, hi := "", ""
	if f.min != nil {
		lo = strconv.FormatFloat(*f.min, 'f', -1, 64)
	}
	if f.max != nil {
		hi = strconv.FormatFloat(*f.max, 'f', -1, 64)
	}
	return "(" + lo + ".." + hi + ")"
}

// set fills the field with v (for presets).
func (f *field) set(v string) {
	if f.choices() {
		f.choice = slices.Index(f.enum, v)
		return
	}
	f.input.SetValue(v)
	f.input.CursorEnd()
}

// args builds the call's arguments, marking each field's error; ok is
// false when a field is wrong.
func args(fields []*field) (map[string]any, bool) {
	out := map[string]any{}
	ok := true
	for _, f := range fields {
		v, has, err := f.value()
		f.err = ""
		if err != nil {
			f.err, ok = err.Error(), false
			continue
		}
		if has {
			out[f.name] = v
		}
	}
	return out, ok
}

// markProblems puts an invalid_params error's problems on their fields
// and returns the ones no field takes.
func markProblems(fields []*field, err error) []string {
	e, ok := err.(*registry.Error)
	if !ok || e.Code != registry.CodeInvalidParams {
		return nil
	}
	var rest []string
	var list []registry.Problem
	switch p := e.Data["errors"].(type) {
	case []registry.Problem:
		list = p
	case []any:
		for _, x := range p {
			if m, ok := x.(map[string]any); ok {
				ptr, _ := m["pointer"].(string)
				msg, _ := m["message"].(string)
				list = append(list, registry.Problem{Pointer: ptr, Message: msg})
			}
		}
	}
	for _, p := range list {
		name := strings.SplitN(strings.TrimPrefix(p.Pointer, "/"), "/", 2)[0]
		found := false
		for _, f := range fields {
			if f.name == name {
				f.err, found = p.Message, true
			}
		}
		if !found {
			rest = append(rest, p.Pointer+": "+p.Message)
		}
	}
	return rest
}
