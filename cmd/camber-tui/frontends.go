package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/llm"
	"github.com/camber-tui/camber-tui/registry/builtin"
	"github.com/camber-tui/camber-tui/tui"
	"github.com/camber-tui/camber-tui/tui/repl"
)

// runTUI starts the terminal app on the session's store.
func (e *env) runTUI(cmd *cobra.Command) error {
	s, err := e.newSession(allowDefaultAll)
	if err != nil {
		return err
	}
	reg, err := builtin.Default()
	if err != nil {
		return err
	}
	completer, llmName, err := e.completer()
	if err != nil {
		return err
	}
	mouse, _ := cmd.Flags().GetBool("mouse")
	label := s.StoreDir
	if s.Demo {
		label = "demo campus"
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(e.stderr, "camber-tui: warning: %s\n", w)
	}
	return tui.Run(e.ctx, tui.Options{
		Registry:    reg,
		CallContext: s.callContext(),
		Theme:       e.v.GetString(keyTheme),
		ThemeDir:    e.themeDir(),
		Keys:        e.keyBindings(),
		Mouse:       mouse || e.v.GetBool("mouse"),
		StoreLabel:  label,
		LLM:         llmName,
		Completer:   completer,
		Input:       e.stdin,
		Output:      e.stdout,
		Getenv:      e.getenv,
	})
}

// completer wires the LLM from the app config's llm section (nil when
// nothing is wired: the agent answers from its templates) and names it
// for the header.
func (e *env) completer() (agent.Completer, string, error) {
	section := e.v.GetStringMap("llm")
	c, err := llm.FromSettings(section)
	if err != nil {
		return nil, "", usagef("config llm: %s", oneLine(err.Error()))
	}
	if c == nil {
		return nil, "", nil
	}
	name := "LLM"
	if m, ok := section["model"].(string); ok && m != "" {
		name = m
	} else if _, ok := section["command"]; ok {
		name = "LLM command"
	}
	return c, name, nil
}

// themeDir is where user themes live: <config dir>/camber-tui/themes.
func (e *env) themeDir() string {
	dir := e.getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := e.getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "camber-tui", "themes")
}

// keyBindings reads the keys section of the app config: "scope.action" →
// keys. Viper splits dotted keys into nested maps, so the section is
// flattened back into action names.
func (e *env) keyBindings() map[string][]string {
	out := map[string][]string{}
	for _, k := range e.v.AllKeys() {
		action, ok := strings.CutPrefix(k, "keys.")
		if !ok {
			continue
		}
		out[action] = e.v.GetStringSlice(k)
	}
	return out
}

func (e *env) replCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "repl [--json]",
		Short: "The line REPL: the TUI's ':' command language on a plain terminal or a pipe",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			s, err := e.newSession(allowDefaultAll)
			if err != nil {
				return err
			}
			reg, err := builtin.Default()
			if err != nil {
				return err
			}
			completer, _, err := e.completer()
			if err != nil {
				return err
			}
			interactive := isTerminal(e.stdin) && isTerminal(e.stdout)
			err = repl.Run(e.ctx, repl.Options{
				Caller: reg, CallContext: s.callContext(), Completer: completer,
				In: e.stdin, Out: e.stdout, Err: e.stderr,
				JSON: asJSON, Interactive: interactive, Theme: e.v.GetString(keyTheme),
			})
			if err != nil && !interactive {
				return &silentError{err: err}
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per command")
	return cmd
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
