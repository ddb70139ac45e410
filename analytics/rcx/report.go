package rcx

import (
	"github.com/camber-tui/camber-tui/analytics/cost"
	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// Issue kinds.
const (
	// KindFindings is an issue made of rule findings.
	KindFindings = "findings"
	// KindDrift is a drifting signal of the drift section.
	KindDrift = "drift"
	// KindSensor is a configured sensor reference that disagrees.
	KindSensor = "sensor"
)

// Confidence levels.
const (
	High   = "high"
	Medium = "medium"
	Low    = "low"
)

// Report is the RCx report as data.
type Report struct {
	Facility  string    `json:"facility_id"`
	KPIs      KPIs      `json:"kpis"`
	Scorecard Scorecard `json:"scorecard"`
	// Issues are ranked (Rank 1 first).
	Issues   []Issue   `json:"issues"`
	Sections []Section `json:"sections"`
	// Appendix is appendix A: declines, checks not evaluated, references
	// not compared and data gaps.
	Appendix []Entry `json:"appendix_a"`
	// Facts are the report's fact index: K facts, then C facts in rank
	// order, then A facts.
	Facts []Fact `json:"facts"`
}

// Issue is one ranked RCx issue.
type Issue struct {
	Rank int    `json:"rank"`
	Key  string `json:"key"`
	Kind string `json:"kind"`
	// Cause is the root rule, the drift family or sensor_drift:<role>;
	// Likely what a drift or sensor issue localises ("" for rules).
	Cause    string       `json:"cause"`
	Likely   string       `json:"likely_cause"`
	Equip    string       `json:"equip"`
	Category string       `json:"category"`
	Severity fdd.Severity `json:"severity"`
	// Summary is the lead finding's (or the comparison's) own line.
	Summary string `json:"summary"`
	// Rules are the rules of its findings; FindingIDs the ids to pass to
	// finding_detail; DriftFindingIDs the drift findings.
	Rules           []string `json:"rules"`
	FindingIDs      []string `json:"finding_ids"`
	DriftFindingIDs []string `json:"drift_finding_ids"`
	// AnnualUSD is the triage-grade annual cost (nil: uncosted, with the
	// reason in Uncosted); KWh and Therms its energy.
	AnnualUSD *float64 `json:"annual_usd"`
	KWh       *float64 `json:"kwh"`
	Therms    *float64 `json:"therms"`
	CostBasis string   `json:"cost_basis"`
	Uncosted  string   `json:"uncosted"`
	// Hours are the flagged hours (nil when none apply) and HoursBasis
	// what they are.
	Hours      *float64 `json:"hours"`
	HoursBasis string   `json:"hours_basis"`
	Confidence string   `json:"confidence"`
	Reasons    []string `json:"confidence_reasons"`
	// ConditionalOn are the keys of the sensor issues its findings are
	// conditional on; Explains, for a sensor issue, the keys of the issues
	// conditional on it.
	ConditionalOn []string `json:"conditional_on"`
	Explains      []string `json:"explains"`
	// Fact is the id of the fact that states the issue.
	Fact string `json:"fact"`

	score    int  // confidence points
	capLow   bool // conditional on a sensor: low whatever the points
	capMed   bool // screening-grade thresholds: at most medium
	condText string
	ref      *Reference // a sensor issue's comparison
}

// Costed reports whether the issue has a dollar figure.
func (is *Issue) Costed() bool { return is.AnnualUSD != nil }

// Counts are findings per severity.
type Counts struct {
	Fault int `json:"fault"`
	Warn  int `json:"warn"`
	Info  int `json:"info"`
	OK    int `json:"ok"`
}

func (c *Counts) add(s fdd.Severity) {
	switch s {
	case fdd.Fault:
		c.Fault++
	case fdd.Warn:
		c.Warn++
	case fdd.Info:
		c.Info++
	default:
		c.OK++
	}
}

// Total is the number counted.
func (c Counts) Total() int { return c.Fault + c.Warn + c.Info + c.OK }

// CategoryCount is the actionable findings of one category.
type CategoryCount struct {
	Category string `json:"category"`
	Fault    int    `json:"fault"`
	Warn     int    `json:"warn"`
}

// KPIs are the report's headline figures.
type KPIs struct {
	// Findings counts the rule run's findings per severity; Drift the
	// drift section's (ok for steady).
	Findings Counts `json:"findings"`
	Drift    Counts `json:"drift"`
	// Actionable counts warn and fault findings of both (declines are
	// info, never actionable).
	Actionable int             `json:"actionable"`
	Categories []CategoryCount `json:"categories"`
	Issues     int             `json:"issues"`
	// CostedUSD is the sum of the costed issues' annual dollars.
	CostedUSD float64      `json:"costed_usd"`
	Costed    int          `json:"costed"`
	Uncosted  int          `json:"uncosted"`
	Coverage  CoverageKPI  `json:"coverage"`
	Trust     TrustKPI     `json:"trust"`
	Declined  DeclinedKPI  `json:"declined"`
	Skipped   int          `json:"skipped"`
	Appendix  int          `json:"appendix_a"`
	Prices    PricesKPI    `json:"prices"`
	Confident ConfidentKPI `json:"confidence"`
}

// CoverageKPI summarises the run's own points' coverage and gaps.
type CoverageKPI struct {
	Points int `json:"points"`
	// Mean is the mean coverage; Below90 counts points under 90 %.
	Mean     float64 `json:"mean"`
	Below90  int     `json:"below_90"`
	Gaps     int     `json:"gaps"`
	GapHours float64 `json:"gap_hours"`
}

// TrustKPI summarises trust verdicts and the sensor references.
type TrustKPI struct {
	MinTrust    float64 `json:"min_trust"`
	Trusted     int     `json:"trusted"`
	Suspect     int     `json:"suspect"`
	Untrusted   int     `json:"untrusted"`
	BelowFloor  int     `json:"below_floor"`
	References  int     `json:"references"`
	Disagreeing int     `json:"disagreeing"`
	NotCompared int     `json:"not_compared"`
}

// DeclinedKPI counts the checks declined by the trust floor.
type DeclinedKPI struct {
	Rules int      `json:"rules"`
	Drift int      `json:"drift"`
	Names []string `json:"rule_names"`
}

// Total is every declined check.
func (d DeclinedKPI) Total() int { return d.Rules + d.Drift }

// PricesKPI are the placeholder prices the costs use.
type PricesKPI struct {
	PerKWh   float64 `json:"per_kwh"`
	PerTherm float64 `json:"per_therm"`
}

// ConfidentKPI counts issues per confidence.
type ConfidentKPI struct {
	High   int `json:"high"`
	Medium int `json:"medium"`
	Low    int `json:"low"`
}

// Section is one section of the report and the facts it holds.
type Section struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Facts []string `json:"facts"`
}

// Fact is one entry of the report's fact index.
type Fact struct {
	ID      string         `json:"id"`
	Section string         `json:"section"`
	Kind    string         `json:"kind"`
	Value   any            `json:"value"`
	Equip   string         `json:"equip,omitempty"`
	Text    string         `json:"text"`
	Data    map[string]any `json:"data,omitempty"`
}

// Entry is one entry of appendix A.
type Entry struct {
	// Kind is declined, not_evaluated, not_compared, not_run or data_gap.
	Kind   string   `json:"kind"`
	Equip  string   `json:"equip"`
	Role   string   `json:"role"`
	Check  string   `json:"check"`
	Start  string   `json:"start"`
	End    string   `json:"end"`
	Hours  *float64 `json:"hours"`
	Reason string   `json:"reason"`
	Fact   string   `json:"fact"`
}

// Build assembles the report: issues ranked, KPIs, scorecard, sections,
// fact index and appendix A.
func Build(in Input) *Report {
	a := cost.DefaultAssumptions()
	if in.Assumptions != nil {
		a = *in.Assumptions
	}
	issues := issuesOf(in, a)
	Rank(issues)
	r := &Report{Facility: in.Facility, Issues: issues}
	r.Appendix = appendixOf(in)
	r.KPIs = kpisOf(in, issues, a, len(r.Appendix))
	r.Scorecard = ScorecardOf(in)
	r.index(in)
	return r
}
