// Package quality scores how far a trend can be trusted.
//
// [Assess] is the per-series data-quality assessment of domain §4.1:
// samples, coverage, expected interval, gaps, flatline, robust outliers,
// duplicate timestamps and a 0–1 score. [Trust] adds the role-aware part
// of §4.2: physical bounds per role, the stuck-sensor penalty for analog
// roles, flags and a verdict.
//
// [FrameTrust] is the one score the rule runner's trust gate and the
// sensor_trust capability both read: every column of an equipment's run
// frame (every role at the run's resample over the run window, shared
// points merged), scored by [Trust] on that grid. A point logged in bursts
// therefore covers only its bursts and can fall below a floor although
// every stored sample is sound.
//
// Known quirk, kept on purpose (domain §4.2): a healthy piecewise-constant
// trace such as an on/off valve can score "suspect" because the robust
// outlier test flags its legitimate open and closed regimes. Gates at the
// default floor 0.5 are safe; a floor of 0.8 would decline valid checks.
//
// [Mixing] is the mixed-air consistency cross check and [CompareReference]
// compares a point with a reference sensor (a duct logger, say).
package quality
