package main

import (
	"github.com/camber-tui/camber-tui/mcp"
	"github.com/camber-tui/camber-tui/registry"
)

// wirePrompts connects prompts/get and completion/complete to the prompts
// package once it exists.
func (e *env) wirePrompts(opts *mcp.Options, reg *registry.Registry, cc *registry.CallContext) {}
