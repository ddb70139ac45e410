// Package agent turns deterministic results into plain-language, cited
// explanations and answers (seed 003). It is grounded, provider-agnostic
// and read-only:
//
//   - A [Fact] is one citable statement built from a capability's result or
//     an analytics object; a [Context] is the ordered set of them, and its
//     [Context.PromptBlock] is the only thing a model is ever shown.
//   - [Explain] and [Ask] answer from a context. With no model they use
//     deterministic templates that cite every sentence (the regression
//     oracle for the model path). With a [Completer] wired, the model's
//     answer is checked by package agent/verify in strict mode and falls
//     back to the template when nothing cited survives.
//   - No vendor SDK is imported; package agent/llm holds the two real
//     completers (an external command, an OpenAI-compatible endpoint), both
//     on the standard library. Nothing here writes anywhere: a guard test
//     parses every file of agent/... and fails on a vendor SDK or a write or
//     actuation symbol.
//
// Usage:
//
//	c, err := agent.FromResults(ruleRunResult) // facts of capability results
//	c.Derive()                                 // recommendations, root causes
//	g, err := agent.Ask(ctx, "what should I do about AHU-1?", c, nil)
//	g.Text   // "AHU-1: Lock out simultaneous heating and cooling [R1]. ..."
//	g.Source // "template"
//
// The registry calls [RegistryVerifier] at policy step 7, and the
// check_citations capability calls [CheckCitations].
package agent
