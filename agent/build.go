package agent

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// kindPrefix is the id letter of each fact kind (domain §9). An unknown
// kind takes its first letter, upper-cased.
var kindPrefix = map[string]string{
	KindFinding: "F", KindCost: "C", KindRecommendation: "R", KindRootCause: "G", KindRun: "N",
	KindScorecard: "S", KindCompleteness: "M", KindHistory: "H", KindMapping: "P", KindFleet: "L",
}

// The fact kinds the builders write.
const (
	KindFinding        = "finding"
	KindCost           = "cost"
	KindRecommendation = "recommendation"
	KindRootCause      = "rootcause"
	KindRun            = "run"
	KindScorecard      = "scorecard"
	KindCompleteness   = "completeness"
	KindHistory        = "history"
	KindMapping        = "mapping"
	KindFleet          = "fleet"
)

// Builder turns analytics objects into facts with order-stable ids: a
// counter per id letter, in input order (F1, F2, C1, R1, G1 ...), so the
// same input gives the same ids. One builder's ids never repeat.
//
// A Builder is not safe for concurrent use.
type Builder struct {
	ctx  *Context
	next map[string]int
}

// NewBuilder returns a builder with an empty context.
func NewBuilder() *Builder {
	c, _ := NewContext()
	return &Builder{ctx: c, next: map[string]int{}}
}

// Context returns the facts built so far.
func (b *Builder) Context() *Context { return b.ctx }

// Add appends one fact of kind and returns its id. Text is put on one
// line.
func (b *Builder) Add(kind, equip, text string, data map[string]any) string {
	p := prefix(kind)
	for {
		b.next[p]++
		id := p + strconv.Itoa(b.next[p])
		if _, taken := b.ctx.byID[id]; taken {
			continue
		}
		b.ctx.byID[id] = len(b.ctx.facts)
		b.ctx.facts = append(b.ctx.facts, Fact{ID: id, Kind: kind, Equip: equip, Text: strings.TrimSpace(oneLine(text)), Data: data})
		return id
	}
}

func prefix(kind string) string {
	if p, ok := kindPrefix[kind]; ok {
		return p
	}
	for _, r := range kind {
		if r < unicode.MaxASCII && unicode.IsLetter(r) {
			return strings.ToUpper(string(r))
		}
		break
	}
	return "X"
}

// Finding is one rule verdict on one equipment, as the analytics layer
// reports it (the builtin layer fills it from analytics/fdd).
type Finding struct {
	// ID is the finding id (rule@equip), when known.
	ID       string
	Rule     string
	Equip    string
	Severity string // ok, info, warn, fault
	// Summary is the one-line sentence that states the finding's numbers.
	Summary  string
	Metrics  map[string]any
	Caveats  []string
	Standard string
	// Cost, when not nil, adds a cost fact.
	Cost *Cost
}

// Cost is a finding's triage-grade annual cost. A nil AnnualUSD is
// uncosted: the fact states Basis (the missing input) and no dollar figure.
type Cost struct {
	AnnualUSD *float64
	KWh       *float64
	Therms    *float64
	// Basis names the cost model, or why there is none.
	Basis string
}

// Findings adds, for each finding in order, a finding fact (its summary),
// a cost fact when it carries a cost, and a recommendation fact when the
// table has one for its rule; then one root-cause fact per equipment where
// two or more actionable (warn or fault) findings sit on the root-cause
// chain. It returns the finding facts' ids.
func (b *Builder) Findings(fs []Finding) []string {
	ids := make([]string, len(fs))
	for i, f := range fs {
		text := f.Summary
		if strings.TrimSpace(text) == "" {
			text = f.Rule + ": " + f.Severity
		}
		data := map[string]any{"rule": f.Rule, "severity": f.Severity}
		if f.ID != "" {
			data["finding_id"] = f.ID
		}
		if len(f.Metrics) > 0 {
			data["metrics"] = f.Metrics
		}
		if len(f.Caveats) > 0 {
			data["caveats"] = f.Caveats
		}
		if f.Standard != "" {
			data["standard"] = f.Standard
		}
		ids[i] = b.Add(KindFinding, f.Equip, text, data)
		if f.Cost != nil {
			b.Add(KindCost, f.Equip, costText(f.Rule, f.Cost), costData(f.Rule, f.Cost))
		}
		if r, ok := Recommend(f.Rule); ok && actionable(f.Severity) {
			b.Add(KindRecommendation, f.Equip, r.Text(), map[string]any{
				"rule": f.Rule, "title": r.Title, "action": r.Action, "basis": r.Basis,
			})
		}
	}
	b.rootCauses(fs, ids)
	return ids
}

func actionable(severity string) bool { return severity == "warn" || severity == "fault" }

// rootCauses adds a fact per equipment whose actionable findings hold two
// or more links of the root-cause chain.
func (b *Builder) rootCauses(fs []Finding, ids []string) {
	type group struct {
		rules, facts []string
	}
	var order []string
	groups := map[string]*group{}
	for i, f := range fs {
		if !actionable(f.Severity) || !slices.Contains(rootCauseChain, f.Rule) {
			continue
		}
		g := groups[f.Equip]
		if g == nil {
			g = &group{}
			groups[f.Equip] = g
			order = append(order, f.Equip)
		}
		if !slices.Contains(g.rules, f.Rule) {
			g.rules = append(g.rules, f.Rule)
		}
		g.facts = append(g.facts, ids[i])
	}
	for _, equip := range order {
		g := groups[equip]
		if len(g.rules) < 2 {
			continue
		}
		slices.SortFunc(g.rules, func(x, y string) int {
			return slices.Index(rootCauseChain, x) - slices.Index(rootCauseChain, y)
		})
		text := fmt.Sprintf("These findings are linked, upstream first: %s. Address %s first; the others may clear with it.",
			strings.Join(g.rules, " → "), g.rules[0])
		b.Add(KindRootCause, equip, text, map[string]any{"chain": g.rules, "root": g.rules[0], "findings": g.facts})
	}
}

// costText states a cost: "Estimated annual cost ≈ $2,897 (8,802 kWh,
// 1,314 therms; reheat-gas+paired-cooling)." or, uncosted, "No dollar
// figure — <basis>." Never a made-up figure.
func costText(rule string, c *Cost) string {
	if c.AnnualUSD == nil {
		basis := c.Basis
		if basis == "" {
			basis = "no cost model for rule '" + rule + "'"
		}
		return "No dollar figure — " + strings.TrimSuffix(basis, ".") + "."
	}
	var parts []string
	if c.KWh != nil {
		parts = append(parts, grouped(*c.KWh)+" kWh")
	}
	if c.Therms != nil {
		parts = append(parts, grouped(*c.Therms)+" therms")
	}
	inner := strings.Join(parts, ", ")
	if c.Basis != "" {
		if inner != "" {
			inner += "; "
		}
		inner += c.Basis
	}
	s := "Estimated annual cost ≈ $" + grouped(*c.AnnualUSD)
	if inner != "" {
		s += " (" + inner + ")"
	}
	return s + "."
}

func costData(rule string, c *Cost) map[string]any {
	d := map[string]any{"rule": rule, "basis": c.Basis}
	for k, v := range map[string]*float64{"annual_usd": c.AnnualUSD, "kwh": c.KWh, "therms": c.Therms} {
		if v != nil {
			d[k] = *v
		} else {
			d[k] = nil
		}
	}
	return d
}

// grouped formats x rounded half away from zero to a whole number, with
// thousands commas: 2897.3 → "2,897".
func grouped(x float64) string {
	s := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg && s != "0" {
		return "-" + b.String()
	}
	return b.String()
}

// short formats x with at most two decimals: 52.125 → "52.13", 8 → "8".
func short(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}
