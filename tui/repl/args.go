package repl

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// argProblem is one argument the REPL cannot type, with the JSON pointer
// the registry would use.
type argProblem struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

// invalidArgs returns the invalid_params error of a capability's
// arguments, worded as the registry words its own.
func invalidArgs(capability string, probs ...argProblem) *Error {
	parts := make([]string, len(probs))
	list := make([]any, len(probs))
	for i, p := range probs {
		parts[i] = p.Pointer + ": " + p.Message
		list[i] = map[string]any{"pointer": p.Pointer, "message": p.Message}
	}
	return &Error{Code: CodeInvalidParams, Message: "invalid arguments for " + capability + ": " + strings.Join(parts, "; "),
		Data: map[string]any{"errors": list}}
}

// callArgs builds the arguments of a capability call from a command's
// key=value words and trailing JSON object, each value typed by the
// capability's input schema: integers, numbers, booleans, null where the
// schema allows it, arrays as comma lists or JSON, objects as JSON. An
// argument the schema does not declare, one given twice, or a value that is
// not of the declared type is refused with invalid_params naming it.
// Positional words are refused: extra names the command (for the message).
func callArgs(capability string, schema map[string]any, args []Arg, obj map[string]any, extra string) (map[string]any, *Error) {
	props, _ := schema["properties"].(map[string]any)
	out := map[string]any{}
	for k, v := range obj {
		out[k] = v
	}
	var probs []argProblem
	for _, a := range args {
		if a.Key == "" {
			return nil, usageErr("%s takes key=value arguments or a JSON object, not the word %s", extra, quoteWord(a.Value, true))
		}
		ptr := "/" + pointerToken(a.Key)
		if _, dup := out[a.Key]; dup {
			probs = append(probs, argProblem{ptr, "is given twice"})
			continue
		}
		prop, ok := props[a.Key].(map[string]any)
		if !ok {
			probs = append(probs, argProblem{ptr, "unknown argument: " + capability + " takes " + keyList(props)})
			continue
		}
		v, msg := typed(a, prop)
		if msg != "" {
			probs = append(probs, argProblem{ptr, msg})
			continue
		}
		out[a.Key] = v
	}
	if len(probs) > 0 {
		return nil, invalidArgs(capability, probs...)
	}
	return out, nil
}

// keyList names a schema's properties: "a, b or c".
func keyList(props map[string]any) string {
	keys := sortedKeys(props)
	switch len(keys) {
	case 0:
		return "no arguments"
	case 1:
		return keys[0]
	}
	return strings.Join(keys[:len(keys)-1], ", ") + " or " + keys[len(keys)-1]
}

// pointerToken escapes one JSON pointer token (RFC 6901).
func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// schemaTypes returns the types a property schema declares, in order; a
// schema without "type" accepts a string (and JSON when written as JSON).
func schemaTypes(prop map[string]any) []string {
	switch t := prop["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// typed converts one key=value word by its property schema; the message
// says why it cannot (empty when it can).
func typed(a Arg, prop map[string]any) (any, string) {
	types := schemaTypes(prop)
	if a.JSON {
		v, err := decodeJSON(a.Value)
		if err != nil {
			return nil, "is not JSON"
		}
		return v, ""
	}
	if len(types) == 0 {
		return a.Value, ""
	}
	if a.Value == "null" && slices.Contains(types, "null") {
		return nil, ""
	}
	var wants []string
	for _, t := range types {
		switch t {
		case "string":
			return a.Value, ""
		case "integer":
			if n, ok := integerText(a.Value); ok {
				return n, ""
			}
			wants = append(wants, "an integer")
		case "number":
			if n, ok := numberText(a.Value); ok {
				return n, ""
			}
			wants = append(wants, "a number")
		case "boolean":
			switch a.Value {
			case "true":
				return true, ""
			case "false":
				return false, ""
			}
			wants = append(wants, "true or false")
		case "array":
			items, _ := prop["items"].(map[string]any)
			return commaList(a.Value, items)
		case "object":
			wants = append(wants, `a JSON object (key={"a":1})`)
		case "null":
			wants = append(wants, "null")
		}
	}
	return nil, fmt.Sprintf("%s is not %s", strconv.Quote(a.Value), strings.Join(wants, " or "))
}

// commaList reads a comma-separated array value, each item typed by the
// items schema; blank items (a trailing comma) are ignored.
func commaList(s string, items map[string]any) (any, string) {
	out := []any{}
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		v, msg := typed(Arg{Value: part}, items)
		if msg != "" {
			return nil, "item " + strconv.Itoa(i+1) + ": " + msg
		}
		out = append(out, v)
	}
	return out, ""
}

// integerText reads a whole number (5, -3, 1e3, 5.0) as a json.Number.
func integerText(s string) (json.Number, bool) {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return json.Number(s), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return "", false
	}
	return json.Number(strconv.FormatInt(int64(f), 10)), true
}

// numberText reads a finite number as a json.Number.
func numberText(s string) (json.Number, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if !json.Valid([]byte(s)) {
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
	}
	return json.Number(s), true
}

// decodeJSON decodes one JSON value with numbers as json.Number.
func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// schemaDefault returns the integer default of property key, or def.
func schemaDefault(schema map[string]any, key string, def int) int {
	props, _ := schema["properties"].(map[string]any)
	prop, _ := props[key].(map[string]any)
	if n, ok := toInt(prop["default"]); ok {
		return n
	}
	return def
}

// toInt reads an integer from decoded JSON (float64, json.Number) or Go
// values (int).
func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int(n), true
		}
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return int(i), true
		}
	}
	return 0, false
}
