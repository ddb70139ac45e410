package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
)

// ruleNames are the rule names of domain §3.2 and §3.3 that an entry may
// suggest.
var ruleNames = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`simultaneous_heat_cool supply_air_reset reheat_penalty
		overcooling_min_flow overcooling_severity reheat_minimization_g36 boiler_summer_lockout
		boiler_short_cycle hw_plant_deltat hw_pump_dp_reset night_weekend_setback
		outdoor_air_fraction chw_plant_reset chw_pump_dp_reset chiller_efficiency chiller_staging
		cooling_tower_approach condenser_water_reset co2_ventilation dcv_verification leaking_valve
		damper_census zones_heat_cool_census control_hunting unmet_setpoint_hours supply_air_control
		airflow_tracking economizer_high_limit static_pressure_reset free_cooling_missed
		compressor_short_cycle compressor_staging heatpump_defrost filter_fouling
		chiller_approach_fouling chiller_staging_fleet cohort_airflow cohort_space_temp
		chiller_approach_drift chiller_subcooling_drift chiller_superheat_drift
		chiller_cw_range_drift cooling_tower_approach_drift chiller_head_pressure_drift`) {
		m[n] = true
	}
	return m
}()

func TestCatalog_Valid(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	all := All()
	if len(all) < 12 {
		t.Fatalf("catalog holds %d entries, want at least 12", len(all))
	}
	ids := map[string]bool{}
	researchOnly := 0
	for _, e := range all {
		t.Run(e.ID, func(t *testing.T) {
			if ids[e.ID] {
				t.Errorf("duplicate id")
			}
			ids[e.ID] = true
			if !ValidLicence(e.Licence) {
				t.Errorf("licence %q is not SPDX-looking", e.Licence)
			}
			switch e.Access {
			case AccessOpen, AccessRegistration, AccessPurchase:
			default:
				t.Errorf("access %q", e.Access)
			}
			restricted := RestrictiveLicence(e.Licence) || e.Licence == NoAssertion
			if e.ResearchOnly != (restricted || e.ResearchOnlyReason != "") {
				t.Errorf("research_only %v but licence %s, reason %q", e.ResearchOnly, e.Licence, e.ResearchOnlyReason)
			}
			if e.ResearchOnly && e.ResearchOnlyReason == "" {
				t.Errorf("research-only without a reason")
			}
			if ResearchOnly(e) != e.ResearchOnly {
				t.Errorf("ResearchOnly() = %v, entry says %v", ResearchOnly(e), e.ResearchOnly)
			}
			for _, r := range e.SuggestedRules {
				if !ruleNames[r] {
					t.Errorf("suggested rule %q is not a domain rule", r)
				}
			}
			for _, c := range e.Equipment {
				if model.CanonicalClass(c) != c {
					t.Errorf("equipment %q is not a canonical class name", c)
				}
			}
			if !model.ValidFacilityID(FacilityPrefix + e.ID) {
				t.Errorf("ds-%s is not a valid facility id", e.ID)
			}
			for _, d := range e.DOIs {
				if !strings.HasPrefix(d, "10.") {
					t.Errorf("doi %q does not start with 10.", d)
				}
			}
		})
		if e.ResearchOnly {
			researchOnly++
		}
	}
	if researchOnly < 2 {
		t.Errorf("%d research-only entries, want at least 2", researchOnly)
	}
}

// TestCatalog_Golden records each entry's licence terms so a change in
// what the policy refuses shows up as a reviewed diff.
func TestCatalog_Golden(t *testing.T) {
	type row struct {
		ID            string        `json:"id"`
		Licence       string        `json:"licence"`
		Access        string        `json:"access"`
		CommercialUse CommercialUse `json:"commercial_use"`
		ResearchOnly  bool          `json:"research_only"`
		Kind          string        `json:"kind"`
		Labeled       bool          `json:"labeled"`
	}
	var rows []row
	for _, e := range All() {
		rows = append(rows, row{e.ID, e.Licence, e.Access, e.CommercialUse, ResearchOnly(e), e.Kind, e.Labeled})
	}
	golden.CheckJSON(t, "terms.golden.json", rows)
}

func TestParse_Errors(t *testing.T) {
	good := `{"id":"x-1","title":"T","publisher":"P","citation":"C","licence":"CC-BY-4.0","access":"open",
		"commercial_use":true,"kind":"fdd","year":2020,"verified_on":"2026-01-01","sources":["s"]}`
	edit := func(oldNew ...string) string { return "[" + strings.NewReplacer(oldNew...).Replace(good) + "]" }
	tests := []struct {
		name, doc, want string
	}{
		{"OK", "[" + good + "]", ""},
		{"ErrUnknownKey", edit(`"kind"`, `"colour":1,"kind"`), "unknown field"},
		{"ErrTrailing", "[" + good + "] []", "trailing data"},
		{"ErrBadID", edit(`"x-1"`, `"X 1"`), "kebab-case"},
		{"ErrBadLicence", edit(`CC-BY-4.0`, `CC BY 4.0`), "not an SPDX id"},
		{"ErrNCNotResearchOnly", edit(`CC-BY-4.0`, `CC-BY-NC-4.0`, `"commercial_use":true`, `"commercial_use":false`), "requires research_only"},
		{"ErrNoAssertionNotResearchOnly", edit(`CC-BY-4.0`, `NOASSERTION`), "requires research_only"},
		{"ErrResearchOnlyNoReason", edit(`"kind"`, `"research_only":true,"kind"`), "without research_only_reason"},
		{"ErrReasonNotResearchOnly", edit(`"kind"`, `"research_only_reason":"x","kind"`), "not research-only"},
		{"ErrAccess", edit(`"open"`, `"free"`), "access"},
		{"ErrKind", edit(`"fdd"`, `"weather"`), "unknown kind"},
		{"ErrCommercial", edit(`"commercial_use":true`, `"commercial_use":"maybe"`), "commercial_use"},
		{"ErrCommercialNC", edit(`CC-BY-4.0"`, `CC-BY-NC-4.0","research_only":true,"research_only_reason":"nc"`), "contradicts"},
		{"ErrYearZero", edit(`2020`, `0`), "year is 0"},
		{"OKYearUnverified", edit(`2020`, `0,"unverified":["year"]`), ""},
		{"ErrNoSources", edit(`["s"]`, `[]`), "no source"},
		{"ErrDuplicate", "[" + good + "," + strings.Replace(good, "x-1", "X-1", 1) + "]", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse([]byte(tt.doc))
			if tt.name == "ErrDuplicate" {
				// X-1 fails the id pattern before the duplicate check; a
				// lower-case duplicate must fail as a duplicate.
				_, err = parse([]byte("[" + good + "," + good + "]"))
				tt.want = "duplicate id"
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		id   string
		ok   bool
		want string
	}{
		{"lbnl-fdd-sdahu", true, "lbnl-fdd-sdahu"},
		{"LBNL-FDD-SDAHU", true, "lbnl-fdd-sdahu"},
		{"bdg2", true, "bdg2"},
		{"lbnl-fdd", false, ""},
		{"", false, ""},
	}
	for _, tt := range tests {
		e, ok := Lookup(tt.id)
		if ok != tt.ok || e.ID != tt.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tt.id, e.ID, ok, tt.want, tt.ok)
		}
	}
}

func TestForFacility(t *testing.T) {
	tests := []struct {
		facility string
		want     string // "" = no entry
	}{
		{"ds-lbnl-fdd-sdahu", "lbnl-fdd-sdahu"},
		{"ds-lbnl-fdd-sdahu-ahu1", "lbnl-fdd-sdahu"},
		{"DS-ASHRAE-GEPIII", "ashrae-gepiii"},
		{"ds-ashrae-gepiii-site-3", "ashrae-gepiii"},
		{"ds-bdg2-panther", "bdg2"},
		{"ds-bdg2-", ""},
		{"ds-lbnl-fdd", ""},
		{"ds-lbnl-fdd-sdahux", ""},
		{"ds-", ""},
		{"ds", ""},
		{"north-campus", ""},
		{"xds-bdg2", ""},
	}
	for _, tt := range tests {
		e, ok := ForFacility(tt.facility)
		if ok != (tt.want != "") || e.ID != tt.want {
			t.Errorf("ForFacility(%q) = %q, %v; want %q", tt.facility, e.ID, ok, tt.want)
		}
	}
}

func TestResearchOnly(t *testing.T) {
	tests := []struct {
		name string
		e    Entry
		want bool
	}{
		{"ZeroEntryFailsClosed", Entry{}, true},
		{"OpenLicence", Entry{Licence: "CC-BY-4.0"}, false},
		{"NonCommercial", Entry{Licence: "CC-BY-NC-4.0"}, true},
		{"NoDerivatives", Entry{Licence: "CC-BY-ND-4.0"}, true},
		{"NCSA", Entry{Licence: "CC-BY-NC-SA-4.0"}, true},
		{"NoAssertion", Entry{Licence: NoAssertion}, true},
		{"HeldBack", Entry{Licence: "CC-BY-4.0", ResearchOnly: true}, true},
	}
	for _, tt := range tests {
		if got := ResearchOnly(tt.e); got != tt.want {
			t.Errorf("%s: ResearchOnly = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, id := range []string{"ashrae-gepiii", "ashrae-rp1043", "ashrae-rp1312"} {
		e, ok := Lookup(id)
		if !ok || !ResearchOnly(e) {
			t.Errorf("%s: want a research-only entry", id)
		}
	}
}

func TestSearch(t *testing.T) {
	yes, no := true, false
	ids := func(es []Entry) string {
		var s []string
		for _, e := range es {
			s = append(s, e.ID)
		}
		return strings.Join(s, ",")
	}
	tests := []struct {
		name    string
		query   string
		kind    string
		labeled *bool
		licence string
		want    string
	}{
		{"ByTitleWord", "genome", "", nil, "", "bdg2"},
		{"CaseInsensitive", "GENOME", "", nil, "", "bdg2"},
		{"ByEquipment", "hotwaterplant", "", nil, "", "lbnl-fdd-boiler-plant"},
		{"ByFaultLabel", "fan belt", "", nil, "", "csiro-ahu-faults"},
		{"AllWords", "lbnl chiller", "", nil, "", "lbnl-fdd-chiller-plant"},
		{"KindMV", "", "mv", nil, "", "ashrae-gepiii,bdg2"},
		{"LicenceFamily", "", "", nil, "CC-BY-SA", "bdg2,csiro-ahu-faults"},
		{"LicenceExact", "meter", "", nil, "cc-by-sa-4.0", "bdg2"},
		{"Unlabelled", "", "mv", &no, "", "ashrae-gepiii,bdg2"},
		{"LabelledMV", "", "mv", &yes, "", ""},
		{"NoMatch", "zzzz", "", nil, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ids(Search(tt.query, tt.kind, tt.labeled, tt.licence)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if n := len(Search("", "", nil, "")); n != len(All()) {
		t.Errorf("empty search: %d entries, want %d", n, len(All()))
	}
}

func TestCommercialUse_JSON(t *testing.T) {
	for _, in := range []string{"true", "false", `"unverified"`} {
		var c CommercialUse
		if err := json.Unmarshal([]byte(in), &c); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(c)
		if err != nil || string(out) != in {
			t.Errorf("round trip %s -> %s (%v)", in, out, err)
		}
	}
	var c CommercialUse
	if err := json.Unmarshal([]byte(`1`), &c); err == nil {
		t.Error("1 accepted as commercial_use")
	}
}
