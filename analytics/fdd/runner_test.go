package fdd

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
)

func rtRun(t *testing.T, spec RunSpec, src Source) *RunResult {
	t.Helper()
	if spec.Catalog == nil {
		spec.Catalog = rtCatalog()
	}
	res, err := Run(context.Background(), spec, src)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

func rtFind(res *RunResult, id string) *Finding {
	for _, list := range [][]Finding{res.Findings, res.Below} {
		for i := range list {
			if list[i].ID == id {
				return &list[i]
			}
		}
	}
	return nil
}

func TestRunFindings(t *testing.T) {
	res := rtRun(t, RunSpec{}, rtSite(14))
	var ids []string
	for _, f := range res.Findings {
		ids = append(ids, f.ID+" "+string(f.Severity))
	}
	want := []string{
		"test_both_open@AHU-2 fault",
		"test_conditions@AHU-1 warn",
		"test_conditions@AHU-2 warn",
		"test_fleet@VAV-fleet warn",
		"test_starts@RTU-1 warn",
		"test_bad_mask@AHU-1 info",
		"test_bad_mask@AHU-2 info",
		"test_panics@AHU-1 info",
		"test_panics@AHU-2 info",
		"test_both_open@AHU-1 ok",
		"test_dcv@AHU-1 ok",
		"test_dcv@AHU-2 ok",
	}
	if !slices.Equal(ids, want) {
		t.Errorf("findings worst first:\n got %q\nwant %q", ids, want)
	}
	// Rules run only on the classes they are written for (test_panics not
	// on the RTU); the logger (unrecognised class) is not run at all.
	if _, ok := res.Frames["LOG-1"]; ok {
		t.Error("the LOGGER ran although recognised classes are stored")
	}
	// Every rule written for a class finds its roles here: nothing skipped.
	if len(res.Skipped) != 0 {
		t.Errorf("skipped %+v", res.Skipped)
	}
	if res.Counts != (Counts{Fault: 1, Warn: 4, Info: 4, OK: 3}) {
		t.Errorf("counts %+v", res.Counts)
	}
	f := rtFind(res, "test_both_open@AHU-2")
	if f.JudgedSamples != 14*24 || f.FlaggedSamples != 14*5 || f.Share == nil || math.Abs(*f.Share-5.0/24) > 1e-9 {
		t.Errorf("judged %d flagged %d share %v", f.JudgedSamples, f.FlaggedSamples, f.Share)
	}
	if len(f.Violations) != 14 || f.Violations[0].Samples != 5 || f.Violations[0].Start.Hour() != 12 || f.Violations[0].End.Hour() != 17 {
		t.Errorf("violations %+v", f.Violations[:min(2, len(f.Violations))])
	}
	if f.FlaggedHours != 70 || f.WindowHours != 14*24 || f.Grid != "hourly" || f.Interval != "1h" {
		t.Errorf("hours %v/%v grid %s %s", f.FlaggedHours, f.WindowHours, f.Grid, f.Interval)
	}
	if f.Category != "energy" || f.Evidence != "valve_overlap" || f.JudgedBasis != "hourly samples" {
		t.Errorf("category %q evidence %q basis %q", f.Category, f.Evidence, f.JudgedBasis)
	}
	if !slices.Equal(f.MissingOptional, []model.Role{model.SupplyFanStatus}) {
		t.Errorf("missing optional %v (OAT is shared from WX-1)", f.MissingOptional)
	}
	if res.Frames["AHU-2"].Source(model.OAT) != "WX-1" {
		t.Error("weather OAT not merged onto AHU-2")
	}
}

func TestRunSkipsAndClasses(t *testing.T) {
	site := rtSite(3)
	// Drop AHU-1's cooling valve: test_both_open is skipped there with the
	// missing role named.
	site["AHU-1"] = slices.DeleteFunc(slices.Clone(site["AHU-1"]), func(s model.Series) bool { return s.Role == model.CoolValve })
	res := rtRun(t, RunSpec{}, site)
	want := Skip{Rule: "test_both_open", Equip: "AHU-1", Missing: []model.Role{model.CoolValve}}
	if !slices.ContainsFunc(res.Skipped, func(s Skip) bool {
		return s.Rule == want.Rule && s.Equip == want.Equip && slices.Equal(s.Missing, want.Missing)
	}) {
		t.Errorf("skipped %+v lacks %+v", res.Skipped, want)
	}
	// Naming the LOGGER class runs it on its roles alone.
	res = rtRun(t, RunSpec{Classes: []string{"logger"}, Rules: []string{"test_conditions", "test_both_open"}}, site)
	if len(res.Equipment) != 1 || res.Equipment[0].Equip != "LOG-1" {
		t.Fatalf("equipment %+v", res.Equipment)
	}
	if len(res.Findings) != 1 || res.Findings[0].ID != "test_conditions@LOG-1" || len(res.Skipped) != 0 {
		t.Errorf("logger findings %+v skipped %+v", res.Findings, res.Skipped)
	}
}

func TestRunSelectionErrors(t *testing.T) {
	site := rtSite(2)
	tests := []struct {
		name string
		spec RunSpec
		want string
	}{
		{"unknown rule", RunSpec{Rules: []string{"test_both_open", "nope"}}, `rules: unknown "nope" (available: `},
		{"unknown rule in params", RunSpec{Params: map[string]map[string]Setting{"nada": {}}}, `rules: unknown "nada"`},
		{"unknown equip", RunSpec{Equips: []string{"AHU-9"}}, `equips: unknown "AHU-9" (available: "AHU-1", "AHU-2", "LOG-1"`},
		{"equip the config does not run", RunSpec{Equips: []string{"LOG-1"}}, `equips: "LOG-1" are stored, but the run config runs no rule on them`},
		{"bad min severity", RunSpec{MinSeverity: "severe"}, `min_severity: "severe" is not a severity`},
		{"window outside the data", RunSpec{Start: rtT0.AddDate(1, 0, 0).UnixNano(), End: rtT0.AddDate(1, 0, 1).UnixNano()},
			"no stored sample in the window (stored samples span 2025-07-07T00:00:00 to 2025-07-08T23:55:00)"},
		{"unknown parameter", RunSpec{Params: map[string]map[string]Setting{"test_both_open": {"warn": {Value: 3.0}}}},
			`test_both_open.warn: unknown parameter of rule "test_both_open" (its parameters: warn_pct, fault_pct, start_hour, mode, strict, tiers, co2_setpoint)`},
		{"per-equipment override checked", RunSpec{EquipParams: map[string]map[string]map[string]Setting{"AHU-1": {"test_both_open": {"warn_pct": {Value: 140.0}}}}},
			"test_both_open.warn_pct: 140 is outside 0..100"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.spec.Catalog = rtCatalog()
			_, err := Run(context.Background(), tc.spec, site)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
	_, err := Run(context.Background(), RunSpec{Catalog: rtCatalog()}, SeriesMap{})
	var we *WindowError
	if !errors.As(err, &we) || !we.Empty {
		t.Errorf("empty facility err = %v", err)
	}
	var se *SelectionError
	if _, err := Run(context.Background(), RunSpec{Catalog: rtCatalog(), Rules: []string{"x"}}, site); !errors.As(err, &se) || se.Argument != "rules" {
		t.Errorf("err %v is not a rules SelectionError", err)
	}
}

func TestRunParams(t *testing.T) {
	site := rtSite(3)
	base := rtRun(t, RunSpec{Rules: []string{"test_both_open"}}, site)
	if f := rtFind(base, "test_both_open@AHU-2"); f.Severity != Fault {
		t.Fatalf("AHU-2 default severity %s", f.Severity)
	}
	over := map[string]map[string]Setting{"test_both_open": {
		"fault_pct":    {Value: 30.0},
		"start_hour":   {Value: 6.0}, // a whole float from JSON
		"co2_setpoint": {Value: 3000.0, Basis: "lab space"},
	}}
	res := rtRun(t, RunSpec{Rules: []string{"test_both_open"}, Params: over}, site)
	f := rtFind(res, "test_both_open@AHU-2")
	if f.Severity != Warn {
		t.Errorf("severity with fault_pct 30: %s", f.Severity)
	}
	got := map[string]ParamUsed{}
	for _, p := range f.Params {
		got[p.Name] = p
	}
	checks := []struct {
		name, source string
		value        any
	}{
		{"warn_pct", SourceDefault, 5.0},
		{"fault_pct", SourceOverride, 30.0},
		{"start_hour", SourceOverride, 6},
		{"mode", SourceDefault, "any"},
		{"co2_setpoint", SourceOverride, 3000.0},
	}
	for _, c := range checks {
		if p := got[c.name]; p.Source != c.source || p.Value != c.value {
			t.Errorf("%s = %v (%s), want %v (%s)", c.name, p.Value, p.Source, c.value, c.source)
		}
	}
	if got["co2_setpoint"].Basis != "lab space" {
		t.Errorf("basis %q", got["co2_setpoint"].Basis)
	}
	if p := rtFind(base, "test_both_open@AHU-2").Params[6]; p.Source != SourceFallback || p.Value != nil {
		t.Errorf("unset parameter without default: %+v", p)
	}
	// A per-equipment override applies to that equipment only.
	res = rtRun(t, RunSpec{Rules: []string{"test_both_open"},
		EquipParams: map[string]map[string]map[string]Setting{"AHU-2": {"test_both_open": {"warn_pct": {Value: 90.0}, "fault_pct": {Value: 95.0}}}}}, site)
	if f := rtFind(res, "test_both_open@AHU-2"); f.Severity != OK {
		t.Errorf("AHU-2 with per-equipment thresholds: %s", f.Severity)
	}
}

func TestRunTrustGate(t *testing.T) {
	site := rtSite(7)
	stuck := func(equip string, role model.Role, v float64) {
		for i, s := range site[equip] {
			if s.Role == role {
				c := slices.Clone(s.V)
				for k := range c {
					if k%3 == 0 {
						c[k] = v // out of range a third of the time
					}
				}
				site[equip][i].V = c
			}
		}
	}
	// AHU-1's OA damper reads nonsense: test_dcv's gate input (no OA flow,
	// so the damper gates) is untrusted and the check declines.
	stuck("AHU-1", model.OADamper, 400)
	res := rtRun(t, RunSpec{MinTrust: 0.5, Rules: []string{"test_dcv", "test_both_open"}}, site)
	f := rtFind(res, "test_dcv@AHU-1")
	if f == nil || f.Severity != Info || !f.Declined() {
		t.Fatalf("test_dcv@AHU-1 = %+v", f)
	}
	tr := res.Trust["AHU-1"][model.OADamper].Score
	want := "AHU-1: declined -- untrusted input(s): oa_damper (trust " + formatTrust(tr) + ")"
	if f.Summary != want {
		t.Errorf("summary %q\nwant    %q", f.Summary, want)
	}
	if roles := f.Metrics["untrusted_roles"].([]string); !slices.Equal(roles, []string{"oa_damper"}) || f.Metrics["min_trust"] != 0.5 {
		t.Errorf("metrics %v", f.Metrics)
	}
	if res.Declined != 1 {
		t.Errorf("declined %d", res.Declined)
	}
	// The same score sensor_trust reads: the frame's trust below the floor.
	if tr >= 0.5 {
		t.Errorf("oa_damper trust %v is not below the floor", tr)
	}
	// The healthy on/off heating valve of AHU-2 is not declined at 0.5.
	if f := rtFind(res, "test_both_open@AHU-2"); f.Declined() || f.Severity != Fault {
		t.Errorf("AHU-2 both-open declined or changed: %s %s", f.Severity, f.Summary)
	}
	// An optional input below the floor is named but does not decline.
	stuck("AHU-2", model.OADamper, 400)
	site["AHU-2"] = append(site["AHU-2"], rtSeries("AHU-2", "AHU", model.OAAirflow, 7*24, time.Hour, func(i int, _ time.Time) float64 { return 1000 + 50*math.Sin(float64(i)) }))
	res = rtRun(t, RunSpec{MinTrust: 0.5, Rules: []string{"test_dcv"}}, site)
	f = rtFind(res, "test_dcv@AHU-2")
	if f.Declined() || len(f.Untrusted) != 1 || f.Untrusted[0].Role != model.OADamper || !strings.Contains(strings.Join(f.Caveats, " "), "oa_damper (trust") {
		t.Errorf("AHU-2 with trusted OA flow: declined %v untrusted %+v caveats %q", f.Declined(), f.Untrusted, f.Caveats)
	}
	// A required input below the floor (CO2 logged one day a week, so it
	// covers a seventh of the grid) declines, and every input below the
	// floor is named, optional ones included.
	for i, s := range site["AHU-2"] {
		if s.Role == model.CO2 {
			var b model.Series
			b.Equip, b.Class, b.Role = s.Equip, s.Class, s.Role
			for k := range s.TS {
				if (k/288)%7 == 0 {
					b.TS = append(b.TS, s.TS[k])
					b.V = append(b.V, s.V[k])
				}
			}
			site["AHU-2"][i] = b
		}
	}
	res = rtRun(t, RunSpec{MinTrust: 0.5, Rules: []string{"test_dcv"}}, site)
	f = rtFind(res, "test_dcv@AHU-2")
	if !f.Declined() || !strings.HasPrefix(f.Summary, "AHU-2: declined -- untrusted input(s): co2 (trust ") || !strings.Contains(f.Summary, ", oa_damper (trust ") {
		t.Errorf("summary %q", f.Summary)
	}
	// Gate off: nothing declines.
	res = rtRun(t, RunSpec{Rules: []string{"test_dcv"}}, site)
	if res.Declined != 0 {
		t.Errorf("declines with the gate off: %d", res.Declined)
	}
}

func TestRunNativeGrid(t *testing.T) {
	site := rtSite(2)
	native := rtRun(t, RunSpec{Rules: []string{"test_starts"}}, site)
	f := rtFind(native, "test_starts@RTU-1")
	if f.Grid != "native" || f.Interval != "5m" || f.Events == nil || *f.Events < 280 || f.Severity != Warn || f.EventBasis != "compressor starts" {
		t.Errorf("native: grid %s %s events %v severity %s", f.Grid, f.Interval, f.Events, f.Severity)
	}
	// The same rule on the hourly grid averages the cycling away (why event
	// rules declare the native grid).
	hourly := rtRun(t, RunSpec{Rules: []string{"test_starts"}, Catalog: []Rule{rtStarts(Hourly)}}, site)
	if f := rtFind(hourly, "test_starts@RTU-1"); f.Events == nil || *f.Events > 1 || f.Severity != OK {
		t.Errorf("hourly: events %v severity %s", f.Events, f.Severity)
	}
}

func TestRunConditionsAndFleet(t *testing.T) {
	site := rtSite(2)
	res := rtRun(t, RunSpec{Rules: []string{"test_conditions", "test_fleet"}}, site)
	f := rtFind(res, "test_conditions@AHU-1")
	if len(f.Conditions) != 2 || f.Conditions[0].JudgedSamples != 48 || f.Conditions[1].JudgedSamples != 24 {
		t.Fatalf("conditions %+v", f.Conditions)
	}
	if f.FlaggedSamples != 0 || f.Share == nil || *f.Share != 0 || len(f.Violations) != 0 || f.Violations == nil {
		t.Errorf("flagged %d share %v violations %v", f.FlaggedSamples, f.Share, f.Violations)
	}
	fl := rtFind(res, "test_fleet@VAV-fleet")
	if fl == nil || !slices.Equal(fl.Units, []string{"VAV-1", "VAV-2", "VAV-3"}) || fl.Metrics["pinned"] != 1 {
		t.Fatalf("fleet %+v", fl)
	}
	// An untrusted unit is left out of the batch and named.
	for i, s := range site["VAV-3"] {
		if s.Role == model.Damper {
			c := slices.Clone(s.V)
			for k := range c {
				c[k] = 500
			}
			site["VAV-3"][i].V = c
		}
	}
	res = rtRun(t, RunSpec{Rules: []string{"test_fleet"}, MinTrust: 0.5}, site)
	fl = rtFind(res, "test_fleet@VAV-fleet")
	if !slices.Equal(fl.Units, []string{"VAV-1", "VAV-2"}) || fl.Metrics["units_excluded"] != 1 || !strings.Contains(strings.Join(fl.Caveats, ""), "VAV-3: damper (trust") {
		t.Errorf("fleet with an untrusted unit: units %v metrics %v caveats %q", fl.Units, fl.Metrics, fl.Caveats)
	}
}

func TestRunConditional(t *testing.T) {
	site := rtSite(2)
	refs := []Conditional{
		{Equip: "AHU-2", Role: model.SupplyAirTemp, Reference: "LOG-1 supply_air_temp", Verdict: "warn", Bias: 2.1},
		{Equip: "AHU-1", Role: model.SupplyAirTemp, Reference: "LOG-1 supply_air_temp", Verdict: "ok", Bias: 0.1},
		{Equip: "WX-1", Role: model.OAT, Reference: "file airport.csv", Verdict: "fault", Bias: -4},
	}
	res := rtRun(t, RunSpec{Rules: []string{"test_conditions", "test_both_open"}, References: refs}, site)
	if f := rtFind(res, "test_conditions@AHU-2"); len(f.ConditionalOn) != 1 || f.ConditionalOn[0].Label() != "sensor_drift:supply_air_temp" {
		t.Errorf("AHU-2 conditional_on %+v", f.ConditionalOn)
	}
	if f := rtFind(res, "test_conditions@AHU-1"); len(f.ConditionalOn) != 0 {
		t.Errorf("an ok reference made AHU-1 conditional: %+v", f.ConditionalOn)
	}
	// The shared OAT is the weather station's point: its reference applies.
	if f := rtFind(res, "test_both_open@AHU-1"); len(f.ConditionalOn) != 1 || f.ConditionalOn[0].Equip != "WX-1" {
		t.Errorf("AHU-1 both-open conditional_on %+v", f.ConditionalOn)
	}
}

func TestRunMinSeverityAndWindow(t *testing.T) {
	site := rtSite(7)
	start := rtT0.AddDate(0, 0, 2)
	res := rtRun(t, RunSpec{MinSeverity: Warn, Start: start.UnixNano(), End: start.AddDate(0, 0, 2).UnixNano()}, site)
	for _, f := range res.Findings {
		if f.Severity.Rank() < Warn.Rank() {
			t.Errorf("%s below min severity kept", f.ID)
		}
	}
	for _, f := range res.Below {
		if f.Severity.Rank() >= Warn.Rank() {
			t.Errorf("%s filtered out", f.ID)
		}
	}
	if res.Counts.Total() != len(res.Findings)+len(res.Below) || len(res.Below) == 0 {
		t.Errorf("counts %+v for %d+%d", res.Counts, len(res.Findings), len(res.Below))
	}
	fr := res.Frames["AHU-1"]
	if fr.N != 48 || fr.Time(0) != start {
		t.Errorf("window frame N %d start %v", fr.N, fr.Time(0))
	}
	// Open or oversized sides are cut to the stored span.
	for _, w := range []struct{ start, end time.Time }{
		{time.Time{}, start.AddDate(0, 0, 1)},
		{rtT0.AddDate(-5, 0, 0), start.AddDate(0, 0, 1)},
		{start, rtT0.AddDate(5, 0, 0)},
	} {
		var s, e int64
		if !w.start.IsZero() {
			s = w.start.UnixNano()
		}
		e = w.end.UnixNano()
		r := rtRun(t, RunSpec{Start: s, End: e, Rules: []string{"test_dcv"}}, site)
		f := r.Frames["AHU-1"]
		if f.Start < rtT0.UnixNano() || f.End() > rtT0.AddDate(0, 0, 7).UnixNano() {
			t.Errorf("window %v..%v: frame %v..%v beyond the stored span", w.start, w.end, f.Time(0), f.Time(f.N))
		}
	}
	for id, fr := range res.Frames {
		if fr.Start != res.Start || fr.Step != int64(time.Hour) {
			t.Errorf("%s frame off the run grid", id)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, RunSpec{Catalog: rtCatalog()}, rtSite(1)); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
}

func TestRunGolden(t *testing.T) {
	res := rtRun(t, RunSpec{Rules: []string{"test_both_open", "test_conditions", "test_panics", "test_bad_mask"}, Equips: []string{"AHU-2"}}, rtSite(2))
	golden.CheckJSON(t, "runner/findings.json", struct {
		Findings []Finding
		Counts   Counts
		Skipped  []Skip
	}{res.Findings, res.Counts, res.Skipped})
}

func TestSpansOnFindingGrid(t *testing.T) {
	f := &series.Frame{Start: rtT0.UnixNano(), Step: int64(time.Hour), N: 4}
	o := Outcome{Severity: Warn, Judged: []bool{true, true, true, true}, Flagged: []bool{true, false, true, true}}
	fd, err := toFinding(&Rule{Name: "r"}, "E", "AHU", f, &o, nil)
	if err != nil || len(fd.Violations) != 2 || fd.Violations[1].Samples != 2 || *fd.Share != 0.75 {
		t.Errorf("finding %+v err %v", fd, err)
	}
	if _, err := toFinding(&Rule{Name: "r"}, "E", "", f, &Outcome{Severity: "bad"}, nil); err == nil {
		t.Error("unknown severity accepted")
	}
}
