package prompts

import (
	"fmt"
	"strconv"
	"strings"
)

// maxPathSegments bounds a derivation path (the deepest result is a few
// levels: /issues/*/finding_ids/0).
const maxPathSegments = 32

// segment is one step of a path: an object key or array index, or the
// wildcard "*" (every element of an array).
type segment struct {
	key string
	any bool
	idx int // the key as an array index, or -1
}

// parsePath parses a derivation path: a JSON pointer (RFC 6901: "/a/b",
// "~1" for '/', "~0" for '~') in which an unescaped segment "*" selects
// every element of an array. The root pointer "" selects the whole data.
func parsePath(p string) ([]segment, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, fmt.Errorf("path %q does not start with '/'", p)
	}
	parts := strings.Split(p[1:], "/")
	if len(parts) > maxPathSegments {
		return nil, fmt.Errorf("path %q has %d segments, over the limit of %d", p, len(parts), maxPathSegments)
	}
	segs := make([]segment, 0, len(parts))
	for _, raw := range parts {
		if raw == "*" {
			segs = append(segs, segment{any: true, idx: -1})
			continue
		}
		key, err := unescape(raw)
		if err != nil {
			return nil, fmt.Errorf("path %q: %w", p, err)
		}
		segs = append(segs, segment{key: key, idx: arrayIndex(key)})
	}
	return segs, nil
}

// unescape decodes a pointer segment's "~0" and "~1"; any other '~' is an
// error.
func unescape(s string) (string, error) {
	if !strings.Contains(s, "~") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '~' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1') {
			return "", fmt.Errorf("segment %q has a '~' not followed by 0 or 1", s)
		}
		if s[i+1] == '0' {
			b.WriteByte('~')
		} else {
			b.WriteByte('/')
		}
		i++
	}
	return b.String(), nil
}

// arrayIndex returns key as an RFC 6901 array index ("0", or digits without
// a leading zero), or -1.
func arrayIndex(key string) int {
	if key == "" || len(key) > 9 || (len(key) > 1 && key[0] == '0') {
		return -1
	}
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return -1
		}
	}
	n, err := strconv.Atoi(key)
	if err != nil {
		return -1
	}
	return n
}

// selectValues returns the values path selects in data (decoded JSON:
// map[string]any, []any, scalars), in document order, at most limit. A
// path that leads nowhere (a missing key, an index past the end, a
// wildcard on a non-array) selects nothing from that branch.
func selectValues(data any, segs []segment, limit int) []any {
	var out []any
	var walk func(v any, rest []segment)
	walk = func(v any, rest []segment) {
		if len(out) >= limit {
			return
		}
		if len(rest) == 0 {
			if v != nil {
				out = append(out, v)
			}
			return
		}
		s := rest[0]
		switch x := v.(type) {
		case map[string]any:
			if s.any {
				return
			}
			if child, ok := x[s.key]; ok {
				walk(child, rest[1:])
			}
		case []any:
			if s.any {
				for _, child := range x {
					walk(child, rest[1:])
				}
				return
			}
			if s.idx >= 0 && s.idx < len(x) {
				walk(x[s.idx], rest[1:])
			}
		}
	}
	walk(data, segs)
	return out
}
