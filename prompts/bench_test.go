package prompts_test

import (
	"testing"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

func BenchmarkRender(b *testing.B) {
	args := sampleArgs[prompts.TriageAHU]
	for b.Loop() {
		if _, err := prompts.Render(prompts.TriageAHU, args); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlanFor(b *testing.B) {
	args := sampleArgs[prompts.TriageAHU]
	for b.Loop() {
		if _, err := prompts.PlanFor(prompts.TriageAHU, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkComplete completes triage_ahu's equip on the demo campus
// (north-campus: every point listed through the points capability, warm
// caches), as a host does on each keystroke.
func BenchmarkComplete(b *testing.B) {
	cc := demoContext(b)
	reg, err := builtin.Default()
	if err != nil {
		b.Fatal(err)
	}
	chosen := map[string]string{"facility_id": "north-campus"}
	for b.Loop() {
		got, err := prompts.Complete(b.Context(), reg, cc, prompts.TriageAHU, "equip", "AHU", chosen)
		if err != nil || len(got) != 3 {
			b.Fatalf("Complete = %v, %v", got, err)
		}
	}
}
