package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaDialect is the only $schema a capability schema may name.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// schemaKeywords is seed 000's subset of JSON Schema 2020-12: a keyword
// outside it is refused at registration, so a constraint is never declared
// without being enforced. default, description, title and $schema are
// annotations.
var schemaKeywords = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"enum": true, "const": true, "items": true, "minItems": true, "maxItems": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minLength": true, "maxLength": true, "pattern": true,
	"default": true, "description": true, "title": true, "$schema": true,
}

// printer renders the validator's messages.
var printer = message.NewPrinter(language.English)

// CheckSchema reports whether s is an object schema that uses only seed
// 000's keyword subset. The error names the first offending keyword by its
// JSON pointer in the schema.
func CheckSchema(s map[string]any) error {
	if t, _ := s["type"].(string); t != "object" {
		return fmt.Errorf(`root "type" must be "object"`)
	}
	if d, ok := s["$schema"]; ok && d != SchemaDialect {
		return fmt.Errorf("$schema must be %s", SchemaDialect)
	}
	return checkNode(s, "")
}

// checkNode checks one schema object at pointer at.
func checkNode(s map[string]any, at string) error {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !schemaKeywords[k] {
			return fmt.Errorf("keyword %q at %s/%s is outside the supported subset", k, at, k)
		}
		if k == "$schema" && at != "" {
			return fmt.Errorf("$schema at %s is allowed only at the root", at)
		}
		v := s[k]
		switch k {
		case "properties":
			props, ok := v.(map[string]any)
			if !ok {
				return fmt.Errorf("%s/properties must be an object", at)
			}
			names := make([]string, 0, len(props))
			for n := range props {
				names = append(names, n)
			}
			slices.Sort(names)
			for _, n := range names {
				sub, ok := props[n].(map[string]any)
				if !ok {
					return fmt.Errorf("%s/properties/%s must be a schema object", at, n)
				}
				if err := checkNode(sub, at+"/properties/"+escapePointer(n)); err != nil {
					return err
				}
			}
		case "items":
			sub, ok := v.(map[string]any)
			if !ok {
				return fmt.Errorf("%s/items must be a schema object", at)
			}
			if err := checkNode(sub, at+"/items"); err != nil {
				return err
			}
		case "additionalProperties":
			switch sub := v.(type) {
			case bool:
			case map[string]any:
				if err := checkNode(sub, at+"/additionalProperties"); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%s/additionalProperties must be a boolean or a schema object", at)
			}
		}
	}
	return nil
}

// compiled is a capability schema ready to validate.
type compiled struct {
	raw    map[string]any
	schema *jsonschema.Schema
}

// compileSchema checks s against the subset and compiles it. Patterns use
// Go's RE2, whose '$' outside multi-line mode matches only at the end of the
// text, as ECMA-262's does ("x\n" does not match ^x$).
func compileSchema(url string, s map[string]any) (*compiled, error) {
	if err := CheckSchema(s); err != nil {
		return nil, err
	}
	doc, err := toJSONValue(s)
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	return &compiled{raw: s, schema: sch}, nil
}

// jsonValue returns v as a JSON value the validator reads (maps, slices,
// strings, booleans, nil, finite numbers), converting the common Go shapes
// directly and anything else through a JSON round trip.
func jsonValue(v any) (any, error) {
	if Decoded(v) {
		return v, nil // the validator only reads it
	}
	if out, ok := plainValue(v); ok {
		return out, nil
	}
	return toJSONValue(v)
}

// Decoded reports whether v is already a JSON value as encoding/json
// decodes it (maps, slices, strings, finite float64 or json.Number, bool,
// nil), as the data of Registry.Call's results is: such a value needs no
// conversion (see [PlainJSON]) to be read as JSON.
func Decoded(v any) bool {
	switch x := v.(type) {
	case nil, string, bool, json.Number:
		return true
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case map[string]any:
		for _, e := range x {
			if !Decoded(e) {
				return false
			}
		}
		return true
	case []any:
		for _, e := range x {
			if !Decoded(e) {
				return false
			}
		}
		return true
	}
	return false
}

// plainValue converts v without encoding when it holds only JSON shapes;
// ok is false for anything else (structs, NaN, typed maps).
func plainValue(v any) (any, bool) {
	switch x := v.(type) {
	case nil, string, bool, json.Number:
		return x, true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return json.Number(strconv.Itoa(x)), true
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), true
	case float32:
		return plainValue(float64(x))
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			c, ok := plainValue(e)
			if !ok {
				return nil, false
			}
			out[k] = c
		}
		return out, true
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			c, ok := plainValue(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return out, true
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out, true
	}
	return nil, false
}

// toJSONValue returns v as the validator's JSON value (numbers as
// json.Number).
func toJSONValue(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}

// Problem is one input-validation failure: where (a JSON pointer into the
// arguments) and what.
type Problem struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

// problems flattens a validation error into its leaf problems, sorted by
// pointer.
func problems(err error) []Problem {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []Problem{{Pointer: "", Message: "invalid arguments"}}
	}
	var out []Problem
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		out = append(out, leafProblems(e)...)
	}
	walk(ve)
	slices.SortStableFunc(out, func(a, b Problem) int { return strings.Compare(a.Pointer, b.Pointer) })
	return slices.Compact(out)
}

// leafProblems phrases one leaf error; required and additionalProperties
// give one problem per property, pointing at the property.
func leafProblems(e *jsonschema.ValidationError) []Problem {
	at := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		out := make([]Problem, len(k.Missing))
		for i, m := range k.Missing {
			out[i] = Problem{at + "/" + escapePointer(m), "required argument is missing"}
		}
		return out
	case *kind.AdditionalProperties:
		out := make([]Problem, len(k.Properties))
		for i, p := range k.Properties {
			out[i] = Problem{at + "/" + escapePointer(p), "unknown argument: the schema does not have it"}
		}
		return out
	case *kind.Type:
		return []Problem{{at, fmt.Sprintf("expected %s, got %s", strings.Join(k.Want, " or "), k.Got)}}
	case *kind.Pattern:
		return []Problem{{at, "does not match the pattern " + k.Want}}
	case *kind.Minimum:
		return []Problem{{at, "must be at least " + ratString(k.Want)}}
	case *kind.Maximum:
		return []Problem{{at, "must be at most " + ratString(k.Want)}}
	case *kind.ExclusiveMinimum:
		return []Problem{{at, "must be greater than " + ratString(k.Want)}}
	case *kind.ExclusiveMaximum:
		return []Problem{{at, "must be less than " + ratString(k.Want)}}
	case *kind.MinLength:
		return []Problem{{at, fmt.Sprintf("must have at least %d characters", k.Want)}}
	case *kind.MaxLength:
		return []Problem{{at, fmt.Sprintf("must have at most %d characters", k.Want)}}
	case *kind.MinItems:
		return []Problem{{at, fmt.Sprintf("must have at least %d items", k.Want)}}
	case *kind.MaxItems:
		return []Problem{{at, fmt.Sprintf("must have at most %d items", k.Want)}}
	case *kind.FalseSchema:
		return []Problem{{at, "is not allowed"}}
	}
	return []Problem{{at, e.ErrorKind.LocalizedString(printer)}}
}

// ratString writes a schema bound as a plain number.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// pointer joins reference tokens into a JSON pointer.
func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

// escapePointer escapes one JSON pointer token (RFC 6901).
func escapePointer(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

// decodeArgs turns validated arguments (json.Number values) into the
// handler's Go values: an integer where the schema asks for one (5.0 is the
// int 5), float64 for every other number. A whole number too large for an
// int is a problem at its pointer.
func decodeArgs(v any, s map[string]any, at string) (any, *Problem) {
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		addl, _ := s["additionalProperties"].(map[string]any)
		out := make(map[string]any, len(x))
		for k, e := range x {
			sub, _ := props[k].(map[string]any)
			if sub == nil {
				sub = addl
			}
			d, p := decodeArgs(e, sub, at+"/"+escapePointer(k))
			if p != nil {
				return nil, p
			}
			out[k] = d
		}
		return out, nil
	case []any:
		items, _ := s["items"].(map[string]any)
		out := make([]any, len(x))
		for i, e := range x {
			d, p := decodeArgs(e, items, at+"/"+strconv.Itoa(i))
			if p != nil {
				return nil, p
			}
			out[i] = d
		}
		return out, nil
	case float64:
		return decodeArgs(json.Number(strconv.FormatFloat(x, 'g', -1, 64)), s, at)
	case json.Number:
		if wantsInteger(s) {
			n, ok := integer(x)
			if !ok {
				return nil, &Problem{at, "is outside the integer range"}
			}
			return n, nil
		}
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) {
			return nil, &Problem{at, "is outside the number range"}
		}
		return f, nil
	}
	return v, nil
}

// wantsInteger reports whether schema s types its value as an integer.
func wantsInteger(s map[string]any) bool {
	switch t := s["type"].(type) {
	case string:
		return t == "integer"
	case []any:
		return slices.Contains(t, any("integer")) && !slices.Contains(t, any("number"))
	}
	return false
}

// integer converts a whole JSON number ("5", "5.0", "1e3") to an int.
func integer(n json.Number) (int, bool) {
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return int(i), true
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return int(r.Num().Int64()), true
}
