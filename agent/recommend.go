package agent

// Recommendation is what to do about a rule's finding: a short title, the
// action and the standard or guide it rests on.
type Recommendation struct {
	Rule   string
	Title  string
	Action string
	Basis  string
}

// Text renders the recommendation as a fact's text: "Title. Action.
// Basis: standard."
func (r Recommendation) Text() string {
	return r.Title + ". " + r.Action + " Basis: " + r.Basis + "."
}

// Recommend returns the recommendation for a rule, if the table has one.
func Recommend(rule string) (Recommendation, bool) {
	for _, r := range recommendations {
		if r.Rule == rule {
			return r, true
		}
	}
	return Recommendation{}, false
}

// Recommendations returns the whole table, in rule order of domain §3.2.
func Recommendations() []Recommendation {
	return append([]Recommendation(nil), recommendations...)
}

// recommendations is the deterministic table: one entry per built-in rule
// (domain §3.2), plus the G36 fault-condition engine and the 62.1
// ventilation rule. Actions name no threshold, since a run's parameters may
// differ from the defaults; the finding states the figures.
var recommendations = []Recommendation{
	{"simultaneous_heat_cool", "Lock out simultaneous heating and cooling",
		"Interlock the heating and cooling valves in the air handler sequence so one is proven closed before the other opens, and check that both valves seat fully.",
		"PNNL Re-tuning Ch.5"},
	{"supply_air_reset", "Reset the supply air temperature upward",
		"Enable a supply air temperature reset on zone demand (trim and respond) or outdoor air, so the air handler stops holding a cold setpoint in mild weather.",
		"ASHRAE Guideline 36 §5.16.2; PNNL Re-tuning Ch.5"},
	{"reheat_penalty", "Cut reheat in cooling weather",
		"Raise the air handler's supply air temperature reset and review zone minimum airflows, so terminal units stop reheating air the air handler has just cooled.",
		"PNNL Re-tuning Ch.7"},
	{"overcooling_min_flow", "Lower zone minimum airflow",
		"Review the terminal unit minimum airflow setpoints (the G36 dual-maximum logic) and the supply air reset, so zones at minimum flow stop overcooling.",
		"PNNL Re-tuning Ch.7; ASHRAE Guideline 36 §5.6"},
	{"overcooling_severity", "Correct zone overcooling",
		"Check the zone cooling setpoint, the sensor location and the terminal unit minimum flow; raise the cooling setpoint or widen the deadband where occupants allow.",
		"ASHRAE Standard 55"},
	{"reheat_minimization_g36", "Reheat only at minimum airflow",
		"Sequence the terminal unit so reheat starts only after airflow has dropped to its heating minimum, and check the airflow sensor calibration.",
		"ASHRAE Guideline 36 §5.6.5"},
	{"boiler_summer_lockout", "Lock out the boiler in warm weather",
		"Add an outdoor air lockout to the boiler enable and reset the hot water supply temperature on outdoor air.",
		"PNNL Re-tuning Ch.8"},
	{"boiler_short_cycle", "Stop boiler short cycling",
		"Widen the firing differential or add minimum on and off times, and check whether the boiler is oversized for the load.",
		"PNNL Re-tuning Ch.8"},
	{"hw_plant_deltat", "Restore the hot water loop temperature difference",
		"Look for three-way valves, open bypasses and over-pumping, and reset the hot water supply temperature and pump pressure.",
		"PNNL Re-tuning Ch.8"},
	{"hw_pump_dp_reset", "Reset hot water pump pressure",
		"Reset the hot water differential pressure setpoint on valve demand (trim and respond), so the pump stops running near full speed.",
		"PNNL Re-tuning Ch.8"},
	{"night_weekend_setback", "Turn the fan off when the building is empty",
		"Correct the occupancy schedule and holiday calendar, and find the overrides or zone requests that keep the fan running at night and on weekends.",
		"PNNL Re-tuning Ch.5"},
	{"outdoor_air_fraction", "Correct the outdoor air fraction",
		"Verify the minimum outdoor air damper position and the economizer high limit, and recalibrate the mixed and return air sensors.",
		"PNNL Re-tuning Ch.5; ASHRAE Standard 62.1"},
	{"chw_plant_reset", "Reset chilled water supply temperature",
		"Reset the chilled water supply temperature on cooling demand, and look for low temperature difference causes such as three-way valves, bypasses and fouled coils.",
		"PNNL Re-tuning Ch.8"},
	{"chw_pump_dp_reset", "Reset chilled water pump pressure",
		"Reset the chilled water differential pressure setpoint on valve demand, so the pump stops riding its curve.",
		"PNNL Re-tuning Ch.8"},
	{"chiller_efficiency", "Restore chiller efficiency",
		"Check condenser and evaporator approach, refrigerant charge and condenser water temperature against the design kW/ton, and schedule a tube cleaning if the approach is high.",
		"PNNL Re-tuning Ch.8"},
	{"chiller_staging", "Stabilise chiller staging",
		"Add stage-up and stage-down delays and minimum run times, and stage on load rather than on supply temperature alone.",
		"PNNL Re-tuning Ch.8"},
	{"cooling_tower_approach", "Restore cooling tower approach",
		"Inspect the fill, nozzles and fans, clean the basin and strainers, and verify the wet-bulb and condenser water sensors.",
		"CTI; ASHRAE Handbook"},
	{"condenser_water_reset", "Reset condenser water on wet-bulb",
		"Reset the condenser water supply setpoint on outdoor wet-bulb, within the chiller's lowest allowed entering condenser temperature.",
		"ASHRAE Standard 90.1"},
	{"co2_ventilation", "Correct zone ventilation",
		"Compare zone CO2 with the design ventilation rate: raise outdoor air where CO2 runs high and trim it where the zone is over-ventilated.",
		"ASHRAE Standard 62.1"},
	{"dcv_verification", "Make demand-controlled ventilation modulate",
		"Verify the CO2 sensors and the demand-controlled ventilation sequence, so outdoor air tracks occupancy between its minimum and design rates.",
		"ASHRAE Standard 62.1; ASHRAE Guideline 36"},
	{"leaking_valve", "Repair the leaking coil valve",
		"Inspect the valve and actuator for seat leakage or a stroke that does not close fully, and recalibrate or replace them.",
		"PNNL Re-tuning Ch.5 and Ch.7"},
	{"damper_census", "Reset duct static pressure",
		"Reset the duct static pressure setpoint on terminal damper positions (trim and respond) and fix the boxes pinned open.",
		"PNNL Re-tuning Ch.5 and Ch.7; ASHRAE Guideline 36"},
	{"zones_heat_cool_census", "Stop zones fighting each other",
		"Align zone setpoints and deadbands and check the supply air reset, so some zones do not reheat while others cool.",
		"PNNL Re-tuning Ch.5 and Ch.7"},
	{"control_hunting", "Retune the hunting loop",
		"Retune the loop's PID gains, add a deadband or rate limit, and check the actuator for stiction.",
		"ASHRAE Guideline 36 tuning; PNNL Re-tuning"},
	{"unmet_setpoint_hours", "Fix the zone's unmet comfort hours",
		"Check the zone setpoints, the sensor calibration and the terminal unit capacity of the zones outside their comfort band.",
		"ASHRAE Guideline 36; ASHRAE Standard 55"},
	{"supply_air_control", "Restore supply air temperature control",
		"Retune the supply air temperature loop and check the coil valves and sensors, so the air handler tracks its setpoint.",
		"ASHRAE Guideline 36 §5.16"},
	{"airflow_tracking", "Restore terminal airflow control",
		"Calibrate the terminal unit airflow sensor, check the damper actuator and retune the airflow loop.",
		"ASHRAE Guideline 36 §5.6"},
	{"economizer_high_limit", "Enforce the economizer high limit",
		"Check the economizer high-limit setpoint and the outdoor air sensor; the damper must return to minimum when outdoor air is too warm to cool with.",
		"ASHRAE Guideline 36 §5.1.7; ASHRAE Standard 62.1; Title 24"},
	{"static_pressure_reset", "Enable duct static pressure reset",
		"Add a trim-and-respond reset of the duct static pressure setpoint on zone damper requests.",
		"ASHRAE Guideline 36"},
	{"free_cooling_missed", "Use free cooling",
		"Enable the economizer and hold off mechanical cooling while outdoor air can meet the load, and check the economizer enable logic.",
		"Economizer practice"},
	{"compressor_short_cycle", "Stop compressor short cycling",
		"Add minimum on and off timers, check the refrigerant charge and the thermostat differential, and check for oversizing.",
		"FDD practice for DX equipment"},
	{"compressor_staging", "Stabilise compressor staging",
		"Add staging delays and retune the supply air or suction pressure loop that stages the compressors.",
		"FDD practice for DX equipment"},
	{"heatpump_defrost", "Cut excess defrost cycles",
		"Check the defrost control (demand defrost and its sensors) and the outdoor coil for airflow or charge problems.",
		"FDD practice for DX equipment"},
	{"filter_fouling", "Change the filter",
		"Replace the filter bank and check the differential pressure sensor.",
		"MERV-13 filter practice"},
	{"chiller_approach_fouling", "Clean the chiller tubes",
		"Schedule condenser or evaporator tube cleaning and review the water treatment.",
		"Engineering practice"},
	{"chiller_staging_fleet", "Run fewer chillers",
		"Stage the chillers on plant load, so no more run than the load needs.",
		"PNNL Re-tuning Ch.8"},
	{"cohort_airflow", "Check the outlier terminal unit",
		"Compare the unit with its peers: check its airflow sensor, damper and setpoints.",
		"Statistical peer comparison"},
	{"cohort_space_temp", "Check the outlier zone",
		"Compare the zone with its peers: check its sensor, setpoints and terminal unit.",
		"Statistical peer comparison"},
	{"g36_ahu_fault_conditions", "Work through the G36 fault conditions",
		"Start with the fault condition flagged most often, and check the sensors it compares before changing the sequence.",
		"ASHRAE Guideline 36 §5.16.14"},
	{"ventilation_rate_62_1", "Set zone outdoor airflow to the required rate",
		"Adjust the zone's minimum outdoor airflow to the rate its area and population require, and verify the airflow measurement.",
		"ASHRAE Standard 62.1"},
}

// rootCauseChain is the order in which the air-side rules cause one
// another on one equipment, upstream first (domain §3.5). CAMBER's chain
// named "reheat_minimization", which is no rule, so that link never joined
// a group; here it is the rule's name.
var rootCauseChain = []string{
	"supply_air_reset", "overcooling_min_flow", "reheat_minimization_g36", "reheat_penalty", "simultaneous_heat_cool",
}
