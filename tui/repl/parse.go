package repl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Command is one parsed line of the command language.
//
// A line is a command word followed by its arguments: positional words and
// key=value pairs (Args, in order), optionally ending with a JSON object
// (Object) and a comment (Comment, after a '#' that starts a word). The
// free-text commands (ask, draft, check) instead take the rest of the line
// verbatim as Text; see [Parse].
type Command struct {
	// Name is the command word as typed; "" for a blank line or a comment.
	Name string
	// Args are the words after the command word, in order.
	Args []Arg
	// Object is the trailing JSON object (numbers as json.Number); nil when
	// the line has none.
	Object map[string]any
	// Text is a free-text command's text: the rest of the line with the
	// surrounding white space trimmed, or the content of the one quoted
	// word the rest consists of.
	Text string
	// Quoted reports that Text was one quoted word: `draft "template"`
	// appends the word instead of running the template.
	Quoted bool
	// Comment is what follows the '#' of a comment, verbatim.
	Comment string
	// HasComment reports that the line ends with a comment (which may be
	// empty).
	HasComment bool
}

// Arg is one word after the command word: a positional word (Key empty) or
// a key=value pair.
type Arg struct {
	Key   string
	Value string
	// JSON reports that Value is a JSON array or object written after the
	// '=' (equips=["AHU-1","AHU-2"]); Value then holds its text exactly.
	JSON bool
}

// ParseError is a line the grammar refuses; Col is the 1-based byte column
// of the problem.
type ParseError struct {
	Col int
	Msg string
}

// Error returns "column N: msg".
func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// freeText are the commands whose argument is the rest of the line.
var freeText = map[string]bool{"ask": true, "draft": true, "check": true}

// Parse reads one line of the command language:
//
//   - words are separated by white space; a word may be quoted, "..." with
//     backslash escapes (\" \\ \n \t \r; a backslash before any other
//     character stands for that character) or '...' taken literally, and a
//     backslash outside quotes escapes the next character;
//   - a word that starts key= (key: a letter or '_' then letters, digits
//     and '_', none of it quoted) is a key=value pair; a value that starts
//     with '[' or '{' is read as one JSON value;
//   - a word that starts with an unquoted '{' begins a JSON object that must
//     end the line (a comment may follow);
//   - a word that starts with an unquoted '#' begins a comment to the end of
//     the line (FC#5 is a word);
//   - for ask, draft and check the rest of the line after the command word
//     is the text, verbatim ('#' and quotes included) unless it is exactly
//     one quoted word.
//
// Parse never panics; a malformed line is a *[ParseError].
func Parse(line string) (Command, error) {
	var c Command
	p := &parser{s: line}
	p.skipSpace()
	if p.done() {
		return c, nil
	}
	if p.s[p.i] == '#' {
		c.Comment, c.HasComment = p.s[p.i+1:], true
		return c, nil
	}
	if p.s[p.i] == '{' {
		return c, p.errorf(p.i, "a line starts with a command word, not a JSON object")
	}
	start := p.i
	w, err := p.word()
	if err != nil {
		return c, err
	}
	if w.isKV {
		return c, p.errorf(start, "a line starts with a command word, not the key=value pair %s=…", w.key)
	}
	if w.value == "" {
		return c, p.errorf(start, "the command word is empty")
	}
	c.Name = w.value
	if freeText[strings.ToLower(c.Name)] {
		c.Text, c.Quoted = freeTextOf(p.s[p.i:])
		return c, nil
	}
	for {
		p.skipSpace()
		if p.done() {
			return c, nil
		}
		switch p.s[p.i] {
		case '#':
			c.Comment, c.HasComment = p.s[p.i+1:], true
			return c, nil
		case '{':
			obj, err := p.object()
			if err != nil {
				return c, err
			}
			c.Object = obj
			p.skipSpace()
			if p.done() {
				return c, nil
			}
			if p.s[p.i] != '#' {
				return c, p.errorf(p.i, "the JSON object must end the line (a # comment may follow)")
			}
			c.Comment, c.HasComment = p.s[p.i+1:], true
			return c, nil
		}
		w, err := p.word()
		if err != nil {
			return c, err
		}
		if w.isKV {
			c.Args = append(c.Args, Arg{Key: w.key, Value: w.value, JSON: w.json})
		} else {
			c.Args = append(c.Args, Arg{Value: w.value})
		}
	}
}

// freeTextOf returns a free-text command's text: rest trimmed, or the
// content of the single quoted word it is.
func freeTextOf(rest string) (string, bool) {
	t := strings.TrimSpace(rest)
	if t == "" || (t[0] != '"' && t[0] != '\'') {
		return t, false
	}
	p := &parser{s: t}
	w, err := p.word()
	if err != nil || !p.done() || w.isKV {
		return t, false
	}
	return w.value, true
}

// parser is the state of one Parse.
type parser struct {
	s string
	i int
}

func (p *parser) done() bool { return p.i >= len(p.s) }

func (p *parser) errorf(at int, format string, args ...any) error {
	return &ParseError{Col: at + 1, Msg: fmt.Sprintf(format, args...)}
}

// skipSpace advances past white space.
func (p *parser) skipSpace() {
	for !p.done() {
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		if !isSpace(r, n) {
			return
		}
		p.i += n
	}
}

// isSpace reports whether a decoded rune separates words (an invalid byte
// never does).
func isSpace(r rune, n int) bool {
	return !(r == utf8.RuneError && n == 1) && unicode.IsSpace(r)
}

// scanned is one word as read.
type scanned struct {
	key, value string
	isKV, json bool
}

// word reads one word starting at p.i (which is not white space).
func (p *parser) word() (scanned, error) {
	var w scanned
	var b strings.Builder
	plain := true // nothing quoted or escaped yet: a '=' may still make a key
	for !p.done() {
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		if isSpace(r, n) {
			break
		}
		switch {
		case r == '"':
			start := p.i
			p.i++
			closed := false
			for !p.done() {
				c := p.s[p.i]
				if c == '"' {
					p.i++
					closed = true
					break
				}
				if c == '\\' && p.i+1 < len(p.s) {
					r2, n2 := utf8.DecodeRuneInString(p.s[p.i+1:])
					switch r2 {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
						b.WriteByte('\r')
					default:
						b.WriteString(p.s[p.i+1 : p.i+1+n2])
					}
					p.i += 1 + n2
					continue
				}
				b.WriteByte(c)
				p.i++
			}
			if !closed {
				return w, p.errorf(start, "unterminated double quote")
			}
			plain = false
		case r == '\'':
			start := p.i
			end := strings.IndexByte(p.s[p.i+1:], '\'')
			if end < 0 {
				return w, p.errorf(start, "unterminated single quote")
			}
			b.WriteString(p.s[p.i+1 : p.i+1+end])
			p.i += end + 2
			plain = false
		case r == '\\':
			if p.i+1 >= len(p.s) {
				b.WriteByte('\\') // a trailing backslash stands for itself
				p.i++
				plain = false
				continue
			}
			_, n2 := utf8.DecodeRuneInString(p.s[p.i+1:])
			b.WriteString(p.s[p.i+1 : p.i+1+n2])
			p.i += 1 + n2
			plain = false
		case r == '=' && plain && !w.isKV && isKey(b.String()):
			w.key, w.isKV = b.String(), true
			b.Reset()
			p.i++
			if !p.done() && (p.s[p.i] == '[' || p.s[p.i] == '{') {
				return p.jsonValue(w)
			}
		default:
			b.WriteString(p.s[p.i : p.i+n])
			p.i += n
		}
	}
	w.value = b.String()
	return w, nil
}

// jsonValue reads the JSON value of key=value pair w starting at p.i.
func (p *parser) jsonValue(w scanned) (scanned, error) {
	start := p.i
	dec := json.NewDecoder(strings.NewReader(p.s[p.i:]))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return w, p.errorf(start, "the value of %s is not JSON (%s); quote it for a plain string", w.key, jsonProblem(err))
	}
	p.i += int(dec.InputOffset())
	if !p.done() {
		if r, n := utf8.DecodeRuneInString(p.s[p.i:]); !isSpace(r, n) {
			return w, p.errorf(p.i, "unexpected text after the JSON value of %s", w.key)
		}
	}
	w.value, w.json = p.s[start:p.i], true
	return w, nil
}

// object reads the trailing JSON object starting at p.i.
func (p *parser) object() (map[string]any, error) {
	start := p.i
	dec := json.NewDecoder(strings.NewReader(p.s[p.i:]))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, p.errorf(start, "the JSON object is malformed: %s", jsonProblem(err))
	}
	if obj == nil {
		obj = map[string]any{}
	}
	p.i += int(dec.InputOffset())
	return obj, nil
}

// jsonProblem words a decoding error without the decoder's Go type names.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return se.Error()
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "it ends too early"
	}
	return "it is not a JSON object"
}

// isKey reports whether s can be the key of a key=value pair.
func isKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
