package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Exit statuses of the command-line contract.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// usageError is a usage or launch mistake: exit 2 with one line on stderr.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// silentError is a failure whose output the command has already written
// (call prints {"error": ...} on stdout): exit 1 and print nothing more.
type silentError struct{ err error }

func (e *silentError) Error() string { return e.err.Error() }
func (e *silentError) Unwrap() error { return e.err }

// exitCodeError ends the process with a given status after one log line
// (the MCP server stopped by a signal: 143, 129, 130).
type exitCodeError struct {
	code int
	msg  string
}

func (e *exitCodeError) Error() string { return e.msg }

// exitStatus prints err (one line) and returns the exit status for it.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var silent *silentError
	if errors.As(err, &silent) {
		return exitFailed
	}
	var coded *exitCodeError
	if errors.As(err, &coded) {
		fmt.Fprintf(stderr, "camber-tui: %s\n", oneLine(coded.msg))
		return coded.code
	}
	line := oneLine(err.Error())
	var u *usageError
	if errors.As(err, &u) {
		fmt.Fprintf(stderr, "camber-tui: %s\n", line)
		return exitUsage
	}
	fmt.Fprintf(stderr, "camber-tui: %s\n", line)
	return exitFailed
}

// oneLine folds newlines and tabs so an error is one line on stderr.
func oneLine(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
	return strings.TrimSpace(s)
}
