package agent

import (
	"context"
	"fmt"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// BenchmarkRegistryVerifier is policy step 7 on a typical capability text:
// one sentence, one fact.
func BenchmarkRegistryVerifier(b *testing.B) {
	facts := []registry.Fact{{ID: "F1@points", Kind: "point_count", Value: 212, Text: "north-campus stores 212 points on 31 equipment",
		Data: map[string]any{"facility_id": "north-campus", "n_points": 212, "n_equipment": 31}}}
	text := "north-campus stores 212 points on 31 equipment [F1@points]."
	for b.Loop() {
		RegistryVerifier(text, facts)
	}
}

// BenchmarkExplainTemplate explains 500 findings (with their cost and
// recommendation facts) without a model.
func BenchmarkExplainTemplate(b *testing.B) {
	var fs []Finding
	for i := range 500 {
		usd := float64(1000 + 13*i)
		fs = append(fs, Finding{Rule: "economizer_high_limit", Equip: fmt.Sprintf("AHU-%d", i%60+1), Severity: "warn",
			Summary: fmt.Sprintf("Economizer above the high limit %d.5%% of occupied hours.", i%97), Cost: &Cost{AnnualUSD: &usd, Basis: "fan waste"}})
	}
	bl := NewBuilder()
	bl.Findings(fs)
	c := bl.Context()
	for b.Loop() {
		if _, err := Explain(context.Background(), c, nil); err != nil {
			b.Fatal(err)
		}
	}
}
