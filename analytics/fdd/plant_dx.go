package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// Packaged / DX rules: compressor_short_cycle, compressor_staging,
// heatpump_defrost. All three are event rules on the native interval (see
// [eventOutcome]): CAMBER's hourly grid averaged a compressor cycling every
// ten minutes into a steady "on" and never saw it.

const (
	compressorStartsMax  = 12 // starts per running day
	compressorChangesMax = 24 // stage changes per running day
	reversalsMax         = 24 // reversing-valve changes per running day
	// defrostOATF is the OAT (°F) at or below which a reversal can be a
	// defrost cycle; reversals above it are mode changes.
	defrostOATF = 40.0
	// defrostMinReversals is the fewest reversals with a known OAT on which
	// the defrost-weather share is stated.
	defrostMinReversals = 10
)

const fddDX = "FDD for packaged DX units (short cycling and staging limits)"

// compressorShortCycleRule: excess compressor starts; starts per running day
// ≥ max warns, ≥ 2 × max faults.
func compressorShortCycleRule() Rule {
	return Rule{
		Name:     "compressor_short_cycle",
		Title:    "Compressor short cycling",
		Classes:  []string{model.ClassRTU, model.ClassHeatPump},
		Required: []model.Role{model.CompressorStatus},
		Params: []Param{{
			Name: "max_starts_per_day", Kind: Int, Default: compressorStartsMax, Unit: "starts/day",
			Min: plantBound(1), Max: plantBound(500),
			Basis:  "DX practice: scroll compressors are rated for about 6 starts an hour and need 3–5 minutes on; more than 12 starts a day on a running day points to oversizing or a tight thermostat band",
			Advice: "raise it for multi-compressor units logged per circuit; check minimum on/off timers and the cooling stage dead band",
		}},
		Standard: fddDX,
		Category: "maintenance",
		Grid:     Native,
		Check: eventCheck(model.CompressorStatus, eventStarts, compressorStartsMax, eventSpec{
			param: "max_starts_per_day", noun: "compressor starts", metric: "starts",
			signal: "compressor status", basis: "compressor starts (off to on)",
		}),
	}
}

// compressorStagingRule: unstable staging; changes of the (whole) stage
// per running day (a day with any stage ≥ 1) ≥ max warn, ≥ 2 × max fault.
func compressorStagingRule() Rule {
	return Rule{
		Name:     "compressor_staging",
		Title:    "Unstable compressor staging",
		Classes:  []string{model.ClassRTU, model.ClassHeatPump},
		Required: []model.Role{model.CompressorStage},
		Params: []Param{{
			Name: "max_changes_per_day", Kind: Int, Default: compressorChangesMax, Unit: "changes/day",
			Min: plantBound(1), Max: plantBound(1000),
			Basis:  "DX practice: staging that changes more than about once an hour on average is hunting between stages",
			Advice: "raise it for units with many stages or digital-scroll modulation logged as stages; check the stage-up/stage-down delays",
		}},
		Standard: fddDX,
		Category: "maintenance",
		Grid:     Native,
		Check: eventCheck(model.CompressorStage, eventChanges, compressorChangesMax, eventSpec{
			param: "max_changes_per_day", noun: "stage changes", metric: "changes",
			signal: "compressor stage", basis: "compressor stage changes",
		}),
	}
}

// heatpumpDefrostRule: excess reversing-valve reversals (defrost or mode
// hunting); reversals per running day ≥ max warn, ≥ 2 × max fault. A
// reversal is any change of reversing_valve_cmd. With compressor_status,
// only reversals while the compressor runs count and a running day is a day
// it ran (a valve flipped with the compressor off costs nothing); without
// it every reversal counts (caveat). With OAT, the share of reversals at or
// below 40 °F is reported (from ten reversals on), and a caveat says when
// most happen in warmer weather (mode hunting rather than defrost).
func heatpumpDefrostRule() Rule {
	return Rule{
		Name:     "heatpump_defrost",
		Title:    "Excess heat pump defrost / reversals",
		Classes:  []string{model.ClassHeatPump},
		Required: []model.Role{model.ReversingValveCmd},
		Optional: []model.Role{model.CompressorStatus, model.OAT},
		Params: []Param{{
			Name: "max_reversals_per_day", Kind: Int, Default: reversalsMax, Unit: "reversals/day",
			Min: plantBound(1), Max: plantBound(1000),
			Basis:  "DX practice: demand defrost runs a few cycles an hour at most in frosting weather (each cycle is two reversals)",
			Advice: "check the defrost control (time-temperature vs demand) and the coil sensor; in mild weather reversals are mode changes",
		}},
		Standard: fddDX,
		Category: "maintenance",
		Grid:     Native,
		Check:    checkHeatpumpDefrost,
	}
}

func checkHeatpumpDefrost(ctx context.Context, in *Input) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	f := in.Frame
	limit := plantI(in.Params, "max_reversals_per_day", reversalsMax)
	var gate []float64
	var caveats []string
	if f.Has(model.CompressorStatus) {
		gate = f.Col(model.CompressorStatus)
	} else {
		caveats = append(caveats, "no compressor_status: reversals with the compressor off are counted too")
	}
	rv := f.Col(model.ReversingValveCmd)
	out := eventOutcome(f, rv, gate, eventToggles, limit, eventSpec{
		param: "max_reversals_per_day", noun: "reversals", metric: "reversals",
		signal: "reversing valve command", basis: "reversing-valve reversals",
	})
	out.Caveats = append(out.Caveats, caveats...)
	out.Metrics["reversals_cold_pct"] = nil
	if !f.Has(model.OAT) {
		out.Caveats = append(out.Caveats, "no oat: defrost weather not checked")
		return out, nil
	}
	oat := f.Col(model.OAT)
	prev := math.NaN()
	cold, known := 0, 0
	for i, v := range rv {
		if math.IsNaN(v) {
			continue
		}
		s := 0.0
		if isOn(v) {
			s = 1
		}
		if !math.IsNaN(prev) && s != prev && (gate == nil || isOn(gate[i])) && plantFiniteAt(oat, i) {
			known++
			if oat[i] <= defrostOATF {
				cold++
			}
		}
		prev = s
	}
	if known >= defrostMinReversals {
		pct := pct(cold, known)
		out.Metrics["reversals_cold_pct"] = round(pct, 1)
		if pct < 50 {
			out.Caveats = append(out.Caveats, fmt.Sprintf("only %s%% of reversals at OAT ≤ %s °F: most are heating/cooling mode changes, not defrost", plantNum(pct, 1), plantVal(defrostOATF)))
		}
	}
	return out, nil
}
