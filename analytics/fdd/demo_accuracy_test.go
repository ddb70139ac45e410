package fdd_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/store/demo"
)

// explained is a warn/fault finding no label names, or a declined check,
// that the demo campus produces on purpose or as a true consequence of an
// injected fault: the id and why.
type explained struct {
	id, why string
}

// extraAlarms are the warn/fault findings beyond the labels. Each must
// still fire (a stale row fails the test, so the table stays exact), and
// none may sit on equipment the labels call clean.
var extraAlarms = []explained{
	{"g36_ahu_fault_conditions@AHU-1", "the G36 conditions see AHU-1's labelled faults: FC6 (OA fraction off minimum) is the " +
		"OA damper stuck at 70 %, FC8/FC14 (SAT below MAT with the cooling coil idle) are the leaking chilled-water valve"},
	{"g36_ahu_fault_conditions@AHU-3", "FC13 (SAT too high in full cooling) is AHU-3's labelled supply-air sensor stuck at " +
		"64 °F while the coil runs flat out"},
}

// expectedDeclines are the checks the default trust floor must decline on
// the demo: only inputs the demo makes untrustworthy on purpose. A healthy
// trace (an on/off valve, a supply-air temperature with the fan cycling)
// must never be declined at 0.5.
var expectedDeclines = []explained{
	{"co2_ventilation@VAV-1-2", "VAV-1-2's CO2 is logged in bursts (the demo's burst box): it covers under 10 % of its span on the run grid"},
	{"dcv_verification@VAV-1-2", "the same burst-logged CO2"},
}

// TestDemoAccuracy runs every built-in rule over each demo facility with
// its store-backed default config (every recognised class, every rule at
// its defaults: a superset of the demo's own configs) at the default trust
// floor, and scores the findings against the demo's labels: every labelled
// fault whose rule is a built-in rule is found on its equipment at warn or
// fault, with flagged samples inside the labelled window when it has
// spans; no other warn or fault fires, except the explained ones above,
// and never on equipment the labels call clean; only the expected checks
// decline.
func TestDemoAccuracy(t *testing.T) {
	campus, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, fac := range campus.Facilities {
		src := fdd.SeriesMap{}
		for _, s := range fac.Series {
			src[s.Equip] = append(src[s.Equip], s)
		}
		equips, _ := src.Equipment(t.Context())
		spec := runconfig.Default(fac.ID, equips).Spec()
		spec.MinTrust = quality.DefaultMinTrust
		res, err := fdd.Run(t.Context(), spec, src)
		if err != nil {
			t.Fatalf("%s: %v", fac.ID, err)
		}
		labelled := map[string]bool{}
		for _, l := range campus.Labels {
			if l.Facility == fac.ID {
				labelled[l.Equip] = true
			}
		}
		byID := map[string]*fdd.Finding{}
		for i := range res.Findings {
			byID[res.Findings[i].ID] = &res.Findings[i]
		}
		for _, l := range campus.Labels {
			if l.Facility != fac.ID {
				continue
			}
			if _, ok := fdd.Lookup(l.Rule); !ok {
				continue // sensor_drift, drift detectors: not rule_run's
			}
			id := l.Rule + "@" + l.Equip
			seen[id] = true
			f := byID[id]
			switch {
			case f == nil:
				t.Errorf("%s: labelled fault %s not found (%s)", fac.ID, id, l.Note)
			case f.Severity != fdd.Warn && f.Severity != fdd.Fault:
				t.Errorf("%s: labelled fault %s is %s: %s", fac.ID, id, f.Severity, f.Summary)
			case len(f.Violations) > 0 && !overlaps(t, f.Violations, l.Start, l.End):
				t.Errorf("%s: %s flags no sample inside its labelled window %s..%s (spans %v)", fac.ID, id, l.Start, l.End, f.Violations)
			}
		}
		for i := range res.Findings {
			f := &res.Findings[i]
			if f.Declined() {
				if !slices.ContainsFunc(expectedDeclines, func(e explained) bool { return e.id == f.ID }) {
					t.Errorf("%s: %s is declined at the default floor: %s", fac.ID, f.ID, f.Summary)
				}
				seen[f.ID] = true
				continue
			}
			if f.Severity != fdd.Warn && f.Severity != fdd.Fault || seen[f.ID] {
				continue
			}
			units := f.Units
			if len(units) == 0 {
				units = []string{f.Equip}
			}
			if !slices.ContainsFunc(units, func(u string) bool { return labelled[u] }) {
				t.Errorf("%s: %s is %s on equipment the labels call clean: %s", fac.ID, f.ID, f.Severity, f.Summary)
				continue
			}
			if !slices.ContainsFunc(extraAlarms, func(e explained) bool { return e.id == f.ID }) {
				t.Errorf("%s: %s is %s, which no label names and the extraAlarms table does not explain: %s", fac.ID, f.ID, f.Severity, f.Summary)
			}
			seen[f.ID] = true
		}
	}
	for _, e := range slices.Concat(extraAlarms, expectedDeclines) {
		if !seen[e.id] {
			t.Errorf("%s no longer fires (or declines): remove it from the table (%s)", e.id, e.why)
		}
	}
}

// overlaps reports whether any span meets the label window [start, end).
func overlaps(t *testing.T, spans []series.Span, start, end string) bool {
	t.Helper()
	s, err1 := time.Parse(series.TimeLayout, start)
	e, err2 := time.Parse(series.TimeLayout, end)
	if err1 != nil || err2 != nil {
		t.Fatalf("label window %q..%q: %v %v", start, end, err1, err2)
	}
	return slices.ContainsFunc(spans, func(sp series.Span) bool { return sp.Start.Before(e) && sp.End.After(s) })
}

// TestDemoAccuracy_Labels checks the label table the accuracy test reads:
// every label names a demo facility and a stored equipment, and a rule that
// is a built-in rule, a drift detector or the sensor reference check.
func TestDemoAccuracy_Labels(t *testing.T) {
	campus, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, f := range campus.Facilities {
		for _, s := range f.Series {
			stored[f.ID+"/"+s.Equip] = true
		}
	}
	rules := 0
	for _, l := range campus.Labels {
		if !stored[l.Facility+"/"+l.Equip] {
			t.Errorf("label %v names no stored equipment", l)
		}
		_, isRule := fdd.Lookup(l.Rule)
		if isRule {
			rules++
		} else if l.Rule != "sensor_drift" && !strings.HasSuffix(l.Rule, "_drift") {
			t.Errorf("label %v names neither a rule nor a drift detector", l)
		}
	}
	if rules < 10 {
		t.Errorf("only %d labels name a built-in rule", rules)
	}
}
