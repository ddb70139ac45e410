// Package rcx builds the retro-commissioning (RCx) report as data (seed
// 000's rcx_report; domain §8): KPIs, a scorecard, the ranked issues, the
// section list, the report's own fact index and appendix A. It generates
// no prose and writes no file; every statement is a fact whose text is
// assembled from the values it states.
//
// # Issues
//
// [Build] groups the actionable findings of a rule run (warn or fault, not
// declined) into issues: each root-cause group of [fdd.Groups] is one
// issue named for its most upstream rule, and every other finding joins
// the issue of its equipment and rule (one issue per equipment and cause).
// Each drifting finding of the run config's drift section (warn or fault)
// is an issue of its own, and each configured sensor reference that
// disagrees (warn or fault) is a sensor issue.
//
// An issue carries its cause, its rules and the finding ids to pass to
// finding_detail, a triage-grade annual cost (the sum of its costed
// findings, [cost.Estimate]) or why it is uncosted, its hours (the union
// of its findings' flagged spans; for a drift issue the hours since its
// sustained-shift onset), and a confidence (high, medium or low) with its
// reasons: the share of judged samples flagged, corroboration, the trust
// of its inputs and whether it is conditional on a disagreeing sensor
// reference (the confidence constants document the points).
//
// # Ranking
//
// Issues are ranked money first (domain §8): estimated annual dollars
// descending, uncosted issues after every costed one; ties by severity
// (fault, then warn), then by hours (more first), then by key. A sensor
// issue is then moved to just above the first issue conditional on it,
// whatever their severities, so the sensor is checked before the faults it
// may explain.
//
// # Facts and sections
//
// Fact ids follow the registry's plain form, a letter prefix and a number,
// '@', then a context of letters, digits and "_.#@-": the KPIs are
// K1@summary, K2@summary ..., each issue is C1@<issue key>, and each
// appendix A entry is A<n>@appendix. Issue keys are <cause>@<equip> with
// any other character replaced ("chiller:approach_drift" reads
// "chiller.approach_drift"), and #2, #3 ... keep them unique. The sections
// are, in order: scorecard, findings table, recommended actions, data
// quality, drift, M&V (when configured) and appendix A (declines and data
// gaps). [Report.Page] cuts a report to one page of issues and appendix
// entries with only their facts and sections.
//
// Everything is pure and deterministic; values returned are not shared.
package rcx
