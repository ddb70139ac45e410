// Package drift finds slow performance drift of chillers, condenser
// loops, cooling towers, AHU cooling coils and sensors against a
// known-good baseline (domain §6).
//
// Each detector ([Families]) fits its metric against load by OLS over an
// explicit baseline window, metric = intercept + slope × load (tons =
// chw_flow × (CHWR − CHWS)/24 for the plant families), with guards: load
// at or above the family's floor (5 tons), the metric inside plausible
// bounds, at least 30 samples, a load span of at least 10 tons and one
// residual degree of freedom; otherwise the equipment is listed as not
// evaluated with the reason. A frozen baseline from the run config (the
// fields of CAMBER's LoadBaseline) replaces the fit for its signal; it is
// read, never written.
//
// The current window's residuals give the period statistic: the median
// residual (drift), drift ÷ σ, the residual slope per month, the share
// beyond 2σ, and an extrapolation caveat when more than 10 % of the
// current load lies outside the fitted envelope. Severity needs both
// floors (magnitude and σ multiple; σ zero judges on the magnitude alone
// with a caveat); one-sided detectors score only a rise, two-sided ones
// |drift| with its direction. A tabular CUSUM in σ units (slack 0.5σ,
// limit 8σ, clip ±4σ, 6 consecutive samples over the limit and above
// slack) reports a sustained shift: its alarm time, onset, peak and
// direction; an alarm whose post-alarm median clears the warn magnitude
// raises an otherwise ok signal to warn.
//
// Findings are <family>@<equip> (chiller:approach_drift@CH-1,
// tower:approach_drift@CT-1, ahu:coil_valve_drift@AHU-1) and every one is
// labelled thresholds_provisional with screening-grade magnitude and
// provisional-untuned temporal thresholds. [Run] adds a verdict per
// equipment (the drifting signals and their likely causes; for a chiller
// the condenser-loop diagnosis, corroborated when two or more
// condenser-side signals drift) and the equipment not evaluated with why.
//
// Everything is pure computation over [series.Frame] values: no I/O,
// deterministic, ctx checked per equipment. Results are not shared and
// are safe to use from any goroutine.
package drift
