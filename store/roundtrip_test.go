package store

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
	"github.com/google/go-cmp/cmp"
)

func ts(s string) int64 {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t.UnixNano()
}

func TestWriteRead_RoundTrip(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	in := []model.Series{
		{Equip: "AHU-1", Class: "AHU", Role: model.SupplyAirTemp,
			TS: []int64{ts("2024-12-31 23:45"), ts("2025-01-01 00:00"), ts("2024-12-31 23:30")},
			V:  []float64{55, 56, math.NaN()}},
		{Equip: "AHU-1", Class: "AHU", Role: model.HeatValve,
			TS: []int64{ts("2025-01-01 00:00")}, V: []float64{10}},
		{Equip: "MTR-1", Class: "Meter", Role: model.Power,
			TS: []int64{ts("2025-02-01 00:00"), ts("2025-02-01 00:15")}, V: []float64{100, 101}},
	}
	ws, err := st.Write(t.Context(), "hq", in, WriteOptions{Entry: &Entry{Name: "HQ"}})
	if err != nil {
		t.Fatal(err)
	}
	if ws.Rows != 5 || ws.Dropped != 1 || ws.Files != 2 || ws.Points != 3 {
		t.Errorf("stats = %+v", ws)
	}
	got, err := st.Read(t.Context(), "hq", Query{})
	if err != nil {
		t.Fatal(err)
	}
	want := []model.Series{
		{Equip: "AHU-1", Class: "AHU", Role: model.HeatValve, TS: []int64{ts("2025-01-01 00:00")}, V: []float64{10}},
		{Equip: "AHU-1", Class: "AHU", Role: model.SupplyAirTemp, TS: []int64{ts("2024-12-31 23:45"), ts("2025-01-01 00:00")}, V: []float64{55, 56}},
		{Equip: "MTR-1", Class: "Meter", Role: model.Power, TS: []int64{ts("2025-02-01 00:00"), ts("2025-02-01 00:15")}, V: []float64{100, 101}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Read (-want +got):\n%s", d)
	}
}

func nan() float64 { return math.NaN() }
