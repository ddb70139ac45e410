package tuitest

import (
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// Loop runs cmd by hand as the program loop would, for a test driving the
// root model: a batch's commands in order, every message they produce
// handed to send (which updates the model and loops on what it returns),
// except the spinner's ticks, which would never end while a call runs. It
// reports whether a command asked to quit.
func Loop(cmd tea.Cmd, send func(tea.Msg)) (quit bool) {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case nil, spinner.TickMsg:
	case tea.BatchMsg:
		for _, c := range msg {
			if Loop(c, send) {
				quit = true
			}
		}
	case tea.QuitMsg:
		return true
	default:
		send(msg)
	}
	return quit
}
