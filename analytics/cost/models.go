package cost

import "fmt"

// model costs one rule's finding with the site's inputs.
type model func(in Input, a Assumptions, s Site) Result

// models are the per-rule cost models (domain §8). Read-only.
var models = map[string]model{
	"simultaneous_heat_cool":  reheat(true, "both_open_pct"),
	"reheat_penalty":          reheat(false, "reheat_pct"),
	"reheat_minimization_g36": reheat(false, "above_min_flow_pct", "reheat_pct"),
	"chiller_efficiency":      chillerEfficiency,
	"cooling_tower_approach":  towerApproach,
	"hw_pump_dp_reset":        pump,
	"chw_pump_dp_reset":       pump,
	"damper_census":           damperCensus,
	"boiler_short_cycle":      boilerShortCycle,
}

func needs(what string) Result { return uncosted("needs " + what) }

// reheat: output kBtu = capacity × faulted hours × diversity; gas to make
// it, and (withCooling) the electricity to remove it.
func reheat(withCooling bool, pctMetrics ...string) model {
	return func(in Input, a Assumptions, s Site) Result {
		if s.HeatingCapacityKBtuh == nil {
			return needs("heating_capacity_kbtuh")
		}
		h, hb, ok := faultHours(in, a, pctMetrics...)
		if !ok {
			return needs("the faulted share of hours")
		}
		out := *s.HeatingCapacityKBtuh * h * a.ReheatDiversity
		therms := out / KBtuPerTherm / a.BoilerEfficiency
		basis := fmt.Sprintf("reheat %s kBtu/h × %s × diversity %s = %s kBtu/yr; gas at boiler efficiency %s",
			num(*s.HeatingCapacityKBtuh), hb, num(a.ReheatDiversity), num(round1(out)), num(a.BoilerEfficiency))
		kwh := 0.0
		if withCooling {
			kwh = out / KBtuPerKWh / a.CoolingCOP
			basis += fmt.Sprintf("; cooling to remove it at COP %s", num(a.CoolingCOP))
		}
		return price(kwh, therms, basis, a)
	}
}

func chillerEfficiency(in Input, a Assumptions, s Site) Result {
	kwpt, ok := metric(in.Metrics, "median_kw_per_ton", "kw_per_ton")
	if !ok {
		return needs("the median kW/ton (not evaluated)")
	}
	tons, ok := metric(in.Metrics, "median_tons", "tons")
	if !ok {
		if s.CoolingTons == nil {
			return needs("cooling_tons")
		}
		tons = *s.CoolingTons
	}
	h, hb, ok := faultHours(in, a, "inefficient_share_pct")
	if !ok {
		return needs("the inefficient share of hours")
	}
	excess := kwpt - a.ChillerTargetKWPerTon
	if excess <= 0 {
		return price(0, 0, fmt.Sprintf("median %s kW/ton is at or below the %s kW/ton target: no excess", num(kwpt), num(a.ChillerTargetKWPerTon)), a)
	}
	kwh := excess * tons * h
	return price(kwh, 0, fmt.Sprintf("(%s − target %s kW/ton) × %s tons × %s", num(kwpt), num(a.ChillerTargetKWPerTon), num(tons), hb), a)
}

func towerApproach(in Input, a Assumptions, s Site) Result {
	if s.CoolingTons == nil {
		return needs("cooling_tons")
	}
	if s.ChillerKWPerTon == nil {
		return needs("chiller_kw_per_ton")
	}
	appr, ok := metric(in.Metrics, "median_approach_f")
	if !ok {
		return needs("the median approach (not evaluated)")
	}
	design, ok := metric(in.Metrics, "design_approach_f")
	if !ok {
		design, ok = metric(in.Params, "design_approach_f")
	}
	if !ok {
		return needs("design_approach_f")
	}
	h, hb, ok := faultHours(in, a, "high_approach_share_pct")
	if !ok {
		return needs("the high-approach share of hours")
	}
	excess := appr - design
	if excess <= 0 {
		return price(0, 0, fmt.Sprintf("median approach %s °F is within the %s °F design: no excess", num(appr), num(design)), a)
	}
	chillerKW := *s.CoolingTons * *s.ChillerKWPerTon * a.ChillerLoadFactor
	kwh := excess * a.TowerPenaltyPerF * chillerKW * h
	return price(kwh, 0, fmt.Sprintf("%s °F excess approach × %s/°F × (%s tons × %s kW/ton × load %s) × %s",
		num(excess), num(a.TowerPenaltyPerF), num(*s.CoolingTons), num(*s.ChillerKWPerTon), num(a.ChillerLoadFactor), hb), a)
}

func pump(in Input, a Assumptions, s Site) Result {
	if s.PumpKW == nil {
		return needs("pump_kw")
	}
	// The finding's flagged samples are the union of its near-full and
	// near-minimum conditions; only near-full hours waste pump energy, so
	// the share of judged (running) hours near full speed sizes the cost.
	var h float64
	var hb string
	if p, ok := metric(in.Metrics, "near_full_share_pct"); ok && in.JudgedHours > 0 && in.WindowHours > 0 {
		h = p / 100 * in.JudgedHours / in.WindowHours * a.AnnualHours
		hb = fmt.Sprintf("%s%% of %s running h in a %s h window, %s h/yr", num(p), num(in.JudgedHours), num(in.WindowHours), num(round1(h)))
	} else {
		var ok bool
		if h, hb, ok = faultHours(Input{Metrics: in.Metrics}, a, "near_full_share_pct"); !ok {
			return needs("the near-full-speed share of hours")
		}
	}
	kwh := *s.PumpKW * h * a.PumpExcess
	return price(kwh, 0, fmt.Sprintf("pump %s kW × %s near full speed × excess %s", num(*s.PumpKW), hb, num(a.PumpExcess)), a)
}

func damperCensus(in Input, a Assumptions, s Site) Result {
	if s.FanKW == nil {
		return needs("fan_kw")
	}
	p, ok := metric(in.Metrics, "throttled_share_pct")
	if !ok {
		return needs("the throttled-box share (not evaluated)")
	}
	kwh := *s.FanKW * a.AnnualHours * p / 100 * a.FanExcess
	return price(kwh, 0, fmt.Sprintf("fan %s kW × %s h/yr × %s%% throttled boxes × excess %s", num(*s.FanKW), num(a.AnnualHours), num(p), num(a.FanExcess)), a)
}

func boilerShortCycle(in Input, a Assumptions, s Site) Result {
	if s.HeatingCapacityKBtuh == nil {
		return needs("heating_capacity_kbtuh")
	}
	per, ok := metric(in.Metrics, "starts_per_day")
	if !ok {
		return needs("the starts per day (not evaluated)")
	}
	limit, ok := metric(in.Metrics, "max_starts_per_day")
	if !ok {
		limit, ok = metric(in.Params, "max_starts_per_day")
	}
	if !ok {
		return needs("max_starts_per_day")
	}
	// Running hours: the judged (boiler-on) hours annualised, else all year.
	run, rb := a.AnnualHours, fmt.Sprintf("%s h/yr", num(a.AnnualHours))
	if in.WindowHours > 0 && in.JudgedHours > 0 {
		run = in.JudgedHours / in.WindowHours * a.AnnualHours
		rb = fmt.Sprintf("%s running h/yr", num(round1(run)))
	}
	loss := min(a.BoilerLossCap, max(0, per-limit)*a.BoilerLossPerStart)
	therms := *s.HeatingCapacityKBtuh * run / KBtuPerTherm * loss
	return price(0, therms, fmt.Sprintf("gas input %s kBtu/h × %s × loss %s (%s starts/day over %s at %s each, capped at %s)",
		num(*s.HeatingCapacityKBtuh), rb, num(loss), num(per), num(limit), num(a.BoilerLossPerStart), num(a.BoilerLossCap)), a)
}
