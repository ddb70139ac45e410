// Package flows holds the TUI's end-to-end flows: the real bubbletea
// program loop (through teatest) over the fake registry, driven one key
// per event as a person or tmux send-keys would. It lives apart from
// package tui because teatest brings its own -update flag.
package flows
