package repl

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/prompts"
)

// Completion limits.
const (
	maxCompletions = 100   // candidates returned at most
	maxNames       = 10000 // names remembered per set
)

// nameSet is an ordered set of names learned from results, with an
// optional class per name (equipment classes).
type nameSet struct {
	names []string
	class map[string]string
}

// add records a name (and its class, when the first one seen has none).
func (n *nameSet) add(name, class string) {
	if name == "" || strings.ContainsFunc(name, isControl) {
		return
	}
	if n.class == nil {
		n.class = map[string]string{}
	}
	if c, seen := n.class[name]; seen {
		if c == "" && class != "" {
			n.class[name] = class
		}
		return
	}
	if len(n.names) >= maxNames {
		return
	}
	n.names = append(n.names, name)
	n.class[name] = class
}

// completionData is what completion reads (guarded by Session.mu).
type completionData struct {
	capabilities []string
	history      []string
	factIDs      []string
	facility     string // the open facility
	facilities   nameSet
	equips       map[string]*nameSet // by facility
	roles        map[string]*nameSet // by facility
	findings     nameSet
}

func (c *completionData) equipOf(fac string) *nameSet { return setOf(&c.equips, fac) }
func (c *completionData) rolesOf(fac string) *nameSet { return setOf(&c.roles, fac) }

func setOf(m *map[string]*nameSet, key string) *nameSet {
	if *m == nil {
		*m = map[string]*nameSet{}
	}
	n, ok := (*m)[key]
	if !ok {
		n = &nameSet{}
		(*m)[key] = n
	}
	return n
}

// Complete returns the completions of the word before cursor (a byte
// offset into line): each is the whole line with that word completed and
// the text after the cursor kept, so the new cursor is at
// len(candidate) - (len(line) - cursor). It offers command names,
// capability names, a capability's argument keys (from its input schema)
// and values (facility ids from facilities and open, equipment and roles
// from points of the open facility, finding ids from earlier results, enum
// values, true/false), prompt names and their argument keys and values,
// theme names and fact ids. It makes no call, so it never blocks on one.
func (s *Session) Complete(line string, cursor int) []string {
	start, words := s.CompleteWords(line, cursor)
	cursor = clampCursor(line, cursor)
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = line[:start] + w + line[cursor:]
	}
	return out
}

// CompleteWords returns the candidates for the word before cursor, and
// the byte offset where that word starts (each candidate replaces
// line[start:cursor]). Candidates are quoted where the grammar needs it.
func (s *Session) CompleteWords(line string, cursor int) (int, []string) {
	cursor = clampCursor(line, cursor)
	words, cur := lexPartial(line[:cursor])
	s.mu.Lock()
	defer s.mu.Unlock()
	cands := s.candidates(words, cur)
	if len(cands) > maxCompletions {
		cands = cands[:maxCompletions]
	}
	return cur.start, cands
}

// clampCursor keeps cursor within line and on a rune boundary.
func clampCursor(line string, cursor int) int {
	cursor = min(max(cursor, 0), len(line))
	for cursor > 0 && cursor < len(line) && !utf8.RuneStart(line[cursor]) {
		cursor--
	}
	return cursor
}

// candidates returns the completions of partial word cur after words.
func (s *Session) candidates(words []lexWord, cur lexWord) []string {
	if len(words) == 0 {
		if cur.isKV {
			return nil
		}
		return match(append(sortedKeys(s.cmds), s.comp.capabilities...), cur.value, plainWord)
	}
	cmd := strings.ToLower(words[0].value)
	rest := words[1:]
	switch cmd {
	case "call":
		if len(rest) == 0 {
			return match(s.comp.capabilities, cur.value, plainWord)
		}
		return s.capabilityArgs(strings.ToLower(rest[0].value), rest[1:], cur)
	case "facilities":
		return s.capabilityArgs("facilities", rest, cur)
	case "open":
		if len(rest) == 0 && !cur.isKV {
			return match(s.comp.facilities.names, cur.value, plainWord)
		}
	case "help":
		if len(rest) == 0 {
			return match(append(sortedKeys(s.cmds), s.comp.capabilities...), cur.value, plainWord)
		}
	case "theme":
		if len(rest) == 0 {
			return match(s.themes, cur.value, plainWord)
		}
	case "fact":
		if len(rest) == 0 {
			return match(s.comp.factIDs, cur.value, plainWord)
		}
	case "explain":
		if len(rest) == 0 {
			return match([]string{"llm", "template"}, cur.value, plainWord)
		}
	case "step":
		if len(rest) == 0 {
			return match([]string{"all"}, cur.value, plainWord)
		}
	case "draft":
		if len(rest) == 0 {
			return match([]string{"clear", "llm", "template"}, cur.value, plainWord)
		}
	case "prompt":
		if len(rest) == 0 {
			var names []string
			for _, p := range prompts.All() {
				names = append(names, p.Name)
			}
			return match(names, cur.value, plainWord)
		}
		return s.promptArgs(rest[0].value, rest[1:], cur)
	default:
		if slices.Contains(s.comp.capabilities, cmd) {
			return s.capabilityArgs(cmd, rest, cur)
		}
	}
	return nil
}

// capabilityArgs completes an argument key or value of capability name.
func (s *Session) capabilityArgs(name string, given []lexWord, cur lexWord) []string {
	capb, ok := s.caps[name]
	if !ok {
		return nil
	}
	ps := props(capb.InputSchema)
	if !cur.isKV {
		var keys []string
		for _, k := range sortedKeys(ps) {
			if !slices.ContainsFunc(given, func(w lexWord) bool { return w.isKV && w.key == k }) {
				keys = append(keys, k)
			}
		}
		return match(keys, cur.value, func(k string) string { return k + "=" })
	}
	prop, _ := ps[cur.key].(map[string]any)
	if prop == nil {
		return nil
	}
	var values []string
	list := slices.Contains(schemaTypes(prop), "array")
	fac := chosenFacility(given, s.comp.facility)
	switch cur.key {
	case "facility_id":
		values = s.comp.facilities.names
	case "equip", "equips":
		values = s.equipNames(fac, false)
	case "role", "roles":
		if r := s.comp.roles[fac]; r != nil {
			values = r.names
		}
	case "equip_class":
		values = s.classNames(fac)
	case "finding_id":
		values = s.comp.findings.names
	default:
		schema := prop
		if list {
			schema, _ = prop["items"].(map[string]any)
		}
		values = enumValues(schema)
	}
	return kvValues(cur, values, list)
}

// promptArgs completes an argument key or value of prompt name.
func (s *Session) promptArgs(name string, given []lexWord, cur lexWord) []string {
	p, ok := prompts.Lookup(name)
	if !ok {
		return nil
	}
	if !cur.isKV {
		var keys []string
		for _, a := range p.Arguments {
			if !slices.ContainsFunc(given, func(w lexWord) bool { return w.isKV && w.key == a.Name }) {
				keys = append(keys, a.Name)
			}
		}
		return match(keys, cur.value, func(k string) string { return k + "=" })
	}
	var values []string
	fac := chosenFacility(given, s.comp.facility)
	switch cur.key {
	case prompts.ArgFacilityID:
		values = s.comp.facilities.names
	case prompts.ArgEquip:
		values = s.equipNames(fac, name == prompts.TriageAHU)
	case prompts.ArgEquips:
		values = s.equipNames(fac, false)
	case prompts.ArgFindingID:
		values = s.comp.findings.names
	}
	return kvValues(cur, values, cur.key == prompts.ArgEquips)
}

// chosenFacility is the facility_id the line gives, else the open one.
func chosenFacility(given []lexWord, open string) string {
	for _, w := range given {
		if w.isKV && w.key == "facility_id" && w.value != "" {
			return w.value
		}
	}
	return open
}

// equipNames returns a facility's equipment; ahuOnly leaves out every
// equipment of a recognised class other than an air handler.
func (s *Session) equipNames(fac string, ahuOnly bool) []string {
	set := s.comp.equips[fac]
	if set == nil {
		return nil
	}
	if !ahuOnly {
		return set.names
	}
	var out []string
	for _, id := range set.names {
		c, known := model.LookupClass(set.class[id])
		if !known || c.Name == model.ClassAHU {
			out = append(out, id)
		}
	}
	return out
}

// classNames returns a facility's equipment classes.
func (s *Session) classNames(fac string) []string {
	set := s.comp.equips[fac]
	if set == nil {
		return nil
	}
	var out []string
	for _, id := range set.names {
		if c := set.class[id]; c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// enumValues returns a schema's enum strings, or true and false for a
// boolean.
func enumValues(schema map[string]any) []string {
	var out []string
	if e, ok := schema["enum"].([]any); ok {
		for _, v := range e {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	if slices.Contains(schemaTypes(schema), "boolean") {
		return []string{"false", "true"}
	}
	return nil
}

// kvValues completes the value of key=value word cur from values; for a
// list it completes the last comma-separated item and never offers one
// already listed.
func kvValues(cur lexWord, values []string, list bool) []string {
	head, typed := "", cur.value
	if list {
		if i := strings.LastIndexByte(cur.value, ','); i >= 0 {
			head, typed = cur.value[:i+1], strings.TrimLeft(cur.value[i+1:], " ")
			listed := map[string]bool{}
			for _, id := range strings.Split(cur.value[:i], ",") {
				listed[strings.TrimSpace(id)] = true
			}
			values = slices.DeleteFunc(slices.Clone(values), func(v string) bool { return listed[v] })
		}
	}
	return match(values, typed, func(v string) string { return cur.key + "=" + quoteWord(head+v, false) })
}

// plainWord writes a candidate as one word.
func plainWord(s string) string { return quoteWord(s, true) }

// match returns the names that start with typed (case-insensitive, each
// once, in natural order), each written by form.
func match(names []string, typed string, form func(string) string) []string {
	var hits []string
	seen := map[string]bool{}
	for _, n := range names {
		if len(n) >= len(typed) && strings.EqualFold(n[:len(typed)], typed) && !seen[n] {
			seen[n] = true
			hits = append(hits, n)
		}
	}
	slices.SortFunc(hits, prompts.NaturalCompare)
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = form(h)
	}
	return out
}
