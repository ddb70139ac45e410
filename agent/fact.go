package agent

import (
	"fmt"
	"maps"
	"reflect"
	"strings"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

// Fact is one citable statement built from a deterministic result: a
// capability's fact, or a finding, cost, recommendation, root-cause group,
// run summary, completeness gap, history summary or fleet row. Text is
// template output, never model-written; Data holds the source values.
type Fact struct {
	ID    string         `json:"id"`
	Kind  string         `json:"kind"`
	Equip string         `json:"equip,omitempty"`
	Text  string         `json:"text"`
	Data  map[string]any `json:"data,omitempty"`
}

// FactError is a fact that cannot join a context; Index is its position in
// the list being added.
type FactError struct {
	Index int
	ID    string
	Msg   string
}

// Error implements error.
func (e *FactError) Error() string { return fmt.Sprintf("fact %d (%q): %s", e.Index, e.ID, e.Msg) }

// Context is the ordered set of facts an answer may cite, with lookup by
// id, kind and equipment. Facts from several results, from one server or
// several, merge without clash: tokenised ids are unique per call, the same
// fact added twice is kept once, and two different facts under one id are
// refused.
//
// A Context is not safe for concurrent mutation; once built it may be read
// concurrently.
type Context struct {
	facts []Fact
	byID  map[string]int
}

// NewContext returns a context of facts, in order.
func NewContext(facts ...Fact) (*Context, error) {
	c := &Context{byID: map[string]int{}}
	if err := c.Add(facts...); err != nil {
		return nil, err
	}
	return c, nil
}

// FromResults returns a context of the facts of capability results, in
// order.
func FromResults(results ...*registry.Result) (*Context, error) {
	c, _ := NewContext()
	for _, r := range results {
		if r == nil {
			continue
		}
		if err := c.AddRegistryFacts(r.Facts); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Add appends facts, each text put on one line with any bracketed id
// inside it written (F1) (a fact's text holds no citation). It refuses an
// id the citation grammar cannot cite, an empty text, and an id already
// holding a different fact; a fact equal to one already present is
// skipped. On error nothing is added.
func (c *Context) Add(facts ...Fact) error {
	if c.byID == nil {
		c.byID = map[string]int{}
	}
	pending := map[string]int{}
	var add []Fact
	for i, f := range facts {
		if !verify.IsID(f.ID) {
			return &FactError{i, f.ID, "the id is not citable: a letter prefix and a number, optionally @ and a scope of letters, digits and _.#@-"}
		}
		if strings.TrimSpace(f.Text) == "" {
			return &FactError{i, f.ID, "the fact has no text"}
		}
		prev, ok := c.byID[f.ID]
		var old Fact
		if ok {
			old = c.facts[prev]
		} else if k, ok2 := pending[f.ID]; ok2 {
			ok, old = true, add[k]
		}
		if ok {
			if !sameFact(old, Fact{Kind: f.Kind, Equip: f.Equip, Text: oneLine(f.Text), Data: f.Data}) {
				return &FactError{i, f.ID, "another fact with a different text or data already has this id"}
			}
			continue
		}
		f.Text = oneLine(f.Text)
		pending[f.ID] = len(add)
		add = append(add, f)
	}
	for _, f := range add {
		c.byID[f.ID] = len(c.facts)
		c.facts = append(c.facts, f)
	}
	return nil
}

func sameFact(a, b Fact) bool {
	return a.Kind == b.Kind && a.Equip == b.Equip && a.Text == b.Text &&
		(len(a.Data) == 0 && len(b.Data) == 0 || reflect.DeepEqual(a.Data, b.Data))
}

// AddRegistryFacts appends capability facts (see [FromRegistry]).
func (c *Context) AddRegistryFacts(fs []registry.Fact) error {
	out := make([]Fact, len(fs))
	for i, f := range fs {
		out[i] = FromRegistry(f)
	}
	return c.Add(out...)
}

// FromRegistry converts a capability's fact. Its Value, when set, joins
// Data under "value" (or "fact_value" when Data already has a "value"), so
// the checker finds the figure either way.
func FromRegistry(f registry.Fact) Fact {
	data := f.Data
	if f.Value != nil {
		data = maps.Clone(f.Data)
		if data == nil {
			data = map[string]any{}
		}
		key := "value"
		if _, ok := data[key]; ok {
			key = "fact_value"
		}
		data[key] = f.Value
	}
	return Fact{ID: f.ID, Kind: f.Kind, Equip: f.Equip, Text: f.Text, Data: data}
}

// Len returns the number of facts.
func (c *Context) Len() int { return len(c.facts) }

// Facts returns the facts in order (a copy of the list).
func (c *Context) Facts() []Fact { return append([]Fact(nil), c.facts...) }

// Lookup returns the fact with id.
func (c *Context) Lookup(id string) (Fact, bool) {
	if i, ok := c.byID[id]; ok {
		return c.facts[i], true
	}
	return Fact{}, false
}

// Kind returns the facts of a kind, in order.
func (c *Context) Kind(kind string) []Fact {
	return c.filter(func(f Fact) bool { return f.Kind == kind })
}

// Equip returns the facts about an equipment, in order.
func (c *Context) Equip(equip string) []Fact {
	return c.filter(func(f Fact) bool { return f.Equip == equip })
}

func (c *Context) filter(keep func(Fact) bool) []Fact {
	var out []Fact
	for _, f := range c.facts {
		if keep(f) {
			out = append(out, f)
		}
	}
	return out
}

// Equips returns the equipment the facts name, in first-seen order.
func (c *Context) Equips() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range c.facts {
		if f.Equip != "" && !seen[f.Equip] {
			seen[f.Equip] = true
			out = append(out, f.Equip)
		}
	}
	return out
}

// PromptBlock renders one line per fact, "[F1] (finding, AHU-1) text" (the
// ", equip" part omitted when empty). It is the only thing a model is ever
// shown: it cannot name equipment or metrics the facts do not hold. Text
// is put on one line and any bracketed id inside it reads (F1), so a fact
// can never pass for a citation or a new line of the block.
func (c *Context) PromptBlock() string {
	var b strings.Builder
	for _, f := range c.facts {
		b.WriteString("[" + f.ID + "] (" + oneLine(f.Kind))
		if f.Equip != "" {
			b.WriteString(", " + oneLine(f.Equip))
		}
		b.WriteString(") " + oneLine(f.Text) + "\n")
	}
	return b.String()
}

// oneLine returns s on one line with citations neutralised.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\t', '\v', '\f', '\u0085', '\u2028', '\u2029':
			return ' '
		}
		return r
	}, s)
	return verify.Neutralize(s)
}

// verifyFacts converts facts for the checker.
func verifyFacts(fs []Fact) []verify.Fact {
	out := make([]verify.Fact, len(fs))
	for i, f := range fs {
		out[i] = verify.Fact{ID: f.ID, Equip: f.Equip, Text: f.Text, Data: f.Data}
	}
	return out
}
