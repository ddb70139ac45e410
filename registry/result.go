package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// plainFactID is the shape of a fact id a handler writes (F1@points).
var plainFactID = regexp.MustCompile(`^` + sanitize.FactIDPattern + `$`)

// normalise turns a handler's result into the registry's form: Data the
// decoded JSON object, fact values plain JSON, the policy banners first,
// then the call's notices, then the handler's banners; truncated when the
// call paged a list.
func (p *pipeline) normalise(res *Result, call *Call) (*Result, error) {
	if res == nil {
		return nil, fmt.Errorf("%s returned no result", p.e.cap.Name)
	}
	data, ok := PlainJSON(res.Data).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s returned data that is not a JSON object", p.e.cap.Name)
	}
	out := &Result{Data: data, Text: res.Text, Truncated: res.Truncated || call.truncated}
	seen := map[string]bool{}
	for _, f := range res.Facts {
		if !plainFactID.MatchString(f.ID) {
			return nil, fmt.Errorf("%s returned fact id %q, not of the form F1@context", p.e.cap.Name, f.ID)
		}
		if seen[f.ID] {
			return nil, fmt.Errorf("%s returned fact id %q twice", p.e.cap.Name, f.ID)
		}
		seen[f.ID] = true
		f.Value = PlainJSON(f.Value)
		if f.Data != nil {
			f.Data, _ = PlainJSON(f.Data).(map[string]any)
		}
		out.Facts = append(out.Facts, f)
	}
	if out.Facts == nil {
		out.Facts = []Fact{}
	}
	out.Banners = slices.Concat(p.banners, call.notices, res.Banners)
	return out, nil
}

// deepCopy copies a decoded JSON value.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}

// onlyServed is step 2 after the handler: a result whose data or facts name
// (under facility_id or facility_ids) a facility the caller may not read,
// or one withheld by the licence policy, is an internal error.
func (p *pipeline) onlyServed(out *Result) error {
	var bad bool
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				switch k {
				case "facility_id":
					if s, ok := e.(string); ok && !p.served[s] {
						bad = true
					}
				case "facility_ids":
					if l, ok := e.([]any); ok {
						for _, s := range l {
							if s, ok := s.(string); ok && !p.served[s] {
								bad = true
							}
						}
					}
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(out.Data)
	for _, f := range out.Facts {
		walk(f.Data)
	}
	if bad {
		return fmt.Errorf("%s named a facility outside the allowlist or withheld by the licence policy", p.e.cap.Name)
	}
	return nil
}

// capRows is step 6 for rows: a list longer than MaxRows is cut, with
// truncated set and a banner that says how many rows there were. The
// capability's own output is never cut.
func (p *pipeline) capRows(out *Result) {
	limit := p.cc.Caps.MaxRows
	var walk func(key string, v any) any
	walk = func(key string, v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = walk(k, e)
			}
		case []any:
			for i, e := range x {
				x[i] = walk(key, e)
			}
			if len(x) > limit {
				out.Truncated = true
				out.Banners = append(out.Banners, fmt.Sprintf("'%s' had %s rows; only the first %s are shown (the row cap)", key, commas(len(x)), commas(limit)))
				return x[:limit]
			}
		}
		return v
	}
	data := out.Data.(map[string]any)
	for k, v := range data {
		if !p.e.own[k] {
			data[k] = walk(k, v)
		}
	}
}

// citations is step 7: the text is checked against the facts by the agent's
// checker when one is wired, else by the registry's own check.
func (p *pipeline) citations(out *Result) {
	verify := p.r.opt.Verify
	if verify == nil {
		verify = ownCitationCheck
	}
	text, banners := verify(out.Text, out.Facts)
	out.Text = text
	out.Banners = append(out.Banners, banners...)
}

// textFromData is step 8: the text, every fact's text and every banner are
// one line; in the text only the result's own fact ids are citations, a
// fact's text holds none, and a text that would start with NOTICE reads
// "Summary: NOTICE ..."; a string in data or facts longer than
// sanitize.DataLimit characters is cut (not the capability's own output),
// with truncated set and a banner counting the cuts.
func (p *pipeline) textFromData(out *Result) {
	own := map[string]bool{}
	for _, f := range out.Facts {
		own[f.ID] = true
	}
	out.Text = sanitize.Text(sanitize.NeutraliseCitations(sanitize.Line(out.Text), func(id string) bool { return own[id] }))
	cuts := 0
	cut := func(s string) string {
		if len(s) > sanitize.DataLimit && utf8.RuneCountInString(s) > sanitize.DataLimit {
			cuts++
			return sanitize.Cut(s, sanitize.DataLimit, s)
		}
		return s
	}
	for i := range out.Facts {
		f := &out.Facts[i]
		f.Text = cut(sanitize.Message(sanitize.NeutraliseCitations(sanitize.Line(f.Text), nil)))
		f.Kind = cut(f.Kind)
		f.Equip = cut(f.Equip)
		f.Value = mapStrings(f.Value, cut)
		if f.Data != nil {
			f.Data, _ = mapStrings(f.Data, cut).(map[string]any)
		}
	}
	data := out.Data.(map[string]any)
	for k, v := range data {
		if !p.e.own[k] {
			data[k] = mapStrings(v, cut)
		}
	}
	if cuts > 0 {
		out.Truncated = true
		out.Banners = append(out.Banners, fmt.Sprintf("%s value(s) longer than %s characters were cut (an ellipsis and six hex digits of a hash end each)", commas(cuts), commas(sanitize.DataLimit)))
	}
	banners := make([]string, 0, len(out.Banners))
	for _, b := range out.Banners {
		if b = sanitize.Message(b); b != "" && !slices.Contains(banners, b) {
			banners = append(banners, b)
		}
	}
	out.Banners = banners
}

// noLeaks is step 10 for a result: the known roots leave every string, and
// the absolute-path pattern leaves the text, fact texts and banners, except
// inside a quoted value from the data (a Niagara ORD stays as it is).
func (p *pipeline) noLeaks(out *Result) {
	var keep []string
	collect := func(s string) string {
		if strings.ContainsAny(s, `/\~`) {
			keep = append(keep, sanitize.Name(s))
		}
		return p.red.Roots(s)
	}
	out.Data = mapStrings(out.Data, collect)
	for i := range out.Facts {
		f := &out.Facts[i]
		f.Value = mapStrings(f.Value, collect)
		f.Equip = collect(f.Equip)
		if f.Data != nil {
			f.Data, _ = mapStrings(f.Data, collect).(map[string]any)
		}
	}
	out.Text = p.red.Text(out.Text, keep...)
	for i := range out.Facts {
		out.Facts[i].Text = p.red.Text(out.Facts[i].Text, keep...)
	}
	for i, b := range out.Banners {
		out.Banners[i] = p.red.Text(b, keep...)
	}
}

// validateOutput checks every result against the full output schema before
// it leaves; a failure is internal.
func (p *pipeline) validateOutput(out *Result) error {
	v, err := jsonValue(out.Data)
	if err == nil {
		err = p.e.out.schema.Validate(v)
	}
	if err != nil {
		return fmt.Errorf("%s returned data that does not match its output schema: %w", p.e.cap.Name, err)
	}
	return nil
}

// capBytes is step 6 for size: a result whose JSON (data, text, facts and
// banners together) is larger than MaxBytes is too_large.
// The size is counted without encoding when the result holds decoded JSON
// only (see resultSize), as it does after normalise.
func (p *pipeline) capBytes(out *Result) error {
	size, ok := resultSize(out)
	if !ok {
		b, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("%s: result does not serialise: %w", p.e.cap.Name, err)
		}
		size = len(b)
	}
	if size <= p.cc.Caps.MaxBytes {
		return nil
	}
	return &Error{Code: CodeTooLarge,
		Message: fmt.Sprintf("the result of %s is %s bytes, over the %s-byte limit: ask for a smaller page (a lower limit) or a narrower selection", p.e.cap.Name, commas(size), commas(p.cc.Caps.MaxBytes)),
		Data:    map[string]any{"bytes": size, "max_bytes": p.cc.Caps.MaxBytes}}
}

// configDigests returns the digests of the caller's run configs: the
// startup snapshot's, else a SHA-256 of each file's content (the content
// decides the values, not the path).
func configDigests(cc *CallContext) ([]string, error) {
	var out []string
	for _, s := range cc.Snapshot {
		out = append(out, s.Facility+"="+s.Digest)
	}
	if len(cc.Snapshot) > 0 {
		return out, nil
	}
	for _, path := range cc.Configs {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read run config: %w", err)
		}
		sum := sha256.Sum256(b)
		out = append(out, hex.EncodeToString(sum[:]))
	}
	return out, nil
}
