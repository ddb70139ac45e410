package ingest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// cellKind is what a data cell holds.
type cellKind int

const (
	cellValue   cellKind = iota // a number (or a status word on a status role)
	cellMissing                 // empty, NaN, null or -
	cellBad                     // not a number
)

// statusWords are the status texts read as 1 (on) and 0 (off), any case.
var statusWords = [...]struct {
	word string
	v    float64
}{
	{"on", 1}, {"off", 0}, {"running", 1}, {"stopped", 0}, {"occupied", 1}, {"unoccupied", 0},
	{"start", 1}, {"stop", 0}, {"true", 1}, {"false", 0}, {"active", 1}, {"inactive", 0},
	{"yes", 1}, {"no", 0},
}

func statusValue(s string) (float64, bool) {
	for _, w := range statusWords {
		if len(w.word) == len(s) && strings.EqualFold(w.word, s) {
			return w.v, true
		}
	}
	return 0, false
}

// parseCell reads one value cell; status allows status words. With
// exact false it only classifies a plain decimal number without
// converting it (the first pass does not need most values), unless the
// number has an exponent that could overflow.
func parseCell(s string, status bool) (float64, cellKind) {
	return parseCellOpt(s, status, true)
}

func parseCellOpt(s string, status, exact bool) (float64, cellKind) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "-":
		return 0, cellMissing
	}
	if len(s) <= 4 && (strings.EqualFold(s, "nan") || strings.EqualFold(s, "null")) {
		return 0, cellMissing
	}
	if ok, exp := plainNumber(s); ok {
		if !exact && !exp {
			return 0, cellValue
		}
		if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(v, 0) {
			return v, cellValue
		}
		return 0, cellBad
	}
	if status {
		if v, ok := statusValue(s); ok {
			return v, cellValue
		}
	}
	return 0, cellBad
}

// plainNumber accepts [+-]digits[.digits][e[+-]digits], the decimal
// forms strconv reads, and refuses inf, nan, hex and underscores. exp
// reports an exponent.
func plainNumber(s string) (ok, exp bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		exp = true
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		n := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			n++
		}
		if n == 0 {
			return false, false
		}
	}
	return i == len(s), exp
}

// unitConv converts a source unit to the role's implied unit.
type unitConv int

const (
	unitSame    unitConv = iota
	unitCToF             // temperature: x*9/5 + 32
	unitCDeltaF          // temperature difference: x*9/5
)

func (u unitConv) apply(v float64) float64 {
	switch u {
	case unitCToF:
		return v*9/5 + 32
	case unitCDeltaF:
		return v * 9 / 5
	}
	return v
}

// parseUnit reads a mapping file's unit for role r: empty or the role's own
// unit is no conversion; Celsius converts temperatures to Fahrenheit.
func parseUnit(unit string, r model.Role) (unitConv, error) {
	u := strings.TrimSpace(unit)
	switch strings.ToLower(u) {
	case "", strings.ToLower(r.Unit()):
		return unitSame, nil
	case "degc", "°c", "c", "celsius", "deg c":
		if !r.IsTemperature() {
			return 0, fmt.Errorf("unit %q on role %s, which is not a temperature", clipText(u, 20), r)
		}
		if r.IsTempDifference() {
			return unitCDeltaF, nil
		}
		return unitCToF, nil
	case "degf", "°f", "f", "fahrenheit", "deg f":
		if r.IsTemperature() {
			return unitSame, nil
		}
	}
	return 0, fmt.Errorf("unit %q does not fit role %s (want %s, or degC for a temperature)", clipText(u, 20), r, r.Unit())
}
