// Package series puts an equipment's stored trends on the regular time grid
// every rule reads (a [Frame]), infers logging intervals, finds gaps, and
// turns flagged samples into time spans.
//
// # The run grid
//
// [Build] resamples each role onto slots of Options.Step (1 h by default):
//
//   - numeric roles: the mean of the samples in the slot;
//   - status roles (model.Role.IsStatus): the max in the slot, then
//     forward-filled, so a change-of-value log reads as a step series;
//   - percent roles (model.Role.IsPercent): a trace whose finite values are
//     non-negative with a maximum ≤ 1.5 is read as a 0–1 fraction and
//     rescaled to 0–100, as CAMBER does;
//   - shared facility points (outdoor air temperature, humidity, wet-bulb,
//     outdoor CO2 of the facility's weather equipment, or the run config's
//     topology) are merged onto the grid when the equipment has no column
//     of its own for the role (per-equipment columns win), forward-filled
//     for at most 4 steps of the coarser of the grid and the shared point's
//     own interval.
//
// The grid spans Options.Start..End when given, else the equipment's own
// data span. [BuildNative] builds the same frame at the equipment's own
// logging interval for event rules (starts, reversals, staging), which an
// hourly mean would average away.
//
// # Intervals and gaps
//
// Two interval definitions coexist, as in CAMBER (domain §5):
// [MedianInterval] is the median of the strictly positive timestamp
// differences (the "interval" of a point: robust to a few long gaps and to
// bursts), and [ModeInterval] is their most frequent value, the expected
// interval that gap counting uses. A gap is a difference greater than 1.5×
// the expected interval ([Gaps]).
//
// # Spans
//
// [Spans] groups flagged grid samples into contiguous time spans: a span
// is a run of flagged samples with no gap longer than 1.5 intervals
// between them, so on a regular grid it is a run of adjacent flagged slots.
package series
