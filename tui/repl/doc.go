// Package repl is the camber-tui command language: the grammar (Parse),
// the session engine that runs it (Session.Exec), completion
// (Session.Complete) and the line loop for a plain terminal or a pipe (Run).
package repl
