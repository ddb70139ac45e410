package fdd

import (
	"reflect"
	"testing"
)

func TestGroups(t *testing.T) {
	fs := []Finding{
		{ID: "simultaneous_heat_cool@AHU-1", Rule: "simultaneous_heat_cool", Equip: "AHU-1", Severity: Fault},
		{ID: "reheat_minimization_g36@AHU-1", Rule: "reheat_minimization_g36", Equip: "AHU-1", Severity: Warn},
		{ID: "supply_air_reset@AHU-1", Rule: "supply_air_reset", Equip: "AHU-1", Severity: Warn},
		{ID: "free_cooling_missed@AHU-1", Rule: "free_cooling_missed", Equip: "AHU-1", Severity: Fault},
		{ID: "simultaneous_heat_cool@AHU-2", Rule: "simultaneous_heat_cool", Equip: "AHU-2", Severity: Fault},
		{ID: "supply_air_reset@AHU-2", Rule: "supply_air_reset", Equip: "AHU-2", Severity: Info},
		{ID: "reheat_penalty@VAV-1", Rule: "reheat_penalty", Equip: "VAV-1", Severity: Warn},
	}
	want := []Group{{Equip: "AHU-1", Root: "supply_air_reset@AHU-1",
		Members: []string{"supply_air_reset@AHU-1", "reheat_minimization_g36@AHU-1", "simultaneous_heat_cool@AHU-1"}}}
	if got := Groups(fs); !reflect.DeepEqual(got, want) {
		t.Errorf("groups\n got %+v\nwant %+v", got, want)
	}
}
