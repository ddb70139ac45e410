package demo

import (
	"time"
)

// Label is one injected fault: the rule that must flag it at warn or fault
// when run over the facility's whole span with default parameters, and the
// window it was injected in. Start and End are naive local RFC 3339
// timestamps without an offset; End is exclusive.
type Label struct {
	Facility string `json:"facility"`
	Equip    string `json:"equip"`
	Rule     string `json:"rule"`
	// Role names the point a sensor-reference comparison checks.
	Role  string `json:"role,omitempty"`
	Start string `json:"start"`
	End   string `json:"end"`
	Note  string `json:"note"`
}

// Facility ids of the demo campus.
const (
	NorthCampus = "north-campus"
	SouthAnnex  = "south-annex"
	// DatasetFacility is registered as ingested from the research-only
	// catalog entry ashrae-gepiii; its data is a synthetic stand-in.
	DatasetFacility = "ds-ashrae-gepiii"
	BigFleet        = "fleet-80"
)

// Spans of the facilities (naive local time).
var (
	northStart = time.Date(2025, 5, 5, 0, 0, 0, 0, time.UTC) // a Monday
	northDays  = 120
	southStart = northStart
	southDays  = 120
	dsStart    = time.Date(2017, 1, 2, 0, 0, 0, 0, time.UTC)
	dsDays     = 28
	bigStart   = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	bigDays    = 365
)

// Fault windows of the default campus, days since the facility start.
var (
	wLeakAHU1      = window{5, 30}
	wSimulAHU2     = window{20, 41}
	wEconAHU1      = window{45, 75}
	wStuckAHU3     = window{55, 95}
	wFilterAHU3    = window{35, 120}
	wBiasAHU2      = window{0, 120}
	wLoggerAHU2    = window{10, 40}
	wUnmetVAV23    = window{30, 60}
	wTowerCT1      = window{40, 120}
	wCondCH1       = window{60, 120}
	wBoilerHWP1    = window{75, 105}
	wShortCycRTU2  = window{30, 65}
	wSouthGap      = window{70, 75}
	wDriftBaseline = window{0, 35} // clean baseline for the drift detectors
	satBiasAHU2    = 2.5
	loggerEquip    = "LOG-1"
	loggerClass    = "DataLogger"
)

// Labels returns the ground truth of the default campus: every injected
// fault with its facility, equipment, rule and window.
func Labels() []Label {
	l := func(fac, eq, rule string, start time.Time, w window, note string) Label {
		return Label{Facility: fac, Equip: eq, Rule: rule,
			Start: stamp(start, w.from), End: stamp(start, w.to), Note: note}
	}
	n, s := northStart, southStart
	bias := l(NorthCampus, "AHU-2", "sensor_drift", n, wBiasAHU2,
		"supply_air_temp reads 2.5 °F high for the whole span; visible against the duct logger LOG-1 (reference window "+
			stamp(n, wLoggerAHU2.from)+" to "+stamp(n, wLoggerAHU2.to)+"); no shape in the trend itself")
	bias.Role = "supply_air_temp"
	return []Label{
		l(NorthCampus, "AHU-1", "leaking_valve", n, wLeakAHU1,
			"chilled-water valve leaks: supply air 5 °F below mixed air + fan heat with the valve shut (economizer hours)"),
		l(NorthCampus, "AHU-2", "simultaneous_heat_cool", n, wSimulAHU2,
			"heating valve forced to about 35 % on occupied weekdays 10:00-17:00 while the cooling valve fights it"),
		l(NorthCampus, "AHU-1", "economizer_high_limit", n, wEconAHU1,
			"OA damper stuck at 70 % whatever the OAT, so excess outdoor air above the 65 °F high limit"),
		l(NorthCampus, "AHU-1", "outdoor_air_fraction", n, wEconAHU1,
			"same stuck damper: excess OA in cooling weather (a consequence of the economizer fault)"),
		l(NorthCampus, "AHU-3", "supply_air_control", n, wStuckAHU3,
			"trended supply_air_temp stuck flat at 64.0 °F (failed sensor) while the setpoint resets 58.5-63 °F"),
		l(NorthCampus, "AHU-3", "filter_fouling", n, wFilterAHU3,
			"filter loads from about 0.55 to 1.9 inWC over 15 days, then keeps rising; judged on fan-on samples (a stopped fan reads about 0)"),
		bias,
		l(NorthCampus, "VAV-2-3", "unmet_setpoint_hours", n, wUnmetVAV23,
			"damper stuck at 40 %: the zone runs 2.5-4.5 °F above its cooling setpoint on occupied afternoons"),
		l(NorthCampus, "VAV-2-3", "airflow_tracking", n, wUnmetVAV23,
			"same stuck damper: airflow about 42 % of maximum whatever the setpoint (a consequence of the unmet-hours fault)"),
		l(NorthCampus, "CT-1", "cooling_tower_approach", n, wTowerCT1,
			"approach rises about 6 °F over 4 days (a cell's fan lost) and stays; tower fan pinned at 100 %"),
		l(NorthCampus, "CT-1", "cooling_tower_approach_drift", n, wTowerCT1,
			"the same approach rise against the clean baseline window "+stamp(n, wDriftBaseline.from)+" to "+stamp(n, wDriftBaseline.to)),
		l(NorthCampus, "CH-1", "chiller_approach_drift", n, wCondCH1,
			"condenser approach climbs linearly from +0 to +4 °F (tube fouling) against the clean baseline window"),
		l(NorthCampus, "HWP-1", "boiler_summer_lockout", n, wBoilerHWP1,
			"boiler left enabled through summer weather (lockout failed)"),
		l(NorthCampus, "HWP-1", "hw_plant_deltat", n, wBoilerHWP1,
			"same summer operation: the loop runs with no load, so its ΔT collapses to about 4 °F"),
		l(SouthAnnex, "RTU-2", "compressor_short_cycle", s, wShortCycRTU2,
			"compressor cycles 4 min on / 4 min off while cooling is called; compressor_status logged at 1 min"),
		l(SouthAnnex, "RTU-2", "compressor_staging", s, wShortCycRTU2,
			"same short cycling seen as stage changes (a consequence of the short-cycling fault)"),
	}
}

// stamp formats start + days as a naive local RFC 3339 timestamp.
func stamp(start time.Time, days float64) string {
	return start.Add(time.Duration(days * 24 * float64(time.Hour))).Format("2006-01-02T15:04:05")
}
