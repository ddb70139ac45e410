package runconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// kind is a parsed value's JSON kind.
type kind int

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kList
	kObject
)

// node is one value of a parsed config, JSON or YAML alike, with object
// keys in file order.
type node struct {
	kind  kind
	b     bool
	num   float64
	str   string
	keys  []string
	vals  []*node
	items []*node
	line  int
}

// get returns the value of key k of an object node, or nil.
func (n *node) get(k string) *node {
	for i, key := range n.keys {
		if key == k {
			return n.vals[i]
		}
	}
	return nil
}

// value converts the node to plain Go values (float64, string, bool, nil,
// []any, map[string]any), as encoding/json would.
func (n *node) value() any {
	switch n.kind {
	case kBool:
		return n.b
	case kNumber:
		return n.num
	case kString:
		return n.str
	case kList:
		out := make([]any, len(n.items))
		for i, it := range n.items {
			out[i] = it.value()
		}
		return out
	case kObject:
		out := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			out[k] = n.vals[i].value()
		}
		return out
	}
	return nil
}

// describe names the node's kind for messages.
func (n *node) describe() string {
	switch n.kind {
	case kNull:
		return "null"
	case kBool:
		return "true/false"
	case kNumber:
		return "a number"
	case kString:
		return "text"
	case kList:
		return "a list"
	}
	return "an object"
}

// show prints a scalar as it was written (text quoted).
func (n *node) show() string {
	switch n.kind {
	case kNull:
		return "null"
	case kBool:
		return strconv.FormatBool(n.b)
	case kNumber:
		return strconv.FormatFloat(n.num, 'g', -1, 64)
	case kString:
		return strconv.Quote(n.str)
	case kList:
		return "a list"
	}
	return "an object"
}

// maxDepth bounds nesting so a hostile file cannot exhaust the stack.
const maxDepth = 64

// parseJSON reads one JSON value, refusing repeated keys and trailing data.
func parseJSON(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	lineAt := func(off int64) int { return 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n")) }
	var walk func(depth int, path string) (*node, error)
	walk = func(depth int, path string) (*node, error) {
		if depth > maxDepth {
			return nil, fmt.Errorf("nested deeper than %d levels", maxDepth)
		}
		line := lineAt(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				n := &node{kind: kObject, line: line}
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, err
					}
					k, _ := kt.(string)
					for _, seen := range n.keys {
						if seen == k {
							return nil, &keyError{path: join(path, k), line: lineAt(dec.InputOffset())}
						}
					}
					v, err := walk(depth+1, join(path, k))
					if err != nil {
						return nil, err
					}
					n.keys, n.vals = append(n.keys, k), append(n.vals, v)
				}
				_, err := dec.Token()
				return n, err
			case '[':
				n := &node{kind: kList, line: line}
				for i := 0; dec.More(); i++ {
					v, err := walk(depth+1, fmt.Sprintf("%s[%d]", path, i))
					if err != nil {
						return nil, err
					}
					n.items = append(n.items, v)
				}
				_, err := dec.Token()
				return n, err
			}
		case string:
			return &node{kind: kString, str: t, line: line}, nil
		case json.Number:
			f, err := t.Float64()
			if err != nil || math.IsInf(f, 0) {
				return nil, fmt.Errorf("number %s is out of range", t)
			}
			return &node{kind: kNumber, num: f, line: line}, nil
		case bool:
			return &node{kind: kBool, b: t, line: line}, nil
		case nil:
			return &node{kind: kNull, line: line}, nil
		}
		return nil, fmt.Errorf("unexpected token %v", tok)
	}
	n, err := walk(0, "")
	if err != nil {
		var se *json.SyntaxError
		var ke *keyError
		switch {
		case errors.As(err, &ke):
			return nil, err
		case errors.As(err, &se):
			return nil, fmt.Errorf("not valid JSON at line %d: %s", lineAt(se.Offset), se.Error())
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, fmt.Errorf("not valid JSON: the file ends before the config does")
		}
		return nil, fmt.Errorf("not valid JSON at line %d: %v", lineAt(dec.InputOffset()), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not valid JSON at line %d: more data after the config object", lineAt(dec.InputOffset()))
	}
	return n, nil
}

// keyError is a repeated object key.
type keyError struct {
	path string
	line int
}

func (e *keyError) Error() string { return fmt.Sprintf("%s: repeated key (line %d)", e.path, e.line) }

// parseYAML reads one YAML document into the same tree, refusing repeated
// keys, aliases and tags other than the core schema's.
func parseYAML(data []byte) (*node, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errEmpty
		}
		return nil, fmt.Errorf("not valid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, errors.New("not valid YAML: more than one document")
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, errEmpty
	}
	return fromYAML(doc.Content[0], "", 0)
}

var errEmpty = errors.New("empty file")

func fromYAML(y *yaml.Node, path string, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested deeper than %d levels", maxDepth)
	}
	at := func(msg string) error {
		if path == "" {
			return fmt.Errorf("line %d: %s", y.Line, msg)
		}
		return fmt.Errorf("%s: %s (line %d)", path, msg, y.Line)
	}
	switch y.Kind {
	case yaml.AliasNode:
		return nil, at("aliases are not supported in a run config")
	case yaml.MappingNode:
		n := &node{kind: kObject, line: y.Line}
		for i := 0; i+1 < len(y.Content); i += 2 {
			kn := y.Content[i]
			if kn.Kind != yaml.ScalarNode || kn.Tag == "!!merge" {
				return nil, at("keys must be plain text")
			}
			k := kn.Value
			for _, seen := range n.keys {
				if seen == k {
					return nil, &keyError{path: join(path, k), line: kn.Line}
				}
			}
			v, err := fromYAML(y.Content[i+1], join(path, k), depth+1)
			if err != nil {
				return nil, err
			}
			n.keys, n.vals = append(n.keys, k), append(n.vals, v)
		}
		return n, nil
	case yaml.SequenceNode:
		n := &node{kind: kList, line: y.Line}
		for i, c := range y.Content {
			v, err := fromYAML(c, fmt.Sprintf("%s[%d]", path, i), depth+1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, v)
		}
		return n, nil
	case yaml.ScalarNode:
		n := &node{line: y.Line}
		switch y.ShortTag() {
		case "!!null":
			n.kind = kNull
		case "!!bool":
			n.kind = kBool
			if err := y.Decode(&n.b); err != nil {
				return nil, at(err.Error())
			}
		case "!!int", "!!float":
			n.kind = kNumber
			if err := y.Decode(&n.num); err != nil {
				return nil, at("not a number: " + y.Value)
			}
		case "!!str", "!!timestamp":
			// An unquoted date is text to us: the decoder parses it.
			n.kind, n.str = kString, y.Value
		default:
			return nil, at(fmt.Sprintf("unsupported tag %s", y.ShortTag()))
		}
		return n, nil
	}
	return nil, at("unsupported YAML node")
}

// join appends an object key to a path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
