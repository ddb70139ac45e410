package rcx_test

import (
	"encoding/json"
	"math"
	"regexp"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/rcx"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// plainFactID is the registry's form of a fact id a handler writes.
var plainFactID = regexp.MustCompile(`^` + sanitize.FactIDPattern + `$`)

// FuzzBuild builds reports from findings and a sensor reference whose
// rules, equipment and roles are arbitrary text: every fact id is of the
// registry's plain form and unique, the report encodes as JSON, and a
// page of it never panics.
func FuzzBuild(f *testing.F) {
	f.Add("leaking_valve", "AHU-1", "AHU 1", "supply_air_temp", 2.5)
	f.Add("chiller:approach_drift", "CH/1#2", "", "", -4.0)
	f.Add("simultaneous_heat_cool", "@", "\u202e\x00", "x:y", 0.0)
	f.Add("leaking_valve", "AHU-1", "AHU-2", "supply_air_temp", math.NaN())
	f.Add("leaking_valve", "AHU-1", "AHU-2", "supply_air_temp", math.Inf(-1))
	f.Fuzz(func(t *testing.T, rule, equip1, equip2, role string, bias float64) {
		a := finding(rule, equip1, fdd.Fault, "energy", 100, 0, 5)
		b := finding(rule, equip2, fdd.Warn, "comfort", 0, 1, 3)
		b.ConditionalOn = []fdd.Conditional{{Equip: equip2, Role: model.Role(role), Reference: "ref", Verdict: "warn", Bias: bias}}
		r := rcx.Build(rcx.Input{Facility: "hq", Findings: []fdd.Finding{a, b},
			References: []rcx.Reference{{Equip: equip2, Role: model.Role(role), Reference: "ref", Verdict: "warn", Bias: bias, Warn: 1, Fault: 2}}})
		seen := map[string]bool{}
		for _, fc := range r.Facts {
			if !plainFactID.MatchString(fc.ID) || seen[fc.ID] {
				t.Fatalf("fact id %q (seen %v)", fc.ID, seen[fc.ID])
			}
			seen[fc.ID] = true
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("report does not encode: %v", err)
		}
		r.Page(1, 2, 0, 1)
	})
}
