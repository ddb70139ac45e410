package fdd

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Finding is one rule's verdict on one equipment (or fleet), ready for a
// capability's output.
type Finding struct {
	// ID is <rule>@<equip>, with #2, #3 ... when a rule gives one
	// equipment more than one finding.
	ID       string   `json:"finding_id"`
	Rule     string   `json:"rule"`
	Equip    string   `json:"equip"`
	Class    string   `json:"equip_class,omitempty"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
	// Metrics are scalars (nil = not evaluated); a declined check carries
	// declined, min_trust and untrusted_roles.
	Metrics map[string]any `json:"metrics"`
	Caveats []string       `json:"caveats"`
	// Violations are the flagged samples as spans (runs with no gap longer
	// than 1.5 intervals).
	Violations []series.Span `json:"violations"`
	// JudgedSamples are the samples the rule itself judged, named by
	// JudgedBasis; Share = FlaggedSamples ÷ JudgedSamples (nil when the
	// rule judged no sample-level condition or none was judged).
	JudgedSamples  int      `json:"judged_samples"`
	JudgedBasis    string   `json:"judged_basis,omitempty"`
	FlaggedSamples int      `json:"flagged_samples"`
	Share          *float64 `json:"share"`
	// FlaggedHours, JudgedHours and WindowHours size the flagged and
	// judged samples and the run window in hours (cost models annualise
	// with them).
	FlaggedHours float64 `json:"flagged_hours"`
	JudgedHours  float64 `json:"judged_hours"`
	WindowHours  float64 `json:"window_hours"`
	// Grid is "hourly" (the run grid) or "native"; Interval its step.
	Grid     string `json:"grid"`
	Interval string `json:"interval"`
	// Conditions are a multi-condition rule's named sub-checks.
	Conditions []ConditionResult `json:"conditions,omitempty"`
	// Events counts an event rule's discrete events apart from the hours.
	Events     *int   `json:"events,omitempty"`
	EventBasis string `json:"event_basis,omitempty"`
	// Params are the parameters the rule ran with and where each came from.
	Params []ParamUsed `json:"params"`
	// ConditionalOn lists the configured sensor references of the rule's
	// inputs on this equipment that disagree (warn/fault).
	ConditionalOn []Conditional `json:"conditional_on,omitempty"`
	// Untrusted are the inputs below the trust floor (declined checks, and
	// optional inputs the rule ran without trusting).
	Untrusted []RoleTrust `json:"untrusted_inputs,omitempty"`
	// MissingOptional are declared optional roles absent from the frame.
	MissingOptional []model.Role `json:"missing_optional,omitempty"`
	Evidence        string       `json:"evidence,omitempty"`
	Category        string       `json:"category,omitempty"`
	Standard        string       `json:"standard,omitempty"`
	// Units lists a fleet finding's member equipment.
	Units []string `json:"units,omitempty"`
}

// Declined reports whether the finding is a trust-gate decline.
func (f *Finding) Declined() bool { d, _ := f.Metrics["declined"].(bool); return d }

// ConditionResult is one named condition of a finding.
type ConditionResult struct {
	Name           string        `json:"name"`
	Label          string        `json:"label"`
	JudgedSamples  int           `json:"judged_samples"`
	FlaggedSamples int           `json:"flagged_samples"`
	Share          *float64      `json:"share"`
	Violations     []series.Span `json:"violations"`
}

// RoleTrust is an input's trust score.
type RoleTrust struct {
	Role  model.Role `json:"role"`
	Equip string     `json:"equip"`
	Trust float64    `json:"trust"`
}

// Conditional is a configured sensor reference that disagrees with an
// input of a finding.
type Conditional struct {
	Equip string     `json:"equip"`
	Role  model.Role `json:"role"`
	// Reference names what the point was compared with ("LOG-1
	// supply_air_temp", "file duct_logger.csv").
	Reference string  `json:"reference"`
	Verdict   string  `json:"verdict"`
	Bias      float64 `json:"bias"`
	Unit      string  `json:"unit,omitempty"`
}

// Label is the comparison's name in facts: "sensor_drift:<role>".
func (c Conditional) Label() string { return "sensor_drift:" + string(c.Role) }

// Counts are findings per severity.
type Counts struct {
	Fault int `json:"fault"`
	Warn  int `json:"warn"`
	Info  int `json:"info"`
	OK    int `json:"ok"`
}

func (c *Counts) add(s Severity) {
	switch s {
	case Fault:
		c.Fault++
	case Warn:
		c.Warn++
	case Info:
		c.Info++
	case OK:
		c.OK++
	}
}

// Total is the number of findings counted.
func (c Counts) Total() int { return c.Fault + c.Warn + c.Info + c.OK }

// SortFindings orders findings worst first: severity rank, then rule, then
// equipment, then id.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := &fs[i], &fs[j]
		if ra, rb := a.Severity.Rank(), b.Severity.Rank(); ra != rb {
			return ra > rb
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		if a.Equip != b.Equip {
			return a.Equip < b.Equip
		}
		return a.ID < b.ID
	})
}

// ParseSeverity reads a severity name (ok, info, warn, fault).
func ParseSeverity(s string) (Severity, bool) {
	v := Severity(strings.ToLower(strings.TrimSpace(s)))
	return v, v.Rank() >= 0
}

// formatTrust prints a 4-dp trust score without trailing zeros.
func formatTrust(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// declineSummary is "<equip>: declined -- untrusted input(s): co2 (trust
// 0.14), oa_airflow (trust 0.08)".
func declineSummary(equip string, below []RoleTrust) string {
	parts := make([]string, len(below))
	for i, b := range below {
		parts[i] = fmt.Sprintf("%s (trust %s)", b.Role, formatTrust(b.Trust))
	}
	return equip + ": declined -- untrusted input(s): " + strings.Join(parts, ", ")
}

// judgedShare builds the share, or nil when nothing was judged.
func judgedShare(flagged, judged int) *float64 {
	if judged <= 0 {
		return nil
	}
	s := float64(flagged) / float64(judged)
	return &s
}

// toFinding turns a kernel outcome into a finding on frame f.
func toFinding(r *Rule, equip, class string, f *series.Frame, o *Outcome, used []ParamUsed) (Finding, error) {
	if o.Severity.Rank() < 0 {
		return Finding{}, fmt.Errorf("unknown severity %q", o.Severity)
	}
	fd := Finding{
		Rule: r.Name, Equip: equip, Class: class, Severity: o.Severity, Summary: o.Summary,
		Metrics: o.Metrics, Caveats: append([]string{}, o.Caveats...), Violations: []series.Span{},
		JudgedBasis: o.JudgedBasis, Events: o.Events, EventBasis: o.EventBasis, Params: used,
		Evidence: o.Evidence, Category: r.Category, Standard: r.Standard,
		WindowHours: float64(f.N) * f.StepHours(), Grid: "hourly",
		Interval: shortDuration(f.Step),
	}
	if r.Grid == Native {
		fd.Grid = "native"
	}
	if fd.Metrics == nil {
		fd.Metrics = map[string]any{}
	}
	checkMask := func(what string, m []bool) error {
		if m != nil && len(m) != f.N {
			return fmt.Errorf("%s mask has %d samples, the frame %d", what, len(m), f.N)
		}
		return nil
	}
	if err := checkMask("judged", o.Judged); err != nil {
		return fd, err
	}
	if err := checkMask("flagged", o.Flagged); err != nil {
		return fd, err
	}
	flagged := o.Flagged
	for i := range o.Conditions {
		c := &o.Conditions[i]
		if err := checkMask("condition "+c.Name+" judged", c.Judged); err != nil {
			return fd, err
		}
		if err := checkMask("condition "+c.Name+" flagged", c.Flagged); err != nil {
			return fd, err
		}
		j, fl := series.Count(c.Judged), series.Count(c.Flagged)
		fd.Conditions = append(fd.Conditions, ConditionResult{Name: c.Name, Label: c.Label,
			JudgedSamples: j, FlaggedSamples: fl, Share: judgedShare(fl, j), Violations: orEmpty(series.Spans(c.Flagged, f))})
	}
	if flagged == nil && len(o.Conditions) > 0 {
		flagged = make([]bool, f.N)
		for i := range o.Conditions {
			for k, b := range o.Conditions[i].Flagged {
				flagged[k] = flagged[k] || b
			}
		}
	}
	fd.JudgedSamples = series.Count(o.Judged)
	fd.FlaggedSamples = series.Count(flagged)
	if o.Judged != nil {
		fd.Share = judgedShare(fd.FlaggedSamples, fd.JudgedSamples)
	}
	fd.FlaggedHours = float64(fd.FlaggedSamples) * f.StepHours()
	fd.JudgedHours = float64(fd.JudgedSamples) * f.StepHours()
	fd.Violations = orEmpty(series.Spans(flagged, f))
	return fd, nil
}

func orEmpty(s []series.Span) []series.Span {
	if s == nil {
		return []series.Span{}
	}
	return s
}

// shortDuration prints 1h, 15m, 1h30m, 30s without zero units.
func shortDuration(ns int64) string {
	s := time.Duration(ns).String()
	if strings.HasSuffix(s, "m0s") || strings.HasSuffix(s, "h0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// assignIDs gives each finding <rule>@<equip>, numbering repeats in order.
func assignIDs(fs []Finding) {
	seen := map[string]int{}
	for i := range fs {
		base := fs[i].Rule + "@" + fs[i].Equip
		seen[base]++
		if n := seen[base]; n > 1 {
			fs[i].ID = base + "#" + strconv.Itoa(n)
		} else {
			fs[i].ID = base
		}
	}
}
