package verify

import (
	"strings"
	"sync"
)

// Checker checks drafts against one set of facts and remembers what each
// sentence states, so re-checking a draft after a keystroke re-reads only
// the sentence that changed (the TUI checks live as the analyst types).
// Cached results are keyed by the sentence's text and whether it starts a
// line, and belong to the current facts: SetFacts starts afresh. Entries
// not used by the last two checks are dropped.
//
// A Checker is safe for concurrent use.
type Checker struct {
	mu     sync.Mutex
	opt    Options
	idx    *index
	accept func(string) bool
	cache  map[cacheKey]*entry
	tick   uint64
	misses int // sentences analysed afresh, for tests
}

type cacheKey struct {
	text       string
	startsLine bool
}

type entry struct {
	a     analysis
	j     judged // per-sentence verdict (unused when pooled)
	used  uint64
	judge bool
}

// NewChecker returns a checker for facts.
func NewChecker(facts []Fact, opt Options) *Checker {
	c := &Checker{opt: opt}
	c.SetFacts(facts)
	return c
}

// SetFacts replaces the facts and forgets every cached sentence.
func (c *Checker) SetFacts(facts []Fact) {
	idx := buildIndex(facts)
	accept := acceptAll
	if c.opt.Quotes == QuotesKnown {
		accept = idx.known
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.idx, c.accept, c.cache = idx, accept, map[cacheKey]*entry{}
}

// pass is one reading of a text.
type pass struct {
	spans []Span
	ents  []*entry
	res   []judged
	keep  []bool
	clean bool // every sentence supported, no unknown id
}

// read splits text and judges its sentences. Pooled, it drops failing
// sentences until the facts cited by the kept ones carry every figure they
// state (a fact cited only by a dropped sentence no longer grounds others).
func (c *Checker) read(text string) pass {
	v := newView(text, false)
	spans := sentenceSpans(&v, quoteSpans(v.s, c.accept))
	p := pass{spans: spans, ents: make([]*entry, len(spans)), res: make([]judged, len(spans)), keep: make([]bool, len(spans))}
	for k, sp := range spans {
		p.ents[k] = c.entry(text[sp.Start:sp.End], sp.StartsLine)
		p.keep[k] = true
	}
	if !c.opt.Pooled {
		for k, e := range p.ents {
			if !e.judge {
				e.j, e.judge = judge(&e.a, c.idx, nil), true
			}
			p.res[k] = e.j
			p.keep[k] = !failing(e.j.verdict)
		}
	} else {
		for changed := true; changed; {
			changed = false
			var pool []string
			seen := map[string]bool{}
			for k, e := range p.ents {
				if !p.keep[k] {
					continue
				}
				for _, id := range e.a.ids {
					if c.idx.has(id) && !seen[id] {
						seen[id] = true
						pool = append(pool, id)
					}
				}
			}
			if pool == nil {
				pool = []string{}
			}
			for k, e := range p.ents {
				if !p.keep[k] {
					continue
				}
				p.res[k] = judge(&e.a, c.idx, pool)
				if failing(p.res[k].verdict) {
					p.keep[k], changed = false, true
				}
			}
		}
	}
	p.clean = true
	for _, r := range p.res {
		if r.verdict != Supported {
			p.clean = false
		}
	}
	return p
}

func (c *Checker) entry(text string, startsLine bool) *entry {
	key := cacheKey{text, startsLine}
	e := c.cache[key]
	if e == nil {
		c.misses++
		e = &entry{a: analyze(text, startsLine, c.idx, c.accept)}
		c.cache[key] = e
	}
	e.used = c.tick
	return e
}

// Check checks text: a verdict per sentence, the counts, the cited and
// unknown ids, and the strict repair.
func (c *Checker) Check(text string) Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tick++
	defer c.sweep()

	p := c.read(text)
	r := Report{Sentences: make([]Sentence, len(p.spans)), Cited: []string{}, Unknown: []string{}}
	var al arena
	for k := range p.spans {
		al.claims += len(p.ents[k].a.claims)
		al.ids += len(p.res[k].cited) + len(p.res[k].unknown)
	}
	al.grow()
	seenC, seenU := map[string]bool{}, map[string]bool{}
	for k, sp := range p.spans {
		s := c.sentence(text, k, sp, p.ents[k], p.res[k], &al)
		r.Sentences[k] = s
		r.Counts.add(s.Verdict)
		for _, id := range s.Cited {
			if !seenC[id] {
				seenC[id] = true
				r.Cited = append(r.Cited, id)
			}
		}
		for _, id := range s.Unknown {
			if !seenU[id] {
				seenU[id] = true
				r.Unknown = append(r.Unknown, id)
			}
		}
		if !p.keep[k] {
			r.Removed = append(r.Removed, s)
		}
	}
	r.Grounded = p.clean
	if p.clean {
		r.Verified = text
		return r
	}
	// Repair, then read the repair back: in a rare text, a repair changes
	// how the rest reads (a quote pairs differently, a "#" line becomes a
	// heading, stripping "[A0]" from "[A[A0]0]" leaves a new citation), so
	// repeat until a reading is clean. Each round shortens the text, so this
	// ends; a text that never reads clean repairs to nothing. When only
	// whole sentences were dropped from a text without quotes or '#',
	// nothing kept can read differently (each kept sentence keeps its text,
	// whether it starts a line, and where its citations belong), so the
	// read-back is skipped.
	out := c.rebuild(text, p)
	stripped := false
	for k, res := range p.res {
		stripped = stripped || p.keep[k] && len(res.unknown) > 0
	}
	if !stripped && !strings.ContainsAny(text, "\"#") && !strings.Contains(text, "“") {
		r.Verified = out
		return r
	}
	for round := 0; ; round++ {
		q := c.read(out)
		if q.clean {
			r.Verified = out
			return r
		}
		if round > len(p.spans)+1 {
			r.Verified = ""
			return r
		}
		for k, sp := range q.spans {
			if !q.keep[k] {
				s := c.sentence(out, -1, sp, q.ents[k], q.res[k], &arena{})
				s.Start, s.End = -1, -1
				for i := range s.Claims {
					s.Claims[i].Start, s.Claims[i].End = -1, -1
				}
				r.Removed = append(r.Removed, s)
			}
		}
		out = c.rebuild(out, q)
	}
}

// arena hands out the slices of one report from shared backing arrays,
// so a report costs a few allocations, not a few per sentence. The cache's
// own slices are never handed out, so a caller may change a report freely.
type arena struct {
	claims, ids int // sizes to grow to
	cl          []Claim
	str         []string
}

func (a *arena) grow() {
	a.cl = make([]Claim, 0, a.claims)
	a.str = make([]string, 0, a.ids)
}

func (a *arena) strings(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	n := len(a.str)
	a.str = append(a.str, s...)
	return a.str[n:len(a.str):len(a.str)]
}

// sentence renders the k-th sentence of text.
func (c *Checker) sentence(text string, k int, sp Span, e *entry, j judged, al *arena) Sentence {
	s := Sentence{
		Index: k, Start: sp.Start, End: sp.End, Text: text[sp.Start:sp.End],
		Verdict: j.verdict, Reason: j.reason, Cited: al.strings(j.cited), Unknown: al.strings(j.unknown),
	}
	if len(e.a.claims) > 0 {
		n := len(al.cl)
		for i, cl := range e.a.claims {
			al.cl = append(al.cl, Claim{
				Kind: cl.kind, Text: cl.raw, Value: cl.value,
				Start: sp.Start + cl.start, End: sp.Start + cl.end, CarriedBy: j.by[i],
			})
		}
		s.Claims = al.cl[n:len(al.cl):len(al.cl)]
	}
	return s
}

// rebuild joins the kept sentences of a pass, unknown ids stripped.
// Between two kept sentences it keeps the widest of the gaps they had
// around the dropped ones (the one with the most line breaks, the first on
// a tie), so a paragraph break or a list line survives a dropped sentence.
func (c *Checker) rebuild(text string, p pass) string {
	var b strings.Builder
	last := -1
	for k, sp := range p.spans {
		if !p.keep[k] {
			continue
		}
		if last >= 0 {
			gap := ""
			for g := last; g < k; g++ {
				if s := text[p.spans[g].End:p.spans[g+1].Start]; gap == "" || strings.Count(s, "\n") > strings.Count(gap, "\n") {
					gap = s
				}
			}
			b.WriteString(gap)
		}
		b.WriteString(c.strip(text[sp.Start:sp.End], &p.ents[k].a))
		last = k
	}
	return b.String()
}

// strip removes the unknown ids from a sentence's citation tokens; a token
// left empty goes, with the space before it when a punctuation mark follows
// ("… hours [X9]." → "… hours.") or one of the two spaces around it. The
// sentence's figures stay as they were: a token reads as nothing, and at
// least one space stays wherever there was one.
func (c *Checker) strip(s string, a *analysis) string {
	out := s
	for t := len(a.toks) - 1; t >= 0; t-- {
		tok := a.toks[t]
		var kept []string
		for _, id := range tok.ids {
			if c.idx.has(id) {
				kept = append(kept, id)
			}
		}
		if len(kept) == len(tok.ids) {
			continue
		}
		start, end := tok.start, tok.end
		repl := ""
		if len(kept) > 0 {
			repl = "[" + strings.Join(kept, ", ") + "]"
		} else if start > 0 && out[start-1] == ' ' && punctuationFollows(out, end) {
			start--
		} else if (start == 0 || out[start-1] == ' ') && end < len(out) && out[end] == ' ' {
			end++ // one space, not two, where the token stood between words
		}
		out = out[:start] + repl + out[end:]
	}
	return out
}

// punctuationFollows reports whether s[i] is a punctuation mark followed
// by whitespace or the end, or the end itself.
func punctuationFollows(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	if !strings.ContainsRune(".,;:!?)", rune(s[i])) {
		return false
	}
	return i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' || s[i+1] == '\t'
}

// sweep forgets sentences not used by this check or the one before.
func (c *Checker) sweep() {
	for k, e := range c.cache {
		if e.used+1 < c.tick {
			delete(c.cache, k)
		}
	}
}
