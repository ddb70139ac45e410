package fdd

// airsideRules lists the air-side rules (AHU, VAV and zone, G36),
// explicitly: no rule registers itself.
func airsideRules() []Rule {
	return []Rule{
		simultaneousHeatCool(),
		supplyAirReset(),
		reheatPenalty(),
		overcoolingMinFlow(),
		overcoolingSeverity(),
		reheatMinimizationG36(),
		nightWeekendSetback(),
		outdoorAirFraction(),
		co2Ventilation(),
		dcvVerification(),
		leakingValve(),
		controlHunting(),
		unmetSetpointHours(),
		supplyAirControl(),
		airflowTracking(),
		economizerHighLimit(),
		staticPressureReset(),
		freeCoolingMissed(),
		filterFouling(),
		g36AHUFaultConditions(),
		ventilationRate621(),
	}
}
