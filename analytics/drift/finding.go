package drift

import (
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
)

// CWConfoundF is the condenser water supply rise (°F, current against
// baseline median) above which a head pressure drift is caveated as
// possibly the condenser water's.
const CWConfoundF = 2.0

// family judges one family on one equipment.
func (r *runner) family(fam *Family, f *series.Frame, class string) ([]Finding, []NotEvaluated) {
	ne := func(reason string) []NotEvaluated {
		return []NotEvaluated{{Family: fam.Name, Equip: f.Equip, Class: class, Reason: reason}}
	}
	tracks, reason := r.plant.tracks(fam, f)
	if reason != "" {
		return nil, ne(reason)
	}
	if fam.Name == SensorBias {
		// Each pair is its own finding.
		var out []Finding
		var nes []NotEvaluated
		for i := range tracks {
			if tracks[i].why != "" {
				nes = append(nes, ne(tracks[i].label+": "+tracks[i].why)...)
				continue
			}
			res, why := r.evaluate(fam, &tracks[i])
			if why != "" {
				nes = append(nes, ne(tracks[i].label+": "+why)...)
				continue
			}
			fd := r.finding(fam, f, class, []SignalResult{res}, nil)
			if n := len(out); n > 0 {
				fd.ID = fmt.Sprintf("%s#%d", fd.ID, n+1)
			}
			out = append(out, fd)
		}
		return out, nes
	}
	var results []SignalResult
	var notes []string
	for i := range tracks {
		res, why := r.evaluate(fam, &tracks[i])
		if why != "" {
			if tracks[i].sig.Required {
				return nil, ne(why)
			}
			notes = append(notes, tracks[i].sig.Kind+" not evaluated: "+why)
			continue
		}
		if fam.Name == ChillerHeadPressure {
			r.headPressure(&res, &tracks[i])
		}
		results = append(results, res)
	}
	if len(results) == 0 {
		return nil, ne("no signal could be evaluated")
	}
	return []Finding{r.finding(fam, f, class, results, notes)}, nil
}

// headPressure adds the condenser-water confound and the lift shift: the
// median CW supply and discharge − suction in the current window against
// the baseline's (its window, or the frozen fit's coverage).
func (r *runner) headPressure(res *SignalResult, t *track) {
	bw := Window{res.Baseline.CoverageStart, res.Baseline.CoverageEnd + 1}
	if r.spec.Baseline != nil && res.BaselineSource == "window" {
		bw = *r.spec.Baseline
	}
	shift := func(col []float64) *float64 {
		if col == nil {
			return nil
		}
		b, ok1 := windowMedian(t, col, bw)
		c, ok2 := windowMedian(t, col, r.spec.Current)
		if !ok1 || !ok2 {
			return nil
		}
		d := c - b
		return &d
	}
	if d := shift(t.cws); d != nil {
		res.Period.CWSupplyShift = d
		if *d >= CWConfoundF {
			res.Caveats = append(res.Caveats, fmt.Sprintf("condenser water supply rose %.1f °F against the baseline: the head pressure rise may be the condenser water's, not the chiller's", *d))
			if res.Cause != "" {
				res.Cause = fmt.Sprintf("the condenser water supply's %.1f °F rise (a confound), else %s", *d, res.Cause)
			}
		}
	} else {
		res.Caveats = append(res.Caveats, "no condenser water supply temperature: the condenser water confound could not be checked")
	}
	res.Period.LiftShift = shift(t.lift)
}

// unitText is a unit as prose prints it.
func unitText(u string) string {
	if u == "degF" {
		return "°F"
	}
	return u
}

// finding assembles a family's finding from its evaluated signals.
func (r *runner) finding(fam *Family, f *series.Frame, class string, results []SignalResult, notes []string) Finding {
	lead := 0
	for i, s := range results {
		if s.Severity.Rank() > results[lead].Severity.Rank() {
			lead = i
		}
	}
	l := results[lead]
	fd := Finding{ID: fam.Name + "@" + f.Equip, Family: fam.Name, Equip: f.Equip, Class: class,
		Severity: l.Severity, Sides: fam.Sides, Load: fam.Load, Signals: results, Cause: l.Cause,
		Thresholds:            Thresholds{Unit: fam.Unit, Warn: fam.Warn, Fault: fam.Fault, CUSUM: r.cusum},
		ThresholdsProvisional: true, MagnitudeThresholdConfidence: MagnitudeConfidence,
		TemporalThresholdConfidence: TemporalConfidence, ThresholdNote: ThresholdNote}
	for _, s := range results {
		for _, c := range s.Caveats {
			fd.Caveats = append(fd.Caveats, s.Kind+": "+c)
		}
	}
	fd.Caveats = append(fd.Caveats, notes...)
	if fd.Caveats == nil {
		fd.Caveats = []string{}
	}
	fd.Metrics = metrics(l)
	fd.Summary = summary(fam, f.Equip, results, lead)
	return fd
}

func metrics(l SignalResult) map[string]any {
	p, b, c := l.Period, l.Baseline, l.CUSUM
	m := map[string]any{
		"signal": l.Kind, "drift": p.Drift, "drift_sigma": nil, "direction": l.Direction,
		"slope_per_month": p.SlopePerMonth, "pct_outside_2sigma": nil, "pct_outside_envelope": p.PctOutsideEnvelope,
		"extrapolated": p.Extrapolated, "n_current": p.N, "n_baseline": b.N, "sigma": b.Sigma, "r2": b.R2,
		"baseline_source": l.BaselineSource, "cusum_alarm": c.Alarm, "cusum_alarm_at": nil, "cusum_onset": nil,
		"cusum_peak": c.Peak,
	}
	if p.DriftSigma != nil {
		m["drift_sigma"] = *p.DriftSigma
	}
	if p.PctOutside2Sigma != nil {
		m["pct_outside_2sigma"] = *p.PctOutside2Sigma
	}
	if c.Alarm {
		m["cusum_alarm_at"], m["cusum_onset"] = c.AlarmAt, c.Onset
	}
	if l.Kind == "head_pressure" {
		m["cw_supply_shift_f"], m["lift_shift_psi"] = nil, nil
		if p.CWSupplyShift != nil {
			m["cw_supply_shift_f"] = *p.CWSupplyShift
		}
		if p.LiftShift != nil {
			m["lift_shift_psi"] = *p.LiftShift
		}
	}
	return m
}

// summary is one line stating the lead signal's numbers (and the other
// signals' drifts).
func summary(fam *Family, equip string, results []SignalResult, lead int) string {
	l := results[lead]
	u := unitText(fam.Unit)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s drift %+.2f %s", equip, l.Metric, l.Period.Drift, u)
	if l.Period.DriftSigma != nil {
		fmt.Fprintf(&b, " (%+.1fσ)", *l.Period.DriftSigma)
	}
	fmt.Fprintf(&b, " against the %s baseline at equal %s over %d samples: %s", l.BaselineSource, loadText(fam.Load), l.Period.N, l.Severity)
	if l.CUSUM.Alarm && drifting(l.Severity) {
		fmt.Fprintf(&b, "; sustained %s shift alarmed %s (onset %s)", l.CUSUM.Direction, l.CUSUM.AlarmAt, l.CUSUM.Onset)
	}
	for i, s := range results {
		if i != lead {
			fmt.Fprintf(&b, "; %s %+.2f %s (%s)", s.Metric, s.Period.Drift, u, s.Severity)
		}
	}
	if l.Cause != "" {
		fmt.Fprintf(&b, "; likely %s", l.Cause)
	}
	return b.String()
}

func loadText(load string) string {
	switch load {
	case LoadTons:
		return "load (tons)"
	case LoadCoil:
		return "coil load"
	}
	return "reference reading"
}

// worst is the highest severity of fs (ok for none).
func worst(fs []*Finding) fdd.Severity {
	s := fdd.OK
	for _, f := range fs {
		if f.Severity.Rank() > s.Rank() {
			s = f.Severity
		}
	}
	return s
}
