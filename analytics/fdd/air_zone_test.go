package fdd

import (
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func TestZoneRulesAccuracy(t *testing.T) {
	runAccuracy(t, []accCase{
		{rule: "overcooling_severity", faulty: zone(zoneFaults{coldMorning: true}), clean: zone(zoneFaults{})},
		{rule: "unmet_setpoint_hours", faulty: zone(zoneFaults{tooWarm: true}), clean: zone(zoneFaults{})},
		{rule: "unmet_setpoint_hours", faulty: zone(zoneFaults{coldMorning: true}), clean: zone(zoneFaults{reheatWarm: true})},
		{rule: "airflow_tracking", faulty: zone(zoneFaults{flowStuck: true}), clean: zone(zoneFaults{})},
	})
}

// TestOvercoolingWindow: a 30-minute dip is below the 60-minute window on
// 5-minute data, a 90-minute one is not.
func TestOvercoolingWindow(t *testing.T) {
	for _, tc := range []struct {
		minutes int
		want    Severity
	}{{30, OK}, {90, Fault}} {
		f := frameOf(simStart, 5*time.Minute, 12*24*28, map[model.Role]func(int, time.Time) float64{
			model.SpaceTemp: func(_ int, t time.Time) float64 {
				if m := t.Hour()*60 + t.Minute(); m >= 9*60 && m < 9*60+tc.minutes {
					return 66
				}
				return 71
			},
			model.HeatSP: constCol(70), model.CoolSP: constCol(74),
		})
		if out := runAir(t, "overcooling_severity", f, nil); out.Severity != tc.want {
			t.Errorf("%d-minute dip: %s %q, want %s", tc.minutes, out.Severity, out.Summary, tc.want)
		}
	}
}

func TestZoneRulesEdges(t *testing.T) {
	cm := simZone(time.Hour, 3, zoneFaults{coldMorning: true})
	tw := simZone(time.Hour, 3, zoneFaults{tooWarm: true})
	clean := simZone(time.Hour, 3, zoneFaults{})
	runEdges(t, []edgeCase{
		{name: "no heat_sp: absolute mode capped", rule: "overcooling_severity", frame: without(cm, model.HeatSP),
			want: []Severity{Warn}, caveat: "absolute mode"},
		{name: "relative off", rule: "overcooling_severity", frame: cm, params: Values{"relative_to_deadband": false},
			want: []Severity{Warn}, caveat: "absolute mode"},
		{name: "no occupancy point", rule: "unmet_setpoint_hours", frame: without(tw, model.Occupancy),
			want: []Severity{Warn, Fault}, caveat: "Mon-Fri 07:00-18:00"},
		{name: "one-sided clean is info", rule: "unmet_setpoint_hours", frame: without(clean, model.CoolSP),
			want: []Severity{Info}, caveat: "overheating not tested", nilKeys: []string{"too_warm_pct"}},
		{name: "no setpoints", rule: "unmet_setpoint_hours", frame: without(clean, model.CoolSP, model.HeatSP),
			want: []Severity{Info}, nilKeys: []string{"unmet_pct"}},
		{name: "heat_sp only still sees cold", rule: "unmet_setpoint_hours", frame: without(cm, model.CoolSP),
			want: []Severity{Warn, Fault}},
	})
}

func TestZoneRulesOverrides(t *testing.T) {
	cm := simZone(time.Hour, 5, zoneFaults{coldMorning: true})
	tw := simZone(time.Hour, 5, zoneFaults{tooWarm: true})
	fs := simZone(time.Hour, 5, zoneFaults{flowStuck: true})
	runOverrides(t, []overrideCase{
		{rule: "overcooling_severity", frame: cm, was: []Severity{Fault},
			override: Values{"tiers": map[string]any{"info": 5.0, "warn": 6.0, "fault": 7.0}}, now: []Severity{OK}},
		{rule: "overcooling_severity", frame: cm, was: []Severity{Fault}, override: Values{"window_min": 240}, now: []Severity{OK}},
		{rule: "unmet_setpoint_hours", frame: tw, was: []Severity{Fault}, override: Values{"tol_F": 5.0}, now: []Severity{OK}},
		{rule: "unmet_setpoint_hours", frame: tw, was: []Severity{Fault}, override: Values{"start_hour": 7, "end_hour": 12},
			base: nil, now: []Severity{Fault}},
		{rule: "airflow_tracking", frame: fs, was: []Severity{Fault}, override: Values{"tol_frac": 3.0}, now: []Severity{OK}},
	})
}
