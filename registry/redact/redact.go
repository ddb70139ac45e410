// Package redact removes local paths from what a capability call shows a
// caller (seed 000, policy step 10).
//
// A [Redactor] knows the roots of this machine that could appear in a
// message (the store, the run configs and their directories, home, temp,
// the working directory, the Go root and module cache ...). [Redactor.Roots]
// replaces each of them with "<path>" in every spelling (as written, cleaned,
// symlinks resolved, JSON- and Go-quoted, both Unicode normal forms) and
// keeps the rest of the path after it; [Redactor.Text] then also replaces
// any other absolute path (a quoted one whole). Words either side of a slash
// ("non-commercial / no-derivatives", kBtu/ft2) are not paths. A Redactor is
// immutable and safe for concurrent use.
package redact

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Placeholder replaces a redacted root or path.
const Placeholder = "<path>"

// Redactor replaces known roots and absolute paths with [Placeholder].
type Redactor struct {
	// byFirst holds the root spellings by their first byte, longest first.
	byFirst map[byte][]string
}

// New returns a Redactor for the given roots. Relative roots are made
// absolute against the working directory; the file-system root itself and
// empty entries are ignored.
func New(roots []string) *Redactor {
	r := &Redactor{byFirst: map[byte][]string{}}
	seen := map[string]bool{}
	for _, root := range roots {
		for _, sp := range spellings(root) {
			if len(sp) < 2 || seen[sp] {
				continue
			}
			seen[sp] = true
			r.byFirst[sp[0]] = append(r.byFirst[sp[0]], sp)
		}
	}
	for b, list := range r.byFirst {
		slices.SortFunc(list, func(x, y string) int { return len(y) - len(x) })
		r.byFirst[b] = list
	}
	return r
}

// MachineRoots returns the roots of this process that are not specific to
// a call: home, temp, the working directory, the user cache and config
// directories, the executable's directory, the Go root, GOPATH and the
// module cache.
func MachineRoots() []string {
	var roots []string
	add := func(p string, err error) {
		if err == nil && p != "" {
			roots = append(roots, p)
		}
	}
	add(os.UserHomeDir())
	add(os.TempDir(), nil)
	add(os.Getwd())
	add(os.UserCacheDir())
	add(os.UserConfigDir())
	if exe, err := os.Executable(); err == nil {
		add(filepath.Dir(exe), nil)
	}
	add(runtime.GOROOT(), nil) //nolint:staticcheck // the compiled-in root appears in stack traces
	add(os.Getenv("GOROOT"), nil)
	add(os.Getenv("GOMODCACHE"), nil)
	for _, p := range filepath.SplitList(os.Getenv("GOPATH")) {
		add(p, nil)
	}
	if home, err := os.UserHomeDir(); err == nil {
		add(filepath.Join(home, "go"), nil)
	}
	return roots
}

// spellings returns the ways root may be written in a message.
func spellings(root string) []string {
	if root == "" {
		return nil
	}
	forms := []string{root}
	if abs, err := filepath.Abs(root); err == nil {
		forms = append(forms, abs)
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			forms = append(forms, real)
		}
	}
	var out []string
	for _, f := range forms {
		f = strings.TrimRight(filepath.Clean(f), `/\`)
		if !filepath.IsAbs(f) && !strings.HasPrefix(f, `\\`) || f == "" || f == "." {
			continue
		}
		for _, n := range []string{f, norm.NFC.String(f), norm.NFD.String(f)} {
			out = append(out, n, jsonInner(n), strings.ReplaceAll(jsonInner(n), "/", `\/`),
				asciiJSON(n), strings.ReplaceAll(asciiJSON(n), "/", `\/`), goInner(n), goASCIIInner(n))
		}
	}
	return out
}

// jsonInner is s as encoding/json writes it inside a string.
func jsonInner(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return s
	}
	return string(b[1 : len(b)-1])
}

// asciiJSON is s as JSON with every non-ASCII character a \uXXXX escape
// (Python's json.dumps default).
func asciiJSON(s string) string {
	var b strings.Builder
	for _, r := range jsonInner(s) {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// goInner is s as %q writes it, without the quotes.
func goInner(s string) string { q := strconv.Quote(s); return q[1 : len(q)-1] }

// goASCIIInner is s as %+q writes it, without the quotes.
func goASCIIInner(s string) string { q := strconv.QuoteToASCII(s); return q[1 : len(q)-1] }

// span is a protected byte range [lo, hi) of the output.
type span struct{ lo, hi int }

// Roots returns s with every known root replaced by [Placeholder] and the
// rest of its path kept. It is what a value from the stored data gets: a
// Niagara ORD such as "/Drivers/BacnetNetwork/AHU_1" stays as it is.
func (r *Redactor) Roots(s string) string {
	out, _ := r.roots(s)
	return out
}

// Text returns s with the known roots replaced, then every other absolute
// path: an unquoted one up to the next space, a quoted one whole (spaces and
// commas included). keep lists substrings of s (quoted names from the data,
// JSON pointers) that only the known roots come out of.
func (r *Redactor) Text(s string, keep ...string) string {
	if !strings.ContainsAny(s, `/\~`) {
		return s
	}
	out, prot := r.roots(s)
	for _, k := range keep {
		if !strings.ContainsAny(k, `/\~`) {
			continue
		}
		k = r.Roots(k)
		if len(k) < 2 {
			continue
		}
		for i := 0; ; {
			j := strings.Index(out[i:], k)
			if j < 0 {
				break
			}
			prot = append(prot, span{i + j, i + j + len(k)})
			i += j + len(k)
		}
	}
	return redactPaths(out, prot)
}

// roots replaces the known roots and returns the protected ranges (the
// placeholder and the rest of each path) of the output.
func (r *Redactor) roots(s string) (string, []span) {
	if !strings.ContainsAny(s, `/\`) {
		return s, nil
	}
	var b strings.Builder
	var prot []span
	last := 0
	for i := 0; i < len(s); {
		sp := r.match(s, i)
		if sp == "" {
			i++
			continue
		}
		end := i + len(sp)
		rest := restOfPath(s, i, end)
		b.WriteString(s[last:i])
		lo := b.Len()
		b.WriteString(Placeholder)
		b.WriteString(s[end:rest])
		prot = append(prot, span{lo, b.Len()})
		i, last = rest, rest
	}
	if last == 0 {
		return s, nil
	}
	b.WriteString(s[last:])
	return b.String(), prot
}

// match returns the longest root spelling at s[i:] that ends at a path
// boundary, or "". A root does not start inside a word or right after a
// placeholder (the rest of a redacted path).
func (r *Redactor) match(s string, i int) string {
	if strings.HasPrefix(s[i:], Placeholder) {
		return Placeholder // an earlier pass's root: its rest stays protected
	}
	if i > 0 && (nameByte(s[i-1]) || strings.HasSuffix(s[:i], Placeholder)) {
		return ""
	}
	for _, sp := range r.byFirst[s[i]] {
		if strings.HasPrefix(s[i:], sp) && boundary(s, i+len(sp)) {
			return sp
		}
	}
	return ""
}

// boundary reports whether a root ending at s[j] ends there as a whole
// path element ("/tmp" does not end inside "/tmpfoo" or "/tmp.x").
func boundary(s string, j int) bool {
	if j >= len(s) {
		return true
	}
	c := s[j]
	if nameByte(c) {
		return false
	}
	if c == '.' && j+1 < len(s) && nameByte(s[j+1]) {
		return false
	}
	return true
}

// nameByte reports whether c continues a path element.
func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}

// restOfPath returns where the path whose root spans s[start:end] ends. A
// path after a quote runs to the closing quote; otherwise it runs to the
// next space, and on across a space while the next word has a separator in
// it ("<path>/John Smith/My Drive/x" is one path) and does not itself start
// a path. Sentence punctuation at the end is not part of it.
func restOfPath(s string, start, end int) int {
	if start > 0 && (s[start-1] == '"' || s[start-1] == '\'') {
		if k := strings.IndexByte(s[end:], s[start-1]); k >= 0 {
			return end + k
		}
	}
	j := end
	for {
		for j < len(s) && !stopByte(s[j]) {
			j++
		}
		if j+1 < len(s) && s[j] == ' ' {
			w := j + 1
			for w < len(s) && !stopByte(s[w]) {
				w++
			}
			if w > j+1 && strings.ContainsAny(s[j+1:w], `/\`) && !pathStart(s, j+1) {
				j = w
				continue
			}
		}
		break
	}
	for j > end && strings.IndexByte(".,;:!?)]}", s[j-1]) >= 0 {
		j--
	}
	return j
}

// stopByte reports whether c ends an unquoted path.
func stopByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '<', '>', '|':
		return true
	}
	return false
}

// redactPaths replaces every absolute path outside the protected ranges.
func redactPaths(s string, prot []span) string {
	var b strings.Builder
	last := 0
	inProt := func(i int) int {
		for _, p := range prot {
			if i >= p.lo && i < p.hi {
				return p.hi
			}
		}
		return -1
	}
	for i := 0; i < len(s); {
		if hi := inProt(i); hi >= 0 {
			i = hi
			continue
		}
		c := s[i]
		if (c == '"' || c == '\'') && wordStart(s, i) && pathStart(s, i+1) {
			if k := strings.IndexByte(s[i+1:], c); k > 0 && !overlaps(prot, i, i+1+k) {
				b.WriteString(s[last : i+1])
				b.WriteString(Placeholder)
				i += 1 + k
				last = i
				continue
			}
		}
		if wordStart(s, i) && pathStart(s, i) {
			j := i
			for j < len(s) && !stopByte(s[j]) && inProt(j) < 0 {
				j++
			}
			for j > i+1 && strings.IndexByte(".,;:!?)]}", s[j-1]) >= 0 {
				j--
			}
			b.WriteString(s[last:i])
			b.WriteString(Placeholder)
			i, last = j, j
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// overlaps reports whether [lo, hi) touches a protected range.
func overlaps(prot []span, lo, hi int) bool {
	for _, p := range prot {
		if lo < p.hi && p.lo < hi {
			return true
		}
	}
	return false
}

// wordStart reports whether s[i] starts a word: the text's start, or after
// a space or an opening bracket, '=', ',' or ';'.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	return strings.IndexByte(" \t([{=,;", s[i-1]) >= 0
}

// pathStart reports whether an absolute path starts at s[i]: "/name",
// "~/name", "C:\name" or "C:/name", or "\\server".
func pathStart(s string, i int) bool {
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "/"):
		return len(rest) > 1 && firstNameByte(rest[1])
	case strings.HasPrefix(rest, "~/"):
		return len(rest) > 2 && firstNameByte(rest[2])
	case strings.HasPrefix(rest, `\\`):
		return len(rest) > 2 && firstNameByte(rest[2])
	case len(rest) > 3 && (rest[0]|0x20) >= 'a' && (rest[0]|0x20) <= 'z' && rest[1] == ':' &&
		(rest[2] == '\\' || rest[2] == '/'):
		return firstNameByte(rest[3])
	}
	return false
}

// firstNameByte reports whether c may start a path element.
func firstNameByte(c byte) bool {
	return nameByte(c) || c == '.' || c == '~' || c == '$' || c == '@' || c == '%' || c == '+'
}
