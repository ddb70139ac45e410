package drift

import (
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// PointRef names a stored point.
type PointRef struct {
	Equip string     `json:"equip"`
	Role  model.Role `json:"role"`
}

// String is "equip role".
func (p PointRef) String() string { return p.Equip + " " + string(p.Role) }

// Pair is a sensor compared with a reference (a configured reference
// sensor, a duct logger, or a physically related point). Both must be
// temperatures (°F).
type Pair struct {
	Point     PointRef `json:"point"`
	Reference PointRef `json:"reference"`
}

// coilOffPct is the valve position at or below which a coil counts as
// off for the default supply-versus-mixed-air pair.
const coilOffPct = 2.0

// fanOn marks the slots where the supply fan runs: status > 0.5 when
// mapped, else speed > 5 %, else every slot (second result false).
func fanOn(f *series.Frame) ([]bool, bool) {
	on := make([]bool, f.N)
	switch {
	case f.Has(model.SupplyFanStatus):
		for i, v := range f.Col(model.SupplyFanStatus) {
			on[i] = v > 0.5
		}
	case f.Has(model.SupplyFanSpeed):
		for i, v := range f.Col(model.SupplyFanSpeed) {
			on[i] = v > 5
		}
	default:
		for i := range on {
			on[i] = true
		}
		return on, false
	}
	return on, true
}

// coilTracks is the AHU coil-valve family: cooling valve position against
// the coil's air-side load, mixed minus supply air temperature (× the fan
// speed fraction when mapped), else outdoor air temperature.
func coilTracks(fam *Family, f *series.Frame) ([]track, string) {
	if m := missing(f, fam.Required); len(m) > 0 {
		return nil, missingReason(m)
	}
	var caveats []string
	sat := f.Col(model.SupplyAirTemp)
	x := make([]float64, f.N)
	switch {
	case f.Has(model.MixedAirTemp):
		mat := f.Col(model.MixedAirTemp)
		var speed []float64
		if f.Has(model.SupplyFanSpeed) {
			speed = f.Col(model.SupplyFanSpeed)
		}
		for i := range x {
			x[i] = mat[i] - sat[i]
			if speed != nil {
				x[i] *= speed[i] / 100
			}
		}
	case f.Has(model.OAT):
		copy(x, f.Col(model.OAT))
		caveats = append(caveats, "no mixed_air_temp: load is outdoor air temperature, so a change of ventilation or setpoint reads as drift")
	default:
		return nil, "missing roles: mixed_air_temp or oat (the coil load)"
	}
	on, known := fanOn(f)
	if !known {
		caveats = append(caveats, "no supply fan status or speed: fan-off hours could not be told apart")
	}
	valve := f.Col(model.CoolValve)
	y := make([]float64, f.N)
	for i := range y {
		y[i] = math.NaN()
		if on[i] {
			y[i] = valve[i]
		}
	}
	t := newTrack(fam, fam.Signals[0], f, x, y)
	t.caveats = caveats
	return []track{t}, ""
}

// sensorTracks is the sensor family: each configured pair whose point is
// on this equipment, plus an AHU's supply against mixed air with both
// coils off and the fan on (the supply then reads the mixed air plus fan
// heat). An equipment without a pair is not applicable (no reason); a
// configured pair that cannot be compared is a track with its reason.
func (p *plant) sensorTracks(fam *Family, f *series.Frame) ([]track, string) {
	var out []track
	for _, pr := range p.pairs {
		if pr.Point.Equip != f.Equip {
			continue
		}
		t, why := p.pairTrack(fam, f, pr)
		if why != "" {
			t = track{label: pr.Point.String() + " vs " + pr.Reference.String(), why: why}
		}
		out = append(out, t)
	}
	if t, ok := coilsOffPair(fam, f); ok {
		out = append(out, t)
	}
	return out, ""
}

func (p *plant) pairTrack(fam *Family, f *series.Frame, pr Pair) (track, string) {
	for _, r := range []model.Role{pr.Point.Role, pr.Reference.Role} {
		if u := r.Unit(); u != "degF" {
			return track{}, fmt.Sprintf("%s is in %q, but sensor drift thresholds are in °F", r, u)
		}
	}
	if !f.Has(pr.Point.Role) {
		return track{}, fmt.Sprintf("%s has no %s data", f.Equip, pr.Point.Role)
	}
	rf, ok := p.frames[pr.Reference.Equip]
	if !ok || !rf.Has(pr.Reference.Role) {
		return track{}, fmt.Sprintf("the reference %s has no data", pr.Reference)
	}
	ref := align(f, rf, rf.Col(pr.Reference.Role))
	if ref == nil {
		return track{}, fmt.Sprintf("the reference %s is on another time grid", pr.Reference)
	}
	pt := f.Col(pr.Point.Role)
	y := make([]float64, f.N)
	for i := range y {
		y[i] = pt[i] - ref[i]
	}
	t := newTrack(fam, fam.Signals[0], f, ref, y)
	t.label = string(pr.Point.Role) + " vs " + pr.Reference.String()
	t.keys = []string{"sensor_bias:" + string(pr.Point.Role)}
	return t, ""
}

// coilsOffPair is the default supply-versus-mixed-air pair of an air
// handler, judged on fan-on samples with every mapped coil valve at or
// below coilOffPct; it needs at least one valve mapped to know the coils
// are off.
func coilsOffPair(fam *Family, f *series.Frame) (track, bool) {
	if !f.Has(model.SupplyAirTemp) || !f.Has(model.MixedAirTemp) {
		return track{}, false
	}
	var valves [][]float64
	for _, r := range []model.Role{model.CoolValve, model.HeatValve} {
		if f.Has(r) {
			valves = append(valves, f.Col(r))
		}
	}
	if len(valves) == 0 {
		return track{}, false
	}
	on, _ := fanOn(f)
	sat, mat := f.Col(model.SupplyAirTemp), f.Col(model.MixedAirTemp)
	x, y := make([]float64, f.N), make([]float64, f.N)
	for i := range y {
		x[i], y[i] = math.NaN(), math.NaN()
		off := on[i]
		for _, v := range valves {
			off = off && v[i] <= coilOffPct
		}
		if off {
			x[i], y[i] = mat[i], sat[i]-mat[i]
		}
	}
	t := newTrack(fam, fam.Signals[0], f, x, y)
	t.label = "supply_air_temp vs " + f.Equip + " mixed_air_temp (coils off, fan on)"
	t.keys = []string{"sensor_bias:" + string(model.SupplyAirTemp)}
	t.caveats = []string{"with both coils off the supply air reads the mixed air plus fan heat; a change in that offset is a supply or mixed air sensor drifting"}
	return t, true
}
