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

// statusWords maps status text to 1/0 (lower case).
var statusWords = map[string]float64{
	"on": 1, "off": 0, "running": 1, "stopped": 0, "occupied": 1, "unoccupied": 0,
	"start": 1, "stop": 0, "true": 1, "false": 0, "active": 1, "inactive": 0,
	"yes": 1, "no": 0,
}

// parseCell reads one value cell for a point of role r.
func parseCell(s string, status bool) (float64, cellKind) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "-":
		return 0, cellMissing
	}
	if len(s) <= 4 && (strings.EqualFold(s, "nan") || strings.EqualFold(s, "null")) {
		return 0, cellMissing
	}
	if isPlainNumber(s) {
		if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(v, 0) {
			return v, cellValue
		}
		return 0, cellBad
	}
	if status && len(s) <= 10 {
		if v, ok := statusWords[strings.ToLower(s)]; ok {
			return v, cellValue
		}
	}
	return 0, cellBad
}

// isPlainNumber accepts [+-]digits[.digits][e[+-]digits], the decimal
// forms strconv reads, and refuses inf, nan, hex and underscores.
func isPlainNumber(s string) bool {
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
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
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
