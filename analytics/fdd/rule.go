// Package fdd is camber-tui's fault detection: the [Rule] type, the
// explicit list of built-in rules ([Rules], [Lookup]) and the runner that
// judges a facility with them ([Run]).
//
// A rule declares the equipment classes it is written for, its required and
// optional roles, the optional inputs that gate it like required ones
// ([Rule.Gates]), its tunable parameters with ranges and basis, the grid it
// reads (the hourly run grid, or the equipment's native interval for event
// rules) and a kernel that returns an [Outcome]. The runner builds each
// equipment's frames (analytics/series), scores every input's trust on the
// run frame (analytics/quality), resolves parameters ([Rule.Resolve]),
// skips rules whose required roles are missing (reported, never silent),
// declines checks whose gated inputs score below the trust floor (an info
// finding naming every input below it), runs the kernels, and turns each
// outcome into a [Finding]: id <rule>@<equip>, spans of flagged samples,
// the share of judged samples, named conditions, events, the parameters
// used and where each came from, and conditional_on for inputs whose sensor
// reference disagrees. Findings come worst first.
package fdd

import (
	"context"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Severity is a finding's verdict. Ranking: fault > warn > info > ok;
// actionable = warn or fault; info = not actionable or could not judge.
type Severity string

// The four severities.
const (
	OK    Severity = "ok"
	Info  Severity = "info"
	Warn  Severity = "warn"
	Fault Severity = "fault"
)

// Rank orders severities: fault 3, warn 2, info 1, ok 0 (unknown -1).
func (s Severity) Rank() int {
	switch s {
	case Fault:
		return 3
	case Warn:
		return 2
	case Info:
		return 1
	case OK:
		return 0
	}
	return -1
}

// GridKind says which time grid a rule reads.
type GridKind int

const (
	// Hourly is the run grid (1 h by default, the run config's resample).
	Hourly GridKind = iota
	// Native is the equipment's own logging interval: event rules (starts,
	// reversals, staging, hunting) need it because an hourly mean averages
	// the cycling away.
	Native
)

// ParamKind is the type of a tunable parameter.
type ParamKind string

// Parameter kinds. A Tiers parameter is an object of named numbers.
const (
	Number ParamKind = "number"
	Int    ParamKind = "integer"
	Bool   ParamKind = "boolean"
	Choice ParamKind = "choice"
	Tiers  ParamKind = "tiers"
)

// Param is one tunable parameter of a rule, with its documented range.
// Default is float64, int, bool, string, map[string]float64 (Tiers) or nil
// (no default: the rule behaves differently when it is unset).
type Param struct {
	Name    string
	Kind    ParamKind
	Default any
	Unit    string
	Min     *float64 // inclusive; nil = unbounded
	Max     *float64
	Choices []string
	// Basis is where the default comes from (standard, guide, practice).
	Basis string
	// Advice says how to calibrate it on a real site.
	Advice string
}

// Input is what a per-equipment rule judges.
type Input struct {
	Equip  string
	Class  string
	Frame  *series.Frame
	Params Values
}

// FleetInput is what a fleet rule judges: every eligible unit's frame.
type FleetInput struct {
	Frames []*series.Frame
	Params Values
}

// Values are a rule's resolved parameter values keyed by name (defaults
// merged with overrides). Accessors return the zero value for a missing key.
type Values map[string]any

// Float returns the named parameter as float64.
func (v Values) Float(name string) float64 {
	switch x := v[name].(type) {
	case float64:
		return x
	case int:
		return float64(x)
	}
	return 0
}

// Int returns the named parameter as int.
func (v Values) Int(name string) int {
	switch x := v[name].(type) {
	case int:
		return x
	case float64:
		return int(x)
	}
	return 0
}

// Bool returns the named parameter as bool.
func (v Values) Bool(name string) bool { b, _ := v[name].(bool); return b }

// String returns the named parameter as string.
func (v Values) String(name string) string { s, _ := v[name].(string); return s }

// IsSet reports whether the named parameter has a non-nil value.
func (v Values) IsSet(name string) bool { return v[name] != nil }

// Condition is one named sub-check of a multi-condition rule (one per coil,
// per G36 fault condition, per failure mode), judged on its own samples.
type Condition struct {
	Name    string // "fc5", "hw_leak"
	Label   string // "SAT too low in heating"
	Judged  []bool // len = frame.N
	Flagged []bool
}

// Outcome is what a rule kernel returns; the runner turns it into a Finding
// (id, spans, shares, parameters used).
type Outcome struct {
	Severity Severity
	// Summary is one line that states the outcome's numbers.
	Summary string
	// Metrics are scalars: float64, int, bool, string, or nil for "not
	// evaluated" (never a fake 0 or false).
	Metrics map[string]any
	Caveats []string
	// Judged marks the samples the rule itself judged (its own mask:
	// fan-on, occupied, running ...); JudgedBasis names them
	// ("fan-on samples"). Flagged ⊆ Judged marks the violations. Both are
	// nil when the rule judges no sample-level condition.
	Judged      []bool
	Flagged     []bool
	JudgedBasis string
	// Conditions, for a multi-condition rule; Flagged is then their union.
	Conditions []Condition
	// Events counts discrete events (starts, reversals, stage changes) for
	// an event rule, apart from the flagged hours; EventBasis names them.
	Events     *int
	EventBasis string
	// Evidence names the chart that shows the finding ("valve_overlap",
	// "sat_vs_oat"); "" for none.
	Evidence string
	// Equip, for a fleet rule only, names the fleet judged (it becomes the
	// finding's equip and id suffix, so it must be a plain token such as
	// "VAV-fleet" or "AHU-1-zones"); empty means [FleetEquip]. A
	// per-equipment rule leaves it empty.
	Equip string
}

// FleetEquip is the equip of a fleet finding whose rule names no fleet.
const FleetEquip = "fleet"

// Rule is one fault-detection rule. Exactly one of Check and CheckFleet is set.
type Rule struct {
	Name  string
	Title string
	// Classes are the equipment classes the rule is written for (canonical
	// model class names).
	Classes  []string
	Required []model.Role
	Optional []model.Role
	// Gates are groups of optional roles of which the first present one gates
	// the check like a required input, because without it the rule returns
	// no verdict (seed 000: dcv_verification's OA flow, else OA damper).
	Gates    [][]model.Role
	Params   []Param
	Standard string
	// Category is energy, comfort, ventilation or maintenance.
	Category string
	Grid     GridKind
	// Check judges one equipment.
	Check func(ctx context.Context, in *Input) (Outcome, error)
	// CheckFleet judges a set of units together (damper_census, cohorts).
	CheckFleet func(ctx context.Context, in *FleetInput) (Outcome, error)
}

// IsFleet reports whether r judges a fleet of units.
func (r *Rule) IsFleet() bool { return r.CheckFleet != nil }
