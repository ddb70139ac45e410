package fdd

// airsideRules lists the air-side rules (AHU, VAV, zone, G36).
func airsideRules() []Rule { return nil }
