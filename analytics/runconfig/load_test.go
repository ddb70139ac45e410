package runconfig

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

const goodJSON = `{
  "description": "North campus",
  "source": {"store": "store", "facility": "north-campus"},
  "equipment": ["AHU", "VAV", "Weather"],
  "rules": [
    "dcv_verification",
    {"name": "outdoor_air_fraction", "params": {"min_oa_pct": 15}},
    {"name": "unmet_setpoint_hours", "params": {"start_hour": 6, "tol_F": {"value": 12, "basis": "lab with wide band"}}},
    {"name": "overcooling_severity", "params": {"tiers": {"warn": 2.5}}}
  ],
  "resample": "15min",
  "topology": {"weather": "WX-1", "shared": {"wetbulb_temp": "CT-1"}},
  "trust_gate": {"min_trust": 0.6},
  "units": {"power": "kW"},
  "ventilation": {"zones": "zones.csv"},
  "report": {"rcx": {"top_n": 10, "references": [
    {"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"file": "logger.csv"}, "warn": 1, "fault": 2, "unit": "degC"},
    {"point": {"equip": "AHU-2", "role": "supply_air_temp"}, "reference": {"equip": "LOG-1"}, "warn": 1.5, "fault": 3}
  ]}},
  "mv": {"meter": {"equip": "MTR-1", "role": "power"}, "oat": {"equip": "WX-1", "role": "oat"},
         "baseline": ["2025-01-01", "2025-02-28"], "reporting": ["2025-03-01T00:00", "2025-06-30"],
         "interval": "daily", "confidence": 95, "non_routine": true, "units": "kWh"},
  "drift": {"baseline": ["2025-01-01", "2025-03-31"], "current": ["2025-10-01", "2025-12-31"], "families": ["approach"],
            "frozen": {"CH-1": {"approach": {"n": 1200, "slope": 0.012, "intercept": 2.1, "sigma": 0.3, "r2": 0.71,
                       "tons_min": 40, "tons_max": 380, "coverage_start": "2025-01-01", "coverage_end": "2025-03-31"}}}}
}`

const goodYAML = `description: North campus
source: {store: store, facility: north-campus}
equipment: [AHU, VAV, Weather]
rules:
  - dcv_verification
  - name: outdoor_air_fraction
    params: {min_oa_pct: 15}
  - name: unmet_setpoint_hours
    params:
      start_hour: 6
      tol_F: {value: 12, basis: lab with wide band}
  - name: overcooling_severity
    params:
      tiers: {warn: 2.5}
resample: 15min
topology:
  weather: WX-1
  shared: {wetbulb_temp: CT-1}
trust_gate: {min_trust: 0.6}
units: {power: kW}
ventilation: {zones: zones.csv}
report:
  rcx:
    top_n: 10
    references:
      - point: {equip: AHU-1, role: supply_air_temp}
        reference: {file: logger.csv}
        warn: 1
        fault: 2
        unit: degC
      - point: {equip: AHU-2, role: supply_air_temp}
        reference: {equip: LOG-1}
        warn: 1.5
        fault: 3
mv:
  meter: {equip: MTR-1, role: power}
  oat: {equip: WX-1, role: oat}
  baseline: [2025-01-01, 2025-02-28]
  reporting: ["2025-03-01T00:00", 2025-06-30]
  interval: daily
  confidence: 95
  non_routine: true
  units: kWh
drift:
  baseline: [2025-01-01, 2025-03-31]
  current: [2025-10-01, 2025-12-31]
  families: [approach]
  frozen:
    CH-1:
      approach: {n: 1200, slope: 0.012, intercept: 2.1, sigma: 0.3, r2: 0.71, tons_min: 40, tons_max: 380,
                 coverage_start: 2025-01-01, coverage_end: 2025-03-31}
`

// writeSite lays out a config directory: the config, its zones and logger
// files, and a store directory.
func writeSite(t *testing.T, name, text string) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	files := map[string]string{
		name:         text,
		"zones.csv":  "equip,area_sqft,population,space_type\nVAV-1,900,6,office\nVAV-2,1200,30,classroom\n",
		"logger.csv": "ts,value\n2025-07-01 08:00,12.5\n2025-07-01 08:15,\n2025-07-01 08:30,13\n",
	}
	for n, body := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "store"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, filepath.Join(dir, name)
}

func day(s string) int64 {
	t, _ := time.Parse("2006-01-02", s)
	return t.UnixNano()
}

func TestLoadGood(t *testing.T) {
	opts := Options{Rules: testRules(), DriftFamilies: []string{"approach", "charge"}}
	var configs []*Config
	for _, tc := range []struct{ name, text string }{{"north.json", goodJSON}, {"north.yaml", goodYAML}} {
		_, path := writeSite(t, tc.name, tc.text)
		c, digest, err := opts.Load(path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(digest) != 64 {
			t.Errorf("digest %q", digest)
		}
		configs = append(configs, c)
	}
	c := configs[0]
	if c.Source != (Source{Store: "store", Facility: "north-campus"}) || c.Step != 15*time.Minute || *c.MinTrust != 0.6 {
		t.Errorf("source %+v step %v min_trust %v", c.Source, c.Step, *c.MinTrust)
	}
	names := []string{}
	for _, r := range c.Rules {
		names = append(names, r.Name)
	}
	if !slices.Equal(names, []string{"dcv_verification", "outdoor_air_fraction", "unmet_setpoint_hours", "overcooling_severity"}) {
		t.Errorf("rules %v", names)
	}
	if v := c.Rules[2].Params["start_hour"]; v.Value != 6 {
		t.Errorf("start_hour %#v (want the int 6)", v.Value)
	}
	if v := c.Rules[2].Params["tol_F"]; v.Value != 12.0 || v.Basis != "lab with wide band" {
		t.Errorf("tol_F %+v", v)
	}
	if v := c.Rules[3].Params["tiers"].Value; !reflect.DeepEqual(v, map[string]float64{"info": 1, "warn": 2.5, "fault": 3}) {
		t.Errorf("tiers %v", v)
	}
	if z := c.Ventilation.Zones["VAV-2"]; z != (Zone{AreaSqft: 1200, Population: 30, SpaceType: "classroom"}) {
		t.Errorf("zone %+v", z)
	}
	refs := c.Report.RCX.References
	if len(refs) != 2 || refs[0].Series == nil || len(refs[0].Series.V) != 2 {
		t.Fatalf("references %+v", refs)
	}
	// The degC logger and its thresholds are converted to °F.
	if refs[0].Series.V[0] != 54.5 || refs[0].Warn != 1.8 || refs[0].Fault != 3.6 || refs[0].Label() != "file logger.csv" {
		t.Errorf("logger %v warn %v fault %v label %q", refs[0].Series.V, refs[0].Warn, refs[0].Fault, refs[0].Label())
	}
	if *refs[1].Ref != (PointRef{Equip: "LOG-1", Role: model.SupplyAirTemp}) {
		t.Errorf("reference point %+v", refs[1].Ref)
	}
	if c.MV.Baseline != (Window{day("2025-01-01"), day("2025-03-01")}) || c.MV.Confidence != 95 || !c.MV.NonRoutine {
		t.Errorf("mv %+v", c.MV)
	}
	if b := c.Drift.Frozen["CH-1"]["approach"]; b.N != 1200 || b.TonsMax != 380 || b.CoverageEnd != day("2025-03-31") {
		t.Errorf("frozen %+v", b)
	}
	// YAML reads the same config.
	y := configs[1]
	c.Name, y.Name = "", ""
	c.dir, y.dir = "", ""
	if !reflect.DeepEqual(c, y) {
		t.Errorf("YAML and JSON differ:\n%+v\n%+v", c, y)
	}
}

func TestLoadFileErrors(t *testing.T) {
	opts := Options{Rules: testRules()}
	tests := []struct {
		name, text, want string
		setup            func(dir string)
	}{
		{"zones file missing", `{"ventilation": {"zones": "nozones.csv"}}`, `ventilation.zones: cannot read zones file "nozones.csv": no such file`, nil},
		{"zones file bad row", `{"ventilation": {"zones": "zones.csv"}}`, `ventilation.zones: zones.csv line 3: area_sqft "big" is not a finite number ≥ 0`,
			func(dir string) {
				os.WriteFile(filepath.Join(dir, "zones.csv"), []byte("equip,area_sqft,population\nVAV-1,900,6\nVAV-2,big,3\n"), 0o644)
			}},
		{"zones against the rule", `{"ventilation": {"zones": "zones.csv"}}`, `ventilation.zones.VAV-1.space_type: "gym" is not one of: office, classroom, lobby`,
			func(dir string) {
				os.WriteFile(filepath.Join(dir, "zones.csv"), []byte("equip,area_sqft,population,space_type\nVAV-1,900,6,gym\n"), 0o644)
			}},
		{"reference file missing", `{"report": {"rcx": {"references": [{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"file": "none.csv"}, "warn": 1, "fault": 2}]}}}`,
			`report.rcx.references[0].reference.file: cannot read "none.csv": no such file`, nil},
		{"reference file bad", `{"report": {"rcx": {"references": [{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"file": "logger.csv"}, "warn": 1, "fault": 2}]}}}`,
			`report.rcx.references[0].reference.file: logger.csv line 2: "2025-99-01" is not a date (2025-01-31 or 2025-01-31T08:00)`,
			func(dir string) {
				os.WriteFile(filepath.Join(dir, "logger.csv"), []byte("ts,value\n2025-99-01,3\n"), 0o644)
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir, path := writeSite(t, "north.json", tc.text)
			if tc.setup != nil {
				tc.setup(dir)
			}
			_, _, err := opts.Load(path)
			if err == nil || err.Error() != path+": "+tc.want {
				t.Fatalf("err %v\nwant %s: %s", err, path, tc.want)
			}
			if strings.Count(err.Error(), dir) != 1 {
				t.Errorf("error names a path beyond the one given: %q", err)
			}
		})
	}
	_, _, err := Load(filepath.Join(t.TempDir(), "absent.json"))
	if err == nil || !strings.HasSuffix(err.Error(), "absent.json: cannot read: no such file") {
		t.Errorf("missing config: %v", err)
	}
}

func TestCheck(t *testing.T) {
	dir, path := writeSite(t, "north.json", `{"source": {"store": "store", "facility": "north-campus"},
	  "topology": {"weather": "WX-1"},
	  "report": {"rcx": {"references": [{"point": {"equip": "AHU-1", "role": "supply_air_temp"}, "reference": {"equip": "LOG-9"}, "warn": 1, "fault": 2}]}}}`)
	c, _, err := Options{Rules: testRules()}.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "store")
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(store, link); err != nil {
		t.Fatal(err)
	}
	held := func(id string) bool { return id == "north-campus" }
	equips := func(string) []string { return []string{"AHU-1", "WX-1", "LOG-1"} }
	tests := []struct {
		name string
		env  Env
		edit func(c *Config)
		want string
	}{
		{"the --store directory", Env{StoreDir: store, HasFacility: held}, nil, ""},
		{"the store through a symlink", Env{StoreDir: link, HasFacility: held}, nil, ""},
		{"the store with a trailing slash", Env{StoreDir: store + "/", HasFacility: held}, nil, ""},
		{"another store", Env{StoreDir: t.TempDir(), HasFacility: held}, nil, `source.store: "store" is not the --store directory (the tools read only --store)`},
		{"store missing", Env{StoreDir: store}, func(c *Config) { c.Source.Store = "gone" }, `source.store: "gone" cannot be read: no such file`},
		{"facility not held", Env{StoreDir: store, HasFacility: func(string) bool { return false }}, nil, `source.facility: the store holds no facility "north-campus"`},
		{"no facility", Env{}, func(c *Config) { c.Source.Facility = "" }, "source.facility: the config names no facility"},
		{"not allowed", Env{Allowed: func(string) bool { return false }}, nil, `source.facility: "north-campus" is not an allowed facility`},
		{"reference equipment not stored", Env{Equipment: equips}, nil, `report.rcx.references[0].reference.equip: the facility stores no equipment "LOG-9"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cc := *c
			if tc.edit != nil {
				tc.edit(&cc)
			}
			err := cc.Check(tc.env)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || err.Error() != path+": "+tc.want {
				t.Fatalf("err %v\nwant %s: %s", err, path, tc.want)
			}
		})
	}
}

func TestDefault(t *testing.T) {
	stored := []fdd.Equipment{{Equip: "AHU-2", Class: "AHU"}, {Equip: "LOG-1", Class: "LOGGER"}, {Equip: "AHU-1", Class: "ahu"},
		{Equip: "WX-2", Class: "Weather Station"}, {Equip: "WX-1", Class: "weather"}, {Equip: "VAV-1", Class: "VAV"}}
	c := Default("north-campus", stored)
	if !slices.Equal(c.Equipment, []string{"AHU", "VAV", "Weather Station", "ahu", "weather"}) {
		t.Errorf("equipment %q", c.Equipment)
	}
	if c.Topology.Weather != "WX-1" || c.Rules != nil || !c.StoreDefault || c.Step != time.Hour || c.Source.Facility != "north-campus" {
		t.Errorf("default %+v", c)
	}
	only := Default("loggers", []fdd.Equipment{{Equip: "LOG-1", Class: "LOGGER"}})
	if !slices.Equal(only.Equipment, []string{"LOGGER"}) || only.Topology.Weather != "" {
		t.Errorf("logger-only default %+v", only)
	}
	s := c.Spec()
	if s.Rules != nil || s.Weather != "WX-1" || s.Step != time.Hour || len(s.Classes) != 5 {
		t.Errorf("spec %+v", s)
	}
}

func TestFromTemplateAndSpec(t *testing.T) {
	tmpl := `{"source": {"facility": "somewhere-else"}, "equipment": ["AHU"], "rules": [{"name": "outdoor_air_fraction", "params": {"min_oa_pct": 10}}], "trust_gate": {"min_trust": 0.7}}`
	_, err := FromTemplate("lbnl-fdd-sdahu.json", []byte(tmpl), "ds-lbnl-fdd-sdahu")
	var ce *Error
	if !errors.As(err, &ce) {
		// The real catalog may not hold the test rule; parse against ours.
		t.Logf("template against the built-in catalog: %v", err)
	}
	c, err := Options{Rules: testRules()}.Parse("lbnl-fdd-sdahu.json", []byte(tmpl))
	if err != nil {
		t.Fatal(err)
	}
	c.Source, c.Template = Source{Facility: "ds-lbnl-fdd-sdahu"}, "lbnl-fdd-sdahu.json"
	s := c.Spec()
	if !slices.Equal(s.Rules, []string{"outdoor_air_fraction"}) || s.Params["outdoor_air_fraction"]["min_oa_pct"].Value != 10.0 || s.MinTrust != 0.7 {
		t.Errorf("spec %+v", s)
	}
	if _, err := FromTemplate("t.toml", nil, "x"); err == nil {
		t.Error("bad template accepted")
	}
}

func TestParseResample(t *testing.T) {
	good := map[string]time.Duration{"1h": time.Hour, "15min": 15 * time.Minute, "5T": 5 * time.Minute, "1d": 24 * time.Hour, "H": time.Hour, "30 min": 30 * time.Minute}
	for s, want := range good {
		if got, err := ParseResample(s); err != nil || got != want {
			t.Errorf("ParseResample(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "0h", "2d", "30s", "1w", "h1"} {
		if _, err := ParseResample(s); err == nil {
			t.Errorf("ParseResample(%q) accepted", s)
		}
	}
}

func TestParseReferenceCSV(t *testing.T) {
	tests := []struct {
		name, data, err string
		n               int
	}{
		{"ts,value", "ts,value\n2025-07-01 08:00,55\n2025-07-01T08:05:00,56\n", "", 2},
		{"other names, unsorted", "\xef\xbb\xbfTimestamp,logger_sat\n2025-07-01 08:05,56\n2025-07-01 08:00,55\n", "", 2},
		{"missing values skipped", "time,value\n2025-07-01 08:00,\n2025-07-01 08:05,56\n", "", 1},
		{"no header", "2025-07-01 08:00,55\n", "x.csv line 1: the header needs a ts and a value column", 0},
		{"bad number", "ts,value\n2025-07-01 08:00,hot\n", `x.csv line 2: "hot" is not a finite number`, 0},
		{"nan", "ts,value\n2025-07-01 08:00,NaN\n", `x.csv line 2: "NaN" is not a finite number`, 0},
		{"short row", "ts,extra,value\n2025-07-01 08:00,1\n", "x.csv line 2: has 2 fields, the header 3", 0},
		{"empty", "", "x.csv: empty file", 0},
		{"no samples", "ts,value\n", "x.csv: no samples", 0},
		{"quote error", "ts,value\n\"2025,1\n", `x.csv: line 2: extraneous or missing " in quoted-field`, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseReferenceCSV("x.csv", []byte(tc.data))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || len(s.TS) != tc.n || !slices.IsSorted(s.TS) {
				t.Fatalf("series %+v err %v", s, err)
			}
		})
	}
}
