package fdd

// plantRules lists the plant, packaged/DX and fleet rules explicitly.
func plantRules() []Rule {
	return []Rule{
		boilerSummerLockoutRule(),
		boilerShortCycleRule(),
		hwPlantDeltaTRule(),
		hwPumpDPResetRule(),
		chwPlantResetRule(),
		chwPumpDPResetRule(),
		chillerEfficiencyRule(),
		chillerStagingRule(),
		coolingTowerApproachRule(),
		condenserWaterResetRule(),
		compressorShortCycleRule(),
		compressorStagingRule(),
		heatpumpDefrostRule(),
		chillerApproachFoulingRule(),
	}
}
