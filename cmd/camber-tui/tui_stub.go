package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// runTUI starts the terminal app.
func (e *env) runTUI(cmd *cobra.Command) error {
	s, err := e.newSession(allowDefaultAll)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "camber-tui: the terminal app is not built yet; store %s, %d facilities allowed: %v\n", s.StoreDir, len(s.Allowed), s.Allowed)
	return nil
}
