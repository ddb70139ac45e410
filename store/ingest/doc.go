// Package ingest brings BAS trend exports into a [store.Store]: wide CSV
// with a mapping file (Wide) and long CSV (Long).
//
// A run reads its files twice. The first pass checks everything (the
// mapping, every timestamp, every value, every name) and computes what the
// conversions need (a percent column's range); nothing is written when it
// finds a problem, so a failed run leaves the store exactly as it was. The
// second pass converts the values and streams them into staged part files
// in bounded memory, which the store publishes all at once.
//
// Conversions: status text (On/Off, Running/Stopped, Occupied/Unoccupied,
// Start/Stop, True/False, Active/Inactive, Yes/No, 1/0; any case) becomes
// 1/0 for status roles; a percent role whose values lie in 0..1.5 is
// rescaled to 0..100; a mapping unit of degC converts to °F (x 1.8 only for
// temperature differences). Empty cells, NaN, null and "-" are missing.
// Equipment classes are stored under their canonical names (model
// classes: "ahu" is stored as "AHU"); an unknown class is refused.
package ingest
