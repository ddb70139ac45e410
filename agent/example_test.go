package agent_test

import (
	"context"
	"fmt"

	"github.com/camber-tui/camber-tui/agent"
)

func ExampleAsk() {
	usd := 2897.3
	b := agent.NewBuilder()
	b.Findings([]agent.Finding{{
		Rule: "simultaneous_heat_cool", Equip: "AHU-1", Severity: "fault",
		Summary: "Both coils open 20% of hours.", Cost: &agent.Cost{AnnualUSD: &usd, Basis: "reheat-gas+paired-cooling"},
	}})
	c := b.Context()
	fmt.Print(c.PromptBlock())
	g, _ := agent.Ask(context.Background(), "what will this cost?", c, nil)
	fmt.Println(g.Text)
	fmt.Println(g.Source, g.Grounded, g.Cited)
	// Output:
	// [F1] (finding, AHU-1) Both coils open 20% of hours.
	// [C1] (cost, AHU-1) Estimated annual cost ≈ $2,897 (reheat-gas+paired-cooling).
	// [R1] (recommendation, AHU-1) Lock out simultaneous heating and cooling. Interlock the heating and cooling valves in the air handler sequence so one is proven closed before the other opens, and check that both valves seat fully. Basis: PNNL Re-tuning Ch.5.
	// AHU-1: Estimated annual cost ≈ $2,897 (reheat-gas+paired-cooling) [C1].
	// template true [C1]
}
