package drift

import (
	"fmt"
	"math"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// track is one signal of one equipment on its frame's grid: load x and
// metric y per slot (NaN where unusable), with what the evaluation needs
// besides.
type track struct {
	sig   Signal
	label string // the metric as judged ("cond_approach_temp", "supply_air_temp vs LOG-1 supply_air_temp")
	keys  []string
	f     *series.Frame
	x, y  []float64
	// cws and lift are the head-pressure family's confound and lift
	// columns (nil when not mapped).
	cws, lift []float64
	caveats   []string
	// why, when set, says why this (sensor pair) track cannot be judged.
	why string
}

// plant is what a run knows about the whole facility: every frame, and
// which tower serves which chiller.
type plant struct {
	frames   map[string]*series.Frame
	towerOf  map[string]string   // chiller → tower
	chillers map[string][]string // tower → chillers
	pairs    []Pair
}

// align returns src's column col on dst's grid: the same slice when the
// grids agree, a re-indexed copy when the steps agree, else nil.
func align(dst, src *series.Frame, col []float64) []float64 {
	if col == nil {
		return nil
	}
	if dst.Start == src.Start && dst.Step == src.Step && dst.N == src.N {
		return col
	}
	if dst.Step != src.Step {
		return nil
	}
	out := make([]float64, dst.N)
	for i := range out {
		out[i] = math.NaN()
		if j, ok := src.Slot(dst.Start + int64(i)*dst.Step); ok {
			out[i] = col[j]
		}
	}
	return out
}

// tons is chw_flow × (CHWR − CHWS)/24 per slot, or nil when a role is
// missing.
func tons(f *series.Frame) []float64 {
	if !f.Has(model.CHWFlow) || !f.Has(model.CHWSupplyTemp) || !f.Has(model.CHWReturnTemp) {
		return nil
	}
	q, s, r := f.Col(model.CHWFlow), f.Col(model.CHWSupplyTemp), f.Col(model.CHWReturnTemp)
	out := make([]float64, f.N)
	for i := range out {
		out[i] = q[i] * (r[i] - s[i]) / 24
	}
	return out
}

// missing lists the roles of rs the frame has no data for.
func missing(f *series.Frame, rs []model.Role) []string {
	var out []string
	for _, r := range rs {
		if !f.Has(r) {
			out = append(out, string(r))
		}
	}
	return out
}

func missingReason(m []string) string { return "missing roles: " + strings.Join(m, ", ") }

// tracks builds a family's tracks for one equipment, or says why it
// cannot be evaluated.
func (p *plant) tracks(fam *Family, f *series.Frame) ([]track, string) {
	switch fam.Name {
	case ChillerApproach, ChillerSubcooling, ChillerSuperheat, ChillerHeadPressure:
		return p.chillerTracks(fam, f)
	case ChillerCWRange:
		return p.cwRangeTracks(fam, f)
	case TowerApproach:
		return p.towerTracks(fam, f)
	case AHUCoilValve:
		return coilTracks(fam, f)
	case SensorBias:
		return p.sensorTracks(fam, f)
	}
	return nil, "unknown family"
}

func newTrack(fam *Family, sig Signal, f *series.Frame, x, y []float64) track {
	keys := []string{sig.Kind}
	if sig.Required {
		keys = append(append(keys, fam.Name), fam.Aliases...)
	}
	return track{sig: sig, label: sig.Metric, keys: keys, f: f, x: x, y: y}
}

func (p *plant) chillerTracks(fam *Family, f *series.Frame) ([]track, string) {
	if m := missing(f, fam.Required); len(m) > 0 {
		r := missingReason(m)
		if fam.Name == ChillerSubcooling || fam.Name == ChillerSuperheat {
			r += " (a chiller missing from the charge report must not read as healthy)"
		}
		return nil, r
	}
	x := tons(f)
	var out []track
	for _, sig := range fam.Signals {
		role := model.Role(sig.Metric)
		if !f.Has(role) {
			continue
		}
		t := newTrack(fam, sig, f, x, f.Col(role))
		if fam.Name == ChillerHeadPressure {
			t.cws, _ = p.condenserCol(f, model.CWSupplyTemp)
			if f.Has(model.SuctionPressure) {
				d, s := f.Col(model.DischargePressure), f.Col(model.SuctionPressure)
				t.lift = make([]float64, f.N)
				for i := range t.lift {
					t.lift[i] = d[i] - s[i]
				}
			}
		}
		out = append(out, t)
	}
	return out, ""
}

// condenserCol is a chiller's condenser water column: its own, else the
// serving tower's on the chiller's grid (named in the second result).
func (p *plant) condenserCol(f *series.Frame, r model.Role) ([]float64, string) {
	if f.Has(r) {
		return f.Col(r), ""
	}
	tw, ok := p.frames[p.towerOf[f.Equip]]
	if !ok || !tw.Has(r) {
		return nil, ""
	}
	return align(f, tw, tw.Col(r)), tw.Equip
}

func (p *plant) cwRangeTracks(fam *Family, f *series.Frame) ([]track, string) {
	if m := missing(f, chwLoad); len(m) > 0 {
		return nil, missingReason(m)
	}
	cws, from1 := p.condenserCol(f, model.CWSupplyTemp)
	cwr, from2 := p.condenserCol(f, model.CWReturnTemp)
	if cws == nil || cwr == nil {
		return nil, "missing roles: cw_supply_temp, cw_return_temp (on the chiller, or on the one tower serving it)"
	}
	y := make([]float64, f.N)
	for i := range y {
		y[i] = cwr[i] - cws[i]
	}
	t := newTrack(fam, fam.Signals[0], f, tons(f), y)
	if from := from1 + from2; from != "" {
		t.caveats = append(t.caveats, fmt.Sprintf("condenser water temperatures are %s's (the tower serving %s): with several chillers on the loop the range is the loop's", firstNonEmpty(from1, from2), f.Equip))
	}
	return []track{t}, ""
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func (p *plant) towerTracks(fam *Family, f *series.Frame) ([]track, string) {
	if m := missing(f, fam.Required); len(m) > 0 {
		return nil, missingReason(m)
	}
	wb, source := wetBulb(f)
	if wb == nil {
		return nil, "no wet-bulb source: wetbulb_temp, or oat with outdoor_rh"
	}
	var caveats []string
	x := tons(f)
	if x == nil {
		var n int
		x, n = p.towerLoad(f)
		if n == 0 {
			return nil, "no load: chw_flow, chw_supply_temp and chw_return_temp on the tower, or chillers it serves"
		}
		caveats = append(caveats, fmt.Sprintf("load is the summed tons of %d chiller(s) the tower serves", n))
	}
	run, note := towerRunning(f)
	if note != "" {
		caveats = append(caveats, note)
	}
	cws := f.Col(model.CWSupplyTemp)
	y := make([]float64, f.N)
	for i := range y {
		y[i] = math.NaN()
		if run[i] {
			y[i] = cws[i] - wb[i]
		}
	}
	t := newTrack(fam, fam.Signals[0], f, x, y)
	t.caveats = append(caveats, "wet-bulb: "+source)
	return []track{t}, ""
}

// towerLoad sums the tons of the chillers a tower serves on its grid; a
// slot counts when at least one chiller has a value there.
func (p *plant) towerLoad(tw *series.Frame) ([]float64, int) {
	out := make([]float64, tw.N)
	for i := range out {
		out[i] = math.NaN()
	}
	n := 0
	for _, ch := range p.chillers[tw.Equip] {
		f := p.frames[ch]
		x := align(tw, f, tons(f))
		if x == nil {
			continue
		}
		n++
		for i, v := range x {
			if math.IsNaN(v) {
				continue
			}
			if math.IsNaN(out[i]) {
				out[i] = 0
			}
			out[i] += math.Max(v, 0)
		}
	}
	return out, n
}

// towerRunning marks the slots where the tower rejects heat: CWR − CWS ≥
// 1 °F when cw_return_temp is mapped, else fan speed > 5 %, else every
// slot (with a caveat).
func towerRunning(f *series.Frame) ([]bool, string) {
	run := make([]bool, f.N)
	cws := f.Col(model.CWSupplyTemp)
	switch {
	case f.Has(model.CWReturnTemp):
		cwr := f.Col(model.CWReturnTemp)
		for i := range run {
			run[i] = cwr[i]-cws[i] >= 1
		}
	case f.Has(model.TowerFanSpeed):
		fan := f.Col(model.TowerFanSpeed)
		scale := fractionScale(fan)
		for i := range run {
			run[i] = fan[i]*scale > 5
		}
	default:
		for i := range run {
			run[i] = true
		}
		return run, "no cw_return_temp or tower_fan_speed: idle hours could not be told apart"
	}
	return run, ""
}

// wetBulb is the frame's wet-bulb column and its source: the
// wetbulb_temp point, else Stull's formula from OAT and outdoor RH.
func wetBulb(f *series.Frame) ([]float64, string) {
	if f.Has(model.WetbulbTemp) {
		return f.Col(model.WetbulbTemp), "measured wetbulb_temp (" + f.Source(model.WetbulbTemp) + ")"
	}
	if !f.Has(model.OAT) || !f.Has(model.OutdoorRH) {
		return nil, ""
	}
	oat, rh := f.Col(model.OAT), f.Col(model.OutdoorRH)
	scale := fractionScale(rh)
	wb := make([]float64, f.N)
	for i := range wb {
		wb[i] = StullWetBulb(oat[i], rh[i]*scale)
	}
	return wb, "Stull from oat and outdoor_rh (" + f.Source(model.OAT) + ")"
}

// fractionScale is 100 for a column whose finite values lie in 0..1.5 (a
// 0–1 fraction), else 1.
func fractionScale(col []float64) float64 {
	mx, any := math.Inf(-1), false
	for _, v := range col {
		if !math.IsNaN(v) {
			if v < 0 {
				return 1
			}
			mx, any = math.Max(mx, v), true
		}
	}
	if any && mx <= 1.5 {
		return 100
	}
	return 1
}

// StullWetBulb is Stull's (2011) wet-bulb temperature, °F, from the dry
// bulb tF (°F) and relative humidity rh (%); NaN outside 0–100 % RH.
func StullWetBulb(tF, rh float64) float64 {
	if math.IsNaN(tF) || math.IsNaN(rh) || rh < 0 || rh > 100 {
		return math.NaN()
	}
	t := (tF - 32) / 1.8
	tw := t*math.Atan(0.151977*math.Sqrt(rh+8.313659)) + math.Atan(t+rh) - math.Atan(rh-1.676331) +
		0.00391838*math.Pow(rh, 1.5)*math.Atan(0.023101*rh) - 4.686035
	return tw*1.8 + 32
}
