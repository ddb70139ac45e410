package drift

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

var (
	t0   = time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC).UnixNano()
	day  = int64(24 * time.Hour)
	q15  = int64(15 * time.Minute)
	hour = int64(time.Hour)
)

// days is the window [from, to) in days since t0.
func days(from, to float64) Window {
	return Window{t0 + int64(from*float64(day)), t0 + int64(to*float64(day))}
}

// inject is a drift added to one role of a synthetic frame from day At:
// a step of Size, or a ramp reaching Size over Ramp days.
type inject struct {
	role model.Role
	at   float64
	size float64
	ramp float64
}

func (in *inject) at_(i int, step int64) float64 {
	if in == nil {
		return 0
	}
	d := float64(int64(i)*step) / float64(day)
	if d < in.at {
		return 0
	}
	if in.ramp > 0 {
		return in.size * math.Min(1, (d-in.at)/in.ramp)
	}
	return in.size
}

func newFrame(equip, class string, n int, step int64) *series.Frame {
	return &series.Frame{Equip: equip, Class: class, Start: t0, Step: step, N: n, Cols: map[model.Role][]float64{}}
}

func col(f *series.Frame, r model.Role) []float64 {
	c := make([]float64, f.N)
	f.Cols[r] = c
	return c
}

// chillerFrame simulates a chiller's load-normalised refrigerant and
// condenser signals on a grid: load wanders 40–420 tons; each metric is
// linear in load plus noise; inj adds a drift to one role.
func chillerFrame(equip string, n int, step int64, seed uint64, inj *inject) *series.Frame {
	r := rand.New(rand.NewPCG(seed, 1))
	f := newFrame(equip, model.ClassChiller, n, step)
	flow, chws, chwr := col(f, model.CHWFlow), col(f, model.CHWSupplyTemp), col(f, model.CHWReturnTemp)
	ca, ea := col(f, model.CondApproachTemp), col(f, model.EvapApproachTemp)
	sub, sup := col(f, model.SubcoolingTemp), col(f, model.SuperheatTemp)
	dis, suc := col(f, model.DischargePressure), col(f, model.SuctionPressure)
	cws, cwr := col(f, model.CWSupplyTemp), col(f, model.CWReturnTemp)
	add := func(role model.Role, i int) float64 {
		if inj != nil && inj.role == role {
			return inj.at_(i, step)
		}
		return 0
	}
	for i := range n {
		h := float64(int64(i)*step) / float64(hour)
		tons := 230 + 150*math.Sin(2*math.Pi*h/24) + 40*math.Sin(2*math.Pi*h/(24*9.3)) + 5*r.NormFloat64()
		flow[i] = 900
		chws[i] = 44 + 0.2*r.NormFloat64()
		chwr[i] = chws[i] + tons*24/flow[i]
		ca[i] = 2 + 0.006*tons + 0.15*r.NormFloat64() + add(model.CondApproachTemp, i)
		ea[i] = 1.5 + 0.004*tons + 0.12*r.NormFloat64() + add(model.EvapApproachTemp, i)
		sub[i] = 8 + 0.004*tons + 0.25*r.NormFloat64() + add(model.SubcoolingTemp, i)
		sup[i] = 4 + 0.003*tons + 0.4*r.NormFloat64() + add(model.SuperheatTemp, i)
		cws[i] = 80 + 0.3*r.NormFloat64()
		cwr[i] = cws[i] + 2 + 0.02*tons + 0.2*r.NormFloat64() + add(model.CWReturnTemp, i)
		dis[i] = 120 + 0.05*tons + 1.0*r.NormFloat64() + add(model.DischargePressure, i)
		suc[i] = 35 + 0.5*r.NormFloat64()
	}
	return f
}

// towerFrame simulates a tower whose approach grows with the summed load
// of the given chillers; wet-bulb is measured, or derived from OAT and RH
// (stull).
func towerFrame(equip string, chillers []*series.Frame, seed uint64, stull bool, inj *inject) *series.Frame {
	ref := chillers[0]
	r := rand.New(rand.NewPCG(seed, 2))
	f := newFrame(equip, model.ClassCoolingTower, ref.N, ref.Step)
	cws, cwr := col(f, model.CWSupplyTemp), col(f, model.CWReturnTemp)
	var wbCol, oat, rh []float64
	if stull {
		oat, rh = col(f, model.OAT), col(f, model.OutdoorRH)
	} else {
		wbCol = col(f, model.WetbulbTemp)
	}
	for i := range f.N {
		load := 0.0
		for _, c := range chillers {
			load += c.Cols[model.CHWFlow][i] * (c.Cols[model.CHWReturnTemp][i] - c.Cols[model.CHWSupplyTemp][i]) / 24
		}
		h := float64(int64(i)*ref.Step) / float64(hour)
		t := 78 + 8*math.Sin(2*math.Pi*(h-9)/24)
		hum := 55 + 10*math.Sin(2*math.Pi*h/(24*5))
		wb := StullWetBulb(t, hum)
		if stull {
			oat[i], rh[i] = t, hum
		} else {
			wbCol[i] = wb
		}
		app := 4 + 0.004*load + 0.25*r.NormFloat64()
		if inj != nil {
			app += inj.at_(i, ref.Step)
		}
		cws[i] = wb + app
		cwr[i] = cws[i] + 8
	}
	return f
}

// ahuFrame simulates an AHU whose cooling valve tracks the coil load
// (mixed minus supply air) with a fan status.
func ahuFrame(equip string, n int, step int64, seed uint64, inj *inject) *series.Frame {
	r := rand.New(rand.NewPCG(seed, 3))
	f := newFrame(equip, model.ClassAHU, n, step)
	sat, mat, valve, heat, fan := col(f, model.SupplyAirTemp), col(f, model.MixedAirTemp), col(f, model.CoolValve), col(f, model.HeatValve), col(f, model.SupplyFanStatus)
	for i := range n {
		h := float64(int64(i)*step) / float64(hour)
		fan[i] = 1
		sat[i] = 55 + 0.3*r.NormFloat64()
		mat[i] = 60 + 9*math.Sin(2*math.Pi*h/24) + 4*math.Sin(2*math.Pi*h/(24*6)) + 0.3*r.NormFloat64()
		load := mat[i] - sat[i]
		heat[i] = 0
		valve[i] = math.Max(0, math.Min(100, 8+4.5*load+2*r.NormFloat64()))
		if load < 1 {
			valve[i] = 0
		}
		if inj != nil && inj.role == model.CoolValve && valve[i] > 0 {
			valve[i] = math.Min(100, valve[i]+inj.at_(i, step))
		}
	}
	return f
}

// loggerFrame is a reference logger reading the AHU's supply air exactly;
// the AHU's own sensor gets inj (a bias drift).
func loggerFrame(ahu *series.Frame, seed uint64) *series.Frame {
	r := rand.New(rand.NewPCG(seed, 4))
	f := newFrame("LOG-1", "DataLogger", ahu.N, ahu.Step)
	c := col(f, model.SupplyAirTemp)
	for i := range c {
		c[i] = ahu.Cols[model.SupplyAirTemp][i] + 0.1*r.NormFloat64()
	}
	return f
}
