package runconfig

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

func TestCompare(t *testing.T) {
	t0 := time.Date(2025, 7, 1, 0, 0, 0, 0, time.UTC)
	mk := func(equip string, role model.Role, off float64, n int) model.Series {
		s := model.Series{Equip: equip, Class: "AHU", Role: role}
		for i := 0; i < n; i++ {
			s.TS = append(s.TS, t0.Add(time.Duration(i)*15*time.Minute).UnixNano())
			s.V = append(s.V, 55+float64(i%7)+off)
		}
		return s
	}
	src := fdd.SeriesMap{
		"AHU-1": {mk("AHU-1", model.SupplyAirTemp, 2.5, 200)},
		"AHU-2": {mk("AHU-2", model.SupplyAirTemp, 0.2, 200)},
		"LOG-1": {mk("LOG-1", model.SupplyAirTemp, 0, 200)},
	}
	file := mk("file", model.SupplyAirTemp, 0, 200)
	c := &Config{Report: Report{RCX: RCX{References: []Reference{
		{Point: PointRef{"AHU-1", model.SupplyAirTemp}, Ref: &PointRef{"LOG-1", model.SupplyAirTemp}, Warn: 1, Fault: 3},
		{Point: PointRef{"AHU-2", model.SupplyAirTemp}, File: "logger.csv", Series: &file, Warn: 1, Fault: 3},
		{Point: PointRef{"AHU-2", model.MixedAirTemp}, Ref: &PointRef{"LOG-1", model.MixedAirTemp}, Warn: 1, Fault: 3},
		{Point: PointRef{"AHU-1", model.SupplyAirTemp}, Ref: &PointRef{"LOG-9", model.SupplyAirTemp}, Warn: 1, Fault: 3},
	}}}}
	cmps, err := c.Compare(context.Background(), src, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmps) != 4 {
		t.Fatalf("%d comparisons", len(cmps))
	}
	if r := cmps[0].Result; !cmps[0].Compared() || r.Verdict != "warn" || r.Bias != 2.5 || r.Sign != "high" {
		t.Errorf("AHU-1 vs LOG-1: %+v %q", r, cmps[0].Problem)
	}
	if r := cmps[1].Result; !cmps[1].Compared() || r.Verdict != "ok" {
		t.Errorf("AHU-2 vs file: %+v %q", r, cmps[1].Problem)
	}
	if p := cmps[2].Problem; p != "reference for AHU-2 mixed_air_temp not compared: the equipment has no data for the role" {
		t.Errorf("problem %q", p)
	}
	if p := cmps[3].Problem; !strings.Contains(p, "LOG-9 supply_air_temp has no data") {
		t.Errorf("problem %q", p)
	}
	conds := Conditionals(cmps)
	if len(conds) != 2 || conds[0].Verdict != "warn" || conds[0].Reference != "LOG-1 supply_air_temp" || conds[1].Reference != "file logger.csv" {
		t.Errorf("conditionals %+v", conds)
	}
	// A window outside the reference file: not comparable, named.
	late := t0.AddDate(0, 1, 0).UnixNano()
	cmps, _ = c.Compare(context.Background(), src, late, late+int64(time.Hour))
	if cmps[1].Compared() || !strings.Contains(cmps[1].Problem, "has no data") {
		t.Errorf("late window %+v", cmps[1])
	}
}
