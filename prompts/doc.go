// Package prompts holds the 8 built-in prompts (seed 000, "Built-in
// prompts"): guided starting points that an MCP client's user, the TUI
// walkthrough or the REPL picks, fills in and runs.
//
// Each prompt is a [registry.Prompt] ([All], [Lookup]) with an embedded
// template (templates/*.md.tmpl) that [Render] turns into one user message:
// the capabilities to call and in what order, the rule that every sentence
// ends with the fact ids it rests on, that no number may be stated that no
// cited fact carries, that a declined check or a refused call is not a
// pass, and, last, a check_citations call on the draft with the facts the
// calls returned.
//
// Arguments are checked before anything is rendered: an unknown or missing
// argument, or one over its limit (an id over 200 characters, a claim over
// 1,000, more than 20 equips), is refused with an [*ArgError], never cut.
// Values are reduced to one line and written the way a capability names a
// value from the data (quoted, markup and links defanged), so an argument
// can never pass for the prompt's own words. [ParseArgs] reads key=value
// command-line items and [Args] decoded JSON into the string arguments
// these functions take.
//
// [PlanFor] returns the same sequence as a machine-readable [Plan]: ordered
// [Step] values whose arguments come from the prompt's arguments or from an
// earlier step's result ([Derivation], a JSON-pointer-like path into its
// data), ending with the citation check. [Run] executes a plan through any
// [Caller] (a *registry.Registry), step by step, so a front end can show
// each result as it arrives; a refused step is recorded, not fatal. A front
// end that drafts after the data steps runs the closing check with
// [CheckDraft].
//
// [Complete] offers values for a prompt argument from what the caller may
// read (the facilities and points capabilities, so the policy applies), and
// [GetPromptFunc] and [CompleteFunc] adapt rendering and completion to the
// MCP server's hooks.
//
// Everything here is safe for concurrent use: the templates are parsed
// once and only read.
package prompts
