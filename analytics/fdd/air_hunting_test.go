package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// The hourly grid cannot show hunting (one reversal per sample at most): the
// rule says so with info, which is why it reads the native grid.
func TestHuntingAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "control_hunting", faulty: ahu(ahuFaults{huntCool: true}), clean: ahu(ahuFaults{}), coarseFaultyInfo: true},
		{rule: "control_hunting", faulty: zone(zoneFaults{huntDamper: true}), clean: zone(zoneFaults{}), coarseFaultyInfo: true},
	})
}

func TestHuntingEvents(t *testing.T) {
	f := simZone(5*time.Minute, 3, zoneFaults{huntDamper: true})
	out := runAir(t, "control_hunting", f, nil)
	if out.Events == nil || *out.Events < 1000 || out.EventBasis != "damper reversals" {
		t.Fatalf("events %v %q", out.Events, out.EventBasis)
	}
	// One reversal every 5-minute sample is 11.8 an hour over the runs.
	if out.Severity != Warn || out.Metrics["worst_signal"] != "damper" {
		t.Errorf("%s %q", out.Severity, out.Summary)
	}
}

func TestHuntingEdges(t *testing.T) {
	h := simAHU(5*time.Minute, 3, ahuFaults{huntCool: true})
	runEdges(t, []edgeCase{
		{name: "no signals", rule: "control_hunting", frame: only(h, model.SupplyFanStatus, model.OAT), want: []Severity{Info},
			caveat: "hunting not evaluated", nilKeys: []string{"worst_reversals_per_hr"}},
		{name: "hourly grid", rule: "control_hunting", frame: simAHU(time.Hour, 3, ahuFaults{huntCool: true}), want: []Severity{Info},
			caveat: "interval too coarse"},
		{name: "no fan signal", rule: "control_hunting", frame: without(h, model.SupplyFanStatus, model.SupplyFanSpeed),
			want: []Severity{Warn}, caveat: "no supply fan signal"},
	})
}

func TestHuntingOverrides(t *testing.T) {
	h := simAHU(5*time.Minute, 5, ahuFaults{huntCool: true})
	runOverrides(t, []overrideCase{
		{rule: "control_hunting", frame: h, was: []Severity{Warn}, override: Values{"deadband": 0.4}, now: []Severity{OK}},
		{rule: "control_hunting", frame: h, was: []Severity{Warn}, override: Values{"warn_per_hr": 4.0, "fault_per_hr": 10.0}, now: []Severity{Fault}},
		{rule: "control_hunting", frame: h, was: []Severity{Warn}, override: Values{"warn_per_hr": 20.0, "fault_per_hr": 30.0}, now: []Severity{Info}}, // 5 min cannot show 20 an hour
	})
}
