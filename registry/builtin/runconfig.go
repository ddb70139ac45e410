package builtin

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// Where a run's config came from (seed 000, "Which config a run uses").
const (
	configCaller   = "run_config"       // the caller's run config names the facility
	configTemplate = "dataset_template" // a ds- facility's packaged dataset template
	configDefault  = "store_default"    // every stored class, every rule at its defaults
)

// runConfig is the config a run uses, where it came from and the trust
// floor it gets.
type runConfig struct {
	cfg *runconfig.Config
	// source is configCaller, configTemplate or configDefault.
	source string
	// name is the config file's base name, the template's name or "store
	// default": never a local path.
	name string
	// digest is what decides the config's values: the file content's
	// SHA-256, the template's dataset id, or "store-default".
	digest string
	// dataset is the catalog id of a template config.
	dataset string
	// minTrust is max(the caller's floor, the config's trust_gate.min_trust).
	minTrust float64
	// banner says which config a run without the caller's config used.
	banner string
}

// fromConfig reports whether the run reads a config (the caller's or a
// dataset template) rather than the store-backed default.
func (rc *runConfig) fromConfig() bool { return rc.source != configDefault }

// configInfo is the config block of a run capability's data.
type configInfo struct {
	Source     string  `json:"source"`
	Name       string  `json:"name"`
	FromConfig bool    `json:"from_config"`
	Dataset    *string `json:"dataset_id"`
	MinTrust   float64 `json:"min_trust"`
	Resample   string  `json:"resample"`
}

// info is the config block of the data.
func (rc *runConfig) info() configInfo {
	ci := configInfo{Source: rc.source, Name: rc.name, FromConfig: rc.fromConfig(), MinTrust: rc.minTrust,
		Resample: shortStep(rc.cfg.Step)}
	if rc.dataset != "" {
		ci.Dataset = &rc.dataset
	}
	return ci
}

// configInfoSchema is the output schema of configInfo.
func configInfoSchema() map[string]any {
	return map[string]any{
		"type": "object", "additionalProperties": false,
		"required":    []any{"source", "name", "from_config", "dataset_id", "min_trust", "resample"},
		"description": "Which run config the run used (seed 000, 'Which config a run uses') and the trust floor it got.",
		"properties": map[string]any{
			"source": map[string]any{"type": "string", "enum": []any{configCaller, configTemplate, configDefault},
				"description": "run_config: the caller's config names the facility; dataset_template: a ds- facility's packaged template; store_default: every stored class, every rule at its defaults."},
			"name":        typed("string", "The config file's name, the template's name, or 'store default'."),
			"from_config": typed("boolean", "True when the run reads a config (the caller's or a dataset template)."),
			"dataset_id":  nullable("string", "The catalog dataset of a template config."),
			"min_trust":   map[string]any{"type": "number", "minimum": 0, "maximum": 1, "description": "The trust floor of the run: the higher of the caller's and the config's trust_gate.min_trust."},
			"resample":    typed("string", "The run grid's step (1h by default)."),
		},
	}
}

// runConfigFor returns the config a run on facility uses: the caller's run
// config when it names the facility (the startup snapshot when one is set,
// never the files then; else each config path, loaded for this call), else
// for a ds- facility its dataset's packaged template, else the
// store-backed default. stored are the facility's equipment (for the
// default). The trust floor is the higher of the caller's and the config's.
func runConfigFor(c *registry.Call, facility string, stored []fdd.Equipment) (*runConfig, error) {
	rc, err := callerConfig(c, facility)
	if err != nil {
		return nil, err
	}
	if rc == nil {
		rc, err = templateConfig(facility)
		if err != nil {
			return nil, err
		}
	}
	if rc == nil {
		rc = &runConfig{cfg: runconfig.Default(facility, stored), source: configDefault, name: "store default",
			digest: "store-default",
			banner: fmt.Sprintf("no run config names facility %s: the run uses the store-backed default config (every stored equipment class the rules recognise, every built-in rule at its defaults)", facility)}
	}
	rc.minTrust = c.MinTrust()
	if rc.cfg.MinTrust != nil && *rc.cfg.MinTrust > rc.minTrust {
		rc.minTrust = *rc.cfg.MinTrust
	}
	return rc, nil
}

// callerConfig returns the caller's run config for facility, or nil when
// none names it.
func callerConfig(c *registry.Call, facility string) (*runConfig, error) {
	if c.Ctx == nil {
		return nil, nil
	}
	if len(c.Ctx.Snapshot) > 0 {
		s, ok := c.Config(facility)
		if !ok {
			return nil, nil
		}
		cfg, err := snapshotConfig(s)
		if err != nil {
			return nil, err
		}
		return &runConfig{cfg: cfg, source: configCaller, name: baseName(s.Path), digest: s.Digest}, nil
	}
	for _, path := range c.Ctx.Configs {
		cfg, digest, err := runconfig.Load(path)
		if err != nil {
			return nil, configError(path, err)
		}
		if cfg.Source.Facility != facility {
			continue
		}
		if err := cfg.Check(runconfig.Env{StoreDir: c.Ctx.Store}); err != nil {
			return nil, configError(path, err)
		}
		return &runConfig{cfg: cfg, source: configCaller, name: baseName(path), digest: digest}, nil
	}
	return nil, nil
}

// snapshotConfig is the config a snapshot holds: a *runconfig.Config as
// loaded at startup, or the runconfig.Files captured then (a worker
// process rebuilds the config from those bytes, reading no file).
func snapshotConfig(s registry.ConfigSnapshot) (*runconfig.Config, error) {
	switch v := s.Value.(type) {
	case *runconfig.Config:
		if v != nil {
			return v, nil
		}
	case runconfig.Files:
		cfg, _, err := runconfig.Options{}.ParseFiles(v)
		if err != nil {
			return nil, configError(s.Path, err)
		}
		return cfg, nil
	case *runconfig.Files:
		if v != nil {
			return snapshotConfig(registry.ConfigSnapshot{Path: s.Path, Value: *v})
		}
	}
	return nil, fmt.Errorf("the run config snapshot of %s holds %T, not a *runconfig.Config or runconfig.Files", s.Facility, s.Value)
}

// configError is the refusal of a run config that no longer loads (it was
// edited after startup): unavailable, naming the file by its base name and
// the key path, never a local path.
func configError(path string, err error) error {
	msg := err.Error()
	var ce *runconfig.Error
	if errors.As(err, &ce) {
		msg = ce.Msg
		if ce.Path != "" {
			msg = ce.Path + ": " + ce.Msg
		}
	}
	return &registry.Error{Code: registry.CodeUnavailable,
		Message: fmt.Sprintf("the run config %s could not be used: %s", sanitize.Name(baseName(path)), msg),
		Data:    map[string]any{"retryable": false}, Err: err}
}

// baseName is a config path's file name.
func baseName(path string) string { return filepath.Base(filepath.Clean(path)) }

// templateConfig returns the packaged config template of the catalog
// dataset a ds- facility was ingested from, or nil for any other facility.
// The template is built from the catalog entry (its equipment classes and
// the suggested rules that are built-in rules; all rules when it suggests
// none), read from the binary: nothing is fetched or written.
func templateConfig(facility string) (*runConfig, error) {
	if !catalog.IsDatasetFacility(facility) {
		return nil, nil
	}
	entry, ok := catalog.ForFacility(facility)
	if !ok {
		return nil, nil // the licence policy refuses an unknown ds- facility before any handler runs
	}
	name, data, err := datasetTemplate(entry)
	if err != nil {
		return nil, err
	}
	cfg, err := runconfig.FromTemplate(name, data, facility)
	if err != nil {
		return nil, fmt.Errorf("dataset template %s: %w", entry.ID, err)
	}
	rules := "every built-in rule"
	if cfg.Rules != nil {
		names := make([]string, len(cfg.Rules))
		for i, r := range cfg.Rules {
			names[i] = r.Name
		}
		rules = "rules " + strings.Join(names, ", ")
	}
	return &runConfig{cfg: cfg, source: configTemplate, name: name, digest: "template:" + entry.ID, dataset: entry.ID,
		banner: fmt.Sprintf("no run config names facility %s: the run uses the packaged config template of catalog dataset %s (%s)",
			facility, sanitize.Name(entry.ID), rules)}, nil
}

// datasetTemplate writes a catalog entry's packaged run config: its
// description, equipment classes and suggested built-in rules.
func datasetTemplate(e catalog.Entry) (name string, data []byte, err error) {
	type tmpl struct {
		Description string   `json:"description"`
		Equipment   []string `json:"equipment,omitempty"`
		Rules       []string `json:"rules,omitempty"`
	}
	t := tmpl{Description: "Packaged template for catalog dataset " + e.ID + ": " + e.Title, Equipment: e.Equipment}
	for _, r := range e.SuggestedRules {
		if _, ok := fdd.Lookup(r); ok {
			t.Rules = append(t.Rules, r)
		}
	}
	data, err = json.Marshal(t)
	return e.ID + ".json", data, err
}

// Snapshot loads the run config file at path for a CallContext's
// Snapshot, as a server does once at startup: its facility, the SHA-256
// of its content and the parsed *runconfig.Config. Calls then read the
// snapshot, never the file, so an edit on disk after startup changes
// nothing. The caller checks it against the store (Config.Check).
func Snapshot(path string) (registry.ConfigSnapshot, error) {
	cfg, digest, err := runconfig.Load(path)
	if err != nil {
		return registry.ConfigSnapshot{}, err
	}
	return registry.ConfigSnapshot{Path: path, Facility: cfg.Source.Facility, Digest: digest, Value: cfg}, nil
}
