package ingest

import (
	"testing"
	"time"
)

func TestParseTime(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	us := TimeOptions{}
	eu := TimeOptions{DayFirst: true}
	chi := TimeOptions{Loc: chicago}
	tests := []struct {
		in   string
		opt  TimeOptions
		want string // naive local wall clock, RFC 3339 without zone
	}{
		{"2024-03-01T13:05:00", us, "2024-03-01T13:05:00"},
		{"2024-03-01 13:05", us, "2024-03-01T13:05:00"},
		{" 2024-03-01 13:05:07.25 ", us, "2024-03-01T13:05:07.25"},
		{"2024-03-01 13:05:07,123456789999", us, "2024-03-01T13:05:07.123456789"},
		{"2024/03/01 13:05:00", us, "2024-03-01T13:05:00"},
		{"2024-03-01", us, "2024-03-01T00:00:00"},
		{"2024-3-1 1:05", us, "2024-03-01T01:05:00"},
		{"2024-03-01 24:00", us, "2024-03-02T00:00:00"},
		{"2024-12-31 24:00:00", us, "2025-01-01T00:00:00"},
		// Zoned: the written wall clock without a zone option...
		{"2024-03-01T13:05:00Z", us, "2024-03-01T13:05:00"},
		{"2024-03-01T13:05:00-05:00", us, "2024-03-01T13:05:00"},
		{"2024-03-01 13:05:00 UTC", us, "2024-03-01T13:05:00"},
		// ...converted with one (Chicago is UTC-6 in winter, -5 in summer).
		{"2024-03-01T13:05:00Z", chi, "2024-03-01T07:05:00"},
		{"2024-03-01T13:05:00+01:00", chi, "2024-03-01T06:05:00"},
		{"2024-03-01T13:05:00+0100", chi, "2024-03-01T06:05:00"},
		{"2024-03-01T13:05:00+01", chi, "2024-03-01T06:05:00"},
		{"2024-07-01 12:00 GMT", chi, "2024-07-01T07:00:00"},
		{"2024-03-10T08:30:00Z", chi, "2024-03-10T03:30:00"}, // just after the spring-forward gap
		{"2024-11-03T06:30:00Z", chi, "2024-11-03T01:30:00"}, // first 01:30 (CDT)
		{"2024-11-03T07:30:00Z", chi, "2024-11-03T01:30:00"}, // second 01:30 (CST)
		// Abbreviations are stripped, wall clock kept (CAMBER).
		{"2024-03-01 13:05:00 PST", chi, "2024-03-01T13:05:00"},
		{"3/10/2024 2:30 AM PDT", us, "2024-03-10T02:30:00"},
		// US m/d/Y with AM/PM and two-digit years.
		{"3/1/2024 1:05 PM", us, "2024-03-01T13:05:00"},
		{"03/01/2024 12:00 AM", us, "2024-03-01T00:00:00"},
		{"3/1/2024 12:30 pm", us, "2024-03-01T12:30:00"},
		{"3/1/2024 11:59:59PM", us, "2024-03-01T23:59:59"},
		{"3/1/24 13:05", us, "2024-03-01T13:05:00"},
		{"12/31/99 23:00", us, "1999-12-31T23:00:00"},
		{"3/1/2024", us, "2024-03-01T00:00:00"},
		// EU orders.
		{"1/3/2024 13:05", eu, "2024-03-01T13:05:00"},
		{"01.03.2024 13:05:00", us, "2024-03-01T13:05:00"},
		{"1.3.24", eu, "2024-03-01T00:00:00"},
		// Niagara.
		{"01-Mar-24 1:05 PM EST", us, "2024-03-01T13:05:00"},
		{"1-mar-2024 13:05:00", us, "2024-03-01T13:05:00"},
		{"15-September-2024 00:00", us, "2024-09-15T00:00:00"},
		// Epoch (UTC instants) and Excel serial days (naive).
		{"1709298300", us, "2024-03-01T13:05:00"},
		{"1709298300.5", us, "2024-03-01T13:05:00.5"},
		{"1709298300000", us, "2024-03-01T13:05:00"},
		{"1709298300", chi, "2024-03-01T07:05:00"},
		{"45352", us, "2024-03-01T00:00:00"},
		{"45352.5451388889", us, "2024-03-01T13:05:00"},
		{"45352.5451388889", chi, "2024-03-01T13:05:00"},
	}
	for _, tt := range tests {
		ns, err := ParseTime(tt.in, tt.opt)
		if err != nil {
			t.Errorf("ParseTime(%q): %v", tt.in, err)
			continue
		}
		if got := time.Unix(0, ns).UTC().Format("2006-01-02T15:04:05.999999999"); got != tt.want {
			t.Errorf("ParseTime(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseTime_Errors(t *testing.T) {
	tests := []struct {
		in   string
		opt  TimeOptions
		want string
	}{
		{"", TimeOptions{}, "empty timestamp"},
		{"yesterday", TimeOptions{}, "not a recognised date (want YYYY-MM-DD, m/d/YYYY, d.m.YYYY or d-Mon-YY)"},
		{"2024-13-01 00:00", TimeOptions{}, "month 13 is out of range"},
		{"2024-02-30", TimeOptions{}, "day 30 is out of range for 2024-02"},
		{"2023-02-29", TimeOptions{}, "day 29 is out of range for 2023-02"},
		{"13/1/2024 00:00", TimeOptions{}, "month 13 is out of range (a day-first date? use the day-first option)"},
		{"1/13/2024", TimeOptions{DayFirst: true}, "month 13 is out of range"},
		{"2024-03-01 25:00", TimeOptions{}, "time 25:00:00 is out of range"},
		{"2024-03-01 24:01", TimeOptions{}, "time 24:01:00 is out of range"},
		{"2024-03-01 12:60", TimeOptions{}, "time 12:60:00 is out of range"},
		{"2024-03-01 13:00 PM", TimeOptions{}, "hour 13 with PM"},
		{"2024-03-01 0:30 AM", TimeOptions{}, "hour 0 with AM"},
		{"2024-03-01 12", TimeOptions{}, "not a recognised time of day (want H:MM[:SS[.fff]] [AM/PM])"},
		{"2024-03-01 12:00 +25:00", TimeOptions{}, `unexpected "+25:00" after the time`},
		{"2024-03-01 12:00 Pacific", TimeOptions{}, `unexpected "Pacific" after the time`},
		{"2024-03-01 12:00 pst", TimeOptions{}, `unexpected "pst" after the time`},
		{"2024-03-01 12:00Zulu", TimeOptions{}, `unexpected "Zulu" after the time`},
		{"01-Foo-24", TimeOptions{}, "not a recognised date (want YYYY-MM-DD, m/d/YYYY, d.m.YYYY or d-Mon-YY)"},
		{"1/1/202", TimeOptions{}, "not a recognised date (want YYYY-MM-DD, m/d/YYYY, d.m.YYYY or d-Mon-YY)"},
		{"1500-01-01", TimeOptions{}, "year 1500 is out of range (1678-2261)"},
		{"5000000", TimeOptions{}, "a number that is neither an Excel serial day, epoch seconds nor epoch milliseconds"},
		{"99999999999999", TimeOptions{}, "epoch time out of range (after 2261)"},
		{"00000000000000000000000000170000", TimeOptions{}, "an Excel serial day past the year 2261"},
		{"100000000000000", TimeOptions{}, "a number that is neither an Excel serial day, epoch seconds nor epoch milliseconds"},
		{"0", TimeOptions{}, "a number that is neither an Excel serial day, epoch seconds nor epoch milliseconds"},
		{"999999", TimeOptions{}, "an Excel serial day past the year 2261"},
	}
	for _, tt := range tests {
		_, err := ParseTime(tt.in, tt.opt)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseTime(%q) error = %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
