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

// Run is a rule run's summary.
type Run struct {
	Facility   string
	Start, End string // the window, ISO dates; empty when unknown
	Rules      int
	Equipment  int
	Faults     int
	Warnings   int
	Infos      int
	OKs        int
	// Declined counts checks that declined on untrusted inputs: a declined
	// check is not a pass.
	Declined int
	// Skipped counts rules skipped for missing inputs.
	Skipped int
}

// Run adds one run-summary fact, then the run's findings (see Findings).
func (b *Builder) Run(r Run, findings []Finding) string {
	var s strings.Builder
	s.WriteString("Rule run on " + r.Facility)
	if r.Start != "" && r.End != "" {
		s.WriteString(" from " + r.Start + " to " + r.End)
	}
	fmt.Fprintf(&s, ": %d rule%s on %d equipment gave %d fault%s, %d warning%s, %d info and %d ok",
		r.Rules, plural(r.Rules), r.Equipment, r.Faults, plural(r.Faults), r.Warnings, plural(r.Warnings), r.Infos, r.OKs)
	if r.Declined > 0 {
		fmt.Fprintf(&s, "; %d check%s declined on untrusted inputs (not a pass)", r.Declined, plural(r.Declined))
	}
	if r.Skipped > 0 {
		fmt.Fprintf(&s, "; %d rule%s skipped for missing inputs", r.Skipped, plural(r.Skipped))
	}
	s.WriteString(".")
	id := b.Add(KindRun, "", s.String(), map[string]any{
		"facility_id": r.Facility, "start": r.Start, "end": r.End, "rules": r.Rules, "equipment": r.Equipment,
		"faults": r.Faults, "warnings": r.Warnings, "infos": r.Infos, "oks": r.OKs, "declined": r.Declined, "skipped": r.Skipped,
	})
	b.Findings(findings)
	return id
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Missing is a rule that cannot run on an equipment for want of roles.
type Missing struct {
	Equip, Class, Rule string
	Roles              []string
}

// Completeness adds one fact per gap: why a rule could not run.
func (b *Builder) Completeness(ms []Missing) {
	for _, m := range ms {
		verb := "are"
		if len(m.Roles) == 1 {
			verb = "is"
		}
		text := fmt.Sprintf("%s cannot run on %s: it needs %s, which %s not mapped.", m.Rule, m.Equip,
			strings.Join(m.Roles, ", "), verb)
		b.Add(KindCompleteness, m.Equip, text, map[string]any{"rule": m.Rule, "equip_class": m.Class, "missing": m.Roles})
	}
}

// History is the bounded summary of one point's trend: counts and
// statistics, never the raw series.
type History struct {
	Equip, Role, Unit string
	Count             int
	Min, Max, Mean    float64
	Start, End        string // first and last sample, ISO
}

// History adds one fact per point summary.
func (b *Builder) History(hs []History) {
	for _, h := range hs {
		unit := ""
		if h.Unit != "" {
			unit = " " + h.Unit
		}
		text := fmt.Sprintf("%s %s: %s samples", h.Equip, h.Role, grouped(float64(h.Count)))
		if h.Start != "" && h.End != "" {
			text += " from " + h.Start + " to " + h.End
		}
		if h.Count > 0 {
			text += fmt.Sprintf("; min %s, mean %s, max %s%s", short(h.Min), short(h.Mean), short(h.Max), unit)
		}
		b.Add(KindHistory, h.Equip, text+".", map[string]any{
			"role": h.Role, "unit": h.Unit, "count": h.Count, "min": h.Min, "max": h.Max, "mean": h.Mean,
			"start": h.Start, "end": h.End,
		})
	}
}

// Building is one building of a fleet comparison.
type Building struct {
	ID, Name string
	// Score is the health score (0-100) and Grade its letter.
	Score *float64
	Grade string
	// EUI is the energy use intensity, kBtu/ft²·yr.
	EUI      *float64
	Faults   int
	Warnings int
}

// Fleet adds a fleet summary (worst and best by score) and one fact per
// building; a building's facts name it as their equipment, so a question
// that names it is scoped to it.
func (b *Builder) Fleet(bs []Building) {
	if len(bs) == 0 {
		return
	}
	var scored []Building
	for _, x := range bs {
		if x.Score != nil {
			scored = append(scored, x)
		}
	}
	text := fmt.Sprintf("The fleet has %d building%s", len(bs), plural(len(bs)))
	if len(scored) > 0 {
		slices.SortStableFunc(scored, func(x, y Building) int {
			switch {
			case *x.Score < *y.Score:
				return -1
			case *x.Score > *y.Score:
				return 1
			}
			return 0
		})
		w, best := scored[0], scored[len(scored)-1]
		text += fmt.Sprintf(": the worst is %s (score %s) and the best %s (score %s)", w.ID, short(*w.Score), best.ID, short(*best.Score))
	}
	b.Add(KindFleet, "", text+".", map[string]any{"buildings": len(bs)})
	for _, x := range bs {
		var parts []string
		if x.Score != nil {
			s := "score " + short(*x.Score)
			if x.Grade != "" {
				s += " (grade " + x.Grade + ")"
			}
			parts = append(parts, s)
		}
		if x.EUI != nil {
			parts = append(parts, "EUI "+short(*x.EUI)+" kBtu/ft²")
		}
		parts = append(parts, fmt.Sprintf("%d fault%s and %d warning%s", x.Faults, plural(x.Faults), x.Warnings, plural(x.Warnings)))
		name := x.ID
		if x.Name != "" && x.Name != x.ID {
			name += " (" + x.Name + ")"
		}
		data := map[string]any{"name": x.Name, "grade": x.Grade, "faults": x.Faults, "warnings": x.Warnings}
		if x.Score != nil {
			data["score"] = *x.Score
		}
		if x.EUI != nil {
			data["eui"] = *x.EUI
		}
		b.Add(KindFleet, x.ID, name+": "+strings.Join(parts, ", ")+".", data)
	}
}

// Scorecard is a health scorecard: an overall score and grade, and
// categories (energy, comfort, ventilation, maintenance).
type Scorecard struct {
	Overall    float64
	Grade      string
	Categories []Category
}

// Category is one scorecard category.
type Category struct {
	Name             string
	Score            float64
	Faults, Warnings int
}

// Scorecard adds the overall score and one fact per category with faults
// or warnings.
func (b *Builder) Scorecard(s Scorecard) {
	b.Add(KindScorecard, "", fmt.Sprintf("Overall health score %s (grade %s).", short(s.Overall), s.Grade),
		map[string]any{"overall": s.Overall, "grade": s.Grade})
	for _, c := range s.Categories {
		if c.Faults == 0 && c.Warnings == 0 {
			continue
		}
		b.Add(KindScorecard, "", fmt.Sprintf("The %s score is %s with %d fault%s and %d warning%s.", c.Name, short(c.Score),
			c.Faults, plural(c.Faults), c.Warnings, plural(c.Warnings)),
			map[string]any{"category": c.Name, "score": c.Score, "faults": c.Faults, "warnings": c.Warnings})
	}
}

// Derive adds the facts the agent derives from a context's finding facts
// (as a capability such as rule_run returns them, with the rule name and
// severity in their data): a recommendation for each actionable finding
// whose rule the table knows, unless the context already recommends for
// that equipment and rule, and the root-cause groups. New ids are plain
// (R1, G1 ...) and skip the ids in use, so they never clash with tokenised
// ones.
func (c *Context) Derive() {
	b := &Builder{ctx: c, next: map[string]int{}}
	have := map[string]bool{}
	for _, f := range c.facts {
		if f.Kind == KindRecommendation || f.Kind == KindRootCause {
			rule, _ := f.Data["rule"].(string)
			have[f.Kind+"\x00"+f.Equip+"\x00"+rule] = true
		}
	}
	var fs []Finding
	var ids []string
	for _, f := range c.Facts() {
		rule, _ := f.Data["rule"].(string)
		sev, hasSev := f.Data["severity"].(string)
		if f.Kind != KindFinding || rule == "" || hasSev && !actionable(sev) {
			continue
		}
		if !hasSev {
			sev = "warn" // a finding reported without a severity is taken as actionable
		}
		fs = append(fs, Finding{Rule: rule, Equip: f.Equip, Severity: sev})
		ids = append(ids, f.ID)
		if r, ok := Recommend(rule); ok && !have[KindRecommendation+"\x00"+f.Equip+"\x00"+rule] {
			have[KindRecommendation+"\x00"+f.Equip+"\x00"+rule] = true
			b.Add(KindRecommendation, f.Equip, r.Text(), map[string]any{
				"rule": rule, "title": r.Title, "action": r.Action, "basis": r.Basis,
			})
		}
	}
	if len(c.Kind(KindRootCause)) == 0 {
		b.rootCauses(fs, ids)
	}
}
