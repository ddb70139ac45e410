package prompts_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/demostore"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
	"github.com/camber-tui/camber-tui/store/demo"
)

// campus is the demo campus, written on first use (demoContext) and
// removed by TestMain.
var campus demostore.Campus

func TestMain(m *testing.M) {
	code := m.Run()
	campus.Remove()
	os.Exit(code)
}

// demoContext writes the demo campus (once per test binary) and returns a
// call context allowed all of it, with the demo's run configs (the M&V
// project, drift baselines, the duct-logger reference).
func demoContext(t testing.TB) *registry.CallContext {
	t.Helper()
	dir := campus.Path(t)
	configs, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(demo.ConfigDir), "*.json"))
	if err != nil || len(configs) == 0 {
		t.Fatalf("demo run configs: %v %v", configs, err)
	}
	return &registry.CallContext{Store: dir, Configs: configs,
		AllowedFacilities: []string{"north-campus", "south-annex", "ds-ashrae-gepiii"}}
}

// TestDemo_Plans runs every prompt's plan step by step through
// builtin.Default() on the demo campus: every call must answer (a missing
// capability fails as unknown_capability), every derived step must find
// its values, and the results' own summaries, as a draft, must pass the
// closing citation check against the facts the plan collected.
func TestDemo_Plans(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every plan on the demo campus")
	}
	cc := demoContext(t)
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	finding := firstFinding(t, reg, cc)
	args := map[string]map[string]string{
		prompts.TriageAHU:           {"facility_id": "north-campus", "equip": "AHU-1"},
		prompts.RCxExecutiveSummary: {"facility_id": "north-campus"},
		prompts.ExplainFinding:      {"facility_id": "north-campus", "finding_id": finding},
		prompts.CheckSavingsClaim:   {"facility_id": "north-campus", "claim": "The retrofit saves energy on the main meter."},
		prompts.DataQualityReview:   {"facility_id": "north-campus"},
		prompts.CompareEquipment:    {"facility_id": "north-campus", "equips": "AHU-1, AHU-2"},
		prompts.SensorTrustReview:   {"facility_id": "south-annex"},
		prompts.PlanSiteVisit:       {"facility_id": "north-campus"},
	}
	for _, p := range prompts.All() {
		t.Run(p.Name, func(t *testing.T) {
			plan, err := prompts.PlanFor(p.Name, args[p.Name])
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			called := map[string]int{}
			facts, err := prompts.Run(t.Context(), reg, cc, plan, func(s prompts.Step, res *registry.Result, err error) {
				switch {
				case s.TextFrom == prompts.FromDraft:
					if !errors.Is(err, prompts.ErrNoDraft) {
						t.Errorf("step %s: %v, want ErrNoDraft (no draft yet)", s.ID, err)
					}
				case registry.CodeOf(err) == registry.CodeUnknownCapability:
					t.Errorf("step %s: capability %s does not exist yet: %v", s.ID, s.Capability, err)
				case err != nil:
					t.Errorf("step %s (%s %v) failed: %v", s.ID, s.Capability, s.Args, err)
				default:
					called[s.ID]++
					texts = append(texts, res.Text)
					if len(res.Facts) == 0 {
						t.Errorf("step %s returned no facts", s.ID)
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range plan.Steps {
				if s.TextFrom == "" && called[s.ID] == 0 {
					t.Errorf("step %s made no successful call", s.ID)
				}
				if s.ForEach != nil && called[s.ID] > s.ForEach.Max {
					t.Errorf("step %s made %d calls, at most %d", s.ID, called[s.ID], s.ForEach.Max)
				}
			}
			if t.Failed() {
				return
			}
			res, err := prompts.CheckDraft(t.Context(), reg, cc, strings.Join(texts, "\n\n"), facts)
			if err != nil {
				t.Fatalf("check_citations: %v", err)
			}
			data := res.Data.(map[string]any)
			if data["grounded"] != true {
				t.Errorf("the results' own summaries are not grounded in the collected facts: %v", data["failing"])
			}
		})
	}
}

// firstFinding returns the worst finding rule_run lists for AHU-1.
func firstFinding(t *testing.T, reg *registry.Registry, cc *registry.CallContext) string {
	t.Helper()
	res, err := reg.Call(t.Context(), "rule_run", map[string]any{"facility_id": "north-campus", "equips": []any{"AHU-1"}}, cc)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := res.Data.(map[string]any)["findings"].([]any)
	if len(rows) == 0 {
		t.Fatal("rule_run lists no finding for AHU-1")
	}
	return fmt.Sprint(rows[0].(map[string]any)["finding_id"])
}

// TestDemo_Complete completes every argument of every prompt on the demo
// campus: facility_id offers the served facilities (never the
// research-only one), triage_ahu's equip the three air handlers.
func TestDemo_Complete(t *testing.T) {
	cc := demoContext(t)
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prompts.All() {
		for _, a := range p.Arguments {
			got, err := prompts.Complete(t.Context(), reg, cc, p.Name, a.Name, "", map[string]string{"facility_id": "north-campus"})
			if err != nil {
				t.Fatalf("%s %s: %v", p.Name, a.Name, err)
			}
			want := ""
			switch {
			case a.Name == "facility_id":
				want = "[north-campus south-annex]"
			case p.Name == prompts.TriageAHU:
				want = "[AHU-1 AHU-2 AHU-3]"
			case a.Name == "equips":
				if len(got) < 10 {
					t.Errorf("%s equips offers %v", p.Name, got)
				}
				continue
			default:
				want = "[]"
			}
			if fmt.Sprint(got) != want {
				t.Errorf("%s %s = %v, want %s", p.Name, a.Name, got, want)
			}
		}
	}
}
