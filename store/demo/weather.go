package demo

import (
	"math"
	"math/rand/v2"
)

// weather is the facility's outdoor conditions on the clock's grid.
type weather struct {
	oat, rh, wb []float64
	dailyMean   []float64 // per sample: mean OAT of its day
}

// climate sets the seasonal curve of a site, °F.
type climate struct {
	annualMean, annualAmp float64 // seasonal sine: mean + amp·sin(...)
	peakDOY               float64 // day of year of the seasonal peak
	diurnalAmp            float64 // half the typical daily swing
	humidity              float64 // mean relative humidity, %
}

// chicago is a continental summer: cool May, warm humid July.
var chicago = climate{annualMean: 50, annualAmp: 25, peakDOY: 200, diurnalAmp: 9, humidity: 65}

// makeWeather generates OAT with a seasonal curve, a diurnal cycle peaking
// about 15:00, day-to-day weather fronts (an AR(1) anomaly with occasional
// 2-4 day swings), sensor noise, relative humidity that falls as the day
// warms, and the Stull wet-bulb of the two.
func makeWeather(c clock, cl climate, r *rand.Rand) weather {
	days := c.n/c.perDay() + 2
	anom := make([]float64, days+1)
	front := 0.0
	for d := 1; d <= days; d++ {
		if r.Float64() < 0.12 { // a front every week or so
			front = (r.Float64()*2 - 1) * 9
		}
		front *= 0.7
		anom[d] = 0.55*anom[d-1] + front + r.NormFloat64()*2.5
	}
	w := weather{
		oat: make([]float64, c.n), rh: make([]float64, c.n),
		wb: make([]float64, c.n), dailyMean: make([]float64, c.n),
	}
	humid := 0.0
	for i := range c.n {
		t := c.at(i)
		doy := float64(t.YearDay()) + c.hour(i)/24
		seasonal := cl.annualMean + cl.annualAmp*math.Sin(2*math.Pi*(doy-(cl.peakDOY-91.25))/365)
		// Interpolate the daily anomaly so fronts arrive smoothly.
		df := c.day(i)
		d0 := int(df)
		a := anom[d0] + (anom[d0+1]-anom[d0])*(df-float64(d0))
		mean := seasonal + a
		diurnal := cl.diurnalAmp * math.Cos(2*math.Pi*(c.hour(i)-15)/24)
		w.dailyMean[i] = mean
		w.oat[i] = mean + diurnal + r.NormFloat64()*0.4
		humid = 0.98*humid + r.NormFloat64()*0.6
		w.rh[i] = clamp(cl.humidity-1.6*diurnal+humid, 22, 98)
		w.wb[i] = stullWetBulb(w.oat[i], w.rh[i])
	}
	return w
}

// stullWetBulb is Stull's (2011) wet-bulb approximation from dry-bulb °F
// and relative humidity %, returned in °F.
func stullWetBulb(tf, rh float64) float64 {
	t := (tf - 32) / 1.8
	tw := t*math.Atan(0.151977*math.Sqrt(rh+8.313659)) + math.Atan(t+rh) -
		math.Atan(rh-1.676331) + 0.00391838*math.Pow(rh, 1.5)*math.Atan(0.023101*rh) - 4.686035
	return tw*1.8 + 32
}
