package registry

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// resultSize returns the length of json.Marshal(r) without encoding it,
// when r's data and fact values are decoded JSON (maps, slices, strings,
// finite float64, bool, nil, as normalise leaves them); ok is false for any
// other shape, and the caller marshals.
func resultSize(r *Result) (n int, ok bool) {
	d, ok := jsonSize(r.Data)
	if !ok {
		return 0, false
	}
	n = len(`{"data":,"text":,"facts":,"banners":,"truncated":}`) + d + stringSize(r.Text)
	if r.Facts == nil {
		n += len("null")
	} else {
		n += len("[]") + max(len(r.Facts)-1, 0)
		for i := range r.Facts {
			f, ok := factSize(&r.Facts[i])
			if !ok {
				return 0, false
			}
			n += f
		}
	}
	if r.Banners == nil {
		n += len("null")
	} else {
		n += len("[]") + max(len(r.Banners)-1, 0)
		for _, b := range r.Banners {
			n += stringSize(b)
		}
	}
	if r.Truncated {
		return n + len("true"), true
	}
	return n + len("false"), true
}

// factSize is resultSize for one fact, its omitempty fields left out as
// encoding/json leaves them out.
func factSize(f *Fact) (int, bool) {
	n := len(`{"id":,"kind":,"text":}`) + stringSize(f.ID) + stringSize(f.Kind) + stringSize(f.Text)
	if f.Value != nil {
		v, ok := jsonSize(f.Value)
		if !ok {
			return 0, false
		}
		n += len(`,"value":`) + v
	}
	if f.Equip != "" {
		n += len(`,"equip":`) + stringSize(f.Equip)
	}
	if len(f.Data) > 0 {
		d, ok := jsonSize(f.Data)
		if !ok {
			return 0, false
		}
		n += len(`,"data":`) + d
	}
	return n, true
}

// jsonSize returns the length of json.Marshal(v) for a decoded JSON value;
// ok is false for any other shape (and for NaN and ±Inf, which do not
// marshal).
func jsonSize(v any) (int, bool) {
	switch x := v.(type) {
	case nil:
		return len("null"), true
	case string:
		return stringSize(x), true
	case bool:
		if x {
			return len("true"), true
		}
		return len("false"), true
	case float64:
		return floatSize(x)
	case map[string]any:
		if x == nil {
			return len("null"), true
		}
		n := len("{}") + max(len(x)-1, 0) + len(x) // commas, colons
		for k, e := range x {
			s, ok := jsonSize(e)
			if !ok {
				return 0, false
			}
			n += stringSize(k) + s
		}
		return n, true
	case []any:
		if x == nil {
			return len("null"), true
		}
		n := len("[]") + max(len(x)-1, 0)
		for _, e := range x {
			s, ok := jsonSize(e)
			if !ok {
				return 0, false
			}
			n += s
		}
		return n, true
	}
	return 0, false
}

// floatSize is the length encoding/json gives a float64: the shortest
// representation, in exponent form below 1e-6 and from 1e21 on, with a
// two-digit negative exponent's leading zero dropped.
func floatSize(f float64) (int, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	var buf [32]byte
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(buf[:0], f, format, -1, 64)
	n := len(b)
	if format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		n--
	}
	return n, true
}

// stringSize is the length of s as encoding/json quotes it: HTML
// characters, control characters, invalid UTF-8 and U+2028/U+2029 escaped.
func stringSize(s string) int {
	n := len(`""`)
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '\\' || b == '"' || b == '\b' || b == '\f' || b == '\n' || b == '\r' || b == '\t':
				n += 2
			case b < 0x20 || b == '<' || b == '>' || b == '&':
				n += len(`\u0000`)
			default:
				n++
			}
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1, c == '\u2028', c == '\u2029':
			n += len(`\ufffd`)
		default:
			n += size
		}
		i += size
	}
	return n
}
