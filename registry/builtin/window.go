package builtin

import (
	"fmt"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/registry"
)

// timePattern is the shape of a start / end argument: a date, or a date and
// a time of day (naive local time, as the store holds it).
const timePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?)?$`

// timeSchema returns the input schema of a start or end argument.
func timeSchema(description string) map[string]any {
	return map[string]any{"type": "string", "pattern": timePattern, "description": description}
}

// window is a start / end selection in ns of naive local time; 0 is open.
// A date-only end covers that whole day.
type window struct {
	start, end int64
}

// windowArgs parses the call's start and end arguments. A date the calendar
// does not have (2025-02-30) and an end before the start are invalid_params
// at the argument's pointer.
func windowArgs(c *registry.Call) (window, error) {
	var w window
	for _, a := range []struct {
		key string
		dst *int64
	}{{"start", &w.start}, {"end", &w.end}} {
		s := c.String(a.key)
		if s == "" {
			continue
		}
		t, dateOnly, err := parseLocal(s)
		if err != nil {
			return w, badArg(a.key, "is not a date the calendar has (YYYY-MM-DD, optionally with HH:MM[:SS])")
		}
		if a.key == "end" && dateOnly {
			t = t.Add(24*time.Hour - time.Nanosecond)
		}
		*a.dst = t.UnixNano()
	}
	if w.start != 0 && w.end != 0 && w.end < w.start {
		return w, badArg("end", "is before start")
	}
	return w, nil
}

// parseLocal reads a naive local date or date-time.
func parseLocal(s string) (t time.Time, dateOnly bool, err error) {
	s = strings.Replace(s, " ", "T", 1)
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if len(s) == len(layout) {
			t, err = time.ParseInLocation(layout, s, time.UTC)
			return t, layout == "2006-01-02", err
		}
	}
	return time.Time{}, false, fmt.Errorf("unknown time layout")
}

// badArg is an invalid_params refusal of one argument.
func badArg(key, problem string) *registry.Error {
	ptr := "/" + key
	return &registry.Error{Code: registry.CodeInvalidParams,
		Message:    "invalid arguments: " + ptr + ": " + problem,
		Data:       map[string]any{"errors": []any{map[string]any{"pointer": ptr, "message": problem}}},
		DataValues: []string{ptr}}
}

// missed returns the not_found refusal of a window in which no stored
// sample can fall (it ends before the first or starts after the last), or
// nil. The message and data name the first and last stored sample. Run
// capabilities and sensor_trust refuse such a window; coverage answers it.
func (w window) missed(sp span) *registry.Error {
	if !sp.ok {
		return nil
	}
	var arg string
	switch {
	case w.start != 0 && w.start > sp.last:
		arg = "start"
	case w.end != 0 && w.end < sp.first:
		arg = "end"
	default:
		return nil
	}
	return noSampleIn(arg, sp)
}

// noSampleIn is the not_found refusal of a window with no stored sample,
// for a capability that found none inside a window missed did not catch
// (a gap). arg names the argument ("start", or "window" for both).
func noSampleIn(arg string, sp span) *registry.Error {
	first, last := localTime(sp.first), localTime(sp.last)
	return &registry.Error{Code: registry.CodeNotFound,
		Message: fmt.Sprintf("no stored sample in the window: the data runs from %s to %s", first, last),
		Data:    map[string]any{"argument": arg, "first": first, "last": last}}
}
