package cost

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// Energy conversions.
const (
	KBtuPerKWh   = 3.412
	KBtuPerTherm = 100.0
)

// Site holds one equipment's (or the facility's) design inputs; nil means
// unknown.
type Site struct {
	HeatingCapacityKBtuh *float64 `json:"heating_capacity_kbtuh,omitempty"`
	CoolingTons          *float64 `json:"cooling_tons,omitempty"`
	ChillerKWPerTon      *float64 `json:"chiller_kw_per_ton,omitempty"`
	PumpKW               *float64 `json:"pump_kw,omitempty"`
	FanKW                *float64 `json:"fan_kw,omitempty"`
}

// Assumptions are the prices, constants and site inputs of the models.
// Start from [DefaultAssumptions] and override.
type Assumptions struct {
	PriceKWh   float64 `json:"price_per_kwh"`
	PriceTherm float64 `json:"price_per_therm"`

	ReheatDiversity       float64 `json:"reheat_diversity"`
	CoolingCOP            float64 `json:"cooling_cop"`
	BoilerEfficiency      float64 `json:"boiler_efficiency"`
	ChillerTargetKWPerTon float64 `json:"chiller_target_kw_per_ton"`
	ChillerLoadFactor     float64 `json:"chiller_load_factor"`
	TowerPenaltyPerF      float64 `json:"tower_penalty_per_f"`
	FanExcess             float64 `json:"fan_excess"`
	PumpExcess            float64 `json:"pump_excess"`
	BoilerLossPerStart    float64 `json:"boiler_loss_per_start"`
	BoilerLossCap         float64 `json:"boiler_loss_cap"`
	AnnualHours           float64 `json:"annual_hours"`

	// Facility holds facility-wide site inputs; Equipment per-equipment
	// ones, which win.
	Facility  Site            `json:"facility"`
	Equipment map[string]Site `json:"equipment,omitempty"`
}

// DefaultAssumptions are CAMBER's placeholders (domain §8).
func DefaultAssumptions() Assumptions {
	return Assumptions{
		PriceKWh: 0.15, PriceTherm: 1.20,
		ReheatDiversity: 0.30, CoolingCOP: 3.5, BoilerEfficiency: 0.80,
		ChillerTargetKWPerTon: 0.65, ChillerLoadFactor: 0.60, TowerPenaltyPerF: 0.015,
		FanExcess: 0.15, PumpExcess: 0.15, BoilerLossPerStart: 0.005, BoilerLossCap: 0.10,
		AnnualHours: 8760,
	}
}

// Input is what a model reads from a finding.
type Input struct {
	Rule     string
	Equip    string
	Severity fdd.Severity
	Declined bool
	Metrics  map[string]any
	Params   map[string]any
	// Share is flagged ÷ judged samples (nil when the rule judged none).
	Share *float64
	// FlaggedHours, JudgedHours and WindowHours size the finding's samples.
	FlaggedHours, JudgedHours, WindowHours float64
}

// FromFinding reads a cost input from a rule-run finding.
func FromFinding(f fdd.Finding) Input {
	in := Input{Rule: f.Rule, Equip: f.Equip, Severity: f.Severity, Declined: f.Declined(), Metrics: f.Metrics,
		Share: f.Share, FlaggedHours: f.FlaggedHours, JudgedHours: f.JudgedHours, WindowHours: f.WindowHours,
		Params: map[string]any{}}
	for _, p := range f.Params {
		in.Params[p.Name] = p.Value
	}
	return in
}

// Result is a finding's annual cost, or why it has none.
type Result struct {
	AnnualUSD *float64 `json:"annual_usd"`
	KWh       *float64 `json:"kwh"`
	Therms    *float64 `json:"therms"`
	// Basis states the model and the numbers it used.
	Basis string `json:"basis,omitempty"`
	// Uncosted says why there is no figure ("" when there is one).
	Uncosted string `json:"uncosted,omitempty"`
}

// Costed reports whether the result has a dollar figure.
func (e Result) Costed() bool { return e.AnnualUSD != nil }

func uncosted(why string) Result { return Result{Uncosted: why} }

// Estimate costs one finding. Only actionable findings (warn, fault) are
// costed; anything else, and any model whose inputs are missing, is
// uncosted with the reason.
func Estimate(in Input, a Assumptions) Result {
	switch {
	case in.Declined:
		return uncosted("declined check: not judged")
	case in.Severity != fdd.Warn && in.Severity != fdd.Fault:
		return uncosted(fmt.Sprintf("not actionable (%s)", in.Severity))
	}
	if m, ok := models[in.Rule]; ok {
		return m(in, a, a.site(in.Equip))
	}
	return wasteMetrics(in, a)
}

// site merges the facility's inputs under the equipment's.
func (a Assumptions) site(equip string) Site {
	s := a.Facility
	if e, ok := a.Equipment[equip]; ok {
		if e.HeatingCapacityKBtuh != nil {
			s.HeatingCapacityKBtuh = e.HeatingCapacityKBtuh
		}
		if e.CoolingTons != nil {
			s.CoolingTons = e.CoolingTons
		}
		if e.ChillerKWPerTon != nil {
			s.ChillerKWPerTon = e.ChillerKWPerTon
		}
		if e.PumpKW != nil {
			s.PumpKW = e.PumpKW
		}
		if e.FanKW != nil {
			s.FanKW = e.FanKW
		}
	}
	return s
}

// price turns energy into dollars and fills the estimate.
func price(kwh, therms float64, basis string, a Assumptions) Result {
	usd := kwh*a.PriceKWh + therms*a.PriceTherm
	e := Result{AnnualUSD: ptr(round2(usd)), Basis: basis}
	if kwh != 0 {
		e.KWh = ptr(round1(kwh))
	}
	if therms != 0 {
		e.Therms = ptr(round1(therms))
	}
	e.Basis += fmt.Sprintf("; at $%s/kWh, $%s/therm", num(a.PriceKWh), num(a.PriceTherm))
	return e
}

func ptr(x float64) *float64 { return &x }

func round1(x float64) float64 { return math.Round(x*10) / 10 }
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// num prints a number with at most 3 decimals, no trailing zeros.
func num(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64) }

// metric reads a numeric metric.
func metric(m map[string]any, names ...string) (float64, bool) {
	for _, n := range names {
		switch v := m[n].(type) {
		case float64:
			return v, !math.IsNaN(v) && !math.IsInf(v, 0)
		case int:
			return float64(v), true
		}
	}
	return 0, false
}

// faultHours are the annual hours the fault is present: the finding's
// flagged hours annualised, else a percentage metric of the year.
func faultHours(in Input, a Assumptions, pctMetrics ...string) (float64, string, bool) {
	if in.Share != nil && in.WindowHours > 0 {
		h := in.FlaggedHours / in.WindowHours * a.AnnualHours
		return h, fmt.Sprintf("%s h flagged of a %s h window, %s h/yr", num(in.FlaggedHours), num(in.WindowHours), num(round1(h))), true
	}
	if p, ok := metric(in.Metrics, pctMetrics...); ok {
		h := p / 100 * a.AnnualHours
		return h, fmt.Sprintf("%s%% of %s h/yr", num(p), num(a.AnnualHours)), true
	}
	return 0, "", false
}

// wasteMetrics costs a finding from its own waste_kwh / waste_therms.
func wasteMetrics(in Input, a Assumptions) Result {
	kwh, hasK := metric(in.Metrics, "waste_kwh")
	th, hasT := metric(in.Metrics, "waste_therms")
	if !hasK && !hasT {
		return uncosted(fmt.Sprintf("no cost model for rule '%s'", in.Rule))
	}
	var parts []string
	if hasK {
		parts = append(parts, num(kwh)+" kWh")
	}
	if hasT {
		parts = append(parts, num(th)+" therms")
	}
	return price(kwh, th, "the rule's waste estimate: "+strings.Join(parts, " + ")+"/yr", a)
}
