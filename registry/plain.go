package registry

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PlainJSON returns v as encoding/json decodes its encoding (maps,
// slices, float64, string, bool, nil), or nil when v does not marshal: the
// form the registry gives every handler's data and fact values. The common
// shapes of handler data (structs with json tags, string-keyed maps,
// slices, numbers, strings) are converted directly, without encoding;
// anything else takes the JSON round trip, which the direct conversion
// equals (tested on every built-in capability's results).
func PlainJSON(v any) any {
	if out, ok := (&plainer{}).of(reflect.ValueOf(v), 0); ok {
		return out
	}
	return jsonRoundTrip(v)
}

// jsonRoundTrip is PlainJSON by encoding v and decoding the text.
func jsonRoundTrip(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
}

// maxPlainDepth bounds plainer.of's nesting; deeper data (or a cycle) takes
// the JSON round trip, which refuses a cycle.
const maxPlainDepth = 200

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	numberType        = reflect.TypeFor[json.Number]()
)

// plainer converts values without encoding them (see [plainer.of]),
// remembering which defined types have their own JSON or text form.
type plainer struct {
	custom map[reflect.Type]bool
}

// hasOwnForm reports whether values of t encode through a method of
// their own (MarshalJSON or MarshalText, on t or *t) or are json.Number.
// Only defined types and interfaces can: predeclared and other unnamed
// types have no methods (an unnamed struct's promoted ones come from
// embedded fields, which [plainer.fields] leaves to encoding/json).
func (p *plainer) hasOwnForm(t reflect.Type) bool {
	if t.PkgPath() == "" && t.Kind() != reflect.Interface {
		return false
	}
	if own, ok := p.custom[t]; ok {
		return own
	}
	own := t == numberType || t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface &&
			(reflect.PointerTo(t).Implements(marshalerType) || reflect.PointerTo(t).Implements(textMarshalerType))
	if p.custom == nil {
		p.custom = map[reflect.Type]bool{}
	}
	p.custom[t] = own
	return own
}

// of converts v without encoding it; ok is false for a shape whose
// encoding it does not reproduce (a type with its own JSON or text form,
// json.Number, float32, NaN or ±Inf, invalid UTF-8, byte slices, maps not
// keyed by strings, embedded fields, the string and omitzero options,
// clashing field names, channels and functions, and nesting deeper than
// maxPlainDepth, where a cycle would be).
func (p *plainer) of(v reflect.Value, depth int) (any, bool) {
	if !v.IsValid() {
		return nil, true
	}
	if depth > maxPlainDepth {
		return nil, false
	}
	depth++
	t := v.Type()
	if p.hasOwnForm(t) {
		return nil, false
	}
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint()), true
	case reflect.Float64:
		f := v.Float()
		return f, !math.IsNaN(f) && !math.IsInf(f, 0)
	case reflect.String:
		s := v.String()
		return s, utf8.ValidString(s)
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return nil, true
		}
		return p.of(v.Elem(), depth)
	case reflect.Map:
		if t.Key().Kind() != reflect.String || t.Key().Implements(textMarshalerType) {
			return nil, false
		}
		if v.IsNil() {
			return nil, true
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			k := it.Key().String()
			if !utf8.ValidString(k) {
				return nil, false
			}
			e, ok := p.of(it.Value(), depth)
			if !ok {
				return nil, false
			}
			out[k] = e
		}
		return out, true
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, false // base64
		}
		if v.IsNil() {
			return nil, true
		}
		return p.list(v, depth)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, false
		}
		return p.list(v, depth)
	case reflect.Struct:
		return p.fields(v, depth)
	}
	return nil, false
}

func (p *plainer) list(v reflect.Value, depth int) (any, bool) {
	out := make([]any, v.Len())
	for i := range out {
		e, ok := p.of(v.Index(i), depth)
		if !ok {
			return nil, false
		}
		out[i] = e
	}
	return out, true
}

// fields converts a struct's exported fields under their json names,
// leaving out "-" fields and empty omitempty ones, as encoding/json does.
func (p *plainer) fields(v reflect.Value, depth int) (any, bool) {
	t := v.Type()
	out := make(map[string]any, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false // promotion rules: left to encoding/json
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		omitEmpty := false
		for o := range strings.SplitSeq(opts, ",") {
			switch o {
			case "omitempty":
				omitEmpty = true
			case "string", "omitzero":
				return nil, false
			}
		}
		if name == "" || !validTagName(name) {
			name = f.Name
		}
		fv := v.Field(i)
		if omitEmpty && emptyValue(fv) {
			continue
		}
		if _, dup := out[name]; dup {
			return nil, false
		}
		e, ok := p.of(fv, depth)
		if !ok {
			return nil, false
		}
		out[name] = e
	}
	return out, true
}

// validTagName is encoding/json's test of a tag's name: letters, digits
// and the punctuation it allows.
func validTagName(s string) bool {
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// emptyValue is omitempty's test: false, 0, "", and nil or empty
// pointers, interfaces, maps, slices and arrays.
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
