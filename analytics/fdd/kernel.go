package fdd

import (
	"math"
	"strconv"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Kernel helpers shared by the rule kernels (air side and plant side). They
// are pure functions over frame columns: NaN is missing and never counts as
// on, open, occupied or flagged.

const (
	// valveOpenPct is the command above which a valve or damper counts as
	// open (CAMBER uses 5 % almost everywhere, domain §3.1). A command at or
	// below it counts as closed.
	valveOpenPct = 5.0
	// fanSpeedOnPct is the speed above which a fan counts as running when
	// only supply_fan_speed is mapped. CAMBER tests speed > 0; a stopped
	// drive often reports a few tenths of a percent of analog noise, so we
	// take 1 %.
	fanSpeedOnPct = 1.0
	// occStartHour and occEndHour bound the default occupied schedule:
	// Monday–Friday, [07:00, 18:00) local.
	occStartHour = 7
	occEndHour   = 18
	// minJudgedHours is the least data, in hours of judged samples, on which
	// a share-based rule gives a verdict; below it the rule returns info.
	minJudgedHours = 24.0
)

const (
	nsHour = int64(time.Hour)
	nsDay  = 24 * nsHour
)

// floorDiv divides rounding toward minus infinity (slot times before 1970).
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// slotClock returns slot i's local hour of day (0–23) and weekday. Frame
// times are naive local readings held as UTC, so plain arithmetic on the
// nanosecond offset gives the wall clock without time.Time per sample.
func slotClock(f *series.Frame, i int) (hour int, wd time.Weekday) {
	t := f.Start + int64(i)*f.Step
	day := floorDiv(t, nsDay)
	hour = int((t - day*nsDay) / nsHour)
	// 1970-01-01 was a Thursday.
	wd = time.Weekday(((day+4)%7 + 7) % 7)
	return hour, wd
}

// present returns role r's column when the frame has at least one value for
// it, else nil: an all-NaN column is as good as absent, and so is a column
// whose length is not the frame's.
func present(f *series.Frame, r model.Role) []float64 {
	if c := f.Col(r); len(c) == f.N && f.Has(r) {
		return c
	}
	return nil
}

// isOn reports whether a 0/1 status sample is on (> 0.5; NaN is not).
func isOn(v float64) bool { return v > 0.5 }

// isOpen reports whether a 0–100 % valve or damper command is open (> 5 %).
func isOpen(v float64) bool { return v > valveOpenPct }

// known reports whether v is a value (not NaN).
func known(v float64) bool { return !math.IsNaN(v) }

// scheduleMask marks Monday–Friday slots whose local hour is in
// [startHour, endHour). It walks the clock forward slot by slot (no
// division by a variable per sample): it runs once per rule over a year of
// 5-minute data.
func scheduleMask(f *series.Frame, startHour, endHour int) []bool {
	m := make([]bool, f.N)
	if f.N == 0 || f.Step <= 0 {
		return m
	}
	day := floorDiv(f.Start, nsDay)
	rem := f.Start - day*nsDay // ns into the local day
	wd := time.Weekday(((day+4)%7 + 7) % 7)
	lo, hi := int64(startHour)*nsHour, int64(endHour)*nsHour
	for i := range m {
		m[i] = wd >= time.Monday && wd <= time.Friday && rem >= lo && rem < hi
		rem += f.Step
		for rem >= nsDay {
			rem -= nsDay
			wd = (wd + 1) % 7
		}
	}
	return m
}

// hourIndex returns a function giving slot i's clock hour counted from the
// hour that holds slot 0, for bucketing events per clock hour, and the
// number of hours the frame touches.
func hourIndex(f *series.Frame) (func(i int) int, int) {
	off := f.Start - floorDiv(f.Start, nsHour)*nsHour // ≥ 0
	idx := func(i int) int { return int((off + int64(i)*f.Step) / nsHour) }
	if f.N == 0 {
		return idx, 0
	}
	return idx, idx(f.N-1) + 1
}

// occupiedMask is the default occupancy most air-side rules judge (domain
// §3.1): Monday–Friday 07:00–18:00 local, AND occupancy > 0.5 when the frame
// has an occupancy point, minus warmup and cooldown intervals.
func occupiedMask(f *series.Frame) []bool {
	m := scheduleMask(f, occStartHour, occEndHour)
	if occ := present(f, model.Occupancy); occ != nil {
		for i, v := range occ {
			m[i] = m[i] && isOn(v)
		}
	}
	excludeModes(f, m)
	return m
}

// excludeModes clears the samples where warmup or cooldown is on.
func excludeModes(f *series.Frame, m []bool) {
	for _, r := range []model.Role{model.Warmup, model.Cooldown} {
		if c := present(f, r); c != nil {
			for i, v := range c {
				if isOn(v) {
					m[i] = false
				}
			}
		}
	}
}

// fanOnMask marks the samples the supply fan runs: supply_fan_status > 0.5,
// else supply_fan_speed above fanSpeedOnPct (1 %). It returns the role it
// read, or "" and a nil mask when the frame has neither.
func fanOnMask(f *series.Frame) ([]bool, model.Role) {
	if s := present(f, model.SupplyFanStatus); s != nil {
		m := make([]bool, f.N)
		for i, v := range s {
			m[i] = isOn(v)
		}
		return m, model.SupplyFanStatus
	}
	if s := present(f, model.SupplyFanSpeed); s != nil {
		m := make([]bool, f.N)
		for i, v := range s {
			m[i] = v > fanSpeedOnPct
		}
		return m, model.SupplyFanSpeed
	}
	return nil, ""
}

// runningMask marks the samples the unit can act: the supply fan runs when a
// fan signal is mapped, else the default occupied hours. The label is
// "fan-on" or "occupied", for judged bases.
func runningMask(f *series.Frame) (m []bool, label string) {
	if m, _ := fanOnMask(f); m != nil {
		return m, "fan-on"
	}
	return occupiedMask(f), "occupied"
}

// sampleNoun names the frame's samples: "hours" on a 1-hour grid, else
// "samples".
func sampleNoun(f *series.Frame) string {
	if f.Step == nsHour {
		return "hours"
	}
	return "samples"
}

// basis is a judged basis such as "occupied hours" or "fan-on samples".
func basis(f *series.Frame, label string) string { return label + " " + sampleNoun(f) }

// hoursOf converts a sample count to hours on f's grid.
func hoursOf(f *series.Frame, n int) float64 { return float64(n) * f.StepHours() }

// enough reports whether n judged samples cover at least minJudgedHours.
func enough(f *series.Frame, n int) bool { return hoursOf(f, n) >= minJudgedHours }

// count returns the number of true entries.
func count(m []bool) int {
	n := 0
	for _, b := range m {
		n += b2i(b)
	}
	return n
}

// b2i is 1 for true, 0 for false; the compiler makes it branch-free, which
// matters on masks whose bits follow the weather.
func b2i(b bool) int {
	var x int
	if b {
		x = 1
	}
	return x
}

// pct is 100·n/d, or NaN when d is 0.
func pct(n, d int) float64 {
	if d == 0 {
		return math.NaN()
	}
	return 100 * float64(n) / float64(d)
}

// gradeAtLeast grades a value against warn and fault thresholds (value ≥
// fault → Fault, ≥ warn → Warn, else OK). NaN grades OK; callers decline
// before grading what they could not measure.
func gradeAtLeast(v, warn, fault float64) Severity {
	switch {
	case v >= fault:
		return Fault
	case v >= warn:
		return Warn
	}
	return OK
}

// worse returns the more severe of a and b.
func worse(a, b Severity) Severity {
	if b.Rank() > a.Rank() {
		return b
	}
	return a
}

// capWarn caps a fault at warn (a confirming input is missing).
func capWarn(s Severity) Severity {
	if s == Fault {
		return Warn
	}
	return s
}

// fmtInt formats n with thousands separators: 1760 → "1,760".
func fmtInt(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// fmtPct formats a percentage with one decimal: 23.4%.
func fmtPct(p float64) string { return strconv.FormatFloat(p, 'f', 1, 64) + "%" }

// round rounds x to d decimals, for metrics that a summary states.
func round(x float64, d int) float64 {
	p := math.Pow(10, float64(d))
	return math.Round(x*p) / p
}

// countStarts counts off→on transitions of a 0/1 status series (on = > 0.5).
// NaN samples are skipped, so an on run split by a gap counts once; the first
// known sample is not a start.
func countStarts(x []float64) int {
	n, prev := 0, math.NaN()
	for _, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if !math.IsNaN(prev) && !isOn(prev) && isOn(v) {
			n++
		}
		prev = v
	}
	return n
}

// startIndexes returns the slot of every off→on transition countStarts
// counts, for flagging the samples where events happen.
func startIndexes(x []float64) []int {
	var out []int
	prev := math.NaN()
	for i, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if !math.IsNaN(prev) && !isOn(prev) && isOn(v) {
			out = append(out, i)
		}
		prev = v
	}
	return out
}

// countChanges counts the changes of a stepped series (stages, modes): a
// known sample that differs from the previous known one by at least 0.5.
func countChanges(x []float64) int {
	n, prev := 0, math.NaN()
	for _, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if !math.IsNaN(prev) && math.Abs(v-prev) >= 0.5 {
			n++
		}
		prev = v
	}
	return n
}

// startsPerDay is countStarts over observedDays: the mean starts per day of
// logged time (NaN with no known sample).
func startsPerDay(f *series.Frame, x []float64) float64 {
	d := observedDays(f, x)
	if d == 0 {
		return math.NaN()
	}
	return float64(countStarts(x)) / d
}

// observedDays is the time the known samples of x cover, in days.
func observedDays(f *series.Frame, x []float64) float64 {
	n := 0
	for _, v := range x {
		if !math.IsNaN(v) {
			n++
		}
	}
	return hoursOf(f, n) / 24
}

// reversalIndexes returns the slots where a signal reverses direction by
// more than deadband (in the signal's own units) from its last extreme: a
// hysteresis count, so noise smaller than the deadband never counts. NaN
// samples are skipped.
func reversalIndexes(x []float64, deadband float64) []int {
	var out []int
	dir := 0 // +1 rising, -1 falling, 0 not yet moved
	ext := math.NaN()
	for i, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if math.IsNaN(ext) {
			ext = v
			continue
		}
		switch dir {
		case 0:
			if v-ext > deadband {
				dir, ext = 1, v
			} else if ext-v > deadband {
				dir, ext = -1, v
			}
		case 1:
			if v > ext {
				ext = v
			} else if ext-v > deadband {
				dir, ext = -1, v
				out = append(out, i)
			}
		case -1:
			if v < ext {
				ext = v
			} else if v-ext > deadband {
				dir, ext = 1, v
				out = append(out, i)
			}
		}
	}
	return out
}

// countReversals counts reversalIndexes.
func countReversals(x []float64, deadband float64) int {
	return len(reversalIndexes(x, deadband))
}
