package model

import "testing"

func TestRolesVocabulary(t *testing.T) {
	if got := len(Roles()); got != 58 {
		t.Fatalf("len(Roles()) = %d, want the 58 CAMBER slugs", got)
	}
	var status, percent int
	for _, r := range Roles() {
		if r.Unit() == "" {
			t.Errorf("%s has no unit", r)
		}
		if r.IsStatus() {
			status++
		}
		if r.IsPercent() {
			percent++
		}
	}
	if status != 9 {
		t.Errorf("status roles = %d, want 9", status)
	}
	if percent != 6 {
		t.Errorf("percent roles = %d, want 6", percent)
	}
	for _, r := range []Role{HWPumpSpeed, TowerFanSpeed} {
		if r.IsPercent() {
			t.Errorf("%s must not be auto-rescaled (CAMBER leaves it out)", r)
		}
	}
	if _, ok := ParseRole("Heat_Valve"); ok {
		t.Error("ParseRole must take the exact slug")
	}
	if r, ok := ParseRole("heat_valve"); !ok || r != HeatValve {
		t.Error("ParseRole(heat_valve) failed")
	}
}

func TestLookupClass(t *testing.T) {
	tests := []struct {
		label, want string
	}{
		{"AHU", ClassAHU},
		{"ahu", ClassAHU},
		{"Air_Handler", ClassAHU},
		{"WeatherStation", ClassWeather},
		{"WEATHER", ClassWeather},
		{"weather station", ClassWeather},
		{"vav", ClassVAV},
		{"FCAV", ClassFCAV},
		{"hot_water_plant", ClassHotWaterPlant},
		{"ChilledWaterPlant", ClassChilledWaterPlant},
		{"cooling-tower", ClassCoolingTower},
		{"heat_pump", ClassHeatPump},
		{"DataLogger", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := CanonicalClass(tt.label); got != tt.want {
			t.Errorf("CanonicalClass(%q) = %q, want %q", tt.label, got, tt.want)
		}
	}
	w, _ := LookupClass("weather")
	if !w.Shared || !w.Expects(WetbulbTemp) || !w.Expects(OutdoorRH) || !w.Expects(OutdoorCO2) {
		t.Errorf("Weather class = %+v, want shared with oat, outdoor_rh, wetbulb_temp, outdoor_co2", w)
	}
	for _, c := range Classes() {
		for _, r := range append(append([]Role{}, c.Required...), c.Optional...) {
			if !r.Valid() {
				t.Errorf("class %s lists unknown role %q", c.Name, r)
			}
		}
	}
}

func TestCompleteness(t *testing.T) {
	ahu, _ := LookupClass("AHU")
	c := ahu.CompletenessOf([]Role{SupplyAirTemp, HeatValve, OAT, CO2})
	if len(c.MissingRequired) != 1 || c.MissingRequired[0] != CoolValve {
		t.Errorf("MissingRequired = %v, want [cool_valve]", c.MissingRequired)
	}
	if len(c.Unexpected) != 1 || c.Unexpected[0] != CO2 {
		t.Errorf("Unexpected = %v, want [co2]", c.Unexpected)
	}
	if want := 3.0 / 14.0; c.Score != want {
		t.Errorf("Score = %v, want %v", c.Score, want)
	}
}

func TestFacilityIDs(t *testing.T) {
	// Vectors computed with Python's hashlib and re, as CAMBER derives them.
	derive := []struct{ name, want string }{
		{"Fox Lodge", "fox-lodge-d61f7e"},
		{"North Campus", "north-campus-9a5253"},
		{"  Hq--Main ", "hq-main-b1f3e5"},
		{"東京", "681ee3"},
		{"Café 9", "caf-9-5ef195"},
	}
	for _, tt := range derive {
		if got := MakeFacilityID(tt.name); got != tt.want {
			t.Errorf("MakeFacilityID(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if !ValidFacilityID(MakeFacilityID(tt.name)) {
			t.Errorf("derived id for %q is not valid", tt.name)
		}
	}
	valid := []struct {
		id string
		ok bool
	}{
		{"north-campus", true},
		{"DemoSite", true},
		{"a", true},
		{"0.x_y-z", true},
		{"", false},
		{"-lead", false},
		{".hidden", false},
		{"a/b", false},
		{"a=b", false},
		{"a b", false},
		{"café", false},
		{string(make([]byte, 201)), false},
	}
	for _, tt := range valid {
		if got := ValidFacilityID(tt.id); got != tt.ok {
			t.Errorf("ValidFacilityID(%q) = %v, want %v", tt.id, got, tt.ok)
		}
	}
	long := make([]byte, 200)
	for i := range long {
		long[i] = 'a'
	}
	if !ValidFacilityID(string(long)) {
		t.Error("a 200-character id must be valid")
	}
}
