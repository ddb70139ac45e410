// Package store is camber-tui's CAMBER-compatible Parquet store: the trend
// data of every facility, the facility registry and the point catalog.
//
// # Layout
//
//	<store>/_facilities.json     registry: object keyed by facility id (sorted keys, atomic rewrite)
//	<store>/_catalog.json        point catalog cache, deleted by every write
//	<store>/_writer.lock         the writers' flock(2) lock (ours)
//	<store>/_fence/<id>          writer marks: pid, process start time, token (ours)
//	<store>/_staging/, _swap/    writers' private work areas (ours)
//	<store>/facility_id=<id>/year=<YYYY>/part-<seq>-<i>.parquet
//
// A part file has the columns ts (timestamp[ns], naive local time), equip,
// equip_class, role (strings) and value (float64); facility_id and year
// live only in the directory names, as pyarrow's hive partitioning writes
// them, so CAMBER, DuckDB and Spark read this store and we read theirs.
// Everything of ours starts with '_', which dataset discovery ignores.
//
// Our part files hold rows sorted by (equip, role, ts), zstd-compressed,
// with dictionary-encoded strings, delta-encoded timestamps,
// byte-stream-split values and statistics on every column, cut into row
// groups small enough that a read skips other points and other months by
// the statistics alone. Reads accept what other writers produce (see
// [Store.Read]).
//
// # Concurrency
//
// A [Store] is safe for concurrent use. Readers take no lock and write
// nothing. A Store keeps the footers of the part files it has read (a
// bounded cache), each checked against the file's identity, size and
// modification time before it is used, so reading a facility again costs
// no footer parsing and a file another process replaced is parsed afresh. Writers serialise on the store lock (flock, released by the
// kernel if a writer dies), stage part files outside the partition and
// publish them by rename, so a reader never sees half a file. While a
// writer changes a facility's files it marks the facility busy in its fence;
// when done it leaves a fresh token there ([Store.Fence]). A mark whose
// process is gone (or whose pid a later process reuses: the start time in
// /proc/<pid>/stat tells) is ignored by readers and cleared by the next
// writer, which also finishes a replace-swap the dead writer left between
// its two renames; until then that facility's reads fail with [ErrBusy].
//
// # Errors
//
// [ErrNotFound] for a missing store or facility, [*DamagedError] for data
// that cannot be read (not retryable), [*VanishedError] for a file that a
// concurrent writer replaced mid-read (retried once inside the store, then
// retryable), [ErrBusy] for a facility being swapped. [IsRetryable] sorts
// them. No error carries an absolute path: files are named relative to the
// store root.
package store
