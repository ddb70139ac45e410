package agent

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent/verify"
)

func TestBuilder_IDs(t *testing.T) {
	var ids []string
	for _, f := range demoContext().Facts() {
		ids = append(ids, f.ID)
	}
	want := []string{"N1", "F1", "C1", "R1", "F2", "R2", "F3", "C2", "R3", "F4", "R4", "G1", "M1", "H1"}
	if !slices.Equal(ids, want) {
		t.Errorf("ids %v, want %v", ids, want)
	}
	if !reflect.DeepEqual(demoContext().Facts(), demoContext().Facts()) {
		t.Error("the same input gave different facts")
	}
	b := NewBuilder()
	for _, kind := range []string{"loop", "fleet", "Loop", "9x", ""} {
		b.Add(kind, "", "x.", nil)
	}
	var got []string
	for _, f := range b.Context().Facts() {
		got = append(got, f.ID)
	}
	if want := []string{"L1", "L2", "L3", "X1", "X2"}; !slices.Equal(got, want) {
		t.Errorf("ids %v, want %v (unknown kinds share their letter's counter)", got, want)
	}
}

func TestCostText(t *testing.T) {
	for _, tc := range []struct {
		cost Cost
		want string
	}{
		{Cost{AnnualUSD: fptr(2897.3), KWh: fptr(8802), Therms: fptr(1314), Basis: "reheat-gas+paired-cooling"},
			"Estimated annual cost ≈ $2,897 (8,802 kWh, 1,314 therms; reheat-gas+paired-cooling)."},
		{Cost{AnnualUSD: fptr(1234567.5)}, "Estimated annual cost ≈ $1,234,568."},
		{Cost{AnnualUSD: fptr(12), Basis: "fan waste"}, "Estimated annual cost ≈ $12 (fan waste)."},
		{Cost{Basis: "no heating capacity given."}, "No dollar figure — no heating capacity given."},
		{Cost{}, "No dollar figure — no cost model for rule 'unmet_setpoint_hours'."},
	} {
		if got := costText("unmet_setpoint_hours", &tc.cost); got != tc.want {
			t.Errorf("costText = %q, want %q", got, tc.want)
		}
	}
	if got := grouped(-1234.4); got != "-1,234" {
		t.Errorf("grouped(-1234.4) = %q", got)
	}
}

func TestBuilder_RootCause(t *testing.T) {
	f := func(rule, equip, sev string) Finding {
		return Finding{Rule: rule, Equip: equip, Severity: sev, Summary: rule + " on " + equip + "."}
	}
	for _, tc := range []struct {
		name string
		fs   []Finding
		want []string // root-cause texts' chains
	}{
		{"two links, downstream first in input", []Finding{f("simultaneous_heat_cool", "AHU-1", "fault"), f("supply_air_reset", "AHU-1", "warn")},
			[]string{"supply_air_reset → simultaneous_heat_cool"}},
		{"the G36 rule joins (CAMBER's chain never did)", []Finding{f("reheat_penalty", "VAV-1", "warn"), f("reheat_minimization_g36", "VAV-1", "fault"), f("overcooling_min_flow", "VAV-1", "warn")},
			[]string{"overcooling_min_flow → reheat_minimization_g36 → reheat_penalty"}},
		{"one link is no group", []Finding{f("reheat_penalty", "VAV-1", "warn")}, nil},
		{"different equipment", []Finding{f("reheat_penalty", "VAV-1", "warn"), f("overcooling_min_flow", "VAV-2", "warn")}, nil},
		{"not actionable", []Finding{f("reheat_penalty", "VAV-1", "warn"), f("overcooling_min_flow", "VAV-1", "ok")}, nil},
		{"off the chain", []Finding{f("reheat_penalty", "VAV-1", "warn"), f("control_hunting", "VAV-1", "fault")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder()
			b.Findings(tc.fs)
			var got []string
			for _, g := range b.Context().Kind(KindRootCause) {
				chain, _ := g.Data["chain"].([]string)
				got = append(got, strings.Join(chain, " → "))
				if !strings.Contains(g.Text, got[len(got)-1]) {
					t.Errorf("text %q does not state the chain", g.Text)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("groups %v, want %v", got, tc.want)
			}
		})
	}
}

// severity is a named string type, as analytics reports severities.
type severity string

func TestContext_Derive(t *testing.T) {
	c, err := NewContext(
		Fact{ID: "F1@rule_run-1a2b3c", Kind: "rule_run", Text: "4 findings."},
		Fact{ID: "F2@rule_run-1a2b3c", Kind: "finding", Equip: "AHU-1", Text: `"simultaneous_heat_cool@AHU-1" is fault: both coils open 20% of hours`,
			Data: map[string]any{"rule": "simultaneous_heat_cool", "severity": "fault",
				"cost": map[string]any{"annual_usd": 2897.3, "kwh": 8802.0, "therms": nil, "basis": "reheat-gas+paired-cooling"}}},
		Fact{ID: "F3@rule_run-1a2b3c", Kind: "finding", Equip: "AHU-1", Text: "SAT held cold.",
			Data: map[string]any{"rule": "supply_air_reset", "severity": severity("warn"),
				"cost": struct {
					AnnualUSD *float64 `json:"annual_usd"`
					Uncosted  string   `json:"uncosted"`
				}{Uncosted: "no cost model for rule supply_air_reset"}}},
		Fact{ID: "F4@rule_run-1a2b3c", Kind: "finding", Equip: "AHU-2", Text: "All fine.", Data: map[string]any{"rule": "supply_air_reset", "severity": "ok"}},
		Fact{ID: "F5@rule_run-1a2b3c", Kind: "finding", Equip: "AHU-2", Text: "Unknown rule.", Data: map[string]any{"rule": "no_such_rule", "severity": "fault"}},
		Fact{ID: "R1", Kind: "summary", Text: "An id the derived facts must skip."},
	)
	if err != nil {
		t.Fatal(err)
	}
	c.Derive()
	c.Derive() // idempotent
	var got []string
	for _, f := range c.Facts()[6:] {
		got = append(got, f.ID+" "+f.Kind+" "+f.Equip+": "+f.Text)
	}
	want := []string{
		"C1 cost AHU-1: Estimated annual cost ≈ $2,897 (8,802 kWh; reheat-gas+paired-cooling).",
		"R2 recommendation AHU-1: " + mustRecommend(t, "simultaneous_heat_cool").Text(),
		"C2 cost AHU-1: No dollar figure — no cost model for rule supply_air_reset.",
		"R3 recommendation AHU-1: " + mustRecommend(t, "supply_air_reset").Text(),
		"G1 rootcause AHU-1: These findings are linked, upstream first: supply_air_reset → simultaneous_heat_cool. Address supply_air_reset first; the others may clear with it.",
	} // none for AHU-2: one finding is ok, the other's rule has no entry
	if !slices.Equal(got, want) {
		t.Errorf("derived\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	g, _ := Ask(t.Context(), "what will it cost on AHU-1?", c, nil)
	if !strings.Contains(g.Text, "$2,897 (8,802 kWh; reheat-gas+paired-cooling) [C1]") {
		t.Errorf("ask on derived facts: %q", g.Text)
	}
}

func mustRecommend(t *testing.T, rule string) Recommendation {
	t.Helper()
	r, ok := Recommend(rule)
	if !ok {
		t.Fatalf("no recommendation for %s", rule)
	}
	return r
}

// TestRecommendations checks the table: one entry per rule, each a
// grounded fact text with a title, an action and a basis.
func TestRecommendations(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Recommendations() {
		if seen[r.Rule] || r.Title == "" || r.Action == "" || r.Basis == "" {
			t.Errorf("bad or duplicate entry %+v", r)
		}
		seen[r.Rule] = true
		text := render([]Fact{{ID: "R1", Kind: KindRecommendation, Text: r.Text()}})
		if rep := verify.Check(text, []verify.Fact{{ID: "R1", Text: r.Text()}}, verify.Options{}); !rep.Grounded {
			t.Errorf("%s: template of its text is not grounded: %+v", r.Rule, rep.Sentences)
		}
	}
	for _, rule := range rootCauseChain {
		if !seen[rule] {
			t.Errorf("chain rule %s has no recommendation", rule)
		}
	}
	if len(seen) != 40 {
		t.Errorf("%d rules, want the 38 built-in rules plus 2", len(seen))
	}
}
