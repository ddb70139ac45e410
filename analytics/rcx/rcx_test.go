package rcx_test

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/analytics/drift"
	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/rcx"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

var t0 = time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC)

// finding builds an actionable finding flagged over hours from day d,
// with a waste_kwh metric when kwh > 0 (priced at $0.15/kWh).
func finding(rule, equip string, sev fdd.Severity, category string, kwh float64, d, hours int) fdd.Finding {
	share := 0.3
	f := fdd.Finding{ID: rule + "@" + equip, Rule: rule, Equip: equip, Severity: sev, Category: category,
		Summary: equip + ": " + rule + " flagged", Metrics: map[string]any{}, Share: &share, JudgedBasis: "fan-on samples",
		FlaggedHours: float64(hours), WindowHours: 1000}
	if kwh > 0 {
		f.Metrics["waste_kwh"] = kwh
	}
	if hours > 0 {
		start := t0.Add(time.Duration(d) * 24 * time.Hour)
		f.Violations = []series.Span{{Start: start, End: start.Add(time.Duration(hours) * time.Hour), Samples: hours}}
	}
	return f
}

// constructed is a finding set whose ranking is known by hand.
func constructed() rcx.Input {
	cond := finding("supply_air_control", "AHU-4", fdd.Fault, "comfort", 0, 10, 100)
	cond.ConditionalOn = []fdd.Conditional{{Equip: "AHU-4", Role: model.SupplyAirTemp, Reference: "LOG-1 supply_air_temp",
		Verdict: "warn", Bias: 2, Unit: "degF"}}
	declined := fdd.Finding{ID: "co2_ventilation@VAV-2", Rule: "co2_ventilation", Equip: "VAV-2", Severity: fdd.Info,
		Category: "ventilation", Summary: "VAV-2: declined -- untrusted input(s): co2 (trust 0.14)",
		Metrics: map[string]any{"declined": true}, Untrusted: []fdd.RoleTrust{{Role: model.CO2, Equip: "VAV-2", Trust: 0.14}}}
	return rcx.Input{
		Facility: "hq",
		Findings: []fdd.Finding{
			finding("economizer_high_limit", "AHU-1", fdd.Warn, "energy", 20000, 0, 50), // $3,000 warn
			finding("leaking_valve", "AHU-2", fdd.Fault, "energy", 20000, 0, 10),        // $3,000 fault
			finding("filter_fouling", "AHU-3", fdd.Fault, "maintenance", 1000, 0, 400),  // $150
			cond, // uncosted fault, 100 h
			finding("unmet_setpoint_hours", "VAV-1", fdd.Fault, "comfort", 0, 0, 200),  // uncosted fault, 200 h
			finding("supply_air_reset", "AHU-5", fdd.Warn, "energy", 0, 0, 200),        // group root ...
			finding("simultaneous_heat_cool", "AHU-5", fdd.Fault, "energy", 0, 5, 200), // ... 300 h in union
			finding("economizer_high_limit", "AHU-6", fdd.Warn, "energy", 0, 0, 500),   // uncosted warn
			declined,
			{ID: "filter_fouling@AHU-1", Rule: "filter_fouling", Equip: "AHU-1", Severity: fdd.OK, Category: "maintenance"},
		},
		MinTrust: 0.5,
		References: []rcx.Reference{{Equip: "AHU-4", Role: model.SupplyAirTemp, Reference: "LOG-1 supply_air_temp", Verdict: "warn",
			Bias: 2, Unit: "degF", Samples: 700, OverlapHours: 720, Warn: 1.5, Fault: 3}},
	}
}

func keys(issues []rcx.Issue) []string {
	var out []string
	for _, is := range issues {
		out = append(out, is.Key)
	}
	return out
}

func TestBuild_Ranking(t *testing.T) {
	r := rcx.Build(constructed())
	want := []string{
		"leaking_valve@AHU-2",                // $3,000, fault
		"economizer_high_limit@AHU-1",        // $3,000, warn: the severity tie-break
		"filter_fouling@AHU-3",               // $150
		"supply_air_reset@AHU-5",             // uncosted fault, 300 h (the group's union)
		"unmet_setpoint_hours@VAV-1",         // uncosted fault, 200 h
		"sensor_drift.supply_air_temp@AHU-4", // a warn, just above the first issue conditional on it
		"supply_air_control@AHU-4",           // uncosted fault, 100 h, conditional on the sensor
		"economizer_high_limit@AHU-6",        // uncosted warn
	}
	if diff := cmp.Diff(want, keys(r.Issues)); diff != "" {
		t.Fatalf("rank order (-want +got):\n%s", diff)
	}
	for i, is := range r.Issues {
		if is.Rank != i+1 || is.Fact != "C1@"+is.Key {
			t.Errorf("%s: rank %d fact %s", is.Key, is.Rank, is.Fact)
		}
	}
	group := r.Issues[3]
	if !slices.Equal(group.FindingIDs, []string{"supply_air_reset@AHU-5", "simultaneous_heat_cool@AHU-5"}) ||
		group.Severity != fdd.Fault || group.Cause != "supply_air_reset" || *group.Hours != 320 {
		t.Errorf("root-cause group: %+v", group)
	}
	if got := *r.Issues[0].AnnualUSD; got != 3000 {
		t.Errorf("leaking_valve cost %v, want 3000", got)
	}
	sensor, cond := r.Issues[5], r.Issues[6]
	if !slices.Equal(sensor.Explains, []string{cond.Key}) || !slices.Equal(cond.ConditionalOn, []string{sensor.Key}) {
		t.Errorf("links: sensor explains %v, conditional on %v", sensor.Explains, cond.ConditionalOn)
	}
	if cond.Confidence != rcx.Low || !strings.Contains(strings.Join(cond.Reasons, "|"), "conditional on sensor_drift:supply_air_temp warn") {
		t.Errorf("conditional issue confidence %s %v", cond.Confidence, cond.Reasons)
	}
	if group.Confidence != rcx.High { // a 30 % share, corroborated by two findings
		t.Errorf("group confidence %s %v", group.Confidence, group.Reasons)
	}
	k := r.KPIs
	if k.Issues != 8 || k.Costed != 3 || k.Uncosted != 5 || k.CostedUSD != 6150 || k.Actionable != 8 ||
		k.Declined.Rules != 1 || k.Findings.Info != 1 || k.Findings.OK != 1 || k.Trust.Disagreeing != 1 {
		t.Errorf("KPIs %+v", k)
	}
	if len(r.Appendix) != 1 || r.Appendix[0].Kind != rcx.EntryDeclined || r.Appendix[0].Fact != "A1@appendix" {
		t.Errorf("appendix %+v", r.Appendix)
	}
}

// TestRank_SensorAboveFirstConditional moves a sensor issue above the
// first of several conditional issues, and keeps one nothing depends on
// where its own rank puts it.
func TestRank_SensorAboveFirstConditional(t *testing.T) {
	usd := func(x float64) *float64 { return &x }
	issues := []rcx.Issue{
		{Key: "s1@A", Kind: rcx.KindSensor, Severity: fdd.Warn, Explains: []string{"c@B", "c@A"}},
		{Key: "s2@Z", Kind: rcx.KindSensor, Severity: fdd.Fault},
		{Key: "c@A", Kind: rcx.KindFindings, Severity: fdd.Warn, AnnualUSD: usd(10)},
		{Key: "c@B", Kind: rcx.KindFindings, Severity: fdd.Fault, AnnualUSD: usd(500)},
		{Key: "x@C", Kind: rcx.KindFindings, Severity: fdd.Fault, AnnualUSD: usd(900)},
		{Key: "y@D", Kind: rcx.KindFindings, Severity: fdd.Info},
	}
	rcx.Rank(issues)
	want := []string{"x@C", "s1@A", "c@B", "c@A", "s2@Z", "y@D"}
	if diff := cmp.Diff(want, keys(issues)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

func TestPage(t *testing.T) {
	r := rcx.Build(constructed())
	p := r.Page(2, 4, 0, 20)
	if diff := cmp.Diff([]string{"filter_fouling@AHU-3", "supply_air_reset@AHU-5"}, keys(p.Issues)); diff != "" {
		t.Fatalf("page issues (-want +got):\n%s", diff)
	}
	var ids []string
	for _, f := range p.Facts {
		ids = append(ids, f.ID)
	}
	for _, id := range ids {
		if !strings.HasPrefix(id, "K") && id != "C1@filter_fouling@AHU-3" && id != "C1@supply_air_reset@AHU-5" && id != "A1@appendix" {
			t.Errorf("fact %s is not on the page", id)
		}
	}
	for _, s := range p.Sections {
		for _, id := range s.Facts {
			if !slices.Contains(ids, id) {
				t.Errorf("section %s names %s, not on the page", s.ID, id)
			}
		}
		if s.ID == rcx.SectionActions && !slices.Equal(s.Facts, []string{"K5@summary", "C1@filter_fouling@AHU-3", "C1@supply_air_reset@AHU-5"}) {
			t.Errorf("recommended actions %v", s.Facts)
		}
	}
	if past := r.Page(50, 60, 5, 9); len(past.Issues) != 0 || len(past.Appendix) != 0 {
		t.Errorf("a page past the end holds %d issues", len(past.Issues))
	}
}

func TestScorecard(t *testing.T) {
	sc := rcx.ScorecardOf(constructed())
	got := map[string]int{}
	for _, c := range sc.Categories {
		got[c.Category] = c.Score
	}
	// energy: 2 faults, 3 warns; comfort: 2 faults; maintenance: 1 fault;
	// ventilation: a decline only.
	want := map[string]int{"energy": 100 - 30 - 15, "comfort": 70, "ventilation": 100, "maintenance": 85, "other": 100}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if sc.Overall != 77.5 || sc.Grade != "C" { // (55 + 70 + 100 + 85) / 4
		t.Errorf("overall %v %s, want 77.5 C", sc.Overall, sc.Grade)
	}
	for _, tc := range []struct {
		score float64
		grade string
	}{{100, "A"}, {90, "A"}, {89.9, "B"}, {80, "B"}, {70, "C"}, {60, "D"}, {59.9, "F"}, {0, "F"}} {
		if g := rcx.Grade(tc.score); g != tc.grade {
			t.Errorf("Grade(%v) = %s, want %s", tc.score, g, tc.grade)
		}
	}
}

func TestBuild_DriftIssues(t *testing.T) {
	in := constructed()
	res := &drift.Result{Current: drift.Window{Start: t0.UnixNano(), End: t0.Add(30 * 24 * time.Hour).UnixNano()},
		Findings: []drift.Finding{
			{ID: "chiller:approach_drift@CH-1", Family: drift.ChillerApproach, Equip: "CH-1", Severity: fdd.Fault,
				Summary: "CH-1 cond_approach_temp drift +2.4 °F", Cause: "condenser tube fouling or scale",
				Metrics: map[string]any{"signal": "approach_cond"},
				Signals: []drift.SignalResult{{Kind: "approach_cond", Severity: fdd.Fault,
					CUSUM: drift.CUSUM{Alarm: true, AlarmAt: "2025-06-12T00:00:00", Onset: "2025-06-11T00:00:00"}}}},
			{ID: "chiller:subcooling_drift@CH-1", Family: drift.ChillerSubcooling, Equip: "CH-1", Severity: fdd.OK},
		},
		NotEvaluated: []drift.NotEvaluated{{Family: drift.TowerApproach, Reason: "no CoolingTower equipment selected"}},
		Counts:       drift.Counts{Fault: 1, OK: 1}}
	in.Drift = &rcx.Drift{Result: res}
	r := rcx.Build(in)
	var d *rcx.Issue
	for i := range r.Issues {
		if r.Issues[i].Kind == rcx.KindDrift {
			d = &r.Issues[i]
		}
	}
	if d == nil || d.Key != "chiller.approach_drift@CH-1" || d.Hours == nil || *d.Hours != 21*24 || d.Confidence != rcx.Medium {
		t.Fatalf("drift issue %+v", d)
	}
	if r.KPIs.Drift.Fault != 1 || r.KPIs.Drift.OK != 1 || r.KPIs.Actionable != 9 {
		t.Errorf("drift KPIs %+v", r.KPIs.Drift)
	}
	if r.Appendix[1].Kind != rcx.EntryNotEvaluated || r.Appendix[1].Check != drift.TowerApproach {
		t.Errorf("appendix %+v", r.Appendix)
	}
}

func TestColumnGaps(t *testing.T) {
	nan := math.NaN()
	h := int64(time.Hour)
	col := []float64{nan, 1, nan, nan, 2, nan, nan, nan, nan, 3, nan}
	got := rcx.ColumnGaps(col, 0, h, 3)
	want := []rcx.Gap{{Start: 5 * h, End: 9 * h}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if g := rcx.ColumnGaps(col, 0, h, 2); len(g) != 2 || g[0].Hours() != 2 {
		t.Errorf("2 h gaps: %+v", g)
	}
}

func TestKeys_FactAlphabet(t *testing.T) {
	in := rcx.Input{Findings: []fdd.Finding{
		finding("leaking_valve", "AHU 1/north", fdd.Fault, "energy", 0, 0, 1),
		finding("leaking_valve", "AHU-1-north", fdd.Fault, "energy", 0, 0, 1),
	}}
	r := rcx.Build(in)
	if got := keys(r.Issues); !slices.Equal(got, []string{"leaking_valve@AHU-1-north", "leaking_valve@AHU-1-north#2"}) &&
		!slices.Equal(got, []string{"leaking_valve@AHU-1-north#2", "leaking_valve@AHU-1-north"}) {
		t.Fatalf("keys %v", got)
	}
}
