package quality

import (
	"context"
	"math"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Verdicts of a trust score.
const (
	Trusted   = "trusted"   // score ≥ 0.8
	Suspect   = "suspect"   // score ≥ 0.5
	Untrusted = "untrusted" // below 0.5
)

// Flags a trust score can carry.
const (
	FlagLowCoverage = "low_coverage" // coverage < 0.9
	FlagGaps        = "gaps"         // any gap
	FlagOutliers    = "outliers"     // outlier share > 5 %
	FlagOutOfRange  = "out_of_range" // > 1 % outside the role's bounds
	FlagStuck       = "stuck"        // analog role flat for > 50 % of samples
)

// DefaultMinTrust is the default trust floor.
const DefaultMinTrust = 0.5

// TrustScore is the role-aware trust of one point (domain §4.2).
type TrustScore struct {
	Role model.Role `json:"role"`
	// Score = quality score × (1 − min(3 × RangeViolationFrac, 1)), halved
	// for a stuck analog sensor, clamped to 0..1 and rounded to 4 dp.
	Score   float64  `json:"score"`
	Verdict string   `json:"verdict"`
	Flags   []string `json:"flags"`
	// Coverage is the assessment's coverage, repeated for readers.
	Coverage float64 `json:"coverage"`
	// RangeViolationFrac is the share of non-null samples outside the role's
	// physical bounds (0 for a role without bounds).
	RangeViolationFrac float64    `json:"range_violation_frac"`
	Quality            Assessment `json:"quality"`
}

// bounds are the physical limits per role (domain §4.2). Roles absent here
// are not range-checked. Read-only.
var bounds = map[model.Role][2]float64{
	model.OAT:                {-40, 140},
	model.WetbulbTemp:        {-40, 100},
	model.SupplyAirTemp:      {32, 160},
	model.MixedAirTemp:       {20, 140},
	model.ReturnAirTemp:      {40, 120},
	model.SpaceTemp:          {40, 120},
	model.CoolSP:             {45, 95},
	model.HeatSP:             {45, 95},
	model.SupplyAirTempSP:    {40, 120},
	model.CHWSupplyTemp:      {30, 75},
	model.CHWReturnTemp:      {35, 85},
	model.HWSupplyTemp:       {60, 250},
	model.HWReturnTemp:       {60, 230},
	model.CWSupplyTemp:       {40, 120},
	model.CWReturnTemp:       {45, 130},
	model.OutdoorRH:          {-2, 102},
	model.HeatValve:          {-2, 102},
	model.CoolValve:          {-2, 102},
	model.OADamper:           {-2, 102},
	model.Damper:             {-2, 102},
	model.SupplyFanSpeed:     {-2, 102},
	model.HWPumpSpeed:        {-2, 102},
	model.CHWPumpSpeed:       {-2, 102},
	model.TowerFanSpeed:      {-2, 102},
	model.Airflow:            {-1, 1e6},
	model.CHWFlow:            {-1, 1e6},
	model.Power:              {-1, 1e7},
	model.DuctStatic:         {-1, 20},
	model.CompressorStatus:   {-0.1, 1.1},
	model.CondenserFanStatus: {-0.1, 1.1},
	model.ReversingValveCmd:  {-0.1, 1.1},
	model.CompressorStage:    {-0.1, 6.1},
	model.HeatStage:          {-0.1, 6.1},
	model.FilterDiffPress:    {-0.1, 10},
	model.SupplyAirHumidity:  {-2, 102},
	model.ReturnAirHumidity:  {-2, 102},
	model.CondApproachTemp:   {-5, 60},
	model.EvapApproachTemp:   {-5, 60},
	model.SubcoolingTemp:     {-5, 60},
	model.DischargePressure:  {-15, 700},
	model.SuctionPressure:    {-15, 400},
}

// Bounds returns role r's physical bounds and whether it has any.
func Bounds(r model.Role) (lo, hi float64, ok bool) {
	b, ok := bounds[r]
	return b[0], b[1], ok
}

// Verdict names the band a score falls in.
func Verdict(score float64) string {
	switch {
	case score >= 0.8:
		return Trusted
	case score >= 0.5:
		return Suspect
	}
	return Untrusted
}

// Trust scores one raw series of role r (ts ascending, NaN = missing;
// expected 0 = infer the mode interval).
func Trust(r model.Role, ts []int64, v []float64, expected time.Duration) TrustScore {
	return score(r, Assess(ts, v, expected), v)
}

// TrustColumn scores role r's column of a frame on the frame's grid.
func TrustColumn(f *series.Frame, r model.Role) TrustScore {
	col := f.Col(r)
	return score(r, AssessColumn(f, col), col)
}

// FrameTrust scores every column of an equipment's run frame. It is the
// one score both the rule runner's trust gate and sensor_trust read.
func FrameTrust(ctx context.Context, f *series.Frame) (map[model.Role]TrustScore, error) {
	out := make(map[model.Role]TrustScore, len(f.Cols))
	for _, r := range f.Roles() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[r] = TrustColumn(f, r)
	}
	return out, nil
}

// score is the §4.2 formula over an assessment and the values it read.
func score(r model.Role, a Assessment, v []float64) TrustScore {
	t := TrustScore{Role: r, Quality: a, Coverage: a.Coverage, Flags: []string{}}
	if lo, hi, ok := Bounds(r); ok && a.N > 0 {
		out := 0
		for _, x := range v {
			if !math.IsNaN(x) && (x < lo || x > hi) {
				out++
			}
		}
		t.RangeViolationFrac = float64(out) / float64(a.N)
	}
	s := a.Score * (1 - math.Min(3*t.RangeViolationFrac, 1))
	stuck := r.IsAnalog() && a.FlatlineFrac > 0.5
	if stuck {
		s *= 0.5
	}
	t.Score = round4(clamp01(s))
	t.Verdict = Verdict(t.Score)
	if a.Coverage < 0.9 {
		t.Flags = append(t.Flags, FlagLowCoverage)
	}
	if a.Gaps > 0 {
		t.Flags = append(t.Flags, FlagGaps)
	}
	if a.OutlierFrac > 0.05 {
		t.Flags = append(t.Flags, FlagOutliers)
	}
	if t.RangeViolationFrac > 0.01 {
		t.Flags = append(t.Flags, FlagOutOfRange)
	}
	if stuck {
		t.Flags = append(t.Flags, FlagStuck)
	}
	return t
}
