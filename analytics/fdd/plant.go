package fdd

import (
	"context"
	"fmt"
	"strings"
)

// plantRules lists the plant, packaged/DX and fleet rules explicitly.
func plantRules() []Rule {
	return []Rule{
		plantGuard(boilerSummerLockoutRule()),
		plantGuard(boilerShortCycleRule()),
		plantGuard(hwPlantDeltaTRule()),
		plantGuard(hwPumpDPResetRule()),
		plantGuard(chwPlantResetRule()),
		plantGuard(chwPumpDPResetRule()),
		plantGuard(chillerEfficiencyRule()),
		plantGuard(chillerStagingRule()),
		plantGuard(coolingTowerApproachRule()),
		plantGuard(condenserWaterResetRule()),
		plantGuard(compressorShortCycleRule()),
		plantGuard(compressorStagingRule()),
		plantGuard(heatpumpDefrostRule()),
		plantGuard(chillerApproachFoulingRule()),
		plantFleetGuard(damperCensusRule()),
		plantFleetGuard(zonesHeatCoolCensusRule()),
		plantFleetGuard(chillerStagingFleetRule()),
		plantFleetGuard(cohortAirflowRule()),
		plantFleetGuard(cohortSpaceTempRule()),
	}
}

// plantGuard wraps a per-equipment rule's kernel with the checks every
// kernel relies on, so none indexes a missing column: a cancelled ctx or a
// frame whose columns do not match its length is an error; a frame without
// one of the rule's required roles (the runner skips those) is an info
// decline naming them.
func plantGuard(r Rule) Rule {
	check, name, required := r.Check, r.Name, r.Required
	r.Check = func(ctx context.Context, in *Input) (Outcome, error) {
		if err := ctx.Err(); err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", name, err)
		}
		if in == nil || in.Frame == nil {
			return Outcome{}, fmt.Errorf("%s: no frame", name)
		}
		f := in.Frame
		for role, c := range f.Cols {
			if len(c) != f.N {
				return Outcome{}, fmt.Errorf("%s: %s column has %d samples, frame has %d", name, role, len(c), f.N)
			}
		}
		var missing []string
		for _, role := range required {
			if f.Col(role) == nil {
				missing = append(missing, string(role))
			}
		}
		if len(missing) > 0 {
			return Outcome{
				Severity: Info,
				Summary:  fmt.Sprintf("%s: declined -- missing input(s): %s", f.Equip, strings.Join(missing, ", ")),
				Metrics:  map[string]any{"declined": true},
				Caveats:  []string{"required input(s) not on the frame: " + strings.Join(missing, ", ")},
			}, nil
		}
		return check(ctx, in)
	}
	return r
}

// plantFleetGuard wraps a fleet kernel like [plantGuard]: a cancelled ctx,
// a nil unit or a column whose length is not its frame's is an error.
func plantFleetGuard(r Rule) Rule {
	check, name := r.CheckFleet, r.Name
	r.CheckFleet = func(ctx context.Context, in *FleetInput) (Outcome, error) {
		if err := ctx.Err(); err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", name, err)
		}
		if in == nil {
			return Outcome{}, fmt.Errorf("%s: no fleet", name)
		}
		for _, f := range in.Frames {
			if f == nil {
				return Outcome{}, fmt.Errorf("%s: nil unit frame", name)
			}
			for role, c := range f.Cols {
				if len(c) != f.N {
					return Outcome{}, fmt.Errorf("%s: %s %s column has %d samples, frame has %d", name, f.Equip, role, len(c), f.N)
				}
			}
		}
		if len(in.Frames) == 0 {
			return Outcome{
				Severity: Info,
				Equip:    FleetEquip,
				Summary:  FleetEquip + ": no unit to judge",
				Metrics:  map[string]any{"units": 0},
				Caveats:  []string{"no unit with the rule's inputs was offered"},
			}, nil
		}
		return check(ctx, in)
	}
	return r
}
