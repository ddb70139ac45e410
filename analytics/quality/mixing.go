package quality

import (
	"fmt"
	"math"
)

// Mixing thresholds (domain §4.2): the mixed-air temperature must lie
// within MixingTolF of the outdoor/return span.
const (
	MixingTolF       = 5.0
	MixingWarnShare  = 0.05
	MixingFaultShare = 0.20
	MixingMinSamples = 10
)

// MixingResult is the mixed-air consistency cross check of one air handler.
type MixingResult struct {
	// Samples counts the slots with all three temperatures.
	Samples int `json:"samples"`
	// Violations counts those with MAT outside [min(OAT,RAT)−5, max+5] °F.
	Violations int `json:"violations"`
	// Share is Violations ÷ Samples; nil with no sample.
	Share *float64 `json:"share"`
	// Verdict is ok, warn (≥ 5 %), fault (≥ 20 %) or info (fewer than 10
	// samples: not judged).
	Verdict string `json:"verdict"`
	Summary string `json:"summary"`
}

// Mixing checks that the mixed-air temperature lies between the outdoor and
// return temperatures (±5 °F) on every slot where all three are known. The
// three columns are aligned on one grid; a shorter one ends the check.
func Mixing(mat, oat, rat []float64) MixingResult {
	var r MixingResult
	n := min(len(mat), len(oat), len(rat))
	for i := 0; i < n; i++ {
		m, o, ra := mat[i], oat[i], rat[i]
		if math.IsNaN(m) || math.IsNaN(o) || math.IsNaN(ra) {
			continue
		}
		r.Samples++
		if m < math.Min(o, ra)-MixingTolF || m > math.Max(o, ra)+MixingTolF {
			r.Violations++
		}
	}
	if r.Samples > 0 {
		s := float64(r.Violations) / float64(r.Samples)
		r.Share = &s
	}
	switch {
	case r.Samples < MixingMinSamples:
		r.Verdict = "info"
		r.Summary = fmt.Sprintf("mixing check not judged: %d samples with MAT, OAT and RAT (needs %d)", r.Samples, MixingMinSamples)
		return r
	case *r.Share >= MixingFaultShare:
		r.Verdict = "fault"
	case *r.Share >= MixingWarnShare:
		r.Verdict = "warn"
	default:
		r.Verdict = "ok"
	}
	r.Summary = fmt.Sprintf("MAT outside the OAT/RAT span ±%g °F in %.1f%% of %d samples", MixingTolF, 100**r.Share, r.Samples)
	return r
}
