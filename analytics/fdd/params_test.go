package fdd

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestParamNormalize(t *testing.T) {
	r := rtBothOpen()
	tests := []struct {
		name    string
		param   string
		set     Setting
		want    any
		problem Problem
		msg     string
	}{
		{"number", "warn_pct", Setting{Value: 7.5}, 7.5, "", ""},
		{"int from yaml", "warn_pct", Setting{Value: 7}, 7.0, "", ""},
		{"json.Number", "warn_pct", Setting{Value: json.Number("12")}, 12.0, "", ""},
		{"out of range", "warn_pct", Setting{Value: 140.0}, nil, ProblemOutOfRange, "140 is outside 0..100"},
		{"out of range with basis", "warn_pct", Setting{Value: 140.0, Basis: "lab"}, 140.0, "", ""},
		{"not finite even with basis", "warn_pct", Setting{Value: math.Inf(1), Basis: "x"}, nil, ProblemNotFinite, "+Inf is not a finite number"},
		{"text for a number", "warn_pct", Setting{Value: "20"}, nil, ProblemType, `"20" is text, not a number`},
		{"bool for a number", "warn_pct", Setting{Value: true}, nil, ProblemType, "true is true/false, not a number"},
		{"list for a number", "warn_pct", Setting{Value: []any{1.0}}, nil, ProblemType, "[1] is a list, not a number"},
		{"null where there is a default", "warn_pct", Setting{Value: nil}, nil, ProblemNull, "null, but the parameter has a default (5); leave it out to use that"},
		{"null without a default", "co2_setpoint", Setting{Value: nil}, nil, "", ""},
		{"whole float for an integer", "start_hour", Setting{Value: 7.0}, 7, "", ""},
		{"fraction for an integer", "start_hour", Setting{Value: 7.5}, nil, ProblemNotWhole, "7.5 is not a whole number"},
		{"integer out of range", "start_hour", Setting{Value: 24.0}, nil, ProblemOutOfRange, "24 is outside 0..23"},
		{"flag", "strict", Setting{Value: true}, true, "", ""},
		{"number for a flag", "strict", Setting{Value: 1.0}, nil, ProblemType, "1 is a number, not true/false"},
		{"choice", "mode", Setting{Value: "occupied"}, "occupied", "", ""},
		{"unlisted choice", "mode", Setting{Value: "always"}, nil, ProblemChoice, `"always" is not one of: any, occupied`},
		{"tiers merged with defaults", "tiers", Setting{Value: map[string]any{"warn": 1.5}}, map[string]float64{"warn": 1.5, "fault": 2}, "", ""},
		{"unknown tier", "tiers", Setting{Value: map[string]any{"severe": 1.0}}, nil, ProblemUnknown, `unknown tier "severe" (known: fault, warn)`},
		{"negative tier", "tiers", Setting{Value: map[string]any{"warn": -1.0}}, nil, ProblemOutOfRange, "warn: -1 is outside ≥ 0"},
		{"scalar for tiers", "tiers", Setting{Value: 2.0}, nil, ProblemType, "2 is a number, not an object of named numbers"},
		{"unknown parameter", "nope", Setting{Value: 1.0}, nil, ProblemUnknown, `unknown parameter of rule "test_both_open" (its parameters: warn_pct, fault_pct, start_hour, mode, strict, tiers, co2_setpoint)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := r.CheckSetting(tc.param, tc.set)
			if tc.problem == "" {
				if err != nil {
					t.Fatalf("err %v", err)
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("got %#v, want %#v", got, tc.want)
				}
				return
			}
			var pe *ParamError
			if !errors.As(err, &pe) {
				t.Fatalf("err %v is not a *ParamError", err)
			}
			if pe.Problem != tc.problem || pe.Msg != tc.msg || pe.Rule != r.Name || pe.Param != tc.param {
				t.Fatalf("got %+v\nwant problem %s msg %q", pe, tc.problem, tc.msg)
			}
		})
	}
}

func TestParseSetting(t *testing.T) {
	tests := []struct {
		in   any
		want Setting
		err  string
	}{
		{5.0, Setting{Value: 5.0}, ""},
		{map[string]any{"value": 140.0, "basis": "lab"}, Setting{Value: 140.0, Basis: "lab"}, ""},
		{map[string]any{"warn": 1.0}, Setting{Value: map[string]any{"warn": 1.0}}, ""},
		{map[string]any{"value": 1.0, "basis": ""}, Setting{}, "basis must be a non-empty text"},
		{map[string]any{"value": 1.0, "basis": 3.0}, Setting{}, "basis must be a non-empty text"},
		{map[string]any{"value": 1.0, "why": "x"}, Setting{}, `unknown key "why" beside value (allowed: value, basis)`},
	}
	for _, tc := range tests {
		got, err := ParseSetting(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseSetting(%v) err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseSetting(%v) = %+v, %v", tc.in, got, err)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, name := range RuleNames() {
		r, ok := Lookup(name)
		if !ok || r.Name != name {
			t.Errorf("Lookup(%q) = %q %v", name, r.Name, ok)
		}
	}
	if _, ok := Lookup("no_such_rule"); ok {
		t.Error("Lookup found an unknown rule")
	}
}

func TestSeverityHelpers(t *testing.T) {
	if s, ok := ParseSeverity(" WARN "); !ok || s != Warn {
		t.Errorf("ParseSeverity = %q %v", s, ok)
	}
	if _, ok := ParseSeverity("severe"); ok {
		t.Error("unknown severity parsed")
	}
	for ns, want := range map[int64]string{int64(90 * 60e9): "1h30m", int64(3600e9): "1h", int64(300e9): "5m", int64(30e9): "30s", int64(86400e9): "24h"} {
		if got := shortDuration(ns); got != want {
			t.Errorf("shortDuration(%d) = %q, want %q", ns, got, want)
		}
	}
}
