package prompts

import (
	"fmt"
	"slices"
	"strings"
)

// Plan is a prompt's calls as data: what [Render]'s message asks for, in
// the same order, for a front end that runs the steps itself ([Run]). It
// marshals to JSON as `camber-tui prompt NAME --plan` prints it.
type Plan struct {
	// Prompt is the prompt's name.
	Prompt string `json:"prompt"`
	// Arguments are the prompt's arguments as checked (each one line).
	Arguments map[string]string `json:"arguments"`
	// Steps are the calls in order; the last is the citation check.
	Steps []Step `json:"steps"`
	// Draft is the text the citation check checks (the step whose
	// TextFrom is [FromDraft]). A front end sets it once the answer is
	// drafted; while it is empty [Run] skips that step with [ErrNoDraft].
	Draft string `json:"draft,omitempty"`
}

// Step is one call of a plan. Its arguments are Args, plus one per
// Derivation (from an earlier step's result), plus, with ForEach, one call
// per value of an earlier result, plus the draft and the collected facts
// for the citation check.
type Step struct {
	// ID names the step for derivations (unique in its plan).
	ID string `json:"id"`
	// Capability is the capability called.
	Capability string `json:"capability"`
	// Purpose says in one line what the call is for.
	Purpose string `json:"purpose"`
	// Args are the arguments known before anything runs (from the prompt's
	// arguments); once run, the arguments the call was made with.
	Args map[string]any `json:"args"`
	// Derive fills further arguments from earlier results.
	Derive []Derivation `json:"derive,omitempty"`
	// ForEach, when set, makes the step one call per value it selects
	// (at most its Max), each with that value as its Arg.
	ForEach *Derivation `json:"for_each,omitempty"`
	// TextFrom is FromDraft when the text argument is the plan's Draft.
	TextFrom string `json:"text_from,omitempty"`
	// FactsFrom is FromCollected when the facts argument is every fact the
	// earlier steps returned.
	FactsFrom string `json:"facts_from,omitempty"`
}

// Where the citation check's arguments come from.
const (
	FromDraft     = "draft"     // Plan.Draft
	FromCollected = "collected" // the facts of every earlier step, each once
)

// Derivation fills one argument from an earlier step's result.
type Derivation struct {
	// Arg is the argument it fills.
	Arg string `json:"arg"`
	// Step is the id of the earlier step.
	Step string `json:"step"`
	// Path selects values in that step's result data: a JSON pointer
	// (RFC 6901) in which the segment "*" stands for every element of an
	// array, e.g. /findings/*/finding_id.
	Path string `json:"path"`
	// Max is the most values taken (in order; 0 means one).
	Max int `json:"max,omitempty"`
	// List makes the argument an array of the values (equips) rather than
	// the first value.
	List bool `json:"list,omitempty"`
}

// limit returns the most values d takes.
func (d Derivation) limit() int { return max(d.Max, 1) }

// worstFindings is how many findings triage_ahu and plan_site_visit detail.
const worstFindings = 3

// PlanFor returns the plan of prompt name with args, checked exactly as
// [Render] checks them (the same errors).
func PlanFor(name string, args map[string]string) (Plan, error) {
	p, ok := Lookup(name)
	if !ok {
		return Plan{}, unknownPrompt(name)
	}
	v, err := check(p, args)
	if err != nil {
		return Plan{}, err
	}
	steps := v.steps(name)
	steps = append(steps, Step{ID: "check_citations", Capability: "check_citations",
		Purpose: "Check the draft's citations against every fact the calls returned; fix or remove each failing sentence.",
		Args:    map[string]any{}, TextFrom: FromDraft, FactsFrom: FromCollected})
	if err := validate(steps); err != nil {
		return Plan{}, fmt.Errorf("plan %s: %w", name, err)
	}
	return Plan{Prompt: name, Arguments: v.arguments(), Steps: steps}, nil
}

// arguments returns the checked values as the plan records them.
func (v values) arguments() map[string]string {
	out := map[string]string{}
	for k, s := range map[string]string{ArgFacilityID: v.facility, ArgEquip: v.equip, ArgFindingID: v.findingID, ArgClaim: v.claim} {
		if s != "" {
			out[k] = s
		}
	}
	if len(v.equips) > 0 {
		out[ArgEquips] = strings.Join(v.equips, ", ")
	}
	return out
}

// steps returns the data calls of prompt name, in the order its template
// names them (a test holds the two together).
func (v values) steps(name string) []Step {
	// fac returns the step arguments: facility_id plus kv.
	fac := func(kv ...arg) map[string]any {
		m := map[string]any{ArgFacilityID: v.facility}
		for _, a := range kv {
			m[a.name] = a.value
		}
		return m
	}
	// list returns ids as a fresh array argument (no two steps share one).
	list := func(ids ...string) []any {
		out := make([]any, len(ids))
		for i, id := range ids {
			out[i] = id
		}
		return out
	}
	switch name {
	case TriageAHU:
		return []Step{
			{ID: "points", Capability: "points", Purpose: "The roles the air handler stores.", Args: fac(arg{ArgEquip, v.equip})},
			{ID: "sensor_trust", Capability: "sensor_trust", Purpose: "The trust of its inputs, least trusted first.", Args: fac(arg{ArgEquips, list(v.equip)})},
			{ID: "rule_run", Capability: "rule_run", Purpose: "Its findings worst first, declined checks and skipped rules.", Args: fac(arg{ArgEquips, list(v.equip)})},
			{ID: "finding_detail", Capability: "finding_detail", Purpose: "The three worst findings in detail: metrics, parameters, flagged spans.",
				Args:    fac(arg{ArgEquips, list(v.equip)}),
				ForEach: &Derivation{Arg: ArgFindingID, Step: "rule_run", Path: "/findings/*/finding_id", Max: worstFindings}},
		}
	case RCxExecutiveSummary:
		return []Step{
			{ID: "rcx_report", Capability: "rcx_report", Purpose: "The KPIs, the ranked issues and the report's fact index.", Args: fac()},
		}
	case ExplainFinding:
		return []Step{
			{ID: "finding_detail", Capability: "finding_detail", Purpose: "The finding's metrics, parameters and flagged spans.", Args: fac(arg{ArgFindingID, v.findingID})},
			{ID: "rule_params", Capability: "rule_params", Purpose: "What the rule checks; its parameters' defaults, ranges and basis.",
				Args:   map[string]any{"detail": true},
				Derive: []Derivation{{Arg: "rules", Step: "finding_detail", Path: "/rule", List: true}}},
			{ID: "sensor_trust", Capability: "sensor_trust", Purpose: "The trust of the inputs the rule reads.", Args: fac(),
				Derive: []Derivation{{Arg: ArgEquips, Step: "finding_detail", Path: "/equip", List: true}}},
		}
	case CheckSavingsClaim:
		return []Step{
			{ID: "mv_summary", Capability: "mv_summary", Purpose: "Baseline fits, savings with uncertainty, triggers, method proposals, declines.", Args: fac()},
		}
	case DataQualityReview:
		return []Step{
			{ID: "coverage_by_equip", Capability: "coverage", Purpose: "Each equipment's mean coverage and worst point, worst first; the longest gaps.", Args: fac(arg{"group_by", "equip"})},
			{ID: "coverage_worst", Capability: "coverage", Purpose: "The worst-covered equipment point by point.", Args: fac(arg{"group_by", "point"}),
				Derive: []Derivation{{Arg: ArgEquips, Step: "coverage_by_equip", Path: "/equipment/0/equip", List: true}}},
			{ID: "sensor_trust", Capability: "sensor_trust", Purpose: "Every point's trust, least trusted first.", Args: fac()},
		}
	case CompareEquipment:
		return []Step{
			{ID: "coverage", Capability: "coverage", Purpose: "Each one's coverage and worst point.", Args: fac(arg{ArgEquips, list(v.equips...)}, arg{"group_by", "equip"})},
			{ID: "sensor_trust", Capability: "sensor_trust", Purpose: "The trust of their inputs.", Args: fac(arg{ArgEquips, list(v.equips...)})},
			{ID: "rule_run", Capability: "rule_run", Purpose: "Their findings worst first, declined checks and skipped rules.", Args: fac(arg{ArgEquips, list(v.equips...)})},
		}
	case SensorTrustReview:
		return []Step{
			{ID: "sensor_trust_rules", Capability: "sensor_trust", Purpose: "The inputs as the rules read them (the trust gate's scores).", Args: fac(arg{"view", "rules"})},
			{ID: "sensor_trust_report", Capability: "sensor_trust", Purpose: "Each stored point on its own logging interval.", Args: fac(arg{"view", "report"})},
			{ID: "rule_run", Capability: "rule_run", Purpose: "Which checks declined, and which findings are conditional on a sensor reference.", Args: fac()},
		}
	case PlanSiteVisit:
		return []Step{
			{ID: "rcx_report", Capability: "rcx_report", Purpose: "The ranked issues with causes, costs and finding ids.", Args: fac()},
			{ID: "sensor_trust", Capability: "sensor_trust", Purpose: "The suspect and untrusted sensors to verify on site.", Args: fac()},
			{ID: "finding_detail", Capability: "finding_detail", Purpose: "The top issues' flagged spans and metrics.", Args: fac(),
				ForEach: &Derivation{Arg: ArgFindingID, Step: "rcx_report", Path: "/issues/*/finding_ids/0", Max: worstFindings}},
		}
	}
	return nil
}

// validate checks a plan's shape: unique step ids, a capability each, and
// derivations that name an earlier step with a well-formed path.
func validate(steps []Step) error {
	seen := map[string]bool{}
	for i, s := range steps {
		if s.ID == "" || s.Capability == "" {
			return fmt.Errorf("step %d has no id or no capability", i+1)
		}
		if seen[s.ID] {
			return fmt.Errorf("step id %q is used twice", s.ID)
		}
		ds := slices.Clone(s.Derive)
		if s.ForEach != nil {
			ds = append(ds, *s.ForEach)
		}
		for _, d := range ds {
			if !seen[d.Step] {
				return fmt.Errorf("step %s derives %s from %q, which is not an earlier step", s.ID, d.Arg, d.Step)
			}
			if _, err := parsePath(d.Path); err != nil {
				return fmt.Errorf("step %s derives %s: %w", s.ID, d.Arg, err)
			}
		}
		seen[s.ID] = true
	}
	return nil
}

// arg is one step argument.
type arg struct {
	name  string
	value any
}
