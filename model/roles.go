package model

import "sort"

// Role is a vendor-neutral point role: the stable slug CAMBER stores in the
// role column of a part file (heat_valve, supply_air_temp, ...).
type Role string

// The 58 CAMBER role slugs, grouped as in CAMBER 0.17's model/roles.py.
const (
	// Air-side temperatures (°F).
	OAT           Role = "oat"
	SupplyAirTemp Role = "supply_air_temp"
	MixedAirTemp  Role = "mixed_air_temp"
	ReturnAirTemp Role = "return_air_temp"
	SpaceTemp     Role = "space_temp"

	// Setpoints.
	CoolSP          Role = "cool_sp"
	HeatSP          Role = "heat_sp"
	SupplyAirTempSP Role = "supply_air_temp_sp"
	DuctStaticSP    Role = "duct_static_sp"
	AirflowSP       Role = "airflow_sp"

	// Valves and dampers (% open, 0–100).
	HeatValve Role = "heat_valve"
	CoolValve Role = "cool_valve"
	OADamper  Role = "oa_damper"
	Damper    Role = "damper"

	// Flows and pressures.
	Airflow    Role = "airflow"
	OAAirflow  Role = "oa_airflow"
	DuctStatic Role = "duct_static"

	// Status and mode.
	Occupancy       Role = "occupancy"
	Warmup          Role = "warmup"
	Cooldown        Role = "cooldown"
	EconCmd         Role = "econ_cmd"
	BoilerStatus    Role = "boiler_status"
	SupplyFanStatus Role = "supply_fan_status"
	SupplyFanSpeed  Role = "supply_fan_speed"

	// Hot-water plant.
	HWSupplyTemp Role = "hw_supply_temp"
	HWReturnTemp Role = "hw_return_temp"
	HWDiffPress  Role = "hw_diff_press"
	HWPumpSpeed  Role = "hw_pump_speed"

	// Chilled-water plant.
	CHWSupplyTemp   Role = "chw_supply_temp"
	CHWReturnTemp   Role = "chw_return_temp"
	CHWSupplyTempSP Role = "chw_supply_temp_sp"
	CHWDiffPress    Role = "chw_diff_press"
	CHWDiffPressSP  Role = "chw_diff_press_sp"
	CHWPumpSpeed    Role = "chw_pump_speed"
	CHWFlow         Role = "chw_flow"

	// Condenser water and cooling tower.
	CWSupplyTemp  Role = "cw_supply_temp" // leaving the tower
	CWReturnTemp  Role = "cw_return_temp" // entering the tower
	TowerFanSpeed Role = "tower_fan_speed"

	// Ambient.
	WetbulbTemp Role = "wetbulb_temp"
	OutdoorRH   Role = "outdoor_rh"

	// Air quality (ppm).
	CO2        Role = "co2"
	OutdoorCO2 Role = "outdoor_co2"

	// Packaged / DX.
	CompressorStatus   Role = "compressor_status"
	CompressorStage    Role = "compressor_stage"
	CondenserFanStatus Role = "condenser_fan_status"
	HeatStage          Role = "heat_stage"
	ReversingValveCmd  Role = "reversing_valve_cmd" // 1 = heating

	// Humidity and filtration.
	FilterDiffPress   Role = "filter_diff_press"
	SupplyAirHumidity Role = "supply_air_humidity"
	ReturnAirHumidity Role = "return_air_humidity"

	// Refrigerant side.
	CondApproachTemp  Role = "cond_approach_temp"
	EvapApproachTemp  Role = "evap_approach_temp"
	SubcoolingTemp    Role = "subcooling_temp"
	SuperheatTemp     Role = "superheat_temp"
	DischargePressure Role = "discharge_pressure"
	SuctionPressure   Role = "suction_pressure"

	// Energy.
	Power      Role = "power"       // kW
	EnergyRate Role = "energy_rate" // BTU meter, kBtu/h
)

// roleInfo is what the vocabulary knows about one role.
type roleInfo struct {
	unit    string
	status  bool // 0/1 step series: resampled with max, then forward-filled
	percent bool // 0–1 traces are rescaled to 0–100
	analog  bool // a physical sensor that should not sit flat (stuck check)
	delta   bool // a temperature difference (converts from °C by ×1.8 only)
}

// roles is the closed vocabulary. Read-only after package initialisation.
var roles = map[Role]roleInfo{
	OAT:                {unit: "degF", analog: true},
	SupplyAirTemp:      {unit: "degF", analog: true},
	MixedAirTemp:       {unit: "degF", analog: true},
	ReturnAirTemp:      {unit: "degF", analog: true},
	SpaceTemp:          {unit: "degF", analog: true},
	CoolSP:             {unit: "degF"},
	HeatSP:             {unit: "degF"},
	SupplyAirTempSP:    {unit: "degF"},
	DuctStaticSP:       {unit: "inWC"},
	AirflowSP:          {unit: "cfm"},
	HeatValve:          {unit: "%", percent: true},
	CoolValve:          {unit: "%", percent: true},
	OADamper:           {unit: "%", percent: true},
	Damper:             {unit: "%", percent: true},
	Airflow:            {unit: "cfm", analog: true},
	OAAirflow:          {unit: "cfm"},
	DuctStatic:         {unit: "inWC", analog: true},
	Occupancy:          {unit: "0/1", status: true},
	Warmup:             {unit: "0/1", status: true},
	Cooldown:           {unit: "0/1", status: true},
	EconCmd:            {unit: "0/1", status: true},
	BoilerStatus:       {unit: "0/1", status: true},
	SupplyFanStatus:    {unit: "0/1", status: true},
	SupplyFanSpeed:     {unit: "%", percent: true},
	HWSupplyTemp:       {unit: "degF", analog: true},
	HWReturnTemp:       {unit: "degF", analog: true},
	HWDiffPress:        {unit: "psi"},
	HWPumpSpeed:        {unit: "%"},
	CHWSupplyTemp:      {unit: "degF", analog: true},
	CHWReturnTemp:      {unit: "degF", analog: true},
	CHWSupplyTempSP:    {unit: "degF"},
	CHWDiffPress:       {unit: "psi"},
	CHWDiffPressSP:     {unit: "psi"},
	CHWPumpSpeed:       {unit: "%", percent: true},
	CHWFlow:            {unit: "gpm", analog: true},
	CWSupplyTemp:       {unit: "degF", analog: true},
	CWReturnTemp:       {unit: "degF", analog: true},
	TowerFanSpeed:      {unit: "%"},
	WetbulbTemp:        {unit: "degF", analog: true},
	OutdoorRH:          {unit: "%RH", analog: true},
	CO2:                {unit: "ppm"},
	OutdoorCO2:         {unit: "ppm"},
	CompressorStatus:   {unit: "0/1", status: true},
	CompressorStage:    {unit: "stage"},
	CondenserFanStatus: {unit: "0/1", status: true},
	HeatStage:          {unit: "stage"},
	ReversingValveCmd:  {unit: "0/1", status: true},
	FilterDiffPress:    {unit: "inWC"},
	SupplyAirHumidity:  {unit: "%RH"},
	ReturnAirHumidity:  {unit: "%RH"},
	CondApproachTemp:   {unit: "degF", delta: true},
	EvapApproachTemp:   {unit: "degF", delta: true},
	SubcoolingTemp:     {unit: "degF", delta: true},
	SuperheatTemp:      {unit: "degF", delta: true},
	DischargePressure:  {unit: "psig"},
	SuctionPressure:    {unit: "psig"},
	Power:              {unit: "kW", analog: true},
	EnergyRate:         {unit: "kBtu/h"},
}

// Roles returns every role slug, sorted.
func Roles() []Role {
	out := make([]Role, 0, len(roles))
	for r := range roles {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// ParseRole returns the role named by slug s (exact, lower-case slug).
func ParseRole(s string) (Role, bool) {
	r := Role(s)
	_, ok := roles[r]
	return r, ok
}

// Valid reports whether r is one of the 58 slugs.
func (r Role) Valid() bool { _, ok := roles[r]; return ok }

// IsStatus reports whether r is a 0/1 status role (resampled with max, then
// forward-filled; text states such as On/Off map to 1/0 at ingest).
func (r Role) IsStatus() bool { return roles[r].status }

// IsPercent reports whether r is a percent role whose 0–1 traces are rescaled
// to 0–100. hw_pump_speed and tower_fan_speed are not, as in CAMBER.
func (r Role) IsPercent() bool { return roles[r].percent }

// IsAnalog reports whether r is a physical analog sensor that the trust score
// penalises for sitting flat (the "stuck" check). Setpoints, commands, valves
// and statuses may legitimately be flat.
func (r Role) IsAnalog() bool { return roles[r].analog }

// Unit returns the unit implied for r: degF, %, inWC, cfm, gpm, psi, psig,
// ppm, %RH, kW, kBtu/h, 0/1 or stage. Unknown roles give "".
func (r Role) Unit() string { return roles[r].unit }

// IsTemperature reports whether r is a temperature (or temperature
// difference) in °F, so a °C source column converts at ingest.
func (r Role) IsTemperature() bool { return roles[r].unit == "degF" }

// IsTempDifference reports whether r is a temperature difference in °F
// (approach, subcooling, superheat): a °C source converts by ×1.8 with no
// offset.
func (r Role) IsTempDifference() bool { return roles[r].delta }
