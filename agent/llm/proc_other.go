//go:build !unix

package llm

import "os/exec"

// killGroup keeps exec's default: the process is killed when the
// command's context ends.
func killGroup(*exec.Cmd) {}
