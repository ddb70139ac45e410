package model

import (
	"sort"
	"strings"
)

// Class is an equipment class template: the roles that define the class and
// the roles it may also carry (CAMBER 0.17 model/entities.py, plus Weather).
// CAMBER stores classes as free text, so lookups go through [LookupClass].
type Class struct {
	Name     string
	Required []Role
	Optional []Role
	// Aliases are other spellings seen in BAS exports and CAMBER stores.
	Aliases []string
	// Terminal marks the zone terminal classes swept by fleet rules.
	Terminal bool
	// Shared marks the Weather class: its points are the facility's shared
	// outdoor conditions, merged onto every equipment's run grid.
	Shared bool
}

// Canonical class names.
const (
	ClassAHU               = "AHU"
	ClassVAV               = "VAV"
	ClassCAV               = "CAV"
	ClassFCAV              = "FCAV"
	ClassHotWaterPlant     = "HotWaterPlant"
	ClassChilledWaterPlant = "ChilledWaterPlant"
	ClassChiller           = "Chiller"
	ClassCoolingTower      = "CoolingTower"
	ClassMeter             = "Meter"
	ClassRTU               = "RTU"
	ClassHeatPump          = "HeatPump"
	ClassDOAS              = "DOAS"
	ClassFCU               = "FCU"
	ClassWeather           = "Weather"
)

var terminalRequired = []Role{SpaceTemp, Damper}
var terminalOptional = []Role{HeatValve, Airflow, AirflowSP, CoolSP, HeatSP, Occupancy, CO2}

// classes is the closed template list, in display order.
var classes = []Class{
	{Name: ClassAHU, Required: []Role{SupplyAirTemp, HeatValve, CoolValve},
		Optional: []Role{MixedAirTemp, ReturnAirTemp, OADamper, SupplyAirTempSP, DuctStatic, DuctStaticSP, SupplyFanStatus, SupplyFanSpeed, OAT, Occupancy, EconCmd},
		Aliases:  []string{"air_handler", "air_handling_unit", "airhandler", "ahu_unit", "sdahu"}},
	{Name: ClassVAV, Required: terminalRequired, Optional: terminalOptional, Terminal: true,
		Aliases: []string{"vav_box", "vavbox", "vav_reheat", "vavrh"}},
	{Name: ClassCAV, Required: terminalRequired, Optional: terminalOptional, Terminal: true,
		Aliases: []string{"cav_box"}},
	{Name: ClassFCAV, Required: terminalRequired, Optional: terminalOptional, Terminal: true,
		Aliases: []string{"fan_powered_vav", "fpvav", "fpb"}},
	{Name: ClassHotWaterPlant, Required: []Role{HWSupplyTemp, BoilerStatus},
		Optional: []Role{HWReturnTemp, HWDiffPress, HWPumpSpeed, OAT, EnergyRate},
		Aliases:  []string{"hw_plant", "hwplant", "hot_water_plant", "boiler_plant", "boilerplant", "hws"}},
	{Name: ClassChilledWaterPlant, Required: []Role{CHWSupplyTemp},
		Optional: []Role{CHWReturnTemp, CHWSupplyTempSP, CHWDiffPress, CHWDiffPressSP, CHWPumpSpeed, OAT, EnergyRate},
		Aliases:  []string{"chw_plant", "chwplant", "chilled_water_plant", "chiller_plant", "chillerplant", "chws"}},
	{Name: ClassChiller, Required: []Role{Power, CHWSupplyTemp, CHWReturnTemp, CHWFlow},
		Optional: []Role{CHWSupplyTempSP, OAT, EnergyRate, CondApproachTemp, EvapApproachTemp, SubcoolingTemp},
		Aliases:  []string{"ch", "chlr"}},
	{Name: ClassCoolingTower, Required: []Role{CWSupplyTemp},
		Optional: []Role{CWReturnTemp, WetbulbTemp, OAT, OutdoorRH, TowerFanSpeed, Power},
		Aliases:  []string{"cooling_tower", "tower", "ct"}},
	{Name: ClassMeter, Required: []Role{Power}, Optional: []Role{EnergyRate},
		Aliases: []string{"electric_meter", "elec_meter", "main_meter", "power_meter", "mtr", "elecmeter"}},
	{Name: ClassRTU, Required: []Role{SupplyAirTemp, CompressorStatus},
		Optional: []Role{CompressorStage, CondenserFanStatus, HeatStage, OADamper, EconCmd, OAT, ReturnAirTemp, MixedAirTemp, SupplyFanStatus, SupplyAirTempSP, FilterDiffPress},
		Aliases:  []string{"rooftop", "rooftop_unit", "packaged_unit"}},
	{Name: ClassHeatPump, Required: []Role{SupplyAirTemp, CompressorStatus, ReversingValveCmd},
		Optional: []Role{CompressorStage, CondenserFanStatus, OAT, SpaceTemp, SupplyFanStatus, FilterDiffPress},
		Aliases:  []string{"heat_pump", "hp", "ashp", "wshp"}},
	{Name: ClassDOAS, Required: []Role{SupplyAirTemp, OAAirflow},
		Optional: []Role{SupplyAirHumidity, ReturnAirHumidity, HeatValve, CoolValve, EconCmd, OAT, SupplyFanStatus, FilterDiffPress},
		Aliases:  []string{"dedicated_outdoor_air", "dedicated_outdoor_air_system"}},
	{Name: ClassFCU, Required: []Role{SpaceTemp},
		Optional: []Role{HeatValve, CoolValve, SupplyFanStatus, Airflow, Occupancy, FilterDiffPress},
		Aliases:  []string{"fan_coil", "fan_coil_unit", "fancoil"}},
	{Name: ClassWeather, Required: []Role{OAT}, Optional: []Role{OutdoorRH, WetbulbTemp, OutdoorCO2}, Shared: true,
		Aliases: []string{"weather_station", "weatherstation", "wx", "outdoor", "outdoor_air", "site_weather"}},
}

// classIndex maps a folded spelling to the class position. Built once from
// the constant table above and never written afterwards.
var classIndex = func() map[string]int {
	m := make(map[string]int)
	for i, c := range classes {
		m[foldClass(c.Name)] = i
		for _, a := range c.Aliases {
			m[foldClass(a)] = i
		}
	}
	return m
}()

// foldClass lower-cases s and drops spaces, '_', '-' and '.', so "Weather
// Station", "weather_station" and "WEATHERSTATION" are one key.
func foldClass(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case ' ', '_', '-', '.':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Classes returns every class template in display order. The slices inside
// are shared; callers must not modify them.
func Classes() []Class { return append([]Class(nil), classes...) }

// LookupClass finds the class a free-text class label names, matching
// case-insensitively and through common aliases ("ahu", "WeatherStation",
// "WEATHER"). An empty or unrecognised label gives ok == false.
func LookupClass(label string) (Class, bool) {
	i, ok := classIndex[foldClass(label)]
	if !ok {
		return Class{}, false
	}
	return classes[i], true
}

// CanonicalClass returns the canonical class name for label, or "" when the
// label names no known class.
func CanonicalClass(label string) string {
	c, ok := LookupClass(label)
	if !ok {
		return ""
	}
	return c.Name
}

// Expects reports whether role r is one of c's required or optional roles.
func (c Class) Expects(r Role) bool {
	for _, x := range c.Required {
		if x == r {
			return true
		}
	}
	for _, x := range c.Optional {
		if x == r {
			return true
		}
	}
	return false
}

// Completeness is how well a set of stored roles fills a class template.
type Completeness struct {
	Class           string
	MissingRequired []Role
	MissingOptional []Role
	Unexpected      []Role
	Score           float64 // |present ∩ expected| / |expected|
}

// CompletenessOf reports which of c's roles are missing from present and
// which present roles the template does not list.
func (c Class) CompletenessOf(present []Role) Completeness {
	have := make(map[Role]bool, len(present))
	for _, r := range present {
		have[r] = true
	}
	out := Completeness{Class: c.Name}
	n := 0
	for _, r := range c.Required {
		if have[r] {
			n++
		} else {
			out.MissingRequired = append(out.MissingRequired, r)
		}
	}
	for _, r := range c.Optional {
		if have[r] {
			n++
		} else {
			out.MissingOptional = append(out.MissingOptional, r)
		}
	}
	for _, r := range present {
		if !c.Expects(r) {
			out.Unexpected = append(out.Unexpected, r)
		}
	}
	sort.Slice(out.Unexpected, func(i, j int) bool { return out.Unexpected[i] < out.Unexpected[j] })
	if total := len(c.Required) + len(c.Optional); total > 0 {
		out.Score = float64(n) / float64(total)
	}
	return out
}
