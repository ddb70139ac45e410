package ingest

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeOptions controls timestamp parsing.
type TimeOptions struct {
	// DayFirst reads a/b/YYYY as day/month (EU) instead of month/day (US).
	// d.m.Y dates are always day first.
	DayFirst bool
	// Loc, when set, converts zoned timestamps (an ISO offset or Z, a UTC or
	// GMT suffix, epoch seconds or milliseconds) to naive local time in
	// this zone. Without it a zoned timestamp keeps the wall clock it was
	// written with (epoch values: the UTC wall clock).
	Loc *time.Location
}

// ParseTime parses one BAS export timestamp and returns naive local time
// as ns (the wall clock read as UTC, see model.Series). Accepted forms:
//
//	2024-03-01T13:05:00, 2024-03-01 13:05, 2024/03/01 13:05:00.250   ISO 8601, T or space
//	2024-03-01T13:05:00Z, ...-05:00, ...+0100, ... UTC                  zoned (see TimeOptions.Loc)
//	3/1/2024 1:05 PM, 3/1/24 13:05:07                                  US m/d/Y[Y]
//	1/3/2024 13:05 (DayFirst), 1.3.2024 13:05                           EU d/m/Y, d.m.Y
//	01-Mar-24 1:05 PM EST                                              Niagara d-Mon-Y[Y]
//	1709298300, 1709298300000                                          epoch seconds, milliseconds (UTC)
//	45352.5451                                                         Excel serial day (naive local)
//
// A time-zone abbreviation such as PDT, PST or EST after the time is
// stripped and the wall clock kept, as CAMBER does; 24:00 means midnight
// at the end of the day. The error says what is wrong, not the value.
func ParseTime(s string, opt TimeOptions) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("empty timestamp")
	}
	if isNumber(s) {
		return parseNumericTime(s, opt)
	}
	p := tsParser{s: s}
	d, err := p.date(opt.DayFirst)
	if err != nil {
		return 0, err
	}
	var c clock
	p.skip(func(b byte) bool { return b == ' ' || b == 'T' || b == 't' || b == ',' })
	if p.more() && isDigit(p.peek()) {
		if c, err = p.clock(); err != nil {
			return 0, err
		}
	}
	off, zoned, err := p.zone()
	if err != nil {
		return 0, err
	}
	return d.naive(c, off, zoned, opt.Loc)
}

// civil is a calendar date.
type civil struct{ y, m, d int }

// clock is a time of day; h may be 24 for 24:00:00.
type clock struct{ h, mi, sec, ns int }

func (d civil) naive(c clock, off int, zoned bool, loc *time.Location) (int64, error) {
	if d.y < 1678 || d.y > 2261 {
		return 0, fmt.Errorf("year %d is out of range (1678-2261)", d.y)
	}
	if d.m < 1 || d.m > 12 {
		return 0, fmt.Errorf("month %d is out of range", d.m)
	}
	if last := time.Date(d.y, time.Month(d.m)+1, 0, 0, 0, 0, 0, time.UTC).Day(); d.d < 1 || d.d > last {
		return 0, fmt.Errorf("day %d is out of range for %04d-%02d", d.d, d.y, d.m)
	}
	if c.h > 24 || (c.h == 24 && (c.mi != 0 || c.sec != 0 || c.ns != 0)) || c.mi > 59 || c.sec > 59 {
		return 0, fmt.Errorf("time %02d:%02d:%02d is out of range", c.h, c.mi, c.sec)
	}
	t := time.Date(d.y, time.Month(d.m), d.d, c.h, c.mi, c.sec, c.ns, time.UTC)
	if zoned && loc != nil {
		t = wallClock(t.Add(-time.Duration(off)*time.Second), loc)
	}
	return t.UnixNano(), nil
}

// wallClock returns instant's wall clock in loc, as a UTC time.
func wallClock(instant time.Time, loc *time.Location) time.Time {
	l := instant.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
}

// isNumber reports whether s is a plain decimal number (digits with at
// most one '.'), the form of epoch and Excel serial timestamps.
func isNumber(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case isDigit(s[i]):
		case s[i] == '.' && !dot && i > 0:
			dot = true
		default:
			return false
		}
	}
	return true
}

var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// parseNumericTime reads Excel serial days (below 1e6), epoch seconds
// (1e8 to 1e11) or epoch milliseconds (1e11 to 1e14).
func parseNumericTime(s string, opt TimeOptions) (int64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, errors.New("not a number")
	}
	var t time.Time
	switch {
	case v >= 1 && v < 1e6:
		days := int64(v)
		frac := v - float64(days)
		// Excel keeps about 10 decimal digits of a day: round to the millisecond.
		t = excelEpoch.AddDate(0, 0, int(days)).Add(time.Duration(math.Round(frac*86400e3)) * time.Millisecond)
		if t.Year() > 2261 {
			return 0, errors.New("an Excel serial day past the year 2261")
		}
		return t.UnixNano(), nil
	case v >= 1e8 && v < 1e11:
		t = time.UnixMilli(int64(v*1e3 + 0.5)).UTC()
	case v >= 1e11 && v < 1e14:
		t = time.UnixMilli(int64(v + 0.5)).UTC()
	default:
		return 0, errors.New("a number that is neither an Excel serial day, epoch seconds nor epoch milliseconds")
	}
	if t.Year() > 2261 {
		return 0, errors.New("epoch time out of range (after 2261)")
	}
	if opt.Loc != nil {
		t = wallClock(t, opt.Loc)
	}
	return t.UnixNano(), nil
}

// tsParser scans a timestamp left to right.
type tsParser struct {
	s string
	i int
}

func (p *tsParser) more() bool { return p.i < len(p.s) }
func (p *tsParser) peek() byte { return p.s[p.i] }

func (p *tsParser) skip(f func(byte) bool) {
	for p.more() && f(p.peek()) {
		p.i++
	}
}

// num reads 1 to max digits.
func (p *tsParser) num(max int) (int, int, bool) {
	start := p.i
	n := 0
	for p.more() && isDigit(p.peek()) && p.i-start < max {
		n = n*10 + int(p.peek()-'0')
		p.i++
	}
	return n, p.i - start, p.i > start
}

func (p *tsParser) expect(b byte) bool {
	if p.more() && p.peek() == b {
		p.i++
		return true
	}
	return false
}

var months = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

// Parse failures that carry no detail, made once.
var (
	errDate  = errors.New("not a recognised date (want YYYY-MM-DD, m/d/YYYY, d.m.YYYY or d-Mon-YY)")
	errClock = errors.New("not a recognised time of day (want H:MM[:SS[.fff]] [AM/PM])")
)

// date reads Y-M-D, Y/M/D, a/b/Y, d.m.Y or d-Mon-Y.
func (p *tsParser) date(dayFirst bool) (civil, error) {
	bad := errDate
	a, na, ok := p.num(4)
	if !ok || !p.more() {
		return civil{}, bad
	}
	sep := p.peek()
	if sep != '-' && sep != '/' && sep != '.' {
		return civil{}, bad
	}
	p.i++
	if na == 4 { // year first
		m, _, ok1 := p.num(2)
		ok2 := p.expect(sep)
		d, _, ok3 := p.num(2)
		if !ok1 || !ok2 || !ok3 {
			return civil{}, bad
		}
		return civil{a, m, d}, nil
	}
	if sep == '-' { // d-Mon-Y (Niagara)
		j := p.i
		for p.more() && isLetter(p.peek()) {
			p.i++
		}
		mon, ok := months[strings.ToLower(p.s[j:min(p.i, j+3)])]
		if !ok || p.i-j < 3 || !p.expect('-') {
			return civil{}, bad
		}
		y, ny, ok := p.num(4)
		if !ok || (ny != 2 && ny != 4) {
			return civil{}, bad
		}
		return civil{fullYear(y, ny), mon, a}, nil
	}
	b, _, ok1 := p.num(2)
	ok2 := p.expect(sep)
	y, ny, ok3 := p.num(4)
	if !ok1 || !ok2 || !ok3 || (ny != 2 && ny != 4) {
		return civil{}, bad
	}
	y = fullYear(y, ny)
	if sep == '.' || dayFirst {
		return civil{y, b, a}, nil
	}
	if a > 12 && b <= 12 {
		return civil{}, fmt.Errorf("month %d is out of range (a day-first date? use the day-first option)", a)
	}
	return civil{y, a, b}, nil
}

// fullYear expands a two-digit year: 00-69 are 2000-2069, 70-99 1970-1999.
func fullYear(y, digits int) int {
	if digits != 2 {
		return y
	}
	if y < 70 {
		return 2000 + y
	}
	return 1900 + y
}

// clock reads H:MM[:SS[.frac]] [AM|PM].
func (p *tsParser) clock() (clock, error) {
	bad := errClock
	var c clock
	var ok bool
	if c.h, _, ok = p.num(2); !ok || !p.expect(':') {
		return c, bad
	}
	if c.mi, _, ok = p.num(2); !ok {
		return c, bad
	}
	if p.expect(':') {
		if c.sec, _, ok = p.num(2); !ok {
			return c, bad
		}
		if p.expect('.') || p.expect(',') {
			frac, n, ok := p.num(9)
			if !ok {
				return c, bad
			}
			p.skip(isDigit) // beyond nanoseconds
			for ; n < 9; n++ {
				frac *= 10
			}
			c.ns = frac
		}
	}
	save := p.i
	p.skip(func(b byte) bool { return b == ' ' })
	if p.i+2 <= len(p.s) {
		ap := strings.ToLower(p.s[p.i : p.i+2])
		end := p.i + 2
		if (ap == "am" || ap == "pm") && (end == len(p.s) || !isLetter(p.s[end])) {
			if c.h < 1 || c.h > 12 {
				return c, fmt.Errorf("hour %d with %s", c.h, strings.ToUpper(ap))
			}
			c.h %= 12
			if ap == "pm" {
				c.h += 12
			}
			p.i = end
			return c, nil
		}
	}
	p.i = save
	return c, nil
}

// zone reads what follows the time: nothing, Z, an offset (+hh:mm, +hhmm,
// +hh), UTC/GMT (zoned), or a zone abbreviation (stripped, wall clock
// kept). off is in seconds east of UTC.
func (p *tsParser) zone() (off int, zoned bool, err error) {
	p.skip(func(b byte) bool { return b == ' ' })
	if !p.more() {
		return 0, false, nil
	}
	rest := p.s[p.i:]
	bad := unexpectedError(rest)
	switch c := p.peek(); {
	case c == 'Z' || c == 'z':
		if len(rest) == 1 {
			return 0, true, nil
		}
		return 0, false, bad
	case c == '+' || c == '-':
		p.i++
		h, nh, ok := p.num(2)
		if !ok || nh != 2 {
			return 0, false, bad
		}
		m := 0
		p.expect(':')
		if p.more() {
			if m, _, ok = p.num(2); !ok || p.more() {
				return 0, false, bad
			}
		}
		if h > 18 || m > 59 {
			return 0, false, bad
		}
		off = h*3600 + m*60
		if c == '-' {
			off = -off
		}
		return off, true, nil
	}
	word := strings.TrimSpace(rest)
	if len(word) < 2 || len(word) > 5 {
		return 0, false, bad
	}
	for i := 0; i < len(word); i++ {
		if word[i] < 'A' || word[i] > 'Z' {
			return 0, false, bad
		}
	}
	if word == "UTC" || word == "GMT" {
		return 0, true, nil
	}
	return 0, false, nil // PDT, PST, EST ...: stripped, wall clock kept
}

// unexpectedError is built only when a zone suffix turns out wrong.
type unexpectedError string

func (e unexpectedError) Error() string {
	return fmt.Sprintf("unexpected %q after the time", clipText(string(e), 20))
}

func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isLetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

// clipText cuts s to n bytes for messages.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
