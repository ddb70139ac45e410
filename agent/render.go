package agent

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/agent/verify"
)

// kindRank orders facts within an equipment's group: finding, root cause,
// cost, recommendation, then anything else.
func kindRank(kind string) int {
	switch kind {
	case KindFinding:
		return 0
	case KindRootCause:
		return 1
	case KindCost:
		return 2
	case KindRecommendation:
		return 3
	}
	return 4
}

// render writes facts as the deterministic template: grouped by equipment
// in first-seen order (facts without equipment form their own group where
// they first appear), ordered within a group by kind and then as given,
// one paragraph per group headed "AHU-1:", and every sentence of every
// fact's text carrying that fact's [id]. So the text is grounded by
// construction: it states only what the facts state, each figure next to
// the id of the fact that carries it.
func render(facts []Fact) string {
	var order []string
	groups := map[string][]Fact{}
	for _, f := range facts {
		if _, ok := groups[f.Equip]; !ok {
			order = append(order, f.Equip)
		}
		groups[f.Equip] = append(groups[f.Equip], f)
	}
	var b strings.Builder
	for gi, equip := range order {
		g := groups[equip]
		slices.SortStableFunc(g, func(x, y Fact) int { return kindRank(x.Kind) - kindRank(y.Kind) })
		if gi > 0 {
			b.WriteString("\n\n")
		}
		if equip != "" {
			b.WriteString(header(equip))
		}
		for i, f := range g {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(cite(f))
		}
	}
	return b.String()
}

// header is a group's heading, "AHU-1: " ("" for a blank name). A name
// the checker would split into sentences ("0!", "Line 2. East") is written
// in double quotes, which make it one word.
func header(equip string) string {
	name := strings.TrimSpace(oneLine(equip))
	if name == "" {
		return ""
	}
	if len(verify.Split(name+": x")) > 1 {
		name = `"` + strings.ReplaceAll(name, `"`, "'") + `"`
	}
	return name + ": "
}

// cite returns a fact's text with its id on every sentence. List markers
// opening the text ("1. ") are left out: at a line's start the checker
// reads none as a claim, but mid-paragraph, where the template puts the
// text, "1." would be a sentence of its own stating a number uncited.
func cite(f Fact) string {
	text := strings.TrimSpace(oneLine(f.Text))
	for n := verify.ListMarker(text); n > 0; n = verify.ListMarker(text) {
		text = strings.TrimSpace(text[n:])
	}
	var b strings.Builder
	for i, sp := range verify.Split(text) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(citeSentence(text[sp.Start:sp.End], f.ID))
	}
	return b.String()
}

// citeSentence puts " [id]" before a sentence's final terminator ("…
// hours [F1]."), adds a period when it has none, and after a closing quote
// or bracket, or where the space would split the sentence ("0!\"!"), writes
// the id right after it ("… “stop.”[F1]"), where it still belongs to the
// sentence.
func citeSentence(s, id string) string {
	tag := "[" + id + "]"
	j := len(s)
	for j > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		if !strings.ContainsRune(")]\"'”’»", r) {
			break
		}
		j -= size
	}
	t := j
	for t > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:t])
		if !strings.ContainsRune(".!?…", r) {
			break
		}
		t -= size
	}
	switch {
	case t == j:
		return s + " " + tag + "."
	case j < len(s):
		return s + tag
	}
	if out := strings.TrimRight(s[:t], " ") + " " + tag + s[t:]; len(verify.Split(out)) == 1 {
		return out
	}
	// The space before the id would end a sentence inside ("stop!" then
	// "[F1]!"): the id goes right after the sentence, where it still
	// belongs to it.
	return s + tag
}

// templateAnswer renders facts and checks the rendering against the whole
// context, keeping only what checks (a fact text the template cannot cite
// cleanly, which the builders never write, is dropped rather than shown).
func templateAnswer(c *Context, facts []Fact) (string, verify.Report) {
	text := render(facts)
	r := verify.Check(text, verifyFacts(c.facts), verify.Options{})
	return r.Verified, r
}
