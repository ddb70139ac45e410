package runconfig

import (
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

// Config is one facility's run and report configuration.
type Config struct {
	// Name is the file name as the caller gave it (used in messages).
	Name string
	// Description is free text.
	Description string
	Source      Source
	// Equipment lists the equipment class labels to run; nil runs every
	// class the model recognises.
	Equipment []string
	// Rules lists the rules to run in file order; nil runs every rule.
	Rules []RuleConfig
	// Resample is the run grid's step as written ("1h", "15min"); Step is
	// its value (1 h when absent).
	Resample string
	Step     time.Duration
	Topology Topology
	// MinTrust is trust_gate.min_trust; nil when the config sets none.
	MinTrust *float64
	// Units declares the unit of a role's stored values (role → unit).
	Units       map[model.Role]string
	Ventilation *Ventilation
	Report      Report
	MV          *MV
	Drift       *Drift
	// Template names the dataset whose packaged template this config came
	// from ("" for a file or the store-backed default).
	Template string
	// StoreDefault marks the store-backed default config.
	StoreDefault bool

	dir string // the config file's directory, for source.store
}

// Source is the store and facility a config is for.
type Source struct {
	// Store is the store directory as written (relative paths resolve
	// from the config file's directory); "" means the serving store.
	Store    string
	Facility string
}

// RuleConfig is one entry of rules: a rule and its parameter overrides.
type RuleConfig struct {
	Name   string
	Params map[string]fdd.Setting
}

// Topology says where the shared facility points come from.
type Topology struct {
	// Weather is the equipment whose outdoor points are shared.
	Weather string
	// Shared maps a role to the equipment whose point is shared instead.
	Shared map[model.Role]string
}

// Zone is one ventilation zone's design data (ASHRAE 62.1).
type Zone struct {
	AreaSqft   float64
	Population float64
	SpaceType  string
	// Ez is the zone air distribution effectiveness; 0 = the rule's default.
	Ez float64
}

// Ventilation holds the zones ventilation_rate_62_1 judges, by equipment.
type Ventilation struct {
	// File is the zones file as written, "" when the zones are inline.
	File  string
	Zones map[string]Zone
}

// Report holds the report options.
type Report struct {
	RCX RCX
}

// RCX holds the RCx report options.
type RCX struct {
	// TopN is how many ranked issues the report lists (0 = the default).
	TopN       int
	References []Reference
}

// PointRef names a stored point.
type PointRef struct {
	Equip string
	Role  model.Role
}

// String is "equip role".
func (p PointRef) String() string { return p.Equip + " " + string(p.Role) }

// Reference is a configured sensor reference: a point compared with a
// reference sensor (another stored point, or a CSV file such as a duct
// logger's), with the |bias| levels for warn and fault.
type Reference struct {
	Point PointRef
	// Ref is the reference point when it is stored; File the CSV file as
	// written otherwise (its samples in Series once loaded).
	Ref    *PointRef
	File   string
	Series *model.Series
	Warn   float64
	Fault  float64
	Unit   string
}

// Label names the reference for messages and findings.
func (r Reference) Label() string {
	if r.Ref != nil {
		return r.Ref.String()
	}
	return "file " + r.File
}

// Window is an explicit period [Start, End) in ns of naive local time; a
// date-only end covers that whole day.
type Window struct {
	Start, End int64
}

// MV is the M&V project of a facility.
type MV struct {
	Meter     PointRef
	OAT       *PointRef
	Baseline  Window
	Reporting Window
	// Interval is daily (default), hourly or monthly.
	Interval string
	// Confidence is 80, 90 (default) or 95.
	Confidence int
	// NonRoutine turns the non-routine-event exclusion on.
	NonRoutine bool
	// Units is the energy unit savings are reported in ("" = the meter's).
	Units string
	// Autocorrelation turns the lag-1 adjustment of the savings
	// uncertainty (n' = n(1−ρ)/(1+ρ)) on or off; nil leaves it to the
	// interval (on for hourly data).
	Autocorrelation *bool
	// Models restricts the candidate baseline models (canonical names);
	// nil fits the interval's defaults.
	Models []string
}

// Drift is the drift section: windows, families and frozen baselines.
type Drift struct {
	Baseline *Window
	Current  *Window
	Families []string
	// Frozen are baselines fitted earlier: equip → family → fit.
	Frozen map[string]map[string]Baseline
}

// Baseline is a frozen drift baseline fit.
type Baseline struct {
	N             int
	Slope         float64
	Intercept     float64
	Sigma         float64
	R2            float64
	TonsMin       float64
	TonsMax       float64
	CoverageStart int64
	CoverageEnd   int64
}
