package tuitest

import (
	"slices"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

func TestLoop(t *testing.T) {
	type note string
	msg := func(m tea.Msg) tea.Cmd { return func() tea.Msg { return m } }
	var got []note
	var send func(tea.Msg)
	send = func(m tea.Msg) {
		got = append(got, m.(note))
		if m == note("a") { // the model answers a with b
			if Loop(msg(note("b")), send) {
				t.Error("b asked to quit")
			}
		}
	}
	tick := spinner.New().Tick
	quit := Loop(tea.Batch(msg(note("a")), tick, nil, tea.Batch(msg(note("c")), tea.Quit), msg(note("d"))), send)
	if want := []note{"a", "b", "c", "d"}; !slices.Equal(got, want) {
		t.Errorf("sent %q, want %q (in order, no spinner tick)", got, want)
	}
	if !quit {
		t.Error("the batch's tea.Quit was not reported")
	}
	if Loop(nil, send) || Loop(msg(nil), send) {
		t.Error("an empty command asked to quit")
	}
}
