package fdd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// checkOutcome asserts the contract every air-side outcome keeps.
func checkOutcome(t testing.TB, name string, f *series.Frame, o Outcome) {
	t.Helper()
	if o.Severity.Rank() < 0 {
		t.Errorf("%s: bad severity %q", name, o.Severity)
	}
	if !strings.HasPrefix(o.Summary, f.Equip+": ") {
		t.Errorf("%s: summary %q does not start with the equipment", name, o.Summary)
	}
	if strings.ContainsAny(o.Summary, "\n") || strings.Contains(o.Summary, "NaN") || strings.Contains(o.Summary, "%!") {
		t.Errorf("%s: bad summary %q", name, o.Summary)
	}
	for k, v := range o.Metrics {
		switch x := v.(type) {
		case nil, int, bool, string:
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Errorf("%s: metric %s = %v (use nil for not evaluated)", name, k, x)
			}
		default:
			t.Errorf("%s: metric %s has non-scalar type %T", name, k, v)
		}
	}
	checkMasks := func(what string, judged, flagged []bool) {
		if judged == nil && flagged == nil {
			return
		}
		if len(judged) != f.N || len(flagged) != f.N {
			t.Errorf("%s: %s mask lengths %d/%d, want %d", name, what, len(judged), len(flagged), f.N)
			return
		}
		for i := range judged {
			if flagged[i] && !judged[i] {
				t.Errorf("%s: %s sample %d flagged but not judged", name, what, i)
				return
			}
		}
	}
	checkMasks("outcome", o.Judged, o.Flagged)
	if o.Judged != nil && o.JudgedBasis == "" {
		t.Errorf("%s: judged mask without a judged basis", name)
	}
	if (o.Severity == Warn || o.Severity == Fault) && o.Judged == nil {
		t.Errorf("%s: actionable outcome without judged samples", name)
	}
	for _, c := range o.Conditions {
		checkMasks("condition "+c.Name, c.Judged, c.Flagged)
		for i, fl := range c.Flagged {
			if fl && !o.Flagged[i] {
				t.Errorf("%s: condition %s sample %d flagged but not in the union", name, c.Name, i)
				break
			}
		}
	}
	if o.Judged != nil && o.Evidence == "" {
		t.Errorf("%s: no evidence chart named", name)
	}
}

var grids = []struct {
	name string
	step time.Duration
}{{"hourly", time.Hour}, {"5min", 5 * time.Minute}}

// accCase is one rule's faulty and clean scenario.
type accCase struct {
	rule          string
	faulty, clean func(step time.Duration, seed uint64) *series.Frame
	params        Values
	// coarseFaultyInfo: on the hourly grid the fault cannot show (event
	// rules); the rule must say so with info instead of firing or passing.
	coarseFaultyInfo bool
}

func actionable(s Severity) bool { return s == Warn || s == Fault }

// runAccuracy runs every case on hourly and 5-minute data with two noise
// seeds: the faulty frame must fire warn/fault, the clean one must not.
func runAccuracy(t *testing.T, cases []accCase) {
	for _, tc := range cases {
		for _, g := range grids {
			for _, seed := range []uint64{1, 2} {
				t.Run(fmt.Sprintf("%s/%s/seed%d", tc.rule, g.name, seed), func(t *testing.T) {
					bad := runAir(t, tc.rule, tc.faulty(g.step, seed), tc.params)
					if tc.coarseFaultyInfo && g.step >= time.Hour {
						if bad.Severity != Info {
							t.Errorf("faulty on a coarse grid: %s %q, want info", bad.Severity, bad.Summary)
						}
					} else if !actionable(bad.Severity) {
						t.Errorf("faulty: %s %q, want warn/fault", bad.Severity, bad.Summary)
					}
					good := runAir(t, tc.rule, tc.clean(g.step, seed), tc.params)
					t.Logf("faulty: %s %s", bad.Severity, bad.Summary)
					t.Logf("clean:  %s %s", good.Severity, good.Summary)
					if actionable(good.Severity) {
						t.Errorf("clean: %s %q, want ok/info", good.Severity, good.Summary)
					}
				})
			}
		}
	}
}

func ahu(o ahuFaults) func(time.Duration, uint64) *series.Frame {
	return func(step time.Duration, seed uint64) *series.Frame { return simAHU(step, seed, o) }
}

func zone(o zoneFaults) func(time.Duration, uint64) *series.Frame {
	return func(step time.Duration, seed uint64) *series.Frame { return simZone(step, seed, o) }
}

// overrideCase checks that a parameter override changes the verdict.
type overrideCase struct {
	rule     string
	frame    *series.Frame
	base     Values // params for the baseline run (nil = defaults)
	override Values
	was, now []Severity
}

func runOverrides(t *testing.T, cases []overrideCase) {
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			before := runAir(t, tc.rule, tc.frame, tc.base)
			if !slices.Contains(tc.was, before.Severity) {
				t.Fatalf("defaults: %s %q, want one of %v", before.Severity, before.Summary, tc.was)
			}
			p := Values{}
			for k, v := range tc.base {
				p[k] = v
			}
			for k, v := range tc.override {
				p[k] = v
			}
			after := runAir(t, tc.rule, tc.frame, p)
			if !slices.Contains(tc.now, after.Severity) {
				t.Errorf("override %v: %s %q, want one of %v", tc.override, after.Severity, after.Summary, tc.now)
			}
		})
	}
}

// edgeCase is a rule run on a degraded frame: the severity must be one of
// want and the caveats must mention caveat (when set).
type edgeCase struct {
	name    string
	rule    string
	frame   *series.Frame
	params  Values
	want    []Severity
	caveat  string
	nilKeys []string // metrics that must be nil (not evaluated)
}

func runEdges(t *testing.T, cases []edgeCase) {
	for _, tc := range cases {
		t.Run(tc.rule+"/"+tc.name, func(t *testing.T) {
			out := runAir(t, tc.rule, tc.frame, tc.params)
			if !slices.Contains(tc.want, out.Severity) {
				t.Errorf("%s %q, want one of %v", out.Severity, out.Summary, tc.want)
			}
			if tc.caveat != "" && !strings.Contains(strings.Join(out.Caveats, " | "), tc.caveat) {
				t.Errorf("caveats %q lack %q", out.Caveats, tc.caveat)
			}
			for _, k := range tc.nilKeys {
				if v, ok := out.Metrics[k]; !ok || v != nil {
					t.Errorf("metric %s = %v (present %v), want nil", k, v, ok)
				}
			}
		})
	}
}

// TestAirRuleMetadata checks each air-side rule's declaration.
func TestAirRuleMetadata(t *testing.T) {
	rules := airsideRules()
	if len(rules) != 21 {
		t.Errorf("%d air-side rules, want 21", len(rules))
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.Name] {
			t.Errorf("duplicate rule %s", r.Name)
		}
		seen[r.Name] = true
		if r.Title == "" || r.Standard == "" || r.Check == nil || r.CheckFleet != nil || len(r.Classes) == 0 {
			t.Errorf("%s: incomplete declaration", r.Name)
		}
		if !slices.Contains([]string{"energy", "comfort", "ventilation", "maintenance"}, r.Category) {
			t.Errorf("%s: category %q", r.Name, r.Category)
		}
		for _, c := range r.Classes {
			if _, ok := model.LookupClass(c); !ok {
				t.Errorf("%s: unknown class %q", r.Name, c)
			}
		}
		for _, role := range append(append([]model.Role{}, r.Required...), r.Optional...) {
			if !role.Valid() {
				t.Errorf("%s: unknown role %q", r.Name, role)
			}
		}
		for _, g := range r.Gates {
			for _, role := range g {
				if !slices.Contains(r.Optional, role) {
					t.Errorf("%s: gate role %s is not optional", r.Name, role)
				}
			}
		}
		if len(r.Params) == 0 {
			t.Errorf("%s: no parameters", r.Name)
		}
		pnames := map[string]bool{}
		for _, p := range r.Params {
			if pnames[p.Name] {
				t.Errorf("%s: duplicate param %s", r.Name, p.Name)
			}
			pnames[p.Name] = true
			if p.Basis == "" || p.Advice == "" || p.Kind == "" {
				t.Errorf("%s.%s: missing kind, basis or advice", r.Name, p.Name)
			}
			if x, ok := p.Default.(float64); ok {
				if (p.Min != nil && x < *p.Min) || (p.Max != nil && x > *p.Max) {
					t.Errorf("%s.%s: default %v outside its range", r.Name, p.Name, x)
				}
			}
			if p.Kind == Choice && p.Default != nil && !slices.Contains(p.Choices, p.Default.(string)) {
				t.Errorf("%s.%s: default %v not a choice", r.Name, p.Name, p.Default)
			}
		}
	}
	gates := map[string][][]model.Role{
		"dcv_verification":      {{model.OAAirflow, model.OADamper}},
		"outdoor_air_fraction":  {{model.OAT}},
		"night_weekend_setback": {{model.SupplyFanStatus, model.SupplyFanSpeed}},
	}
	for _, r := range rules {
		if want, ok := gates[r.Name]; ok && !slices.EqualFunc(r.Gates, want, slices.Equal) {
			t.Errorf("%s: gates %v, want %v", r.Name, r.Gates, want)
		}
	}
	for _, name := range []string{"control_hunting", "g36_ahu_fault_conditions"} {
		if airRule(t, name).Grid != Native {
			t.Errorf("%s must read the native grid", name)
		}
	}
}

// TestAirDegenerateFrames runs every rule on all-NaN and too-short frames:
// never a panic, never an actionable verdict.
func TestAirDegenerateFrames(t *testing.T) {
	a := simAHU(time.Hour, 1, ahuFaults{})
	z := simZone(time.Hour, 1, zoneFaults{})
	full := without(a)
	for r, c := range z.Cols {
		full.Cols[r] = c
	}
	full.Cols[model.FilterDiffPress] = a.Cols[model.FilterDiffPress]
	vrp := Values{"area_sqft": 1000.0, "population": 7.0}
	for _, r := range airsideRules() {
		for _, tc := range []struct {
			name string
			f    *series.Frame
		}{{"all NaN", allNaN(full)}, {"12 samples", head(full, 12)}, {"empty", head(full, 0)}} {
			t.Run(r.Name+"/"+tc.name, func(t *testing.T) {
				out := runAir(t, r.Name, tc.f, vrp)
				if out.Severity != Info {
					t.Errorf("%s %q, want info", out.Severity, out.Summary)
				}
			})
		}
	}
}

// TestAirSummaryExample pins the summary shape the issue gives.
func TestAirSummaryExample(t *testing.T) {
	f := frameOf(simStart, time.Hour, 24*7*12, map[model.Role]func(int, time.Time) float64{
		model.HeatValve: func(_ int, t time.Time) float64 { return b2f(t.Hour() >= 7 && t.Hour() < 10) * 30 },
		model.CoolValve: constCol(40),
	})
	f.Equip = "AHU-2"
	out := runAir(t, "simultaneous_heat_cool", f, nil)
	want := "AHU-2: both coils open in 27.3% of occupied hours (180 of 660)"
	if out.Summary != want || out.Severity != Fault {
		t.Errorf("got %s %q, want fault %q", out.Severity, out.Summary, want)
	}
	if out.Metrics["both_open_pct"] != 27.3 || out.Metrics["both_open_samples"] != 180 || out.Metrics["occupied_samples"] != 660 {
		t.Errorf("metrics %v", out.Metrics)
	}
}

// TestAirBadInput: a nil frame, a broken grid or a cancelled context is an
// error, never a panic; a column of the wrong length counts as absent.
func TestAirBadInput(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	good := simAHU(time.Hour, 1, ahuFaults{})
	short := without(good)
	short.Cols[model.CoolValve] = short.Cols[model.CoolValve][:10]
	for _, r := range airsideRules() {
		if _, err := r.Check(context.Background(), &Input{}); err == nil {
			t.Errorf("%s: nil frame accepted", r.Name)
		}
		bad := *good
		bad.Step = 0
		if _, err := r.Check(context.Background(), &Input{Frame: &bad}); err == nil {
			t.Errorf("%s: zero step accepted", r.Name)
		}
		if _, err := r.Check(ctx, &Input{Frame: good}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled context gave %v", r.Name, err)
		}
		runAir(t, r.Name, short, nil)
	}
}

// TestAirRulesReadOnlyDeclaredRoles: a rule must give the same outcome on a
// frame cut to its declared roles (the runner builds frames from them), so
// it reads no role it does not declare.
func TestAirRulesReadOnlyDeclaredRoles(t *testing.T) {
	full := simAHU(time.Hour, 1, ahuFaults{bothOpen: true, dirtyFilter: true})
	for r, c := range simZone(time.Hour, 1, zoneFaults{co2High: true, tooWarm: true}).Cols {
		if _, ok := full.Cols[r]; !ok {
			full.Cols[r] = c
		}
	}
	for _, r := range airsideRules() {
		roles := append(append([]model.Role{}, r.Required...), r.Optional...)
		a := runAir(t, r.Name, full, officeZone)
		b := runAir(t, r.Name, only(full, roles...), officeZone)
		if a.Severity != b.Severity || a.Summary != b.Summary {
			t.Errorf("%s reads an undeclared role:\n full:     %s %s\n declared: %s %s", r.Name, a.Severity, a.Summary, b.Severity, b.Summary)
		}
	}
}
