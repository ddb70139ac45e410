package store

import (
	"errors"
	"fmt"
)

// ErrNotFound reports a store directory or facility that does not exist.
var ErrNotFound = errors.New("not found")

// ErrBusy reports a facility that a writer is replacing or removing right
// now, or whose replace-swap a killed writer left half done (the next writer
// to take the store lock finishes it). A read that meets it may be retried.
var ErrBusy = errors.New("facility is being rewritten")

// ErrRename reports a Register call that would change a facility's recorded
// display name; CAMBER refuses renames and so do we.
var ErrRename = errors.New("facility already has a different name")

// DamagedError reports stored data that cannot be read: a truncated, empty
// or non-Parquet part file, a part file whose pages do not decode, or an
// unreadable facility directory. Retrying does not help until the file is
// repaired or the facility re-ingested.
type DamagedError struct {
	// File is the store-relative, slash-separated name of the damaged file
	// or directory (facility_id=hq/year=2024/part-0-0.parquet); never an
	// absolute path.
	File string
	// Reason says what is wrong, without any path.
	Reason string
}

// Error implements error.
func (e *DamagedError) Error() string {
	return fmt.Sprintf("damaged %s: %s", e.File, e.Reason)
}

// VanishedError reports a part file that went missing or was replaced
// between listing a facility and opening the file (a concurrent writer). The
// store retries such a read once before returning it; the caller may retry
// the whole call.
type VanishedError struct {
	// File is the store-relative, slash-separated file name.
	File string
}

// Error implements error.
func (e *VanishedError) Error() string {
	return fmt.Sprintf("%s went missing or was replaced during the read", e.File)
}

// IsRetryable reports whether err is a store error that a retry of the same
// read can cure: a vanished or replaced file, or a facility a writer is
// rewriting. Damaged files and everything else are not retryable.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	if _, ok := errors.AsType[*VanishedError](err); ok {
		return true
	}
	return errors.Is(err, ErrBusy)
}
