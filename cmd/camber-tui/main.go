// Command camber-tui is a terminal app, a line REPL and an MCP server over
// one read-only capability registry for building-automation trend data.
//
// See README.md for the command-line contract; main only maps the outcome
// of run to an exit status: 0 ok, 1 a refused or failed operation, 2 a usage
// or launch error (one line on stderr).
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
