package verify_test

import (
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/agent/verify"
)

func Example() {
	facts := []verify.Fact{
		{ID: "F1@rule_run-1a2b3c", Equip: "AHU-1", Text: "Both coils open 20% of hours.", Data: map[string]any{"pct": 20.3}},
		{ID: "C1@rule_run-1a2b3c", Equip: "AHU-1", Text: "Estimated annual cost ≈ $2,897.", Data: map[string]any{"annual_usd": 2897.3}},
	}
	draft := "On AHU-1 both coils were open 20% of hours [F1@rule_run-1a2b3c]. " +
		"That wastes about $2,900 a year [C1@rule_run-1a2b3c]. " +
		"Fixing it saves $5,000 [C1@rule_run-1a2b3c]. Per G36 §5.6.5 the fix is cheap [X9]."
	r := verify.Check(draft, facts, verify.Options{})
	for _, s := range r.Sentences {
		fmt.Println(strings.TrimSpace(fmt.Sprintf("%-18s %s", s.Verdict, s.Reason)))
	}
	fmt.Println(r.Verified)
	// Output:
	// supported
	// supported
	// unsupported_number states "$5,000", which C1@rule_run-1a2b3c does not carry
	// unknown_citation   cites X9, which is not a fact of the context
	// On AHU-1 both coils were open 20% of hours [F1@rule_run-1a2b3c]. That wastes about $2,900 a year [C1@rule_run-1a2b3c]. Per G36 §5.6.5 the fix is cheap.
}
