package runconfig

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

// MaxFileSize is the largest config or referenced file read.
const MaxFileSize = 64 << 20

// Options tune parsing. The zero value checks rules against fdd.Rules()
// and reads no referenced file.
type Options struct {
	// Rules is the rule catalog names and parameters are checked against;
	// nil means fdd.Rules().
	Rules []fdd.Rule
	// DriftFamilies, when set, are the drift family names drift.families
	// may use.
	DriftFamilies []string
	// ReadFile reads a file the config names (a zones file, a reference
	// CSV). Load sets it to read relative to the config's directory; with
	// it nil those files are not read.
	ReadFile func(name string) ([]byte, error)
}

// Parse reads a config from data. name is the file name as the caller
// gave it: its suffix picks the format (.json, .yaml, .yml) and every error
// names it. Referenced files are not read (see [Load]).
func Parse(name string, data []byte) (*Config, error) { return Options{}.Parse(name, data) }

// Parse reads a config with these options.
func (o Options) Parse(name string, data []byte) (*Config, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != ".json" && ext != ".yaml" && ext != ".yml" {
		return nil, &Error{File: name, Msg: "unknown config suffix (use .json, .yaml or .yml)"}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{File: name, Msg: "empty file"}
	}
	var root *node
	var err error
	if ext == ".json" {
		root, err = parseJSON(data)
	} else {
		root, err = parseYAML(data)
	}
	if err != nil {
		return nil, &Error{File: name, Msg: oneLine(err.Error())}
	}
	cat := o.Rules
	if cat == nil {
		cat = fdd.Rules()
	}
	d := &decoder{file: name, rules: map[string]*fdd.Rule{}, families: o.DriftFamilies, readFile: o.ReadFile}
	for i := range cat {
		d.rules[cat[i].Name] = &cat[i]
	}
	return d.decode(root)
}

// Load reads and checks the config file at path, with the files it names
// read relative to its directory, and returns it with the SHA-256 digest
// (hex) of the file's bytes. Errors name the file as path gives it.
func Load(path string) (*Config, string, error) { return Options{}.Load(path) }

// Load reads a config file with these options (ReadFile is replaced).
func (o Options) Load(path string) (*Config, string, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, "", &Error{File: path, Msg: "cannot read: " + fileProblem(err)}
	}
	dir := filepath.Dir(path)
	o.ReadFile = func(name string) ([]byte, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		return readLimited(name)
	}
	c, err := o.Parse(path, data)
	if err != nil {
		return nil, "", err
	}
	c.dir = dir
	sum := sha256.Sum256(data)
	return c, hex.EncodeToString(sum[:]), nil
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("larger than %d MiB", MaxFileSize>>20)
	}
	return data, nil
}

// Env is what a config is checked against at startup.
type Env struct {
	// StoreDir is the --store directory as given.
	StoreDir string
	// HasFacility reports whether the store holds a facility.
	HasFacility func(id string) bool
	// Allowed, when set, reports whether the facility may be served.
	Allowed func(id string) bool
	// Equipment, when set, lists the facility's stored equipment ids, so
	// references, topology, M&V points and zones are checked.
	Equipment func(facility string) []string
}

// Check verifies the config against the store: it names a facility the
// store holds (and that is allowed), its source.store is the --store
// directory (relative to the config's directory; any spelling of the same
// directory, a symlink included, is accepted), and the equipment it names
// are stored.
func (c *Config) Check(env Env) error {
	fail := func(path, format string, args ...any) error {
		return &Error{File: c.Name, Path: path, Msg: fmt.Sprintf(format, args...)}
	}
	id := c.Source.Facility
	if id == "" {
		return fail("source.facility", "the config names no facility")
	}
	if c.Source.Store != "" && env.StoreDir != "" {
		p := c.Source.Store
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.dir, p)
		}
		a, err := os.Stat(p)
		if err != nil {
			return fail("source.store", "%q cannot be read: %s", c.Source.Store, fileProblem(err))
		}
		b, err := os.Stat(env.StoreDir)
		if err != nil || !os.SameFile(a, b) {
			return fail("source.store", "%q is not the --store directory (the tools read only --store)", c.Source.Store)
		}
	}
	if env.HasFacility != nil && !env.HasFacility(id) {
		return fail("source.facility", "the store holds no facility %q", id)
	}
	if env.Allowed != nil && !env.Allowed(id) {
		return fail("source.facility", "%q is not an allowed facility", id)
	}
	if env.Equipment == nil {
		return nil
	}
	stored := env.Equipment(id)
	for _, r := range c.equipRefs() {
		if !slices.Contains(stored, r.equip) {
			return fail(r.path, "the facility stores no equipment %q", r.equip)
		}
	}
	return nil
}

type equipRef struct{ path, equip string }

// equipRefs lists every equipment id the config names, with its key path.
func (c *Config) equipRefs() []equipRef {
	var out []equipRef
	if c.Topology.Weather != "" {
		out = append(out, equipRef{"topology.weather", c.Topology.Weather})
	}
	for _, r := range sortedKeys(c.Topology.Shared) {
		out = append(out, equipRef{"topology.shared." + string(r), c.Topology.Shared[r]})
	}
	if c.Ventilation != nil {
		for _, e := range sortedKeys(c.Ventilation.Zones) {
			out = append(out, equipRef{"ventilation.zones." + e, e})
		}
	}
	for i, ref := range c.Report.RCX.References {
		p := fmt.Sprintf("report.rcx.references[%d]", i)
		out = append(out, equipRef{p + ".point.equip", ref.Point.Equip})
		if ref.Ref != nil {
			out = append(out, equipRef{p + ".reference.equip", ref.Ref.Equip})
		}
	}
	if c.MV != nil {
		out = append(out, equipRef{"mv.meter.equip", c.MV.Meter.Equip})
		if c.MV.OAT != nil {
			out = append(out, equipRef{"mv.oat.equip", c.MV.OAT.Equip})
		}
	}
	if c.Drift != nil {
		for _, e := range sortedKeys(c.Drift.Frozen) {
			out = append(out, equipRef{"drift.frozen." + e, e})
		}
	}
	return out
}

// Default is the store-backed config of a facility: every stored
// equipment class the model recognises (every stored class when it
// recognises none, so an unrecognised LOGGER is left out when a recognised
// class exists), the facility's first Weather-class equipment as the
// shared outdoor points, and every built-in rule at its defaults.
func Default(facility string, stored []fdd.Equipment) *Config {
	c := &Config{Name: "store default", Source: Source{Facility: facility}, Step: time.Hour, StoreDefault: true}
	recognised := slices.ContainsFunc(stored, func(e fdd.Equipment) bool { return model.CanonicalClass(e.Class) != "" })
	seen := map[string]bool{}
	ids := make([]fdd.Equipment, len(stored))
	copy(ids, stored)
	sort.Slice(ids, func(i, j int) bool { return ids[i].Equip < ids[j].Equip })
	for _, e := range ids {
		canon := model.CanonicalClass(e.Class)
		if recognised && canon == "" {
			continue
		}
		if !seen[e.Class] {
			seen[e.Class] = true
			c.Equipment = append(c.Equipment, e.Class)
		}
		if canon == model.ClassWeather && c.Topology.Weather == "" {
			c.Topology.Weather = e.Equip
		}
	}
	sort.Strings(c.Equipment)
	if c.Equipment == nil {
		c.Equipment = []string{}
	}
	return c
}

// FromTemplate reads a dataset's packaged config template (name is the
// template's file name, its suffix the format) for a facility ingested from
// that dataset: the template's rules, parameters and report options, with
// its source set to the facility on the serving store.
func FromTemplate(name string, data []byte, facility string) (*Config, error) {
	c, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	c.Source = Source{Facility: facility}
	c.Template = name
	return c, nil
}

// Spec is the rule run the config asks for: its rules and overrides, its
// classes, grid, trust gate and topology, and the ventilation zones as
// per-equipment parameters of ventilation_rate_62_1.
func (c *Config) Spec() fdd.RunSpec {
	s := fdd.RunSpec{Step: c.Step, Classes: c.Equipment, Weather: c.Topology.Weather, Shared: c.Topology.Shared}
	if c.Rules != nil {
		s.Rules = []string{}
		for _, r := range c.Rules {
			s.Rules = append(s.Rules, r.Name)
			if len(r.Params) > 0 {
				if s.Params == nil {
					s.Params = map[string]map[string]fdd.Setting{}
				}
				s.Params[r.Name] = r.Params
			}
		}
	}
	if c.MinTrust != nil {
		s.MinTrust = *c.MinTrust
	}
	if c.Ventilation != nil && len(c.Ventilation.Zones) > 0 {
		if _, ok := fdd.Lookup(VentilationRule); ok {
			s.EquipParams = map[string]map[string]map[string]fdd.Setting{}
			for equip, z := range c.Ventilation.Zones {
				set := map[string]fdd.Setting{}
				for k, v := range zoneParams(z) {
					set[k] = settingOf(v)
				}
				s.EquipParams[equip] = map[string]map[string]fdd.Setting{VentilationRule: set}
			}
		}
	}
	return s
}

// zoneParams are a zone's values as ventilation_rate_62_1 parameters.
func zoneParams(z Zone) map[string]any {
	m := map[string]any{"area_sqft": z.AreaSqft, "population": z.Population}
	if z.SpaceType != "" {
		m["space_type"] = z.SpaceType
	}
	if z.Ez > 0 {
		m["ez"] = z.Ez
	}
	return m
}

func settingOf(v any) fdd.Setting { return fdd.Setting{Value: v} }

func sortedKeys[K ~string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
