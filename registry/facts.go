package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// tokenInput is what a fact token digests: everything that decides the
// values a call returns (seed 000, "Fact ids are unique per call").
type tokenInput struct {
	Capability string         `json:"capability"`
	Arguments  map[string]any `json:"arguments"`
	Allowlist  []string       `json:"allowlist"`
	Config     []string       `json:"config"`
	MinTrust   string         `json:"min_trust"`
	Generation string         `json:"generation"`
}

// factToken returns the six hex digits of SHA-256 over the capability name,
// the canonical JSON of the validated arguments (object keys sorted, whole
// numbers as integers), the sorted allowlist, the run-config digests
// (content, not path), the trust floor and the store generation of the
// facilities the call reads. The same call on unchanged data gives the same
// token, also in another process.
func factToken(name string, args map[string]any, allow, configs []string, minTrust float64, gen string) string {
	in := tokenInput{
		Capability: name,
		Arguments:  args,
		Allowlist:  sortedCopy(allow),
		Config:     sortedCopy(configs),
		MinTrust:   strconv.FormatFloat(minTrust, 'g', -1, 64),
		Generation: gen,
	}
	b, err := json.Marshal(in)
	if err != nil { // validated arguments are JSON values; keep the name at least
		b = []byte(name + "\x00" + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:3])
}

// sortedCopy returns a sorted copy of s without duplicates.
func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// tokenise appends "-<token>" to every fact id a result holds: in facts, in
// the [id] citations of text and in every data string that is exactly a
// plain fact id of the result (a row's "fact", an RCx fact index). That is
// the rule by which data names a fact: a handler writes the plain id as the
// whole string value; no key name is special.
func tokenise(res *Result, token string) {
	ids := map[string]string{}
	for i := range res.Facts {
		plain := res.Facts[i].ID
		res.Facts[i].ID = plain + "-" + token
		ids[plain] = res.Facts[i].ID
	}
	if len(ids) == 0 {
		return
	}
	res.Text = rewriteCitations(res.Text, func(id string) string {
		if t, ok := ids[id]; ok {
			return t
		}
		return id
	})
	res.Data = mapStrings(res.Data, func(s string) string {
		if t, ok := ids[s]; ok {
			return t
		}
		return s
	})
}

// rewriteCitations applies f to every id inside the citation brackets of s.
func rewriteCitations(s string, f func(id string) string) string {
	locs := sanitize.Citations(s)
	if len(locs) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, l := range locs {
		b.WriteString(s[last:l[0]])
		ids := sanitize.SplitCitation(s[l[0]+1 : l[1]-1])
		for i, id := range ids {
			ids[i] = f(id)
		}
		b.WriteString("[" + strings.Join(ids, ", ") + "]")
		last = l[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// ownCitationCheck is policy step 7 without the agent's checker: every
// citation of an id the result has no fact for is removed (its sentence is
// kept), with a banner naming the ids.
func ownCitationCheck(text string, facts []Fact) (string, []string) {
	known := map[string]bool{}
	for _, f := range facts {
		known[f.ID] = true
	}
	var unknown []string
	locs := sanitize.Citations(text)
	if len(locs) == 0 {
		return text, nil
	}
	var b strings.Builder
	last := 0
	for _, l := range locs {
		var keep []string
		for _, id := range sanitize.SplitCitation(text[l[0]+1 : l[1]-1]) {
			if known[id] {
				keep = append(keep, id)
			} else {
				unknown = append(unknown, id)
			}
		}
		head := text[last:l[0]]
		if len(keep) == 0 {
			head = strings.TrimRight(head, " ")
		}
		b.WriteString(head)
		if len(keep) > 0 {
			b.WriteString("[" + strings.Join(keep, ", ") + "]")
		}
		last = l[1]
	}
	b.WriteString(text[last:])
	if len(unknown) == 0 {
		return text, nil
	}
	unknown = sortedCopy(unknown)
	return b.String(), []string{"removed the citation of " + strings.Join(unknown, ", ") +
		": the result has no such fact (the sentence is kept)"}
}

// mapStrings applies f to every string value (not key) in a decoded JSON
// value, in place where possible.
func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok {
				if t := f(s); t != s {
					x[k] = t
				}
				continue
			}
			mapStrings(e, f)
		}
	case []any:
		for i, e := range x {
			if s, ok := e.(string); ok {
				if t := f(s); t != s {
					x[i] = t
				}
				continue
			}
			mapStrings(e, f)
		}
	}
	return v
}

// itoa formats an int.
func itoa(n int) string { return strconv.Itoa(n) }

// commas formats n with thousands separators (2,000,000).
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
