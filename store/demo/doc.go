// Package demo generates the deterministic synthetic campus that
// camber-tui opens by default and that tests and benchmarks run against.
//
// [Generate] builds the campus in memory from a seed: facility
// north-campus (weather station, three AHUs with VAV boxes, a chilled-water
// plant with two chillers and a cooling tower, a hot-water plant, the main
// meter with a retrofit step at day 60, and a duct logger), facility
// south-annex (RTUs, heat pumps, a meter and a multi-day gap), and a
// facility registered as ingested from a research-only catalog dataset.
// Signals respond to weather and schedules the way controls do; faults are
// injected in stated windows and listed by [Labels], so rule accuracy can be
// scored against ground truth.
//
// [Write] puts a campus into a store with its labels.json and run
// configs; [EnsureCached] and [EnsureBig] keep generated stores under the
// user cache directory, keyed by [GeneratorVersion].
//
// Generation is pure: the same [Options] always give identical series.
package demo
