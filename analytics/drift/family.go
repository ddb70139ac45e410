package drift

import (
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// Family names. A finding id is <family>@<equip>.
const (
	ChillerApproach     = "chiller:approach_drift"
	ChillerSubcooling   = "chiller:subcooling_drift"
	ChillerSuperheat    = "chiller:superheat_drift"
	ChillerCWRange      = "chiller:cw_range_drift"
	TowerApproach       = "tower:approach_drift"
	ChillerHeadPressure = "chiller:head_pressure_drift"
	AHUCoilValve        = "ahu:coil_valve_drift"
	SensorBias          = "sensor:bias_drift"
)

// Sides of a detector.
const (
	// Up scores only a rise of the signed drift.
	Up = "up"
	// Both scores |drift| and reports the direction.
	Both = "both"
	// Down names a fall of a two-sided signal.
	Down = "down"
)

// Load names the quantity a family's baseline is normalised by.
const (
	// LoadTons is chilled-water load, tons = chw_flow × (CHWR − CHWS)/24.
	LoadTons = "tons"
	// LoadCoil is the cooling coil's air-side load proxy: mixed minus
	// supply air temperature (°F), times the fan speed fraction when
	// mapped; outdoor air temperature when mixed air is not mapped.
	LoadCoil = "coil_delta_f"
	// LoadReference is the reference sensor's own reading (°F).
	LoadReference = "reference"
)

// Threshold is one severity floor: both the magnitude (in the family's
// unit) and the multiple of the baseline σ must be cleared.
type Threshold struct {
	Abs   float64 `json:"abs"`
	Sigma float64 `json:"sigma"`
}

// Signal is one monitored metric of a family.
type Signal struct {
	// Kind names the signal and keys a frozen baseline ("approach_cond").
	Kind string `json:"kind"`
	// Metric says what is measured: a role, or a derived difference.
	Metric string `json:"metric"`
	// Required marks the signal the family cannot run without; an
	// optional signal is evaluated when its role is mapped.
	Required bool `json:"required"`
	// Cause names the likely causes of a rise and, for two-sided
	// families, of a fall.
	CauseUp   string `json:"cause_up"`
	CauseDown string `json:"cause_down,omitempty"`
}

// Family is one drift detector: the equipment it judges, the roles it
// reads, its signals, sides, thresholds and guards.
type Family struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Classes []string `json:"classes"`
	// Required roles must be mapped on the equipment (or, for a chiller's
	// condenser water temperatures, on the tower serving it).
	Required []model.Role `json:"required"`
	Optional []model.Role `json:"optional"`
	Signals  []Signal     `json:"signals"`
	Sides    string       `json:"sides"`
	Unit     string       `json:"unit"`
	Load     string       `json:"load"`
	Warn     Threshold    `json:"warn"`
	Fault    Threshold    `json:"fault"`
	// Plausible bounds the metric; samples outside are dropped.
	Plausible [2]float64 `json:"plausible"`
	// MinLoad and MaxLoad bound a sample's load and MinSpan is the load
	// span a baseline fit needs, in the load's unit.
	MinLoad float64 `json:"min_load"`
	MaxLoad float64 `json:"max_load"`
	MinSpan float64 `json:"min_span"`
	// RunWith is "drift": these are detectors the drift capability runs,
	// not rules rule_run runs.
	RunWith string `json:"run_with"`
	// Aliases are other names accepted for the family: the CAMBER rule
	// names and baseline kinds.
	Aliases []string `json:"aliases"`
	Caveat  string   `json:"caveat,omitempty"`
}

// maxTons bounds a plausible chilled-water load sample (a plant's summed
// tons included).
const maxTons = 20000

var chwLoad = []model.Role{model.CHWFlow, model.CHWSupplyTemp, model.CHWReturnTemp}

func withLoad(rs ...model.Role) []model.Role { return append(slices.Clone(chwLoad), rs...) }

// families is the closed detector table (domain §6 plus the AHU coil
// valve and sensor bias families). Read-only.
var families = []Family{
	{Name: ChillerApproach, Title: "Chiller refrigerant approach drift at equal load",
		Classes: []string{model.ClassChiller}, Required: withLoad(model.CondApproachTemp), Optional: []model.Role{model.EvapApproachTemp},
		Signals: []Signal{
			{Kind: "approach_cond", Metric: string(model.CondApproachTemp), Required: true, CauseUp: "condenser tube fouling or scale"},
			{Kind: "approach_evap", Metric: string(model.EvapApproachTemp), CauseUp: "evaporator tube fouling or low refrigerant charge"},
		},
		Sides: Up, Unit: "degF", Load: LoadTons, Warn: Threshold{1, 2}, Fault: Threshold{2, 3},
		Plausible: [2]float64{0, 50}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"chiller_approach_drift", "chiller_approach_drift_sustained", "approach"}},
	{Name: ChillerSubcooling, Title: "Chiller liquid subcooling drift at equal load",
		Classes: []string{model.ClassChiller}, Required: withLoad(model.SubcoolingTemp),
		Signals: []Signal{{Kind: "subcooling", Metric: string(model.SubcoolingTemp), Required: true,
			CauseUp: "refrigerant overcharge or a liquid-line restriction", CauseDown: "refrigerant undercharge (a leak) or non-condensables"}},
		Sides: Both, Unit: "degF", Load: LoadTons, Warn: Threshold{1, 3}, Fault: Threshold{2, 6},
		Plausible: [2]float64{0, 50}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"chiller_subcooling_drift", "subcooling"}},
	{Name: ChillerSuperheat, Title: "Chiller suction superheat drift at equal load",
		Classes: []string{model.ClassChiller}, Required: withLoad(model.SuperheatTemp),
		Signals: []Signal{{Kind: "superheat", Metric: string(model.SuperheatTemp), Required: true,
			CauseUp: "evaporator starvation (low charge, expansion valve underfeeding)", CauseDown: "evaporator overfeed (expansion valve flooding)"}},
		Sides: Both, Unit: "degF", Load: LoadTons, Warn: Threshold{2, 3}, Fault: Threshold{4, 6},
		Plausible: [2]float64{0, 50}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"chiller_superheat_drift", "superheat"}},
	{Name: ChillerCWRange, Title: "Condenser water range drift at equal load",
		Classes: []string{model.ClassChiller}, Required: withLoad(model.CWSupplyTemp, model.CWReturnTemp),
		Signals: []Signal{{Kind: "cw_range", Metric: "cw_return_temp − cw_supply_temp", Required: true,
			CauseUp: "reduced condenser water flow", CauseDown: "condenser water bypass or raised condenser flow"}},
		Sides: Both, Unit: "degF", Load: LoadTons, Warn: Threshold{1, 2.5}, Fault: Threshold{2, 5},
		Plausible: [2]float64{0.5, 40}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"chiller_cw_range_drift", "cw_range"},
		Caveat:  "condenser water temperatures come from the chiller, else from the one tower serving it"},
	{Name: TowerApproach, Title: "Cooling tower approach drift at equal load",
		Classes: []string{model.ClassCoolingTower}, Required: []model.Role{model.CWSupplyTemp},
		Optional: []model.Role{model.WetbulbTemp, model.OAT, model.OutdoorRH, model.CWReturnTemp, model.TowerFanSpeed},
		Signals: []Signal{{Kind: "tower_approach", Metric: "cw_supply_temp − wet-bulb", Required: true,
			CauseUp: "tower fill, nozzle or airflow problem (fan, belts, louvres)"}},
		Sides: Up, Unit: "degF", Load: LoadTons, Warn: Threshold{1.5, 2.5}, Fault: Threshold{3, 4},
		Plausible: [2]float64{-2, 40}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"cooling_tower_approach_drift", "tower_approach", "tower"},
		Caveat:  "wet-bulb is the wetbulb_temp point, else Stull's formula from OAT and RH; load is the tower's own chilled-water load, else the chillers' summed tons"},
	{Name: ChillerHeadPressure, Title: "Chiller head (discharge) pressure drift at equal load",
		Classes: []string{model.ClassChiller}, Required: withLoad(model.DischargePressure),
		Optional: []model.Role{model.CWSupplyTemp, model.SuctionPressure},
		Signals: []Signal{{Kind: "head_pressure", Metric: string(model.DischargePressure), Required: true,
			CauseUp: "condenser fouling, non-condensables or low condenser water flow"}},
		Sides: Up, Unit: "psi", Load: LoadTons, Warn: Threshold{2, 2.5}, Fault: Threshold{4, 4},
		Plausible: [2]float64{-15, 700}, MinLoad: 5, MaxLoad: maxTons, MinSpan: 10,
		Aliases: []string{"chiller_head_pressure_drift", "head_pressure"},
		Caveat:  "a condenser water supply rise of 2 °F or more confounds the head pressure; the lift shift is reported when suction pressure is mapped"},
	{Name: AHUCoilValve, Title: "AHU cooling valve drift at equal coil load",
		Classes: []string{model.ClassAHU, model.ClassDOAS}, Required: []model.Role{model.CoolValve, model.SupplyAirTemp},
		Optional: []model.Role{model.MixedAirTemp, model.OAT, model.SupplyFanSpeed, model.SupplyFanStatus},
		Signals: []Signal{{Kind: "coil_valve", Metric: string(model.CoolValve), Required: true,
			CauseUp: "cooling coil fouling, low chilled-water flow or temperature, or a valve or actuator fault"}},
		Sides: Up, Unit: "%", Load: LoadCoil, Warn: Threshold{10, 2}, Fault: Threshold{20, 3},
		Plausible: [2]float64{1, 100}, MinLoad: 1, MaxLoad: 80, MinSpan: 3,
		Aliases: []string{"ahu_coil_valve_drift", "coil_valve"},
		Caveat:  "load is mixed minus supply air temperature (× fan speed when mapped), else outdoor air temperature; samples with the valve under 1 % are coil-off and skipped"},
	{Name: SensorBias, Title: "Sensor bias drift against a reference",
		Classes: nil, Required: nil,
		Signals: []Signal{{Kind: "sensor_bias", Metric: "point − reference", Required: true,
			CauseUp: "sensor calibration drift: the point reads high", CauseDown: "sensor calibration drift: the point reads low"}},
		Sides: Both, Unit: "degF", Load: LoadReference, Warn: Threshold{1, 3}, Fault: Threshold{2, 5},
		Plausible: [2]float64{-20, 20}, MinLoad: -100, MaxLoad: 300, MinSpan: 5,
		Aliases: []string{"sensor_drift", "sensor_bias"},
		Caveat:  "pairs are the configured references, plus an AHU's supply against mixed air with both coils off and the fan on; a reference spanning under 5 °F fits a constant bias"},
}

// Families returns the drift detector table in display order. The slices
// inside are copies.
func Families() []Family {
	out := make([]Family, len(families))
	for i, f := range families {
		f.Classes = slices.Clone(f.Classes)
		f.Required = slices.Clone(f.Required)
		f.Optional = slices.Clone(f.Optional)
		f.Signals = slices.Clone(f.Signals)
		f.Aliases = slices.Clone(f.Aliases)
		f.RunWith = "drift"
		out[i] = f
	}
	return out
}

// Names lists every name a family may be selected by: the family names
// and their aliases.
func Names() []string {
	var out []string
	for _, f := range families {
		out = append(out, f.Name)
		out = append(out, f.Aliases...)
	}
	return out
}

// Lookup finds a family by name or alias, case-insensitively.
func Lookup(name string) (Family, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, f := range Families() {
		if f.Name == n || slices.Contains(f.Aliases, n) {
			return f, true
		}
	}
	return Family{}, false
}

// appliesTo reports whether the family judges equipment of the canonical
// class c. The sensor family judges any equipment with a pair.
func (f *Family) appliesTo(c string) bool {
	return f.Classes == nil || slices.Contains(f.Classes, c)
}
