package fdd

import (
	"math"

	"github.com/camber-tui/camber-tui/model"
)

// g36Defs builds the fifteen G36 §5.16.14 AHU fault conditions over the
// (rolling-averaged) columns; a nil column is an input the frame lacks, and
// a condition that needs it is never tested. Equations are G36's, with the
// tolerances from p.
func g36Defs(p Values, sat, hc, cc, mat, rat, oat, satsp, dsp, dspsp, spd []float64) []fcDef {
	fanHeat, dTmin := p.Float("fan_heat_f"), p.Float("min_oat_rat_delta_f")
	eSAT, eRAT, eMAT, eOAT := p.Float("sat_tol_f"), p.Float("rat_tol_f"), p.Float("mat_tol_f"), p.Float("oat_tol_f")
	eCE, eCL := p.Float("coil_entering_tol_f"), p.Float("coil_leaving_tol_f")
	eF, eSpd, eDSP := p.Float("flow_tol_pct"), p.Float("fan_speed_tol_pct"), p.Float("static_tol_inwc")
	full, minOA := p.Float("full_pct"), p.Float("min_oa_pct")
	tri := []model.Role{model.MixedAirTemp, model.ReturnAirTemp, model.OAT}
	hyp := func(a, b float64) float64 { return math.Sqrt(a*a + b*b) }
	return []fcDef{
		{1, "duct static too low at full fan", osAll, []model.Role{model.DuctStatic, model.DuctStaticSP, model.SupplyFanSpeed},
			func(i int) (bool, bool) {
				if !allKnown(i, dsp, dspsp, spd) {
					return false, false
				}
				return true, dsp[i] < dspsp[i]-eDSP && spd[i] >= full-eSpd
			}},
		{2, "MAT too low", osAll, tri, func(i int) (bool, bool) {
			if !allKnown(i, mat, rat, oat) {
				return false, false
			}
			return true, mat[i]+eMAT < math.Min(rat[i]-eRAT, oat[i]-eOAT)
		}},
		{3, "MAT too high", osAll, tri, func(i int) (bool, bool) {
			if !allKnown(i, mat, rat, oat) {
				return false, false
			}
			return true, mat[i]-eMAT > math.Max(rat[i]+eRAT, oat[i]+eOAT)
		}},
		{4, "too many operating-state changes", osAll, nil, nil},
		{5, "SAT too low in heating", os1, []model.Role{model.MixedAirTemp}, func(i int) (bool, bool) {
			if !allKnown(i, mat) {
				return false, false
			}
			return true, sat[i]+eSAT <= mat[i]-eMAT+fanHeat
		}},
		{6, "OA fraction off minimum", os1 | os4, tri, func(i int) (bool, bool) {
			if !allKnown(i, mat, rat, oat) || math.Abs(rat[i]-oat[i]) < dTmin {
				return false, false
			}
			oaf := 100 * (mat[i] - rat[i]) / (oat[i] - rat[i])
			return true, math.Abs(oaf-minOA) > eF
		}},
		{7, "SAT too low in full heating", os1, []model.Role{model.SupplyAirTempSP}, func(i int) (bool, bool) {
			if !allKnown(i, satsp) {
				return false, false
			}
			return true, sat[i] < satsp[i]-eSAT && hc[i] >= full
		}},
		{8, "SAT/MAT mismatch in free cooling", os2, []model.Role{model.MixedAirTemp}, func(i int) (bool, bool) {
			if !allKnown(i, mat) {
				return false, false
			}
			return true, math.Abs(sat[i]-fanHeat-mat[i]) > hyp(eSAT, eMAT)
		}},
		{9, "OAT too high for free cooling", os2, []model.Role{model.OAT, model.SupplyAirTempSP}, func(i int) (bool, bool) {
			if !allKnown(i, oat, satsp) {
				return false, false
			}
			return true, oat[i]-eOAT > satsp[i]-fanHeat
		}},
		{10, "OAT/MAT mismatch in full economizer", os3, []model.Role{model.MixedAirTemp, model.OAT}, func(i int) (bool, bool) {
			if !allKnown(i, mat, oat) {
				return false, false
			}
			return true, math.Abs(mat[i]-oat[i]) > hyp(eMAT, eOAT)
		}},
		{11, "OAT too low for mechanical cooling", os3, []model.Role{model.OAT, model.SupplyAirTempSP}, func(i int) (bool, bool) {
			if !allKnown(i, oat, satsp) {
				return false, false
			}
			return true, oat[i]+eOAT < satsp[i]-fanHeat
		}},
		{12, "SAT too high in cooling", os2 | os3 | os4, []model.Role{model.MixedAirTemp}, func(i int) (bool, bool) {
			if !allKnown(i, mat) {
				return false, false
			}
			return true, sat[i]-eSAT-fanHeat >= mat[i]+eMAT
		}},
		{13, "SAT too high in full cooling", os3 | os4, []model.Role{model.SupplyAirTempSP}, func(i int) (bool, bool) {
			if !allKnown(i, satsp) {
				return false, false
			}
			return true, sat[i] > satsp[i]+eSAT && cc[i] >= full
		}},
		{14, "temperature drop across idle cooling coil", os2, []model.Role{model.MixedAirTemp}, func(i int) (bool, bool) {
			if !allKnown(i, mat) {
				return false, false
			}
			return true, mat[i]+fanHeat-sat[i] >= hyp(eCE, eCL)
		}},
		{15, "temperature rise across idle heating coil", os2, []model.Role{model.MixedAirTemp}, func(i int) (bool, bool) {
			if !allKnown(i, mat) {
				return false, false
			}
			return true, sat[i]-mat[i]-fanHeat >= hyp(eCE, eCL)
		}},
	}
}

// allKnown reports whether every column is present and known at sample i.
func allKnown(i int, xs ...[]float64) bool {
	for _, x := range xs {
		if x == nil || math.IsNaN(x[i]) {
			return false
		}
	}
	return true
}
