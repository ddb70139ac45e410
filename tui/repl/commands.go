package repl

import (
	"context"
	"slices"
	"strings"
)

// command is one command of the language.
type command struct {
	usage   string // "open ID"
	summary string // one line for help
	detail  string // more for help COMMAND ("" for none)
	run     func(ctx context.Context, s *Session, c Command) Output
}

// commands returns the commands by name. (A function, not a package
// table: help reads the table it is part of.)
func commands() map[string]command {
	return map[string]command{
		"facilities": {"facilities [limit=N offset=N]", "list the facilities you may read (the facilities capability)", "", runFacilities},
		"open": {"open ID", "make facility ID current: later calls default facility_id to it",
			"Checks the facility through the points capability (a facility you may not read is refused) and loads its equipment for completion.", runOpen},
		"call": {"call NAME [key=value ...] [{JSON}]", "call capability NAME through the registry",
			"Values are typed by the capability's input schema: integers, numbers, true/false, null, arrays as comma lists " +
				"(equips=AHU-1,AHU-2) or JSON (equips=[\"AHU-1\"]), objects as JSON (params={...}). A trailing JSON object gives " +
				"arguments too. facility_id defaults to the open facility. A capability's name alone also calls it (points limit=5).", runCallCommand},
		"next":  {"next", "the next page of the last list call (offset + limit)", "", runNext},
		"prev":  {"prev", "the previous page of the last list call (offset - limit)", "", runPrev},
		"facts": {"facts", "the facts collected from every call of the session", "", runFacts},
		"fact":  {"fact ID", "one fact: its kind, equipment, text, value and data", "", runFact},
		"explain": {"explain [template|llm]", "explain the session's facts, every sentence cited",
			"Uses the language model when one is wired (llm), else the deterministic template; the model's answer is " +
				"verified strictly and falls back to the template when nothing cited survives.", runExplain},
		"ask": {"ask QUESTION", "answer a question from the session's facts (honestly \"I don't know\" when none applies)", "", runAsk},
		"prompt": {"prompt NAME [key=value ...]", "render a guided prompt's message and make its plan current",
			"facility_id defaults to the open facility. Then step runs the plan's calls one at a time (step all: every one " +
				"up to the citation check), draft writes the answer, and step or check checks it.", runPrompt},
		"step": {"step [all]", "run the next step of the current plan (all: the rest)",
			"step all stops before the plan's citation check while the draft is empty.", runStep},
		"draft": {"draft [TEXT|template|llm|clear]", "show the draft, or append TEXT, the template explanation or the model's draft",
			"draft template appends the deterministic explanation of the session's facts; draft llm asks the language model " +
				"(verified, with the template as fallback); draft clear empties it. Quote a word to append it literally: " +
				"draft \"template\".", runDraft},
		"check": {"check [TEXT]", "check TEXT (or the draft) against the session's facts with check_citations",
			"Runs check_citations through the registry and shows each sentence's verdict: ok (supported), unknown id, " +
				"uncited or unsupported number.", runCheck},
		"export": {"export FILE", "write the last result to FILE: markdown with a facts appendix for .md, else JSON",
			"Refuses to overwrite an existing file; export! FILE does. The file is written whole or not at all.", runExport},
		"export!": {"export! FILE", "export, overwriting FILE if it exists", "", runExport},
		"theme":   {"theme [NAME]", "show or choose the colour theme (the TUI applies it)", "", runTheme},
		"history": {"history", "the lines run so far", "", runHistory},
		"help":    {"help [COMMAND]", "list the commands, or explain one", "", runHelp},
		"quit":    {"quit", "end the session", "", runQuit},
		"exit":    {"exit", "end the session", "", runQuit},
	}
}

// runHelp lists the commands or explains one.
func runHelp(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) > 1 || c.Object != nil {
		return failure(usageErr("help takes at most one command name"))
	}
	if len(c.Args) == 1 {
		name := strings.ToLower(c.Args[0].Value)
		cmd, ok := s.cmds[name]
		if !ok {
			if capb, isCap := s.caps[name]; isCap {
				text := s.wrap(capb.Name+": "+oneLine(capb.Description)) +
					"arguments: " + strings.Join(sortedKeys(props(capb.InputSchema)), ", ") + "\n"
				return Output{Text: text, Value: map[string]any{"capability": capb.Name, "description": capb.Description,
					"input_schema": capb.InputSchema}}
			}
			return failure(&Error{Code: CodeUnknownCommand, Message: "no command or capability is called " + quoteWord(c.Args[0].Value, true)})
		}
		text := cmd.usage + "\n  " + cmd.summary + "\n"
		if cmd.detail != "" {
			text += "  " + cmd.detail + "\n"
		}
		return Output{Text: text, Value: map[string]any{"command": name, "usage": cmd.usage, "summary": cmd.summary, "detail": cmd.detail}}
	}
	var b strings.Builder
	rows := [][]string{}
	list := []any{}
	for _, name := range sortedKeys(s.cmds) {
		cmd := s.cmds[name]
		rows = append(rows, []string{cmd.usage, cmd.summary})
		list = append(list, map[string]any{"command": name, "usage": cmd.usage, "summary": cmd.summary})
	}
	table, _ := renderTable([]string{"command", "what it does"}, rows, s.tableWidth(), true)
	b.WriteString(table)
	caps := sortedKeys(s.caps)
	if len(caps) > 0 {
		b.WriteString("capabilities (call NAME, or NAME alone): " + strings.Join(caps, ", ") + "\n")
	}
	b.WriteString("Words may be quoted (\"...\" or '...'); # starts a comment; help COMMAND says more.\n")
	return Output{Text: b.String(), Value: map[string]any{"commands": list, "capabilities": caps}}
}

// props returns a schema's properties.
func props(schema map[string]any) map[string]any {
	p, _ := schema["properties"].(map[string]any)
	return p
}

// runQuit ends the session.
func runQuit(_ context.Context, _ *Session, c Command) Output {
	if len(c.Args) > 0 || c.Object != nil {
		return failure(usageErr("quit takes no arguments"))
	}
	return Output{Quit: true, Value: map[string]any{"quit": true}}
}

// runHistory lists the lines run so far.
func runHistory(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) > 0 || c.Object != nil {
		return failure(usageErr("history takes no arguments"))
	}
	h := s.History()
	var b strings.Builder
	for i, l := range h {
		b.WriteString(padLeft(i+1, len(h)) + "  " + oneLine(l) + "\n")
	}
	return Output{Text: b.String(), Value: map[string]any{"history": h}}
}

// runTheme shows or records the theme.
func runTheme(_ context.Context, s *Session, c Command) Output {
	if len(c.Args) > 1 || c.Object != nil || (len(c.Args) == 1 && c.Args[0].Key != "") {
		return failure(usageErr("theme takes one theme name: %s", strings.Join(s.themes, ", ")))
	}
	if len(c.Args) == 0 {
		cur := s.theme
		if cur == "" {
			cur = "(default)"
		}
		return Output{Text: "theme: " + cur + " (available: " + strings.Join(s.themes, ", ") + ")\n",
			Value: map[string]any{"theme": s.theme, "available": s.themes}}
	}
	name := c.Args[0].Value
	if !slices.Contains(s.themes, name) {
		return failure(usageErr("no theme is called %s: choose %s", quoteWord(name, true), strings.Join(s.themes, ", ")))
	}
	s.theme = name
	return Output{Text: "theme: " + name + "\n", Value: map[string]any{"theme": name}}
}

// padLeft right-aligns n to the width of max.
func padLeft(n, max int) string {
	s, m := itoa(n), itoa(max)
	return strings.Repeat(" ", len(m)-len(s)) + s
}
