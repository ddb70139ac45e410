package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/google/go-cmp/cmp"
)

func TestRegistry_States(t *testing.T) {
	tests := []struct {
		name    string
		content *string // nil: no file
		dir     bool    // _facilities.json is a directory (unreadable)
		state   RegistryState
		n       int
		errText string
	}{
		{name: "missing", state: RegistryMissing},
		{name: "zero_bytes", content: ptr(""), state: RegistryEmpty},
		{name: "white_space", content: ptr(" \n\t"), state: RegistryEmpty},
		{name: "empty_object", content: ptr("{}"), state: RegistryEmpty},
		{name: "ok", content: ptr(`{"hq": {"name": "HQ"}, "b": {}}`), state: RegistryOK, n: 2},
		{name: "not_json", content: ptr(`{"hq": `), state: RegistryMalformed, errText: "_facilities.json is malformed"},
		{name: "array", content: ptr(`[]`), state: RegistryMalformed, errText: "the top level is a array, not an object"},
		{name: "trailing", content: ptr(`{} {}`), state: RegistryMalformed, errText: "data after the top-level value"},
		{name: "entry_not_object", content: ptr(`{"hq": "HQ"}`), state: RegistryMalformed, errText: `entry "hq": a string, not an object`},
		{name: "name_not_string", content: ptr(`{"hq": {"name": 3}}`), state: RegistryMalformed, errText: `"name" is a number, not a string`},
		{name: "dataset_not_object", content: ptr(`{"hq": {"dataset": []}}`), state: RegistryMalformed, errText: `"dataset" is a array, not an object`},
		{name: "unreadable", dir: true, state: RegistryUnreadable, errText: "read _facilities.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Create(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(st.Root(), registryName)
			if tt.content != nil {
				if err := os.WriteFile(path, []byte(*tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.dir {
				if err := os.Mkdir(path, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			m, state, err := st.Registry()
			if state != tt.state {
				t.Errorf("state = %v, want %v", state, tt.state)
			}
			if len(m) != tt.n {
				t.Errorf("%d entries, want %d", len(m), tt.n)
			}
			if tt.errText == "" && err != nil || tt.errText != "" && (err == nil || !strings.Contains(err.Error(), tt.errText)) {
				t.Errorf("err = %v, want one containing %q", err, tt.errText)
			}
			if err != nil && strings.Contains(err.Error(), st.Root()) {
				t.Errorf("error names the store path: %v", err)
			}
			if tt.state == RegistryMalformed || tt.state == RegistryUnreadable {
				if err := st.Register("hq", Entry{Name: "HQ"}); err == nil {
					t.Error("Register rewrote a registry it could not parse")
				}
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestRegister_MergePreserveGolden registers, merges and re-lifecycles
// entries of a registry written by CAMBER with free metadata, and checks
// the rewritten file byte for byte: sorted keys, unknown keys and exact
// numbers kept.
func TestRegister_MergePreserveGolden(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	camber := `{"hq": {"name": "Head Office", "climate_zone": "4A", "area_ft2": 12345678901234567890, "tags": {"z": 1, "a": [1.50, "x"]}},
	 "fox-lodge-d61f7e": {"name": "Fox Lodge"}}`
	if err := os.WriteFile(filepath.Join(st.Root(), registryName), []byte(camber), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		id string
		e  Entry
	}{
		{"hq", Entry{Lifecycle: LifecycleSuspended, TZ: "America/Chicago", Meta: map[string]any{"owner": "ops <team>"}}},
		{"hq", Entry{Name: "Head Office"}}, // same name: allowed
		{"ds-1", Entry{Name: "Dataset 1", Lifecycle: LifecycleProvisioning, Dataset: &Dataset{ID: "bdg2", Licence: "CC-BY-4.0", Access: "open", Redistribution: "allowed"}}},
		{"new", Entry{}},
	}
	for _, s := range steps {
		if err := st.Register(s.id, s.e); err != nil {
			t.Fatalf("Register(%s): %v", s.id, err)
		}
	}
	if err := st.SetLifecycle("fox-lodge-d61f7e", LifecycleArchived); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(st.Root(), registryName))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "registry/merged.json", b)

	m, state, err := st.Registry()
	if err != nil || state != RegistryOK {
		t.Fatal(state, err)
	}
	want := Entry{Name: "Head Office", Lifecycle: LifecycleSuspended, TZ: "America/Chicago", Meta: map[string]any{
		"climate_zone": "4A", "area_ft2": json.Number("12345678901234567890"), "owner": "ops <team>",
		"tags": map[string]any{"z": json.Number("1"), "a": []any{json.Number("1.50"), "x"}},
	}}
	if d := cmp.Diff(want, m["hq"]); d != "" {
		t.Errorf("hq (-want +got):\n%s", d)
	}
	if got := m["new"].Lifecycle; got != LifecycleActive {
		t.Errorf("absent lifecycle reads as %q", got)
	}
}

func TestRegister_Refusals(t *testing.T) {
	st, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Register("hq", Entry{Name: "HQ"}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(st.Root(), registryName))
	tests := []struct {
		name string
		call func() error
		want string
		is   error
	}{
		{"rename", func() error { return st.Register("hq", Entry{Name: "Other"}) },
			`register hq as "Other": recorded as "HQ": facility already has a different name`, ErrRename},
		{"unsafe_id", func() error { return st.Register("../x", Entry{}) },
			`facility id "../x" is not a safe id`, nil},
		{"bad_lifecycle", func() error { return st.Register("hq", Entry{Lifecycle: "retired"}) },
			`lifecycle "retired" is not one of active, provisioning, suspended, offboarding, archived`, nil},
		{"bad_tz", func() error { return st.Register("hq", Entry{TZ: "Mars/Olympus"}) },
			`time zone "Mars/Olympus" is not an IANA zone name`, nil},
		{"set_lifecycle_unknown", func() error { return st.SetLifecycle("nope", LifecycleArchived) },
			`facility nope: not found`, ErrNotFound},
		{"set_lifecycle_invalid", func() error { return st.SetLifecycle("hq", "gone") },
			`lifecycle "gone" is not one of`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err = %v, want prefix %q", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("err %v is not %v", err, tt.is)
			}
			after, _ := os.ReadFile(filepath.Join(st.Root(), registryName))
			if string(after) != string(before) {
				t.Error("a refused call changed the registry")
			}
		})
	}
}
