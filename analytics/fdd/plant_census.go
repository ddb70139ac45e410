package fdd

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// Zone census rules over a VAV fleet: damper_census and
// zones_heat_cool_census (fleet naming and alignment in plant_fleet.go).

const (
	censusLowPct   = 50.0 // % open: a box whose typical position is below this is throttled
	censusHighPct  = 90.0 // % open: at or above this a box is pinned open
	censusMinBoxes = 3    // the fewest boxes a census judges
	heatCoolMargin = 1.10 // airflow above 1.10 × the box minimum = cooling
)

// damperCensusRule: duct static pressure mis-set, read from where the VAV
// boxes sit. Each box's median damper position over its occupied hours
// (default schedule AND its occupancy point, minus warmup/cooldown) puts it
// below 50 % (throttled: static too high), at or above 90 % (pinned open:
// static too low) or in band. Fault when ≥ 60 % of boxes are throttled or ≥
// 25 % pinned; warn when fewer than half are in band (CAMBER). At least
// three boxes with a day of occupied data are needed. The flagged hours are
// the occupied hours whose own census (boxes reporting that hour) meets the
// fault test.
func damperCensusRule() Rule {
	return Rule{
		Name:       "damper_census",
		Title:      "VAV damper census (duct static mis-set)",
		Classes:    []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV},
		Required:   []model.Role{model.Damper},
		Optional:   []model.Role{model.Warmup, model.Cooldown, model.Occupancy},
		Standard:   "PNNL Building Re-tuning, Ch. 5 and 7 (duct static pressure reset)",
		Category:   "energy",
		Grid:       Hourly,
		CheckFleet: checkDamperCensus,
	}
}

func checkDamperCensus(ctx context.Context, in *FleetInput) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("damper_census: %w", err)
	}
	frames := in.Frames
	equip := fleetEquip(frames)
	al := newFleetAlign(frames)
	metrics := map[string]any{
		"boxes": 0, "boxes_low": nil, "boxes_pinned": nil, "boxes_in_band": nil,
		"low_pct": nil, "pinned_pct": nil, "in_band_pct": nil, "throttled_share_pct": nil,
		"low_band_pct": censusLowPct, "high_band_pct": censusHighPct, "min_boxes": censusMinBoxes,
	}
	var caveats []string
	if bad := al.misaligned(frames); len(bad) > 0 {
		caveats = append(caveats, "left out, on another time grid: "+plantNames(bad, 5))
	}
	type box struct {
		k   int
		occ []bool
		med float64
	}
	var boxes []box
	var thin []string
	for k, f := range frames {
		if err := ctx.Err(); err != nil {
			return Outcome{}, fmt.Errorf("damper_census: %w", err)
		}
		if !al.ok[k] || f.Col(model.Damper) == nil {
			continue
		}
		occ := occupiedMask(f)
		d := f.Col(model.Damper)
		n := 0
		for i, o := range occ {
			if o && known(d[i]) {
				n++
			}
		}
		if !enough(f, n) {
			thin = append(thin, f.Equip)
			continue
		}
		boxes = append(boxes, box{k: k, occ: occ, med: median(d, occ)})
	}
	if len(thin) > 0 {
		caveats = append(caveats, "too little occupied data to place: "+plantNames(thin, 5))
	}
	metrics["boxes"] = len(boxes)
	if len(boxes) < censusMinBoxes {
		return Outcome{
			Severity: Info,
			Equip:    equip,
			Summary:  fmt.Sprintf("%s: insufficient data: %d boxes with a day of occupied damper data (needs %d)", equip, len(boxes), censusMinBoxes),
			Metrics:  metrics,
			Caveats:  append(caveats, "a census needs at least three boxes"),
		}, nil
	}
	low, pinned, band := 0, 0, 0
	for _, b := range boxes {
		switch {
		case b.med < censusLowPct:
			low++
		case b.med >= censusHighPct:
			pinned++
		default:
			band++
		}
	}
	nb := len(boxes)
	lowPct, pinPct, bandPct := pct(low, nb), pct(pinned, nb), pct(band, nb)
	sev := OK
	switch {
	case lowPct >= 60 || pinPct >= 25:
		sev = Fault
	case bandPct < 50:
		sev = Warn
	}
	// Hour by hour: the census of the boxes occupied and reporting.
	ref := al.ref
	judged, flagged := make([]bool, ref.N), make([]bool, ref.N)
	for i := range judged {
		rep, lo, pin := 0, 0, 0
		for _, b := range boxes {
			f := frames[b.k]
			j := al.at(b.k, i, f)
			if j < 0 || !b.occ[j] {
				continue
			}
			v := f.Col(model.Damper)[j]
			if !known(v) {
				continue
			}
			rep++
			if v < censusLowPct {
				lo++
			} else if v >= censusHighPct {
				pin++
			}
		}
		if rep > 0 {
			judged[i] = true
			flagged[i] = pct(lo, rep) >= 60 || pct(pin, rep) >= 25
		}
	}
	nj, nf := count(judged), count(flagged)
	bs := basis(ref, "occupied")
	metrics["boxes_low"], metrics["boxes_pinned"], metrics["boxes_in_band"] = low, pinned, band
	metrics["low_pct"], metrics["pinned_pct"], metrics["in_band_pct"] = round(lowPct, 1), round(pinPct, 1), round(bandPct, 1)
	metrics["throttled_share_pct"] = round(lowPct, 1)
	metrics["census_off_pct"] = round(pct(nf, nj), 1)
	metrics["census_off_samples"] = nf
	metrics["judged_samples"] = nj
	return Outcome{
		Severity: sev,
		Equip:    equip,
		Summary: fmt.Sprintf("%s: %d of %d boxes (%s) mostly below %s%% open, %d (%s) pinned at %s%% or more, %d (%s) in band; census off in %s",
			equip, low, nb, fmtPct(lowPct), plantVal(censusLowPct), pinned, fmtPct(pinPct), plantVal(censusHighPct), band, fmtPct(bandPct),
			plantShareOf(nf, nj, bs)),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: bs,
		Evidence:    "damper_histogram",
	}, nil
}

// plantShareOf is "23.4% of <basis> (412 of 1,760)".
func plantShareOf(flagged, judged int, basis string) string {
	return fmt.Sprintf("%s of %s (%s of %s)", fmtPct(pct(flagged, judged)), basis, fmtInt(flagged), fmtInt(judged))
}

// zonesHeatCoolCensusRule: zones heating while others cool. In each
// occupied hour, a zone heats when its heat valve is open (> 5 %) and cools
// when its valve is shut and it is warm (space temperature above its
// cooling setpoint) or its airflow is above 1.10 × its minimum (the 5th
// percentile of its airflow setpoint, else of its airflow). An hour is
// flagged when at least one zone heats while another cools; warn at ≥ 25 %
// of the occupied hours with two or more zones reporting, fault at ≥ 75 %.
// A zone with neither a temperature pair nor airflow cannot show cooling:
// it is named in a caveat and a would-be ok becomes info (CAMBER).
func zonesHeatCoolCensusRule() Rule {
	return Rule{
		Name:       "zones_heat_cool_census",
		Title:      "Zones heating while others cool",
		Classes:    []string{model.ClassVAV, model.ClassCAV, model.ClassFCAV},
		Required:   []model.Role{model.HeatValve},
		Optional:   []model.Role{model.Airflow, model.AirflowSP, model.SpaceTemp, model.CoolSP, model.Warmup, model.Cooldown, model.Occupancy},
		Standard:   "PNNL Building Re-tuning, Ch. 5 and 7 (zone reheat and supply-air reset)",
		Category:   "energy",
		Grid:       Hourly,
		CheckFleet: checkZonesHeatCool,
	}
}

// zoneState is one zone's per-sample heating/cooling reading.
type zoneState struct {
	k           int
	occ         []bool
	hv, st, csp []float64
	flow        []float64
	minFlow     float64
	canCool     bool
}

func checkZonesHeatCool(ctx context.Context, in *FleetInput) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("zones_heat_cool_census: %w", err)
	}
	frames := in.Frames
	equip := fleetEquip(frames)
	al := newFleetAlign(frames)
	var caveats, blind []string
	if bad := al.misaligned(frames); len(bad) > 0 {
		caveats = append(caveats, "left out, on another time grid: "+plantNames(bad, 5))
	}
	zones := make([]zoneState, 0, len(frames))
	for k, f := range frames {
		if !al.ok[k] || f.Col(model.HeatValve) == nil {
			continue
		}
		z := zoneState{k: k, occ: occupiedMask(f), hv: f.Col(model.HeatValve)}
		if st, csp := present(f, model.SpaceTemp), present(f, model.CoolSP); st != nil && csp != nil {
			z.st, z.csp, z.canCool = st, csp, true
		}
		if flow := present(f, model.Airflow); flow != nil {
			ref := present(f, model.AirflowSP)
			if ref == nil {
				ref = flow
			}
			positive := make([]bool, f.N)
			for i, v := range ref {
				positive[i] = v > 0
			}
			if m := quantile(ref, positive, 0.05); m > 0 {
				z.flow, z.minFlow, z.canCool = flow, m, true
			}
		}
		if !z.canCool {
			blind = append(blind, f.Equip)
		}
		zones = append(zones, z)
	}
	metrics := map[string]any{
		"zones": len(zones), "zones_without_cooling_signal": len(blind), "heat_cool_share_pct": nil,
		"valve_open_pct": valveOpenPct, "flow_margin": heatCoolMargin,
	}
	if len(blind) > 0 {
		caveats = append(caveats, "no cooling signal (space temperature with cooling setpoint, or airflow): "+plantNames(blind, 5))
	}
	if len(zones) < 2 {
		return Outcome{
			Severity: Info, Equip: equip,
			Summary: fmt.Sprintf("%s: insufficient data: %d zones with a heating valve (needs 2)", equip, len(zones)),
			Metrics: metrics, Caveats: append(caveats, "a census needs at least two zones"),
		}, nil
	}
	ref := al.ref
	judged, flagged := make([]bool, ref.N), make([]bool, ref.N)
	for i := range judged {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return Outcome{}, fmt.Errorf("zones_heat_cool_census: %w", err)
			}
		}
		rep, heat, cool := 0, 0, 0
		for _, z := range zones {
			f := frames[z.k]
			j := al.at(z.k, i, f)
			if j < 0 || !z.occ[j] || !known(z.hv[j]) {
				continue
			}
			rep++
			switch {
			case isOpen(z.hv[j]):
				heat++
			case z.st != nil && z.st[j] > z.csp[j]:
				cool++
			case z.flow != nil && z.flow[j] > heatCoolMargin*z.minFlow:
				cool++
			}
		}
		if rep >= 2 {
			judged[i] = true
			flagged[i] = heat > 0 && cool > 0
		}
	}
	nj, nf := count(judged), count(flagged)
	bs := basis(ref, "occupied")
	if !enough(ref, nj) {
		out := plantTooFew(ref, nj, bs+" with two or more zones reporting", metrics, "too few occupied hours with two or more zones to judge")
		out.Summary = strings.Replace(out.Summary, ref.Equip+":", equip+":", 1)
		out.Equip = equip
		out.Caveats = append(caveats, out.Caveats...)
		return out, nil
	}
	share := pct(nf, nj)
	sev := gradeAtLeast(share, 25, 75)
	if sev == OK && len(blind) > 0 {
		sev = Info
		caveats = append(caveats, "not a clean bill: zones without a cooling signal could not show cooling")
	}
	metrics["heat_cool_share_pct"] = round(share, 1)
	metrics["heat_cool_samples"] = nf
	metrics["judged_samples"] = nj
	return Outcome{
		Severity: sev,
		Equip:    equip,
		Summary: fmt.Sprintf("%s: zones heating while others cool in %s of %s with two or more zones (%s of %s; %d zones, %d without a cooling signal)",
			equip, fmtPct(share), bs, fmtInt(nf), fmtInt(nj), len(zones), len(blind)),
		Metrics:     metrics,
		Caveats:     caveats,
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: bs + " with two or more zones",
		Evidence:    "zone_heat_cool_map",
	}, nil
}
