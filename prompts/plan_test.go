package prompts_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/prompts"
)

// seedCapabilities are the 13 capabilities of seed 000.
var seedCapabilities = []string{"facilities", "points", "coverage", "sensor_trust", "rule_run", "finding_detail",
	"rcx_report", "mv_summary", "drift", "dataset_search", "dataset_entry", "rule_params", "check_citations"}

// seedCalls are the calls of seed 000's prompt table, in order (a plan
// may call one twice in a row: coverage by equipment then the worst,
// sensor_trust's two views; finding_detail once per worst finding).
var seedCalls = map[string][]string{
	"triage_ahu":            {"points", "sensor_trust", "rule_run", "finding_detail", "check_citations"},
	"rcx_executive_summary": {"rcx_report", "check_citations"},
	"explain_finding":       {"finding_detail", "rule_params", "sensor_trust", "check_citations"},
	"check_savings_claim":   {"mv_summary", "check_citations"},
	"data_quality_review":   {"coverage", "sensor_trust", "check_citations"},
	"compare_equipment":     {"coverage", "sensor_trust", "rule_run", "check_citations"},
	"sensor_trust_review":   {"sensor_trust", "rule_run", "check_citations"},
	"plan_site_visit":       {"rcx_report", "sensor_trust", "finding_detail", "check_citations"},
}

var (
	backticked = regexp.MustCompile("`([a-z_]+)`")
	stepLine   = regexp.MustCompile("^([0-9]+)\\. `([a-z_]+)` ")
)

// TestPlan_AgreesWithMessage holds each template and its plan together:
// the message's numbered calls are the plan's steps in the same order (no
// other capability is named in backticks), and each call's line names
// every argument the step sends, with the value the plan sends.
func TestPlan_AgreesWithMessage(t *testing.T) {
	for _, p := range prompts.All() {
		t.Run(p.Name, func(t *testing.T) {
			args := sampleArgs[p.Name]
			msg, err := prompts.Render(p.Name, args)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := prompts.PlanFor(p.Name, args)
			if err != nil {
				t.Fatal(err)
			}
			var planCaps, msgCaps, named []string
			for _, s := range plan.Steps {
				planCaps = append(planCaps, s.Capability)
			}
			var lines []string
			for _, l := range strings.Split(msg, "\n") {
				if m := stepLine.FindStringSubmatch(l); m != nil {
					if want := fmt.Sprint(len(msgCaps) + 1); m[1] != want {
						t.Errorf("call %q is numbered %s, want %s", m[2], m[1], want)
					}
					msgCaps = append(msgCaps, m[2])
					lines = append(lines, l)
				}
			}
			for _, m := range backticked.FindAllStringSubmatch(msg, -1) {
				named = append(named, m[1])
				if !slices.Contains(seedCapabilities, m[1]) {
					t.Errorf("the message names %q, not a capability", m[1])
				}
			}
			if !slices.Equal(planCaps, msgCaps) || !slices.Equal(named, msgCaps) {
				t.Fatalf("plan calls %v; message numbers %v and names %v", planCaps, msgCaps, named)
			}
			if got := slices.Compact(slices.Clone(planCaps)); !slices.Equal(got, seedCalls[p.Name]) {
				t.Errorf("plan calls %v, seed table says %v", got, seedCalls[p.Name])
			}
			for i, s := range plan.Steps {
				checkStepLine(t, s, lines[i])
			}
		})
	}
}

// checkStepLine checks that a message line names each argument of step s
// with its value.
func checkStepLine(t *testing.T, s prompts.Step, line string) {
	t.Helper()
	for k, v := range s.Args {
		var want string
		switch v := v.(type) {
		case string:
			want = fmt.Sprintf("%s %q", k, v)
		case bool:
			want = fmt.Sprintf("%s %v", k, v)
		case []any:
			q := make([]string, len(v))
			for i, x := range v {
				q[i] = fmt.Sprintf("%q", x)
			}
			want = k + " [" + strings.Join(q, ", ") + "]"
		default:
			t.Fatalf("step %s: argument %s has type %T", s.ID, k, v)
		}
		if !strings.Contains(line, want) {
			t.Errorf("step %s: line %q does not say %s", s.ID, line, want)
		}
	}
	for _, d := range s.Derive {
		if !strings.Contains(line, d.Arg+" [") {
			t.Errorf("step %s: line %q does not say where %s comes from", s.ID, line, d.Arg)
		}
	}
	if s.ForEach != nil && (!strings.Contains(line, s.ForEach.Arg) || !strings.Contains(line, "one call each")) {
		t.Errorf("step %s: line %q does not say it calls once per %s", s.ID, line, s.ForEach.Arg)
	}
	if s.TextFrom == prompts.FromDraft && !strings.Contains(line, "your draft as text") ||
		s.FactsFrom == prompts.FromCollected && !strings.Contains(line, "every fact the calls above returned") {
		t.Errorf("step %s: line %q does not say what it checks", s.ID, line)
	}
}

func TestPlan_Golden(t *testing.T) {
	for name, args := range sampleArgs {
		t.Run(name, func(t *testing.T) {
			plan, err := prompts.PlanFor(name, args)
			if err != nil {
				t.Fatal(err)
			}
			golden.CheckJSON(t, "plan/"+name+".json", plan)
			// The JSON reads back into the same plan.
			b, err := json.Marshal(plan)
			if err != nil {
				t.Fatal(err)
			}
			var back prompts.Plan
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			b2, _ := json.Marshal(back)
			if string(b) != string(b2) {
				t.Errorf("plan JSON does not round-trip:\n%s\n%s", b, b2)
			}
		})
	}
}

func TestPlan_Arguments(t *testing.T) {
	plan, err := prompts.PlanFor(prompts.CompareEquipment, map[string]string{"facility_id": " hq\n", "equips": "AHU-1 ,\tAHU-2,"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Arguments["facility_id"] != "hq" || plan.Arguments["equips"] != "AHU-1, AHU-2" {
		t.Errorf("arguments = %v", plan.Arguments)
	}
	if got := plan.Steps[0].Args["equips"]; !slices.Equal(got.([]any), []any{"AHU-1", "AHU-2"}) {
		t.Errorf("coverage equips = %v", got)
	}
	// Steps never share an argument list: changing one changes no other.
	plan.Steps[0].Args["equips"].([]any)[0] = "X"
	if plan.Steps[1].Args["equips"].([]any)[0] != "AHU-1" {
		t.Error("steps share their equips list")
	}
}
