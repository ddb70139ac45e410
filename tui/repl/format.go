package repl

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"
)

// String returns the command as a line that parses back to it: words
// quoted where needed, the JSON object compact with sorted keys.
func (c Command) String() string {
	var b strings.Builder
	if c.Name != "" {
		b.WriteString(quoteWord(c.Name, true))
	}
	if freeText[strings.ToLower(c.Name)] && c.Name != "" {
		if c.Quoted {
			b.WriteString(" " + quote(c.Text))
		} else if c.Text != "" {
			b.WriteString(" " + c.Text)
		}
		return b.String()
	}
	for _, a := range c.Args {
		b.WriteByte(' ')
		switch {
		case a.Key == "":
			b.WriteString(quoteWord(a.Value, true))
		case a.JSON:
			b.WriteString(a.Key + "=" + a.Value)
		default:
			b.WriteString(a.Key + "=" + quoteWord(a.Value, false))
		}
	}
	if c.Object != nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c.Object); err == nil {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.Write(bytes.TrimRight(buf.Bytes(), "\n"))
		}
	}
	if c.HasComment {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("#" + c.Comment)
	}
	return b.String()
}

// quoteWord returns s as one word: as it is when it reads back unchanged,
// else double-quoted. A positional word (positional true) is quoted when it
// would read as a key=value pair.
func quoteWord(s string, positional bool) string {
	if s == "" {
		if positional {
			return `""`
		}
		return ""
	}
	switch s[0] {
	case '#', '{':
		return quote(s)
	case '[':
		if !positional {
			return quote(s)
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isSpace(r, n) || r == '"' || r == '\'' || r == '\\' {
			return quote(s)
		}
		if r == '=' && positional && isKey(s[:i]) {
			return quote(s)
		}
		i += n
	}
	return s
}

// quote double-quotes s with the escapes Parse reads.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// sortedKeys returns m's keys in byte order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
