//go:build !linux

package mcp

import (
	"context"
	"os"
)

// watchHangup is a no-op where poll(2) is not used: a closed stdout is
// seen at the next write.
func watchHangup(ctx context.Context, f *os.File, gone func()) {}
