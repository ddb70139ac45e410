package jsonrpc

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxIntegerDigits is the longest integer literal a message may hold. A
// longer one is refused as "an integer too long to read" (-32600).
const MaxIntegerDigits = 4300

// MaxDepth is the deepest nesting of objects and arrays a message may hold.
const MaxDepth = 512

// decodeError is a refusal found while decoding a line: Syntax errors are
// -32700 (not JSON), the rest -32600 (JSON, but not a message we read).
type decodeError struct {
	syntax bool
	msg    string
}

func (e *decodeError) Error() string { return e.msg }

// Decode parses one JSON text strictly: valid UTF-8, standard JSON syntax,
// no key repeated in any object, no lone UTF-16 surrogate escape, no integer
// literal longer than MaxIntegerDigits, no nesting deeper than MaxDepth, and
// no number outside float64's range. Objects decode to map[string]any,
// arrays to []any, numbers to json.Number.
//
// The returned error is an *Error with code -32700 (not UTF-8 or not JSON)
// or -32600 (valid syntax that is still refused).
func Decode(b []byte) (any, *Error) {
	if !utf8.Valid(b) {
		return nil, &Error{Code: CodeParseError, Message: "parse error: the line is not valid UTF-8"}
	}
	p := parser{b: b}
	v, err := p.value()
	if err == nil {
		p.ws()
		if p.i < len(p.b) {
			err = p.syntaxf("unexpected %q after the JSON value", p.b[p.i])
		}
	}
	if err != nil {
		if err.syntax {
			return nil, &Error{Code: CodeParseError, Message: "parse error: " + err.msg}
		}
		return nil, &Error{Code: CodeInvalidRequest, Message: "invalid request: " + err.msg}
	}
	return v, nil
}

type parser struct {
	b     []byte
	i     int
	depth int
}

func (p *parser) syntaxf(format string, args ...any) *decodeError {
	return &decodeError{syntax: true, msg: fmt.Sprintf(format, args...) + fmt.Sprintf(" at byte %d", p.i)}
}

func (p *parser) refusef(format string, args ...any) *decodeError {
	return &decodeError{msg: fmt.Sprintf(format, args...)}
}

func (p *parser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value() (any, *decodeError) {
	p.ws()
	if p.i >= len(p.b) {
		return nil, p.syntaxf("unexpected end of input")
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		return nil, p.syntaxf("unexpected %q", c)
	}
}

func (p *parser) literal(word string) *decodeError {
	if !strings.HasPrefix(string(p.b[p.i:min(len(p.b), p.i+len(word))]), word) {
		return p.syntaxf("invalid literal")
	}
	p.i += len(word)
	return nil
}

func (p *parser) enter() *decodeError {
	p.depth++
	if p.depth > MaxDepth {
		return p.refusef("nested deeper than %d levels", MaxDepth)
	}
	return nil
}

func (p *parser) object() (any, *decodeError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	p.i++ // '{'
	m := map[string]any{}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		p.depth--
		return m, nil
	}
	for {
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			return nil, p.syntaxf("expected a string key")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		key := k.(string)
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return nil, p.syntaxf("expected ':'")
		}
		p.i++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, p.refusef("duplicate key %s", quoteShort(key))
		}
		m[key] = v
		p.ws()
		if p.i >= len(p.b) {
			return nil, p.syntaxf("unexpected end of input in an object")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			p.depth--
			return m, nil
		default:
			return nil, p.syntaxf("expected ',' or '}'")
		}
	}
}

func (p *parser) array() (any, *decodeError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	p.i++ // '['
	a := []any{}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		p.depth--
		return a, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		p.ws()
		if p.i >= len(p.b) {
			return nil, p.syntaxf("unexpected end of input in an array")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			p.depth--
			return a, nil
		default:
			return nil, p.syntaxf("expected ',' or ']'")
		}
	}
}

// str reads a string starting at the opening quote.
func (p *parser) str() (any, *decodeError) {
	p.i++ // opening quote
	start := p.i
	// Fast path: no escapes.
	for p.i < len(p.b) {
		c := p.b[p.i]
		if c == '"' {
			s := string(p.b[start:p.i])
			p.i++
			return s, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return nil, p.syntaxf("control character in a string")
		}
		p.i++
	}
	var sb strings.Builder
	sb.Write(p.b[start:p.i])
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return sb.String(), nil
		case c < 0x20:
			return nil, p.syntaxf("control character in a string")
		case c != '\\':
			sb.WriteByte(c)
			p.i++
			continue
		}
		// Escape.
		if p.i+1 >= len(p.b) {
			return nil, p.syntaxf("unexpected end of input in a string")
		}
		e := p.b[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			sb.WriteByte(e)
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'u':
			r, err := p.hex4()
			if err != nil {
				return nil, err
			}
			switch {
			case utf16.IsSurrogate(r) && r < 0xDC00:
				// A high surrogate must be followed by an escaped low one.
				if p.i+1 < len(p.b) && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
					p.i += 2
					lo, err := p.hex4()
					if err != nil {
						return nil, err
					}
					if lo < 0xDC00 || lo > 0xDFFF {
						return nil, p.refusef("a string holds a lone UTF-16 surrogate escape")
					}
					sb.WriteRune(utf16.DecodeRune(r, lo))
				} else {
					return nil, p.refusef("a string holds a lone UTF-16 surrogate escape")
				}
			case utf16.IsSurrogate(r):
				return nil, p.refusef("a string holds a lone UTF-16 surrogate escape")
			default:
				sb.WriteRune(r)
			}
		default:
			return nil, p.syntaxf("invalid escape \\%c", e)
		}
	}
	return nil, p.syntaxf("unexpected end of input in a string")
}

func (p *parser) hex4() (rune, *decodeError) {
	if p.i+4 > len(p.b) {
		return 0, p.syntaxf("short \\u escape")
	}
	var r rune
	for _, c := range p.b[p.i : p.i+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c-'a') + 10
		case c >= 'A' && c <= 'F':
			r |= rune(c-'A') + 10
		default:
			return 0, p.syntaxf("invalid \\u escape")
		}
	}
	p.i += 4
	return r, nil
}

func (p *parser) number() (any, *decodeError) {
	start := p.i
	if p.b[p.i] == '-' {
		p.i++
	}
	digits := p.i
	switch {
	case p.i < len(p.b) && p.b[p.i] == '0':
		p.i++
	case p.i < len(p.b) && p.b[p.i] >= '1' && p.b[p.i] <= '9':
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
		}
	default:
		return nil, p.syntaxf("invalid number")
	}
	if p.i-digits > MaxIntegerDigits {
		return nil, p.refusef("an integer of %d digits is too long to read (at most %d)", p.i-digits, MaxIntegerDigits)
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		n := p.i
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
		}
		if p.i == n {
			return nil, p.syntaxf("invalid number")
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		n := p.i
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
		}
		if p.i == n {
			return nil, p.syntaxf("invalid number")
		}
	}
	lit := string(p.b[start:p.i])
	if len(lit) > MaxIntegerDigits+2 {
		return nil, p.refusef("a number of %d characters is too long to read", len(lit))
	}
	if f, err := strconv.ParseFloat(lit, 64); err != nil || math.IsInf(f, 0) {
		return nil, p.refusef("the number %s is out of range", quoteShort(lit))
	}
	return json.Number(lit), nil
}

// quoteShort quotes s for an error message, cut to 40 characters.
func quoteShort(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		s = string(r[:40]) + "…"
	}
	return strconv.Quote(s)
}
