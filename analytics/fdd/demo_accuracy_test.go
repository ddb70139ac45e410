package fdd_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/quality"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/store"
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

// TestDemoAccuracy runs the rules over each demo facility at the default
// trust floor, once with the demo's own run config (the one written beside
// the data; the store-backed default for a facility without one) and once
// with the store-backed default (every recognised class, every rule at its
// defaults), and scores the findings against the demo's labels: every
// labelled fault whose rule is a built-in rule and runs is found on its
// equipment at warn or fault, with flagged samples inside the labelled
// window when it has spans; no other warn or fault fires, except the
// explained ones above, and never on equipment the labels call clean; only
// the expected checks decline.
func TestDemoAccuracy(t *testing.T) {
	campus, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	configs := demoConfigs(t)
	for _, variant := range []string{"demo-config", "store-default"} {
		t.Run(variant, func(t *testing.T) {
			seen, ran := map[string]bool{}, map[string]bool{} // finding ids; rule@equip the run covered
			for _, fac := range campus.Facilities {
				src := fdd.SeriesMap{}
				for _, s := range fac.Series {
					src[s.Equip] = append(src[s.Equip], s)
				}
				equips, _ := src.Equipment(t.Context())
				cfg := runconfig.Default(fac.ID, equips)
				if c, ok := configs[fac.ID]; ok && variant == "demo-config" {
					cfg = c
				}
				spec := cfg.Spec()
				spec.MinTrust = max(spec.MinTrust, quality.DefaultMinTrust)
				cmps, err := cfg.Compare(t.Context(), src, 0, 0)
				if err != nil {
					t.Fatal(err)
				}
				spec.References = runconfig.Conditionals(cmps)
				res, err := fdd.Run(t.Context(), spec, src)
				if err != nil {
					t.Fatalf("%s: %v", fac.ID, err)
				}
				scoreRun(t, fac.ID, campus.Labels, res, seen)
				for _, r := range res.Rules {
					for _, e := range res.Equipment {
						ran[r+"@"+e.Equip] = true
					}
				}
			}
			for _, e := range slices.Concat(extraAlarms, expectedDeclines) {
				if ran[e.id] && !seen[e.id] {
					t.Errorf("%s no longer fires (or declines): remove it from the table (%s)", e.id, e.why)
				}
			}
		})
	}
}

// demoConfigs writes the demo campus into a temporary store and loads the
// run configs it writes beside the data, by facility.
func demoConfigs(t *testing.T) map[string]*runconfig.Config {
	t.Helper()
	st, err := store.Create(filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Write(t.Context(), st, demo.Options{Seed: demo.DefaultSeed}); err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(st.Root(), filepath.FromSlash(demo.ConfigDir), "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no demo run config under %s (%v)", demo.ConfigDir, err)
	}
	out := map[string]*runconfig.Config{}
	for _, p := range paths {
		cfg, _, err := runconfig.Load(p)
		if err != nil {
			t.Fatalf("the demo's run config does not load: %v", err)
		}
		out[cfg.Source.Facility] = cfg
	}
	return out
}

// scoreRun scores one facility's run against the labels; seen collects the
// ids found, so the tables can be checked for stale rows.
func scoreRun(t *testing.T, facility string, labels []demo.Label, res *fdd.RunResult, seen map[string]bool) {
	t.Helper()
	labelled := map[string]bool{}
	for _, l := range labels {
		if l.Facility == facility {
			labelled[l.Equip] = true
		}
	}
	byID := map[string]*fdd.Finding{}
	for i := range res.Findings {
		byID[res.Findings[i].ID] = &res.Findings[i]
	}
	for _, l := range labels {
		if _, ok := fdd.Lookup(l.Rule); !ok || l.Facility != facility || !slices.Contains(res.Rules, l.Rule) {
			continue // sensor_drift and drift detectors are not rule_run's; a config may leave a rule out
		}
		id := l.Rule + "@" + l.Equip
		seen[id] = true
		f := byID[id]
		switch {
		case f == nil:
			t.Errorf("%s: labelled fault %s not found (%s)", facility, id, l.Note)
		case f.Severity != fdd.Warn && f.Severity != fdd.Fault:
			t.Errorf("%s: labelled fault %s is %s: %s", facility, id, f.Severity, f.Summary)
		case len(f.Violations) > 0 && !overlaps(t, f.Violations, l.Start, l.End):
			t.Errorf("%s: %s flags no sample inside its labelled window %s..%s (spans %v)", facility, id, l.Start, l.End, f.Violations)
		}
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Declined() {
			if !slices.ContainsFunc(expectedDeclines, func(e explained) bool { return e.id == f.ID }) {
				t.Errorf("%s: %s is declined at the default floor: %s", facility, f.ID, f.Summary)
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
			t.Errorf("%s: %s is %s on equipment the labels call clean: %s", facility, f.ID, f.Severity, f.Summary)
			continue
		}
		if !slices.ContainsFunc(extraAlarms, func(e explained) bool { return e.id == f.ID }) {
			t.Errorf("%s: %s is %s, which no label names and the extraAlarms table does not explain: %s", facility, f.ID, f.Severity, f.Summary)
		}
		seen[f.ID] = true
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
