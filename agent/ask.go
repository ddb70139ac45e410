package agent

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The keyword sets of question routing (domain §9), matched as whole
// words, with the plural and verb forms CAMBER's substring match caught by
// accident. CAMBER matched substrings, so "do" matched "don't" and
// "window"; "energy" still routes to cost, as in CAMBER.
var (
	fleetWords = wordSet("fleet fleets portfolio building buildings worst best eui efficient efficiency rank ranking ranked across")
	costWords  = wordSet("cost costs costing costly dollar dollars save saves saving savings waste wastes wasted wasting energy kwh therm therms expensive money spend spending")
	fixWords   = wordSet("recommend recommends recommended recommendation recommendations fix fixes fixing action actions repair repairs correct resolve should remedy")
	causeWords = wordSet("cause causes caused causing root why reason reasons because driver drivers upstream")
	// doContext are the words before "do" that make it a request for an
	// action ("what should I do", "what to do"); "what do the findings say"
	// is not one.
	doContext = wordSet("i we to should can could must")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// words returns the question's words, lower-cased: runs of letters and
// digits, with inner apostrophes kept ("don't" is one word).
func words(q string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Trim(string(cur), "'"))
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(q) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		case (r == '\'' || r == '’') && len(cur) > 0:
			cur = append(cur, '\'')
		default:
			flush()
		}
	}
	flush()
	return out
}

// route is what a question selects.
type route struct {
	facts  []Fact
	topic  string   // "cost", "fix", "cause", "fleet" or ""
	equips []string // the equipment the question names
	// unknownEquip is set when the question names equipment (an id such
	// as AHU-9) of which the context holds no fact.
	unknownEquip bool
}

// topicOf is a question's topic by its words: "cost" (a cost word or
// '$'), "fix" (a fix word, or "do" asking for an action: "what should I
// do", "what to do", "do about"; "what do the findings say" is not one),
// "cause" (a cause word) or "".
func topicOf(q string, ws []string) string {
	has := func(set map[string]bool) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return set[w] })
	}
	wantsDo := false
	for i, w := range ws {
		if w == "do" && (i > 0 && doContext[ws[i-1]] || i+1 < len(ws) && ws[i+1] == "about") {
			wantsDo = true
		}
	}
	switch {
	case has(costWords) || strings.Contains(q, "$"):
		return "cost"
	case has(fixWords) || wantsDo:
		return "fix"
	case has(causeWords):
		return "cause"
	}
	return ""
}

// namesEquipID reports whether the question names an equipment id: a word
// of letters, a hyphen or underscore and a number (AHU-9, VAV-1-2, CH_3).
// Standards and sections (G36, FC#5, §5.6.5, Ch.5) have no such separator
// and do not count. Asked when [namedEquips] found none, so such an id is
// one the context holds no fact on (a held one is a whole word it finds).
func namesEquipID(q string) bool {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !nameRune(r) })
	return slices.ContainsFunc(words, equipLike)
}

// equipLike reports whether a question word (a run of letters, digits,
// '-' and '_') reads as an equipment id: two or more letters, '-' or
// '_', then a digit.
func equipLike(w string) bool {
	i := 0
	for i < len(w) && unicode.IsLetter(rune(w[i])) {
		i++
	}
	return i >= 2 && i+1 < len(w) && (w[i] == '-' || w[i] == '_') && unicode.IsDigit(rune(w[i+1]))
}

// routeQuestion selects the facts that answer a question without a model:
//
//  1. equipment named in the question (case-insensitive, whole names: AHU-1
//     does not match AHU-10) scopes the answer to its facts;
//  2. a cost word (or '$') selects the scope's cost facts, else, when no
//     equipment is named, the fleet facts;
//  3. a fix word ("should I do" counts, "what do" does not) selects the
//     scope's recommendations;
//  4. a cause word selects the scope's root-cause facts, else its findings;
//  5. with fleet facts present, a fleet word or a question naming no
//     equipment selects the fleet facts;
//  6. named equipment selects all its facts;
//  7. anything else selects every finding, or every fact when the context
//     holds no finding at all (a context of other capabilities' facts).
func routeQuestion(q string, c *Context) route {
	ws := words(q)
	has := func(set map[string]bool) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return set[w] })
	}
	r := route{equips: namedEquips(q, c), topic: topicOf(q, ws)}
	if len(r.equips) == 0 && namesEquipID(q) {
		r.unknownEquip = true
		return r // about equipment the context holds nothing on
	}
	scope := c.facts
	if len(r.equips) > 0 {
		scope = nil
		for _, f := range c.facts {
			for _, e := range r.equips {
				if f.Equip == e {
					scope = append(scope, f)
				}
			}
		}
	}
	fleet := c.Kind(KindFleet)
	ofKind := func(kind string) []Fact {
		var out []Fact
		for _, f := range scope {
			if f.Kind == kind {
				out = append(out, f)
			}
		}
		return out
	}
	switch {
	case r.topic == "cost":
		r.facts = ofKind(KindCost)
		if len(r.facts) == 0 && len(r.equips) == 0 {
			r.facts = fleet
		}
	case r.topic == "fix":
		r.facts = ofKind(KindRecommendation)
	case r.topic == "cause":
		r.facts = ofKind(KindRootCause)
		if len(r.facts) == 0 {
			r.facts = ofKind(KindFinding)
		}
	case len(fleet) > 0 && (has(fleetWords) || len(r.equips) == 0):
		r.topic, r.facts = "fleet", fleet
	case len(r.equips) > 0:
		r.facts = scope
	default:
		r.facts = ofKind(KindFinding)
		if len(r.facts) == 0 && len(c.Kind(KindFinding)) == 0 {
			r.facts = scope
		}
	}
	return r
}

// namedEquips returns the context's equipment the question names, in
// first-seen order: case-insensitive, bounded by characters that cannot
// continue a name (letters, digits, '_' and '-' can).
func namedEquips(q string, c *Context) []string {
	lq := strings.ToLower(q)
	var out []string
	for _, e := range c.Equips() {
		le := strings.ToLower(e)
		for from := 0; le != "" && from < len(lq); {
			k := strings.Index(lq[from:], le)
			if k < 0 {
				break
			}
			a, b := from+k, from+k+len(le)
			before, _ := utf8.DecodeLastRuneInString(lq[:a])
			after, _ := utf8.DecodeRuneInString(lq[b:])
			if a == 0 {
				before = 0
			}
			if b == len(lq) {
				after = 0
			}
			if !nameRune(before) && !nameRune(after) {
				out = append(out, e)
				break
			}
			from = a + 1
		}
	}
	return out
}

func nameRune(r rune) bool {
	return r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// dontKnow is the honest answer when no fact matches: "I don't know — no
// matching fact for the cost of AHU-1 is in the current context." It names
// only the topic and the equipment it matched, never the question's words.
func dontKnow(r route) string {
	// topic phrases: alone, and with the equipment named.
	phrases := map[string][2]string{
		"cost": {"the cost", "the cost of %s"}, "fix": {"a recommended fix", "fixing %s"},
		"cause": {"a root cause", "the cause on %s"}, "fleet": {"the fleet", "%s"},
	}
	subject := ""
	p, ok := phrases[r.topic]
	names := oneLine(strings.Join(r.equips, ", "))
	if r.unknownEquip {
		names = "that equipment" // never the question's own words
		r.equips = []string{names}
	}
	switch {
	case len(r.equips) > 0 && ok:
		subject = strings.Replace(p[1], "%s", names, 1)
	case len(r.equips) > 0:
		subject = names
	case ok:
		subject = p[0]
	}
	if subject == "" {
		return "I don't know — no matching fact is in the current context."
	}
	return "I don't know — no matching fact for " + subject + " is in the current context."
}
