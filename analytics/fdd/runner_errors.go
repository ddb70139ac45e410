package fdd

import (
	"fmt"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
)

// SelectionError reports names a run does not know, or equipment it runs
// no rule on.
type SelectionError struct {
	Argument  string // "rules", "equips", "params"
	Unknown   []string
	Available []string
	Reason    string
}

// Error implements error.
func (e *SelectionError) Error() string {
	msg := fmt.Sprintf("%s: unknown %s", e.Argument, quoteList(e.Unknown))
	if e.Reason != "" {
		msg = fmt.Sprintf("%s: %s %s", e.Argument, quoteList(e.Unknown), e.Reason)
	}
	if len(e.Available) > 0 {
		avail := e.Available
		more := ""
		if len(avail) > 10 {
			avail, more = avail[:10], fmt.Sprintf(" and %d more", len(e.Available)-10)
		}
		msg += fmt.Sprintf(" (available: %s%s)", quoteList(avail), more)
	}
	return msg
}

// WindowError reports a window with no stored sample.
type WindowError struct {
	First, Last int64 // the facility's stored span (ns); both 0 if empty
	Empty       bool  // the facility stores no sample at all
}

// Error implements error.
func (e *WindowError) Error() string {
	if e.Empty {
		return "the facility stores no sample"
	}
	return fmt.Sprintf("no stored sample in the window (stored samples span %s to %s)",
		time.Unix(0, e.First).UTC().Format(series.TimeLayout), time.Unix(0, e.Last).UTC().Format(series.TimeLayout))
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
