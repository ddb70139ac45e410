package fdd

import (
	"context"
	"errors"
	"math"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// plantRuleNames are the rules this family must provide (domain §3.2).
var plantRuleNames = []string{
	"boiler_summer_lockout", "boiler_short_cycle", "hw_plant_deltat", "hw_pump_dp_reset",
	"chw_plant_reset", "chw_pump_dp_reset", "chiller_efficiency", "chiller_staging",
	"cooling_tower_approach", "condenser_water_reset", "compressor_short_cycle",
	"compressor_staging", "heatpump_defrost", "chiller_approach_fouling",
	"damper_census", "zones_heat_cool_census", "chiller_staging_fleet", "cohort_airflow", "cohort_space_temp",
}

// plantDefaults are CAMBER's documented defaults (domain §3.2) the rules
// must keep.
var plantDefaults = map[string]map[string]any{
	"boiler_summer_lockout":    {"summer_lockout_oat_f": 65.0},
	"boiler_short_cycle":       {"max_starts_per_day": 6},
	"hw_plant_deltat":          {"design_deltaT_min_f": 20.0},
	"chiller_efficiency":       {"design_kw_per_ton": 0.85},
	"chiller_staging":          {"max_starts_per_day": 6, "low_load_pct": 40.0},
	"cooling_tower_approach":   {"design_approach_f": 7.0, "full_fan_pct": 90.0},
	"condenser_water_reset":    {"reset_slope_flat": 0.3},
	"compressor_short_cycle":   {"max_starts_per_day": 12},
	"compressor_staging":       {"max_changes_per_day": 24},
	"heatpump_defrost":         {"max_reversals_per_day": 24},
	"chiller_approach_fouling": {"cond_design_f": 5.0, "evap_design_f": 4.0},
	"chiller_staging_fleet":    {"redundancy_ceiling": 0.9},
	"cohort_airflow":           {"k": 3.5, "min_cohort": 3, "summary": "mean"},
	"cohort_space_temp":        {"k": 3.5, "min_cohort": 3, "summary": "mean"},
}

var plantNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func TestPlantRulesMetadata(t *testing.T) {
	rules := plantRules()
	var names []string
	for _, r := range rules {
		names = append(names, r.Name)
	}
	if !slices.Equal(names, plantRuleNames) {
		t.Fatalf("plant rules %v\nwant %v", names, plantRuleNames)
	}
	events := []string{"boiler_short_cycle", "compressor_short_cycle", "compressor_staging", "heatpump_defrost", "chiller_staging"}
	for _, r := range rules {
		t.Run(r.Name, func(t *testing.T) {
			if !plantNameRE.MatchString(r.Name) || r.Title == "" || r.Standard == "" {
				t.Errorf("name/title/standard: %q %q %q", r.Name, r.Title, r.Standard)
			}
			if !slices.Contains([]string{"energy", "comfort", "ventilation", "maintenance"}, r.Category) {
				t.Errorf("category %q", r.Category)
			}
			if (r.Check == nil) == (r.CheckFleet == nil) {
				t.Errorf("exactly one of Check and CheckFleet must be set")
			}
			if len(r.Classes) == 0 || len(r.Required) == 0 {
				t.Errorf("classes %v required %v", r.Classes, r.Required)
			}
			for _, c := range r.Classes {
				if model.CanonicalClass(c) != c {
					t.Errorf("class %q is not canonical", c)
				}
			}
			for _, g := range append([][]model.Role{r.Required, r.Optional}, r.Gates...) {
				for _, role := range g {
					if !role.Valid() {
						t.Errorf("role %q", role)
					}
				}
			}
			for _, g := range r.Gates {
				for _, role := range g {
					if !slices.Contains(r.Optional, role) {
						t.Errorf("gate role %s is not optional", role)
					}
				}
			}
			if want := slices.Contains(events, r.Name); want != (r.Grid == Native) {
				t.Errorf("grid %v; event rule %v", r.Grid, want)
			}
			vals, used, err := r.Resolve()
			if err != nil {
				t.Fatalf("resolve defaults: %v", err)
			}
			if len(used) != len(r.Params) {
				t.Errorf("used %v", used)
			}
			for _, p := range r.Params {
				if p.Basis == "" || p.Advice == "" || (p.Unit == "" && p.Kind != Choice) {
					t.Errorf("param %s lacks basis, advice or unit", p.Name)
				}
				if _, err := r.CheckSetting(p.Name, Setting{Value: p.Default}); err != nil {
					t.Errorf("default of %s does not validate: %v", p.Name, err)
				}
			}
			for k, v := range plantDefaults[r.Name] {
				if vals[k] != v {
					t.Errorf("default %s = %v (%T), want %v (%T)", k, vals[k], vals[k], v, v)
				}
			}
			if len(r.Params) != len(plantDefaults[r.Name]) {
				t.Errorf("params %v, want exactly %v", r.ParamNames(), plantDefaults[r.Name])
			}
		})
	}
	for _, n := range plantRuleNames {
		if _, ok := Lookup(n); !ok {
			t.Errorf("Rules() lacks %s", n)
		}
	}
}

func TestPlantRulesGuard(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := newPlantEnv(71, plantJan, time.Hour, 3)
	f := e.frame("X-1", model.ClassChiller, map[model.Role][]float64{model.Power: e.col(func(int) float64 { return 1 })})
	for _, r := range plantRules() {
		if r.Check != nil {
			if _, err := r.Check(ctx, &Input{Equip: "X-1", Frame: f, Params: Values{}}); !errors.Is(err, context.Canceled) {
				t.Errorf("%s: cancelled ctx gave %v", r.Name, err)
			}
			if _, err := r.Check(context.Background(), &Input{Equip: "X-1"}); err == nil {
				t.Errorf("%s: nil frame accepted", r.Name)
			}
			bad := *f
			bad.Cols = map[model.Role][]float64{model.Power: {1, 2}}
			if _, err := r.Check(context.Background(), &Input{Equip: "X-1", Frame: &bad}); err == nil {
				t.Errorf("%s: short column accepted", r.Name)
			}
			// A frame without the rule's required inputs: a decline, not a panic.
			empty := e.frame("X-1", "", nil)
			out := plantRun(t, r, empty, nil)
			if out.Severity != Info {
				t.Errorf("%s: no inputs gave %s", r.Name, out.Severity)
			}
			continue
		}
		if _, err := r.CheckFleet(ctx, &FleetInput{Frames: []*series.Frame{f}}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled ctx gave %v", r.Name, err)
		}
		if _, err := r.CheckFleet(context.Background(), &FleetInput{Frames: []*series.Frame{nil}}); err == nil {
			t.Errorf("%s: nil unit accepted", r.Name)
		}
	}
}

func TestPlantKernelHelpers(t *testing.T) {
	for _, tc := range []struct {
		col  []float64
		want float64
	}{
		{[]float64{0, 0.5, 1, math.NaN()}, 100},
		{[]float64{0, 50, 100}, 1},
		{[]float64{-0.1, 0.5}, 1},
		{[]float64{math.NaN()}, 1},
		{nil, 1},
		{[]float64{1.5, 0.2}, 100},
	} {
		if got := plantPercentScale(tc.col); got != tc.want {
			t.Errorf("plantPercentScale(%v) = %v, want %v", tc.col, got, tc.want)
		}
	}
	for _, tc := range []struct {
		x    float64
		dp   int
		want string
	}{
		{1204.46, 1, "1,204.5"}, {-0.04, 1, "-0.0"}, {-1234.5, 0, "-1,235"}, {0.855, 2, "0.86"}, {12, 1, "12.0"},
	} {
		if got := plantNum(tc.x, tc.dp); got != tc.want {
			t.Errorf("plantNum(%v, %d) = %q, want %q", tc.x, tc.dp, got, tc.want)
		}
	}
	for x, want := range map[float64]string{65: "65", 0.85: "0.85", 20.5: "20.5", 0.333: "0.33"} {
		if got := plantVal(x); got != want {
			t.Errorf("plantVal(%v) = %q, want %q", x, got, want)
		}
	}
	std, n := plantStd([]float64{2, 4, 4, 4, 5, 5, 7, 9, math.NaN()}, []bool{true, true, true, true, true, true, true, true, true})
	if n != 8 || math.Abs(std-2) > 1e-12 {
		t.Errorf("plantStd = %v, %d", std, n)
	}
}

func TestTallyDays(t *testing.T) {
	// Two days at 1 h: day 1 has 3 starts, day 2 none (off all day).
	day1 := []float64{0, 1, 0, 1, math.NaN(), 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	day2 := make([]float64, 24)
	col := append(day1, day2...)
	f := &series.Frame{Start: plantJan.UnixNano(), Step: int64(time.Hour), N: len(col)}
	tl := tallyDays(f, col, nil, eventStarts)
	if tl.total != 3 || tl.events[0] != 3 || tl.events[1] != 0 || !tl.active[0] || tl.active[1] {
		t.Fatalf("starts %+v", tl)
	}
	// A NaN between two on samples is not a start (no event across a gap).
	tg := tallyDays(f, col, nil, eventToggles)
	if tg.total != 6 {
		t.Fatalf("toggles %d, want 6", tg.total)
	}
	// Gated: toggles count only where the gate is on.
	gate := make([]float64, len(col))
	for i := range 6 {
		gate[i] = 1
	}
	if g := tallyDays(f, col, gate, eventToggles); g.total != 3 {
		t.Fatalf("gated toggles %d, want 3", g.total)
	}
	stages := []float64{0, 1, 1.2, 0.9, 2, 2.4, 1.6, 0}
	fs := &series.Frame{Start: plantJan.UnixNano(), Step: int64(time.Hour), N: len(stages)}
	if c := tallyDays(fs, stages, nil, eventChanges); c.total != 3 {
		t.Fatalf("stage changes %d, want 3 (0→1, 1→2, 2→0)", c.total)
	}
	// Slots before 1970 fall on the right day.
	old := &series.Frame{Start: time.Date(1969, 12, 31, 23, 0, 0, 0, time.UTC).UnixNano(), Step: int64(time.Hour), N: 2}
	if o := tallyDays(old, []float64{0, 1}, nil, eventStarts); len(o.events) != 2 || o.events[1] != 1 {
		t.Fatalf("pre-1970 %+v", o)
	}
}
