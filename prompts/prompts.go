package prompts

import (
	"slices"

	"github.com/camber-tui/camber-tui/registry"
)

// The prompts' names (seed 000).
const (
	TriageAHU           = "triage_ahu"
	RCxExecutiveSummary = "rcx_executive_summary"
	ExplainFinding      = "explain_finding"
	CheckSavingsClaim   = "check_savings_claim"
	DataQualityReview   = "data_quality_review"
	CompareEquipment    = "compare_equipment"
	SensorTrustReview   = "sensor_trust_review"
	PlanSiteVisit       = "plan_site_visit"
)

// The prompts' argument names.
const (
	ArgFacilityID = "facility_id"
	ArgEquip      = "equip"
	ArgEquips     = "equips"
	ArgFindingID  = "finding_id"
	ArgClaim      = "claim"
)

// facilityArg is the facility_id argument every prompt takes.
var facilityArg = registry.PromptArgument{
	Name: ArgFacilityID, Required: true,
	Description: "The facility, as the facilities capability lists it (e.g. north-campus); completes from the facilities you may read.",
}

// definitions are the 8 prompts in the seed's order. Read-only.
var definitions = []registry.Prompt{
	{
		Name:  TriageAHU,
		Title: "Triage an air handler",
		Description: "Triage one air handler: the points it stores, how far its sensors can be trusted, what the rules " +
			"found (worst first) and the three worst findings in detail, written up with every sentence citing its facts.",
		Arguments: []registry.PromptArgument{facilityArg, {
			Name: ArgEquip, Required: true,
			Description: "The air handler's equipment id, exactly as stored (e.g. AHU-1); completes from the facility's air handlers.",
		}},
	},
	{
		Name:  RCxExecutiveSummary,
		Title: "RCx executive summary",
		Description: "Write a short executive summary of a facility's retro-commissioning report: the KPIs and the " +
			"ranked issues with their cost or why they are uncosted, every sentence citing the report's facts.",
		Arguments: []registry.PromptArgument{facilityArg},
	},
	{
		Name:  ExplainFinding,
		Title: "Explain a finding",
		Description: "Explain one rule finding in plain words: what the rule checks and with which parameters, when it " +
			"was flagged, and whether the sensors it rests on can be trusted.",
		Arguments: []registry.PromptArgument{facilityArg, {
			Name: ArgFindingID, Required: true,
			Description: "The finding_id rule_run listed, e.g. economizer_high_limit@AHU-1.",
		}},
	},
	{
		Name:  CheckSavingsClaim,
		Title: "Check a savings claim",
		Description: "Check a claimed energy saving against the facility's M&V results (baseline fit, savings with " +
			"their uncertainty, Guideline 14 acceptance), or say what the results support when no claim is given.",
		Arguments: []registry.PromptArgument{facilityArg, {
			Name: ArgClaim,
			Description: "The claim to check, in one line of up to 1,000 characters (e.g. the retrofit saves 12% of the " +
				"meter's energy). Optional.",
		}},
	},
	{
		Name:  DataQualityReview,
		Title: "Review data quality",
		Description: "Review a facility's data quality: coverage by equipment, then the worst-covered equipment point " +
			"by point, and the trust of every sensor, with what it means for the rules.",
		Arguments: []registry.PromptArgument{facilityArg},
	},
	{
		Name:  CompareEquipment,
		Title: "Compare equipment",
		Description: "Compare two or more pieces of equipment side by side: their data coverage, sensor trust and rule " +
			"findings.",
		Arguments: []registry.PromptArgument{facilityArg, {
			Name: ArgEquips, Required: true,
			Description: "Two to twenty equipment ids, comma-separated, exactly as stored (e.g. AHU-1, AHU-2); completes the last one.",
		}},
	},
	{
		Name:  SensorTrustReview,
		Title: "Review sensor trust",
		Description: "Review which sensors of a facility can be trusted, both as the rules read them and point by point " +
			"as logged, and which rule checks declined because of them.",
		Arguments: []registry.PromptArgument{facilityArg},
	},
	{
		Name:  PlanSiteVisit,
		Title: "Plan a site visit",
		Description: "Plan a site visit from the RCx report: what to inspect first and why, which sensors to verify on " +
			"site, and the flagged time spans of the top issues.",
		Arguments: []registry.PromptArgument{facilityArg},
	},
}

// All returns the 8 built-in prompts in the seed's order. The slice and its
// arguments are copies: changing them changes nothing here.
func All() []registry.Prompt {
	out := make([]registry.Prompt, len(definitions))
	for i, p := range definitions {
		out[i] = clonePrompt(p)
	}
	return out
}

// Lookup returns the prompt called name.
func Lookup(name string) (registry.Prompt, bool) {
	i := slices.IndexFunc(definitions, func(p registry.Prompt) bool { return p.Name == name })
	if i < 0 {
		return registry.Prompt{}, false
	}
	return clonePrompt(definitions[i]), true
}

func clonePrompt(p registry.Prompt) registry.Prompt {
	p.Arguments = slices.Clone(p.Arguments)
	return p
}
