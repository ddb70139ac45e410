package drift

import (
	"fmt"
	"math"
	"slices"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// Threshold-confidence labels every finding carries (domain §6).
const (
	MagnitudeConfidence = "screening-grade"
	TemporalConfidence  = "provisional-untuned"
	ThresholdNote       = "drift thresholds are screening-grade defaults (°F/psi/% floors and σ multiples) and the CUSUM parameters are untuned; confirm a flagged drift on site before acting"
)

// SignalResult is one signal's outcome against its baseline.
type SignalResult struct {
	Kind string `json:"kind"`
	// Metric is what was judged ("cond_approach_temp", "supply_air_temp
	// vs LOG-1 supply_air_temp").
	Metric   string       `json:"metric"`
	Severity fdd.Severity `json:"severity"`
	// Direction is up or down (the sign of the drift).
	Direction string `json:"direction"`
	// Baseline is the fit judged against and BaselineSource where it came
	// from: "window" (fitted for this run) or "frozen" (from the run
	// config, read only).
	Baseline       Baseline `json:"baseline"`
	BaselineSource string   `json:"baseline_source"`
	Period         Period   `json:"period"`
	CUSUM          CUSUM    `json:"cusum"`
	Cause          string   `json:"cause,omitempty"`
	Caveats        []string `json:"caveats"`
}

// window selects a track's guarded samples in w: a finite load inside the
// family's load bounds and a finite metric inside its plausible bounds.
func (t *track) window(fam *Family, w Window) *samples {
	f := t.f
	s := &samples{}
	if n := min(int64(f.N), (w.End-w.Start)/f.Step+1); n > 0 {
		s.ts, s.x, s.y = make([]int64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
	}
	lo := 0
	if w.Start > f.Start {
		lo = int((w.Start - f.Start) / f.Step)
	}
	for i := lo; i < f.N; i++ {
		ts := f.Start + int64(i)*f.Step
		if ts >= w.End {
			break
		}
		if ts < w.Start {
			continue
		}
		x, y := t.x[i], t.y[i]
		if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			continue
		}
		if x < fam.MinLoad || x > fam.MaxLoad || y < fam.Plausible[0] || y > fam.Plausible[1] {
			continue
		}
		s.add(ts, x, y)
	}
	return s
}

// judge scores a drift against the family's floors: both the magnitude
// and the σ multiple must be cleared; with σ zero or unknown the
// magnitude alone decides (second result true).
func judge(fam *Family, drift, sigma float64) (fdd.Severity, bool) {
	score := drift
	if fam.Sides == Both {
		score = math.Abs(drift)
	}
	noSigma := !(sigma > 0) || math.IsInf(sigma, 0)
	clears := func(th Threshold) bool {
		return score >= th.Abs && (noSigma || score/sigma >= th.Sigma)
	}
	switch {
	case clears(fam.Fault):
		return fdd.Fault, noSigma
	case clears(fam.Warn):
		return fdd.Warn, noSigma
	}
	return fdd.OK, noSigma
}

// evaluate judges one track. A non-empty reason means it could not be
// evaluated.
func (r *runner) evaluate(fam *Family, t *track) (SignalResult, string) {
	res := SignalResult{Kind: t.sig.Kind, Metric: t.label, Caveats: slices.Clone(t.caveats)}
	if res.Caveats == nil {
		res.Caveats = []string{}
	}
	if b, key, ok := r.frozen(t.f.Equip, t.keys); ok {
		res.Baseline, res.BaselineSource = b, "frozen"
		res.Caveats = append(res.Caveats, fmt.Sprintf("frozen baseline %q from the run config (fitted %s – %s)", key, stamp(b.CoverageStart), stamp(b.CoverageEnd)))
	} else if r.spec.Baseline != nil {
		b, err := fitBaseline(t.window(fam, *r.spec.Baseline), fam.MinSpan, fam.Name == SensorBias)
		if err != nil {
			return res, "no fit over the baseline window: " + err.Error()
		}
		res.Baseline, res.BaselineSource = b, "window"
	} else {
		return res, fmt.Sprintf("no baseline window and no frozen baseline for %s %s", t.f.Equip, t.sig.Kind)
	}
	cur := t.window(fam, r.spec.Current)
	if len(cur.x) == 0 {
		return res, "no usable sample in the current window (empty after the load and plausibility guards)"
	}
	p, err := periodStats(cur, res.Baseline)
	if err != nil {
		return res, err.Error()
	}
	res.Period = p
	sigma := res.Baseline.Sigma
	sev, noSigma := judge(fam, p.Drift, sigma)
	if noSigma {
		res.Caveats = append(res.Caveats, "the baseline σ is zero: judged on the magnitude floor alone")
	}
	res.Direction = Up
	if p.Drift < 0 {
		res.Direction = Down
	}
	res.CUSUM = Monitor(cur.ts, p.resid, sigma, fam.Sides, r.cusum)
	if c := res.CUSUM; c.Alarm && sev.Rank() < fdd.Warn.Rank() {
		// A sustained shift below the period floors: warn when the samples
		// since the alarm sit at least a warn magnitude off baseline.
		med := median(slices.Clone(p.resid[c.alarmIdx:]))
		m := med
		if c.Direction == Down {
			m = -m
		}
		if m >= fam.Warn.Abs {
			sev = fdd.Warn
			res.Caveats = append(res.Caveats, fmt.Sprintf("sustained shift since %s (CUSUM alarm at %s): warn although the whole period's median is under the floors", c.Onset, c.AlarmAt))
		} else {
			res.Caveats = append(res.Caveats, fmt.Sprintf("the CUSUM alarmed at %s but the samples since sit %+.2f %s off baseline, under the warn floor: autocorrelated residuals make the untuned monitor alarm readily", c.AlarmAt, med, unitText(fam.Unit)))
		}
	}
	if p.Extrapolated {
		res.Caveats = append(res.Caveats, fmt.Sprintf("%.0f%% of current samples lie outside the baseline's load envelope %.1f–%.1f: the comparison extrapolates", p.PctOutsideEnvelope, res.Baseline.TonsMin, res.Baseline.TonsMax))
	}
	res.Severity = sev
	if sev.Rank() >= fdd.Warn.Rank() {
		res.Cause = t.sig.CauseUp
		if res.Direction == Down && t.sig.CauseDown != "" {
			res.Cause = t.sig.CauseDown
		}
	}
	return res, ""
}

// frozen looks a baseline up for equip under the track's keys (the
// signal kind, then the family name and aliases for a required signal).
func (r *runner) frozen(equip string, keys []string) (Baseline, string, bool) {
	byKey := r.spec.Frozen[equip]
	for _, k := range keys {
		if b, ok := byKey[k]; ok {
			return b, k, true
		}
	}
	return Baseline{}, "", false
}

// windowMedian is the median of col over the slots of w where the
// track's metric is usable.
func windowMedian(t *track, col []float64, w Window) (float64, bool) {
	f := t.f
	var v []float64
	for i := range f.N {
		ts := f.Start + int64(i)*f.Step
		if ts >= w.Start && ts < w.End && !math.IsNaN(col[i]) && !math.IsNaN(t.y[i]) {
			v = append(v, col[i])
		}
	}
	if len(v) == 0 {
		return 0, false
	}
	return median(v), true
}
