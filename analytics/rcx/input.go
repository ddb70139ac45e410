package rcx

import (
	"github.com/camber-tui/camber-tui/analytics/cost"
	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

// Input is everything a report reads: one rule run, the run config's
// drift section and M&V project, the sensor-reference comparisons and the
// trust and coverage of the run's points.
type Input struct {
	Facility string
	// Findings are every finding of the rule run, at every severity.
	Findings []fdd.Finding
	// Skipped counts the rule checks skipped for missing required inputs.
	Skipped int
	// MinTrust is the trust floor the run used.
	MinTrust float64
	// Points are the run's own points (shared columns left out) with their
	// trust, coverage and data gaps.
	Points []Point
	// Trust holds the trust score of every column of the run frames,
	// shared ones included (equip → role → score): the trust of a
	// finding's inputs.
	Trust map[string]map[model.Role]float64
	// References are the configured sensor-reference comparisons.
	References []Reference
	// Drift is the drift section's outcome; nil when the run config has
	// no drift section.
	Drift *Drift
	// MV is the M&V project's outcome; nil when none is configured.
	MV *MV
	// Assumptions price the findings; nil means cost.DefaultAssumptions.
	Assumptions *cost.Assumptions
	// Name writes a value from the data (an equipment id, a finding id)
	// into a fact's text; nil quotes it.
	Name func(string) string
}

// Point is one of the run's own points.
type Point struct {
	Equip      string
	Role       model.Role
	Trust      float64
	Verdict    string
	BelowFloor bool
	// Coverage is the share covered (of its running hours or its own span
	// on the run grid, as sensor_trust's rules view states it).
	Coverage float64
	Gaps     []Gap
}

// Gap is a run of missing slots inside a point's span on the run grid,
// [Start, End) in ns of naive local time.
type Gap struct {
	Start, End int64
}

// Hours is the gap's length in hours.
func (g Gap) Hours() float64 { return float64(g.End-g.Start) / 3.6e12 }

// Reference is one configured sensor-reference comparison: a verdict, or
// the Problem that kept it from being compared.
type Reference struct {
	Equip string
	Role  model.Role
	// Reference names what the point was compared with.
	Reference    string
	Verdict      string
	Bias         float64
	Unit         string
	Samples      int
	OverlapHours float64
	Warn, Fault  float64
	Problem      string
}

// Compared reports whether the comparison has a verdict.
func (r Reference) Compared() bool { return r.Problem == "" }

// Label is the comparison's name in facts: "sensor_drift:<role>".
func (r Reference) Label() string { return "sensor_drift:" + string(r.Role) }

// Drift is the outcome of the run config's drift section: its result
// (declined checks already moved to NotEvaluated), or why it did not run.
type Drift struct {
	Result *drift.Result
	// Declined counts drift checks declined by the trust floor (they are
	// among Result.NotEvaluated).
	Declined int
	// Problem says why the section did not run ("" when it ran).
	Problem string
}

// MV is the outcome of the configured M&V project, in its report units,
// or why it was not evaluated.
type MV struct {
	Meter      string
	Units      string
	Model      string
	Avoided    float64
	Percent    float64
	Band       float64
	Confidence int
	Accepted   bool
	// Failing names the Guideline 14 criteria the baseline fails.
	Failing []string
	// Problem says why the project was not evaluated ("" when it was).
	Problem string
}
