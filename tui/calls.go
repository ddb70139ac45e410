package tui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// startCall runs a registry call as a command with its own context; the
// command gets copies of the arguments and the call context.
func (m *Model) startCall(req screen.CallMsg) tea.Cmd {
	m.seq++
	id := m.seq
	ctx, cancel := context.WithCancel(m.ctx)
	first := len(m.running) == 0
	m.running[id] = &running{name: req.Name, start: m.now(), cancel: cancel}
	m.status, m.isErr = "", false
	call := callCmd(ctx, m.caller, m.cc, id, req, m.now)
	if first {
		return tea.Batch(call, m.spin.Tick)
	}
	return call
}

// callCmd is the command of one call, built from copies of its inputs.
func callCmd(ctx context.Context, c Caller, cc *registry.CallContext, id int, req screen.CallMsg, now func() time.Time) tea.Cmd {
	args := screen.CloneArgs(req.Args)
	ccCopy := *cc
	ccCopy.AllowedFacilities = slices.Clone(cc.AllowedFacilities)
	ccCopy.Configs = slices.Clone(cc.Configs)
	ccCopy.Snapshot = slices.Clone(cc.Snapshot)
	return func() (msg tea.Msg) {
		start := now()
		done := screen.DoneMsg{Owner: req.Owner, Tag: req.Tag, Name: req.Name, Args: screen.CloneArgs(args)}
		defer func() {
			if r := recover(); r != nil {
				done.Err = &registry.Error{Code: registry.CodeInternal, Message: fmt.Sprintf("%s failed unexpectedly", req.Name)}
				msg = callDoneMsg{id: id, done: done}
			}
		}()
		res, err := c.Call(ctx, req.Name, args, &ccCopy)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		done.Result, done.Err, done.Elapsed = res, err, now().Sub(start)
		return callDoneMsg{id: id, done: done}
	}
}

// finishCall records a call's end and hands the outcome to the screens.
func (m *Model) finishCall(msg callDoneMsg) tea.Cmd {
	if r, ok := m.running[msg.id]; ok {
		r.cancel()
		delete(m.running, msg.id)
	}
	d := msg.done
	switch {
	case errors.Is(d.Err, context.Canceled):
		m.status, m.isErr = d.Name+" cancelled", false
	case d.Err != nil:
		m.status, m.isErr = d.Name+": "+screen.Explain(d.Err), true
	default:
		if d.Elapsed >= time.Second {
			m.status, m.isErr = fmt.Sprintf("%s took %.1fs", d.Name, d.Elapsed.Seconds()), false
		}
	}
	var cmds []tea.Cmd
	for i, s := range m.stack {
		next, cmd := s.Update(d)
		m.stack[i] = next
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// cancelAll cancels every running call.
func (m *Model) cancelAll() {
	for _, r := range m.running {
		r.cancel()
	}
}

// copyCmd copies text to the clipboard with OSC 52 on the output.
func (m *Model) copyCmd(c screen.CopyMsg) tea.Cmd {
	out := m.opts.Output
	if out == nil {
		return screen.Status("copy: no terminal to copy through", true)
	}
	text, what := c.Text, c.What
	getenv := m.opts.Getenv
	return func() tea.Msg {
		o := termenv.NewOutput(out, termenv.WithEnvironment(envOf(getenv)))
		o.Copy(text)
		return screen.StatusMsg{Text: "copied " + what}
	}
}
