package verify

import (
	"sort"
	"strings"
)

// Verdict is what the checker concludes about one sentence.
type Verdict string

// The four verdicts of seed 000's check_citations.
const (
	// Supported: every figure the sentence states is carried by a fact it
	// cites (a sentence that states no figure is supported trivially; its
	// Claims is empty).
	Supported Verdict = "supported"
	// UnknownCitation: the figures are supported, but the sentence also
	// cites an id that is not a fact. Strict repair keeps the sentence and
	// strips the id.
	UnknownCitation Verdict = "unknown_citation"
	// Uncited: the sentence states a figure and cites nothing. Strict
	// repair drops it.
	Uncited Verdict = "uncited"
	// UnsupportedNumber: the sentence cites, but states a figure none of
	// its valid citations carries (or cites only unknown ids). Strict
	// repair drops it.
	UnsupportedNumber Verdict = "unsupported_number"
)

// QuotePolicy says when a quoted span is a name (one word, stating no
// figure and holding no sentence break).
type QuotePolicy int

const (
	// QuotesKnown: a quoted span is a name only when the facts carry it
	// (an equipment name, a string value of their data, a quoted name in
	// their text). Otherwise the quotes are ordinary characters, so a model
	// cannot hide a figure by quoting it. The default.
	QuotesKnown QuotePolicy = iota
	// QuotesOpaque: every quoted span is a name, as seed 000 says of a
	// capability's own text, whose data values the handler quotes.
	QuotesOpaque
)

// Options tune a check. The zero value is the strict default: figures
// grounded per sentence, quoted spans names only when the facts carry them.
type Options struct {
	// Pooled grounds a sentence's figures in every fact cited anywhere in
	// the text, as CAMBER does, instead of in the facts the sentence itself
	// cites. A sentence that states a figure and cites nothing is then
	// supported when the pool carries the figure.
	Pooled bool
	// Quotes is the quoted-name policy.
	Quotes QuotePolicy
}

// Claim is one figure a sentence states.
type Claim struct {
	Kind ClaimKind `json:"kind"`
	// Text is the figure as written ("$2,897", "46 %", "−5.0").
	Text string `json:"text"`
	// Value is its normalised form ("2897", "46", "-5", "2025-07-01").
	Value string `json:"value"`
	// Start and End are byte offsets into the checked text.
	Start int `json:"start"`
	End   int `json:"end"`
	// CarriedBy is the id of the fact that carries it; empty when none.
	CarriedBy string `json:"carried_by,omitempty"`
}

// Sentence is one sentence of a checked text and its verdict.
type Sentence struct {
	Index int `json:"index"`
	// Start and End are byte offsets into the checked text; -1 for a
	// sentence that a later repair round removed (see Report.Removed).
	Start   int     `json:"start"`
	End     int     `json:"end"`
	Text    string  `json:"text"`
	Verdict Verdict `json:"verdict"`
	// Reason says why a sentence is not supported; empty when it is.
	Reason  string   `json:"reason,omitempty"`
	Cited   []string `json:"cited,omitempty"`
	Unknown []string `json:"unknown,omitempty"`
	Claims  []Claim  `json:"claims,omitempty"`
}

// Failing reports whether strict repair drops the sentence.
func (s *Sentence) Failing() bool { return s.Verdict == Uncited || s.Verdict == UnsupportedNumber }

// Counts are the number of sentences per verdict.
type Counts struct {
	Supported         int `json:"supported"`
	UnknownCitation   int `json:"unknown_citation"`
	Uncited           int `json:"uncited"`
	UnsupportedNumber int `json:"unsupported_number"`
}

func (c *Counts) add(v Verdict) {
	switch v {
	case Supported:
		c.Supported++
	case UnknownCitation:
		c.UnknownCitation++
	case Uncited:
		c.Uncited++
	case UnsupportedNumber:
		c.UnsupportedNumber++
	}
}

// Report is the result of checking one text.
type Report struct {
	Sentences []Sentence `json:"sentences"`
	Counts    Counts     `json:"counts"`
	// Cited are the valid ids the text cites, in order of first appearance.
	Cited []string `json:"cited"`
	// Unknown are the cited ids that name no fact, in order.
	Unknown []string `json:"unknown"`
	// Grounded is true when every sentence is supported and no id is
	// unknown; it describes the text as written, not the repaired one.
	Grounded bool `json:"grounded"`
	// Verified is the strict repair of the text: failing sentences
	// dropped, unknown ids stripped, the rest as written (with the
	// whitespace and paragraph breaks between kept sentences). Checking
	// Verified again finds every sentence supported. When the text is
	// grounded it is the text itself.
	Verified string `json:"verified_text"`
	// Removed are the sentences strict repair dropped, in order.
	Removed []Sentence `json:"removed,omitempty"`
}

// Check checks text against facts. It is Checker.Check without the cache.
func Check(text string, facts []Fact, opt Options) Report {
	return NewChecker(facts, opt).Check(text)
}

// Repair returns the strict repair of text: the verified text, the
// sentences it dropped, and the unknown ids it stripped.
func Repair(text string, facts []Fact, opt Options) (verified string, removed []Sentence, unknownIDs []string) {
	r := Check(text, facts, opt)
	return r.Verified, r.Removed, r.Unknown
}

// analysis is what one sentence states and cites, in offsets relative to
// the sentence. It depends only on the sentence's text, whether it starts
// a line, the facts and the options, which is what makes it cacheable.
type analysis struct {
	toks   []citeToken
	ids    []string // distinct cited ids in order
	claims []claim
}

func analyze(text string, startsLine bool, idx *index, accept func(string) bool) analysis {
	v := newView(text, true)
	a := analysis{toks: v.toks}
	seen := map[string]bool{}
	for _, t := range v.toks {
		for _, id := range t.ids {
			if !seen[id] {
				seen[id] = true
				a.ids = append(a.ids, id)
			}
		}
	}
	masks := quoteSpans(v.s, accept)
	if startsLine {
		i := 0
		for i < len(v.s) && (v.s[i] == ' ' || v.s[i] == '\t') {
			i++
		}
		if n := listMarker(v.s, i); n > 0 {
			masks = append(masks, span{i, i + n})
		}
	}
	masks = append(masks, idx.maskSpans(v.s)...)
	masks = mergeSpans(masks)
	scan(v.s, masks, func(c claim) {
		c.value = c.stamp
		if c.kind == KindNumber {
			c.value = c.num.String()
		}
		c.start, c.end = v.src(c.start), v.srcEnd(c.end)
		c.raw = text[c.start:c.end]
		a.claims = append(a.claims, c)
	})
	return a
}

// mergeSpans sorts spans and merges overlapping ones.
func mergeSpans(s []span) []span {
	if len(s) < 2 {
		return s
	}
	sort.Slice(s, func(i, j int) bool { return s[i].start < s[j].start })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.start < last.end {
			last.end = max(last.end, x.end)
			continue
		}
		out = append(out, x)
	}
	return out
}

// judged is a sentence's verdict, in offsets relative to the sentence.
type judged struct {
	verdict Verdict
	reason  string
	cited   []string
	unknown []string
	by      []string // per claim: the carrying fact id, or ""
}

// judge grounds a sentence's claims in its own citations, or, when pool
// is not nil, in the pool (ids in order).
func judge(a *analysis, idx *index, pool []string) judged {
	var j judged
	for _, id := range a.ids {
		if idx.has(id) {
			j.cited = append(j.cited, id)
		} else {
			j.unknown = append(j.unknown, id)
		}
	}
	ground := j.cited
	if pool != nil {
		ground = pool
	}
	var missing []string
	j.by = make([]string, len(a.claims))
	for k, cl := range a.claims {
		for _, id := range ground {
			if c, _ := idx.fact(id); c.carries(cl) {
				j.by[k] = id
				break
			}
		}
		if j.by[k] == "" {
			missing = append(missing, claimText(cl))
		}
	}
	switch {
	case len(missing) > 0 && len(a.ids) == 0:
		j.verdict = Uncited
		j.reason = "states " + list(missing) + " but cites no fact"
		if pool != nil {
			j.reason = "states " + list(missing) + ", which no fact cited in the text carries, and cites no fact"
		}
	case len(missing) > 0 && len(j.cited) == 0:
		j.verdict = UnsupportedNumber
		j.reason = "states " + list(missing) + " but cites only unknown ids " + list(j.unknown)
	case len(missing) > 0:
		j.verdict = UnsupportedNumber
		j.reason = "states " + list(missing) + ", which no cited fact carries"
		if pool == nil {
			j.reason = "states " + list(missing) + ", which " + list(j.cited) + " do" + plural(len(j.cited), "es", "") + " not carry"
		}
	case len(j.unknown) > 0:
		j.verdict = UnknownCitation
		j.reason = "cites " + list(j.unknown) + ", which " + plural(len(j.unknown), "is", "are") + " not a fact of the context"
	default:
		j.verdict = Supported
	}
	return j
}

// claimText names a claim in a reason: as written, quoted.
func claimText(cl claim) string { return `"` + cl.raw + `"` }

func list(s []string) string { return strings.Join(s, ", ") }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// failing reports whether strict repair drops a sentence with verdict v.
func failing(v Verdict) bool { return v == Uncited || v == UnsupportedNumber }
