// Package repl is the camber-tui command language: its grammar ([Parse]),
// the session that runs it ([Session.Exec]), completion
// ([Session.Complete]) and the line loop for a plain terminal or a pipe
// ([Run]). `camber-tui repl` runs it on standard input; the TUI's ':' line
// embeds a [Session]. It imports no bubbletea and reaches data only through
// the registry's Call (the policy applies to every command).
//
// # Grammar
//
// One command a line: a command word, then words and key=value pairs,
// optionally a trailing JSON object, optionally a # comment. Words may be
// quoted ("..." with backslash escapes, '...' literally); a value after
// key= that starts with '[' or '{' is JSON. ask, draft and check take the
// rest of the line as text. See [Parse].
//
//	open north-campus
//	call rule_run equips=AHU-1,AHU-2 min_severity=warn   # typed by the input schema
//	call points {"equip": "AHU-1", "limit": 5}
//	prompt triage_ahu equip=AHU-1
//	check The economizer ran 37.6% of hours [F2@rule_run-1a2b3c].
//
// # Commands
//
// facilities, open ID, call NAME key=value ...|JSON (or a capability's name
// alone), next and prev (the last list call at offset ± limit, "rows 26-50
// of 159"), facts, fact ID (the id without its call token also finds a
// fact, when one only has it), explain [template|llm], ask QUESTION,
// prompt NAME key=value ..., step [all], draft [TEXT|template|llm|clear],
// check [TEXT], export FILE and export! FILE, theme [NAME], history,
// help [COMMAND], quit and exit. help lists them.
//
// The open facility is the default facility_id of every call and prompt.
// Every call adds its result's facts to the session (the same fact once;
// check_citations' own facts are about the draft and stay out), and the
// agent derives recommendations, costs and root causes from the findings
// among them; explain, ask, draft template and check use that set. A
// prompt's plan runs through prompts.Run one step at a time, each call made
// once; its citation check is the check command on the draft.
//
// # Output
//
// Text for people: a capability result is its banners first, each a
// "NOTICE: ..." line, then its summary with its fact ids, a table per list
// in its data (the columns that fit; --json or export has them all), the
// page line and the facts it added. A failed command is one line,
// "error: CODE: message", and never ends the session. With JSON each
// command prints one object: the capability's result as the registry
// returned it, the command's own object, or {"error": {code, message,
// data}}. Codes are the registry's for refused calls and the REPL's own
// ([CodeUsage], [CodeUnknownCommand], [CodeExists], ...) otherwise.
//
// # Exit status
//
// [Run] returns nil when the input ends (or quit): exit 0. Not
// interactive, it returns an error wrapping [ErrFailed] when any command
// failed or any call of a step was refused: exit 1, nothing more to print.
// Interactive, failures are the person's to see and the status stays 0.
//
// # Files
//
// The session never writes to the store. export writes only the file it
// names, through a temporary file beside it that is renamed (or linked)
// into place, so the file is whole or absent, and refuses to replace an
// existing file unless the command is export!.
//
// # Concurrency
//
// A [Session] runs one Exec at a time (a second waits); Complete, History
// and CompleteWords may run meanwhile and never wait for a call, since
// completion reads only names learned from earlier results.
//
//	s := repl.New(repl.Options{Caller: reg, CallContext: cc, Completer: llm})
//	out := s.Exec(ctx, "call points limit=5") // in a tea.Cmd
//	out.Text; out.Result; out.Err; out.Quit
//	s.Complete("call points eq", 14)           // ["call points equip="]
package repl
