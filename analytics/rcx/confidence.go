package rcx

import (
	"math"
	"strconv"
)

// Confidence points. An issue starts at 0 (medium); each reason below adds
// or takes a point; one point or more is high, below zero low. An issue
// conditional on a disagreeing sensor reference is low whatever its
// points, and a drift issue (screening-grade thresholds) at most medium.
//
//   - rule issues: the largest share of judged samples flagged, +1 at
//     StrongShare or more, −1 under WeakShare; +1 for two or more findings
//     (a root-cause group, or one rule's repeats); +1 when a drifting
//     signal of the drift section is on the same equipment; −1 when a
//     finding ran without trusting an optional input, or when the lowest
//     trust of its rules' required inputs is under SuspectTrust.
//   - drift issues: +1 for a sustained-shift (CUSUM) alarm, −1 without
//     one; +1 when the condenser-loop diagnosis is corroborated; +1 when
//     an actionable rule finding is on the same equipment.
//   - sensor issues: +1 for at least WeekHours of overlap, −1 for fewer
//     than MinPairs paired samples; +1 when |bias| reaches the fault level.
const (
	// StrongShare and WeakShare bound the share of judged samples flagged.
	StrongShare = 0.20
	WeakShare   = 0.05
	// SuspectTrust is the trust score below which a point is suspect.
	SuspectTrust = 0.8
	// WeekHours is the overlap a sensor comparison counts as long.
	WeekHours = 168.0
	// MinPairs is the fewest paired samples a comparison counts as enough.
	MinPairs = 48
)

func ptr(x float64) *float64 { return &x }

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func nonZero(x float64) *float64 {
	if x == 0 {
		return nil
	}
	return ptr(round(x, 1))
}

// round rounds x to dp decimals.
func round(x float64, dp int) float64 {
	p := math.Pow(10, float64(dp))
	return math.Round(x*p) / p
}

// num prints x with at most dp decimals and no trailing zeros.
func num(x float64, dp int) string {
	s := strconv.FormatFloat(round(x, dp), 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// signed prints x with its sign.
func signed(x float64, dp int) string {
	s := num(x, dp)
	if x > 0 && s != "0" {
		s = "+" + s
	}
	return s
}

// pct prints a share (0..1) as a percentage with one decimal.
func pct(share float64) string { return strconv.FormatFloat(round(share*100, 1), 'f', 1, 64) + "%" }

// orWord is s, or def when s is empty.
func orWord(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }
