package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
)

func (e *env) callCommand() *cobra.Command {
	var argsJSON string
	cmd := &cobra.Command{
		Use:   "call NAME [--args JSON]",
		Short: "Run one capability through the registry and print its result as JSON",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, pos []string) error {
			args := map[string]any{}
			if argsJSON != "" {
				var v any
				if err := json.Unmarshal([]byte(argsJSON), &v); err != nil {
					return usagef("--args is not JSON: %s", oneLine(err.Error()))
				}
				obj, ok := v.(map[string]any)
				if !ok {
					return usagef("--args must be a JSON object")
				}
				args = obj
			}
			s, err := e.newSession(allowDefaultAll)
			if err != nil {
				return err
			}
			for _, w := range s.Warnings {
				fmt.Fprintf(e.stderr, "camber-tui: warning: %s\n", w)
			}
			reg, err := builtin.Default()
			if err != nil {
				return err
			}
			res, err := reg.Call(e.ctx, pos[0], args, s.callContext())
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			if err != nil {
				var ce *registry.Error
				if !errors.As(err, &ce) {
					ce = &registry.Error{Code: registry.CodeInternal, Message: "internal error"}
				}
				if encErr := enc.Encode(map[string]any{"error": ce}); encErr != nil {
					return encErr
				}
				return &silentError{err: err}
			}
			return enc.Encode(res)
		},
	}
	cmd.Flags().StringVar(&argsJSON, "args", "", "arguments as a JSON object")
	return cmd
}
