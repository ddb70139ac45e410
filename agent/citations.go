package agent

import (
	"fmt"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

// CheckCitations is the check_citations capability's logic: text checked
// against facts gathered from earlier results (of one server or several;
// see [FactsFromArgs] for the merge). perSentence grounds each sentence's
// figures in the facts it cites itself; false pools every fact the text
// cites, as CAMBER does.
func CheckCitations(text string, facts []Fact, perSentence bool) verify.Report {
	return verify.Check(text, verifyFacts(facts), verify.Options{Pooled: !perSentence})
}

// FactsFromArgs decodes a list of facts as capability results return them
// (objects with id, text and optional kind, equip, data and value; other
// keys are ignored) and merges them: the same fact given twice is kept
// once, two different facts under one id are refused. A bad fact is a
// *FactError with its index in the list.
func FactsFromArgs(raw []any) ([]Fact, error) {
	facts := make([]Fact, 0, len(raw))
	for i, v := range raw {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, &FactError{Index: i, Msg: "a fact must be an object with an id and a text"}
		}
		str := func(k string) string { s, _ := m[k].(string); return s }
		f := registry.Fact{ID: str("id"), Kind: str("kind"), Text: str("text"), Equip: str("equip"), Value: m["value"]}
		if d, ok := m["data"].(map[string]any); ok {
			f.Data = d
		}
		facts = append(facts, FromRegistry(f))
	}
	c, err := NewContext(facts...)
	if err != nil {
		return nil, err
	}
	return c.facts, nil
}

// RegistryVerifier is the registry's citation policy (seed 000, policy
// step 7) over a capability's own text: a sentence that states a figure no
// fact cited in the text carries is removed, and a citation of an id the
// result has no fact for is removed (its sentence kept), each with a banner
// that says which. Grounding is pooled, as the seed's check is, and every
// quoted span is a name (the handler quotes data values with
// sanitize.Name). Pass it as builtin.Options.Verify.
func RegistryVerifier(text string, facts []registry.Fact) (string, []string) {
	vf := make([]verify.Fact, len(facts))
	for i, f := range facts {
		g := FromRegistry(f)
		vf[i] = verify.Fact{ID: g.ID, Equip: g.Equip, Text: g.Text, Data: g.Data}
	}
	r := verify.Check(text, vf, verify.Options{Pooled: true, Quotes: verify.QuotesOpaque})
	if r.Grounded {
		return text, nil
	}
	var banners []string
	for _, s := range r.Removed {
		banners = append(banners, fmt.Sprintf("the citation check removed a sentence of the summary (%s): %s", s.Reason, excerpt(s.Text, 160)))
	}
	var ids []string
	for _, s := range r.Sentences {
		if !s.Failing() {
			for _, id := range s.Unknown {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	if len(ids) > 0 {
		slices.Sort(ids)
		banners = append(banners, "removed the citation of "+strings.Join(ids, ", ")+": the result has no such fact (the sentence is kept)")
	}
	return r.Verified, banners
}

// excerpt returns s on one line, citations neutralised, cut to at most n
// runes with an ellipsis.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(oneLine(s)), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
