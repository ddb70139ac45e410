// Package cost gives a triage-grade annual cost for a fault finding
// (domain §8, CAMBER's fault economics): energy from a per-rule model, then
// dollars at placeholder prices ($0.15/kWh, $1.20/therm) that a site
// overrides. A finding the models cannot cost is "uncosted" with the reason
// named (no model for the rule, or the site input it needs); no dollar
// figure is ever made up.
//
// Faulted hours: where the finding carries its flagged samples, the hours
// the fault was seen are annualised (flagged hours ÷ window hours × 8,760 h).
// CAMBER instead multiplies the rule's percentage (of occupied or running
// hours) by 8,760 h, which overstates a fault judged on part of the day;
// that is the fallback when a finding has no flagged hours.
//
// Models (metrics read from the finding, site inputs from [Assumptions]):
//
//   - simultaneous_heat_cool: reheat output kBtu = heating_capacity_kbtuh ×
//     faulted hours × diversity 0.30; therms = output ÷ 100 ÷ boiler
//     efficiency 0.80; plus kWh = output ÷ 3.412 ÷ COP 3.5 for the cooling
//     that removes it.
//   - reheat_penalty, reheat_minimization_g36: the gas term alone.
//   - chiller_efficiency: (median_kw_per_ton − target 0.65) × median_tons
//     (else cooling_tons) × faulted hours.
//   - cooling_tower_approach: (median_approach_f − design_approach_f) ×
//     0.015 × cooling_tons × chiller_kw_per_ton × load factor 0.6 × faulted
//     hours.
//   - hw_pump_dp_reset, chw_pump_dp_reset: pump_kw × hours near full speed
//     (near_full_share_pct) × 0.15.
//   - damper_census: fan_kw × 8,760 h × throttled_share_pct × 0.15.
//   - boiler_short_cycle: gas input (heating_capacity_kbtuh × running
//     hours) × min(0.10, (starts_per_day − max_starts_per_day) × 0.005).
//   - any other rule: its waste_kwh / waste_therms metrics (annual) when
//     present, else uncosted.
package cost
