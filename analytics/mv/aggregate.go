package mv

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Window is an explicit period [Start, End) in ns of naive local time.
type Window struct {
	Start, End int64
}

// MarshalJSON writes {"start","end"} as naive local times.
func (w Window) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}{stamp(w.Start), stamp(w.End)})
}

// String is "start – end".
func (w Window) String() string { return stamp(w.Start) + " – " + stamp(w.End) }

func stamp(ns int64) string { return time.Unix(0, ns).UTC().Format(series.TimeLayout) }

// DefaultMinCoverage is the share of a period's expected meter samples
// that must be present for the period to count.
const DefaultMinCoverage = 0.9

// MinOATCoverage is the share of a period's expected outdoor-air samples
// needed for its mean temperature.
const MinOATCoverage = 0.5

// Period is one aggregated interval of meter energy and outdoor air.
type Period struct {
	// Start is the period's start (ns, naive local); Hours its length
	// (shorter than nominal where a window edge clips it).
	Start int64
	Hours float64
	// Energy is the period's energy in the report unit.
	Energy float64
	// Y is the energy per nominal period (an hour, a day, or for a monthly
	// period an average day): what the models fit.
	Y float64
	// Scale converts Y back to the period's energy (Hours ÷ nominal hours).
	Scale float64
	// Temp is the mean outdoor air temperature, °F; DayTemps the daily
	// means within the period (daily and monthly only).
	Temp       float64
	DayTemps   []float64
	HourOfWeek int
	// Coverage is the share of expected meter samples present.
	Coverage float64
}

// Coverage counts what aggregation kept and dropped in a window.
type Coverage struct {
	Window Window `json:"window"`
	// Periods is how many periods the window holds.
	Periods int `json:"periods"`
	Kept    int `json:"kept"`
	// Incomplete periods had under MinCoverage of their meter samples.
	Incomplete int `json:"incomplete"`
	// Negative periods had a negative mean meter reading.
	Negative int `json:"negative"`
	// NoOAT periods had too few outdoor-air samples for a mean.
	NoOAT int `json:"no_oat"`
	// MinCoverage is the coverage rule applied.
	MinCoverage float64 `json:"min_coverage"`
}

// nominalHours is the length Y is normalised to: 1 h for hourly, 24 h (a
// day) for daily and monthly.
func nominalHours(iv Interval) float64 {
	if iv == Hourly {
		return 1
	}
	return 24
}

// bins splits w into the interval's calendar periods, clipped to w.
func bins(w Window, iv Interval) [][2]int64 {
	var out [][2]int64
	t := time.Unix(0, w.Start).UTC()
	switch iv {
	case Hourly:
		t = t.Truncate(time.Hour)
	case Daily:
		t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	case Monthly:
		t = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	for t.UnixNano() < w.End {
		var next time.Time
		switch iv {
		case Hourly:
			next = t.Add(time.Hour)
		case Daily:
			next = t.AddDate(0, 0, 1)
		default:
			next = t.AddDate(0, 1, 0)
		}
		out = append(out, [2]int64{max(t.UnixNano(), w.Start), min(next.UnixNano(), w.End)})
		t = next
	}
	return out
}

// rangeIn returns the sample index range of s inside [lo, hi).
func rangeIn(ts []int64, lo, hi int64) (int, int) {
	a := sort.Search(len(ts), func(i int) bool { return ts[i] >= lo })
	b := sort.Search(len(ts), func(i int) bool { return ts[i] >= hi })
	return a, b
}

// meanIn is the mean of the finite values of v[a:b] and their count.
func meanIn(v []float64, a, b int) (float64, int) {
	s, n := 0.0, 0
	for _, x := range v[a:b] {
		if finite(x) {
			s += x
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return s / float64(n), n
}

// Aggregate turns a meter's rate samples (power kW, or an energy_rate) and
// an outdoor-air series into periods of the interval over w.
//
// A period's energy integrates the rate: its mean reading × its hours (a
// missing sample is thus filled with the period's mean), times factor to
// reach the report unit. Coverage rule: a period counts when its meter
// samples reach minCoverage (0 → DefaultMinCoverage) of those expected at
// the meter's median logging interval, its mean reading is not negative,
// and its outdoor-air samples reach MinOATCoverage of theirs (each day of a
// monthly period likewise for its daily means). Dropped periods are
// counted by reason.
func Aggregate(meter, oat model.Series, w Window, iv Interval, factor, minCoverage float64) ([]Period, Coverage, error) {
	if minCoverage <= 0 {
		minCoverage = DefaultMinCoverage
	}
	cov := Coverage{Window: w, MinCoverage: minCoverage}
	if _, err := LimitsFor(iv); err != nil {
		return nil, cov, err
	}
	if w.End <= w.Start {
		return nil, cov, fmt.Errorf("%w: window %s is empty", ErrInvalid, w)
	}
	mIv := float64(series.MedianInterval(meter.TS)) / float64(time.Hour)
	oIv := float64(series.MedianInterval(oat.TS)) / float64(time.Hour)
	if mIv <= 0 || oIv <= 0 {
		return nil, cov, fmt.Errorf("%w: meter or outdoor-air series has fewer than two samples", ErrNoData)
	}
	nom := nominalHours(iv)
	bs := bins(w, iv)
	out := make([]Period, 0, len(bs))
	for _, b := range bs {
		cov.Periods++
		hours := float64(b[1]-b[0]) / float64(time.Hour)
		ma, mb := rangeIn(meter.TS, b[0], b[1])
		mean, cnt := meanIn(meter.V, ma, mb)
		c := math.Min(1, float64(cnt)/math.Max(1, hours/mIv))
		if cnt == 0 || c < minCoverage {
			cov.Incomplete++
			continue
		}
		if mean < 0 {
			cov.Negative++
			continue
		}
		temp, days, ok := oatMean(oat, b, iv, oIv)
		if !ok {
			cov.NoOAT++
			continue
		}
		p := Period{Start: b[0], Hours: hours, Energy: mean * hours * factor, Y: mean * nom * factor,
			Scale: hours / nom, Temp: temp, DayTemps: days, Coverage: c}
		t := time.Unix(0, b[0]).UTC()
		p.HourOfWeek = (int(t.Weekday())+6)%7*24 + t.Hour()
		out = append(out, p)
		cov.Kept++
	}
	return out, cov, nil
}

// oatMean is a period's mean outdoor air temperature and, for daily and
// monthly periods, its daily means.
func oatMean(oat model.Series, b [2]int64, iv Interval, oIv float64) (float64, []float64, bool) {
	enough := func(lo, hi int64) (float64, bool) {
		a, z := rangeIn(oat.TS, lo, hi)
		m, n := meanIn(oat.V, a, z)
		hours := float64(hi-lo) / float64(time.Hour)
		return m, n > 0 && float64(n) >= MinOATCoverage*math.Max(1, hours/oIv)
	}
	switch iv {
	case Hourly:
		m, ok := enough(b[0], b[1])
		return m, nil, ok
	case Daily:
		m, ok := enough(b[0], b[1])
		return m, []float64{m}, ok
	}
	var days []float64
	sum, n := 0.0, 0
	for _, d := range bins(Window{b[0], b[1]}, Daily) {
		if m, ok := enough(d[0], d[1]); ok {
			days = append(days, m)
			sum += m
			n++
		}
	}
	want := float64(b[1]-b[0]) / float64(24*time.Hour)
	if n == 0 || float64(n) < MinOATCoverage*want {
		return 0, nil, false
	}
	return sum / float64(n), days, true
}

// toData turns periods into model rows.
func toData(ps []Period, iv Interval) Data {
	d := Data{Y: make([]float64, len(ps)), Temp: make([]float64, len(ps))}
	if iv == Hourly {
		d.HourOfWeek = make([]int, len(ps))
	} else {
		d.DayTemps = make([][]float64, len(ps))
	}
	for i, p := range ps {
		d.Y[i], d.Temp[i] = p.Y, p.Temp
		if iv == Hourly {
			d.HourOfWeek[i] = p.HourOfWeek
		} else {
			d.DayTemps[i] = p.DayTemps
		}
	}
	return d
}

// rateUnits maps a meter's rate unit to the energy unit its integral has
// and that unit's size in kWh.
var rateUnits = map[string]string{
	"kW": "kWh", "W": "Wh", "MW": "MWh", "kBtu/h": "kBtu", "MBH": "kBtu", "Btu/h": "Btu", "tons": "ton-h",
}

// energyUnits are the energy units savings may be reported in, in kWh.
var energyUnits = map[string]float64{
	"kWh": 1, "Wh": 0.001, "MWh": 1000, "kBtu": 1 / 3.412, "Btu": 1 / 3412.0,
	"MMBtu": 1000 / 3.412, "therms": 100 / 3.412, "ton-h": 12 / 3.412,
}

// EnergyUnit resolves the energy unit of a meter whose rate unit is
// rateUnit ("" = the role's unit) and the factor from it to the report
// unit want ("" = that energy unit).
func EnergyUnit(role model.Role, rateUnit, want string) (unit string, factor float64, err error) {
	if rateUnit == "" {
		rateUnit = role.Unit()
	}
	e, ok := rateUnits[rateUnit]
	if !ok {
		return "", 0, fmt.Errorf("%w: meter unit %q is not a rate unit (kW, W, MW, kBtu/h, MBH, Btu/h, tons)", ErrInvalid, rateUnit)
	}
	if want == "" || want == e {
		return e, 1, nil
	}
	to, ok := energyUnits[want]
	if !ok {
		return "", 0, fmt.Errorf("%w: report unit %q is not an energy unit (kWh, Wh, MWh, kBtu, Btu, MMBtu, therms, ton-h)", ErrInvalid, want)
	}
	return want, energyUnits[e] / to, nil
}
