package ingest

import (
	"testing"

	"github.com/camber-tui/camber-tui/model"
)

func TestParseCell(t *testing.T) {
	tests := []struct {
		in     string
		status bool
		want   float64
		kind   cellKind
	}{
		{"72.5", false, 72.5, cellValue},
		{" -3 ", false, -3, cellValue},
		{"+1e3", false, 1000, cellValue},
		{".5", false, 0.5, cellValue},
		{"5.", false, 5, cellValue},
		{"", false, 0, cellMissing},
		{"  ", false, 0, cellMissing},
		{"-", false, 0, cellMissing},
		{"NaN", false, 0, cellMissing},
		{"nan", true, 0, cellMissing},
		{"NULL", false, 0, cellMissing},
		{"inf", false, 0, cellBad},
		{"-Infinity", false, 0, cellBad},
		{"0x1p3", false, 0, cellBad},
		{"1_000", false, 0, cellBad},
		{"1e", false, 0, cellBad},
		{"e5", false, 0, cellBad},
		{"1e999", false, 0, cellBad},
		{"On", false, 0, cellBad}, // status words only for status roles
		{"On", true, 1, cellValue},
		{"OFF", true, 0, cellValue},
		{"Running", true, 1, cellValue},
		{"stopped", true, 0, cellValue},
		{"Occupied", true, 1, cellValue},
		{"UNOCCUPIED", true, 0, cellValue},
		{"Start", true, 1, cellValue},
		{"stop", true, 0, cellValue},
		{"True", true, 1, cellValue},
		{"false", true, 0, cellValue},
		{"Active", true, 1, cellValue},
		{"inactive", true, 0, cellValue},
		{"yes", true, 1, cellValue},
		{"No", true, 0, cellValue},
		{"1", true, 1, cellValue},
		{"0", true, 0, cellValue},
		{"open", true, 0, cellBad},
	}
	for _, tt := range tests {
		v, kind := parseCell(tt.in, tt.status)
		if kind != tt.kind || (kind == cellValue && v != tt.want) {
			t.Errorf("parseCell(%q, %v) = %v, %v; want %v, %v", tt.in, tt.status, v, kind, tt.want, tt.kind)
		}
	}
}

func TestParseUnit(t *testing.T) {
	tests := []struct {
		unit string
		role model.Role
		conv unitConv
		err  string
	}{
		{"", model.Power, unitSame, ""},
		{"kW", model.Power, unitSame, ""},
		{"degC", model.SupplyAirTemp, unitCToF, ""},
		{"°C", model.CHWSupplyTemp, unitCToF, ""},
		{"celsius", model.SubcoolingTemp, unitCDeltaF, ""},
		{"degF", model.OAT, unitSame, ""},
		{"%", model.HeatValve, unitSame, ""},
		{"degC", model.Power, 0, `unit "degC" on role power, which is not a temperature`},
		{"W", model.Power, 0, `unit "W" does not fit role power (want kW, or degC for a temperature)`},
		{"degF", model.Power, 0, `unit "degF" does not fit role power (want kW, or degC for a temperature)`},
	}
	for _, tt := range tests {
		conv, err := parseUnit(tt.unit, tt.role)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("parseUnit(%q, %s) error = %v, want %s", tt.unit, tt.role, err, tt.err)
			}
			continue
		}
		if err != nil || conv != tt.conv {
			t.Errorf("parseUnit(%q, %s) = %v, %v", tt.unit, tt.role, conv, err)
		}
	}
	if got := unitCToF.apply(100); got != 212 {
		t.Errorf("100 degC = %v degF", got)
	}
	if got := unitCDeltaF.apply(5); got != 9 {
		t.Errorf("5 K difference = %v degF difference", got)
	}
}

func TestSummaryString(t *testing.T) {
	s := Summary{Facility: "north-campus", Points: 12, Rows: 403200}
	s.First, _ = timeOf("2025-01-01 00:00")
	s.Last, _ = timeOf("2025-04-30 23:45")
	if got, want := s.String(), "ingested 12 points, 403,200 rows, 2025-01-01 00:00 .. 2025-04-30 23:45 into north-campus"; got != want {
		t.Errorf("String() = %q\nwant %q", got, want)
	}
	s.Points, s.Rows, s.Unmapped = 1, 1, 2
	if got := s.String(); got != "ingested 1 point, 1 row, 2025-01-01 00:00 .. 2025-04-30 23:45 into north-campus (2 unmapped columns ignored)" {
		t.Errorf("String() = %q", got)
	}
}
