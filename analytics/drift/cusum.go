package drift

import "math"

// CUSUMParams are the sustained-shift monitor's parameters, in units of
// the baseline σ (CAMBER's ApproachDriftMonitor).
type CUSUMParams struct {
	// Slack k is subtracted from each standardised residual.
	Slack float64 `json:"slack_sigma"`
	// Limit h is the accumulator level that counts as over.
	Limit float64 `json:"limit_sigma"`
	// Clip bounds each standardised residual to ±Clip.
	Clip float64 `json:"clip_sigma"`
	// MinConsecutive samples must be over the limit and individually above
	// the slack before the alarm fires.
	MinConsecutive int `json:"min_consecutive"`
}

// DefaultCUSUM returns slack 0.5σ, limit 8σ, clip ±4σ and 6 consecutive
// samples.
func DefaultCUSUM() CUSUMParams {
	return CUSUMParams{Slack: 0.5, Limit: 8, Clip: 4, MinConsecutive: 6}
}

// CUSUM is the monitor's outcome on one signal's current residuals.
type CUSUM struct {
	// Ran is false when σ is zero or unknown (nothing to standardise by).
	Ran   bool `json:"ran"`
	Alarm bool `json:"alarm"`
	// AlarmAt is when the alarm fired (the MinConsecutive-th sample over
	// the limit); Onset the first sample of the accumulator's run that
	// led to it (the sample after it last stood at zero), the usual CUSUM
	// estimate of when the shift began. Both naive local times, "" without an alarm.
	AlarmAt string `json:"alarm_at,omitempty"`
	Onset   string `json:"onset,omitempty"`
	// Peak is the largest accumulator value reached (σ units); Direction
	// is the alarm's side (up or down), else the side of the peak.
	Peak      float64 `json:"peak"`
	Direction string  `json:"direction,omitempty"`
	alarmIdx  int
	onsetIdx  int
}

// Monitor runs the tabular CUSUM on residuals r (time order, timestamps
// ts) standardised by sigma. sides is Up (only the upper accumulator) or
// Both.
func Monitor(ts []int64, r []float64, sigma float64, sides string, p CUSUMParams) CUSUM {
	c := CUSUM{alarmIdx: -1, onsetIdx: -1}
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		return c
	}
	c.Ran = true
	var hi, lo float64
	var runHi, runLo int
	zeroHi, zeroLo := -1, -1
	for i, v := range r {
		z := math.Max(-p.Clip, math.Min(p.Clip, v/sigma))
		hi = math.Max(0, hi+z-p.Slack)
		if hi == 0 {
			zeroHi = i
		}
		if hi > c.Peak {
			c.Peak = hi
			if !c.Alarm {
				c.Direction = Up
			}
		}
		if hi > p.Limit && z > p.Slack {
			runHi++
		} else {
			runHi = 0
		}
		if sides == Both {
			lo = math.Max(0, lo-z-p.Slack)
			if lo == 0 {
				zeroLo = i
			}
			if lo > c.Peak {
				c.Peak = lo
				if !c.Alarm {
					c.Direction = Down
				}
			}
			if lo > p.Limit && -z > p.Slack {
				runLo++
			} else {
				runLo = 0
			}
		}
		if !c.Alarm && (runHi >= p.MinConsecutive || runLo >= p.MinConsecutive) {
			c.Alarm, c.alarmIdx = true, i
			c.onsetIdx, c.Direction = zeroHi+1, Up
			if runHi < p.MinConsecutive {
				c.onsetIdx, c.Direction = zeroLo+1, Down
			}
			c.AlarmAt, c.Onset = stamp(ts[i]), stamp(ts[c.onsetIdx])
		}
	}
	return c
}
