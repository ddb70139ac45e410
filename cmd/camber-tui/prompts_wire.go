package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/mcp"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
)

// wirePrompts connects prompts/get and completion/complete to the built-in
// prompts; completion reads through reg, so the call policy applies.
func (e *env) wirePrompts(opts *mcp.Options, reg *registry.Registry, cc *registry.CallContext) {
	get := prompts.GetPromptFunc(cc)
	opts.GetPrompt = func(name string, args map[string]string) ([]mcp.PromptMessage, error) {
		msgs, err := get(name, args)
		if err != nil {
			return nil, err
		}
		out := make([]mcp.PromptMessage, len(msgs))
		for i, m := range msgs {
			out[i] = mcp.PromptMessage{Role: m.Role, Text: m.Text}
		}
		return out, nil
	}
	opts.Complete = prompts.CompleteFunc(e.ctx, reg, cc)
}

func (e *env) promptCommand() *cobra.Command {
	var plan bool
	cmd := &cobra.Command{
		Use:   "prompt NAME [key=value ...] [--plan]",
		Short: "Render one of the 8 guided prompts (or print its plan of calls as JSON)",
		Long: "Render one of the built-in prompts as the user message an AI client would get, or with --plan\n" +
			"the machine-readable plan of capability calls a walkthrough runs. Prompts: " + promptNames() + ".",
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, pos []string) error {
			name := pos[0]
			if _, ok := prompts.Lookup(name); !ok {
				return usagef("unknown prompt %q: the prompts are %s", name, promptNames())
			}
			args, err := prompts.ParseArgs(name, pos[1:])
			if err != nil {
				return usagef("%s", oneLine(err.Error()))
			}
			if plan {
				p, err := prompts.PlanFor(name, args)
				if err != nil {
					return usagef("%s", oneLine(err.Error()))
				}
				enc := json.NewEncoder(e.stdout)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				return enc.Encode(p)
			}
			msg, err := prompts.Render(name, args)
			if err != nil {
				return usagef("%s", oneLine(err.Error()))
			}
			fmt.Fprintln(e.stdout, msg)
			return nil
		},
	}
	cmd.Flags().BoolVar(&plan, "plan", false, "print the plan of capability calls as JSON instead of the message")
	return cmd
}

func promptNames() string {
	s := ""
	for i, p := range prompts.All() {
		if i > 0 {
			s += ", "
		}
		s += p.Name
	}
	return s
}
