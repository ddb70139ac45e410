package result

import (
	"encoding/json"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/screen"
)

// Update handles a message and returns the commands and the action the
// owner should take (nil for none).
func (m *Model) Update(msg tea.Msg) (tea.Cmd, Action) {
	switch msg := msg.(type) {
	case screen.DoneMsg:
		if msg.For(m.owner, m.tag()) {
			m.done(msg)
		}
		return nil, nil
	case tea.KeyMsg:
		return m.key(msg)
	}
	return nil, nil
}

// key handles a key press.
func (m *Model) key(msg tea.KeyMsg) (tea.Cmd, Action) {
	k := m.env.Keys
	if m.filtering {
		switch {
		case msg.Type == tea.KeyEsc:
			m.filtering = false
			m.filter.Blur()
			m.filter.SetValue("")
			m.table.SetFilter("")
			m.layout()
			return nil, nil
		case msg.Type == tea.KeyEnter:
			m.filtering = false
			m.filter.Blur()
			m.layout()
			return nil, nil
		}
		var cmd tea.Cmd
		m.filter, cmd = m.filter.Update(msg)
		m.table.SetFilter(m.filter.Value())
		return cmd, nil
	}
	if m.mode != ModeTable {
		return m.viewportKey(msg)
	}
	switch {
	case key.Matches(msg, k.Global.Back):
		switch {
		case m.focus == FocusFacts:
			m.focus, m.factIdx = FocusTable, -1
			m.layout()
		case m.table.Filter() != "":
			m.filter.SetValue("")
			m.table.SetFilter("")
			m.layout()
		default:
			return nil, Leave{}
		}
		return nil, nil
	case key.Matches(msg, k.Result.NextFact):
		m.moveFact(1)
		return nil, nil
	case key.Matches(msg, k.Result.PrevFact):
		m.moveFact(-1)
		return nil, nil
	case key.Matches(msg, k.Result.RawJSON):
		if m.res != nil {
			m.mode = ModeJSON
			m.refreshViewport()
		}
		return nil, nil
	case key.Matches(msg, k.Result.FullText):
		if m.res != nil || m.err != nil {
			m.mode = ModeText
			m.refreshViewport()
		}
		return nil, nil
	case key.Matches(msg, k.Result.NextPage):
		return m.NextPage(), nil
	case key.Matches(msg, k.Result.PrevPage):
		return m.PrevPage(), nil
	case key.Matches(msg, k.Result.Reload):
		return m.Reload(), nil
	case key.Matches(msg, k.Result.Copy):
		return m.copySelection(), nil
	case key.Matches(msg, k.Result.Export):
		return m.export(false), nil
	case key.Matches(msg, k.Result.ExportJSON):
		return m.export(true), nil
	}
	if m.focus == FocusFacts {
		return m.factsKey(msg)
	}
	return m.tableKey(msg)
}

// tableKey handles a key while the table has the focus.
func (m *Model) tableKey(msg tea.KeyMsg) (tea.Cmd, Action) {
	k := m.env.Keys
	switch {
	case key.Matches(msg, k.Nav.Up):
		m.table.Move(-1)
	case key.Matches(msg, k.Nav.Down):
		m.table.Move(1)
	case key.Matches(msg, k.Nav.PageDown):
		if m.table.AtEnd() {
			return m.NextPage(), nil
		}
		m.table.PageDown()
	case key.Matches(msg, k.Nav.PageUp):
		if m.table.AtStart() {
			if cmd := m.PrevPage(); cmd != nil {
				m.landAtEnd = true
				return cmd, nil
			}
		}
		m.table.PageUp()
	case key.Matches(msg, k.Nav.Home):
		m.table.Home()
	case key.Matches(msg, k.Nav.End):
		m.table.End()
	case key.Matches(msg, k.Result.NextList):
		if len(m.lists) > 1 {
			m.setList(m.list + 1)
		}
	case key.Matches(msg, k.Nav.Filter):
		if m.table.Len() > 0 {
			m.filtering = true
			m.filter.SetValue(m.table.Filter())
			m.filter.CursorEnd()
			m.layout()
			return m.filter.Focus(), nil
		}
	case key.Matches(msg, k.Nav.Select):
		l, ok := m.CurrentList()
		row, rok := m.SelectedRow()
		if ok && rok && !l.Fields {
			return nil, Selected{Capability: m.name, Args: m.Args(), List: l.Key, Row: row}
		}
	}
	return nil, nil
}

// factsKey handles a key while the facts pane has the focus.
func (m *Model) factsKey(msg tea.KeyMsg) (tea.Cmd, Action) {
	k := m.env.Keys
	switch {
	case key.Matches(msg, k.Nav.Up):
		m.moveFact(-1)
	case key.Matches(msg, k.Nav.Down):
		m.moveFact(1)
	case key.Matches(msg, k.Nav.Home):
		m.factIdx = 0
	case key.Matches(msg, k.Nav.End):
		m.factIdx = len(m.facts) - 1
	case key.Matches(msg, k.Nav.Select):
		if _, ok := m.Fact(); ok {
			m.mode = ModeFact
			m.refreshViewport()
		}
	}
	return nil, nil
}

// moveFact moves the fact selection, wrapping, and focuses the facts pane.
func (m *Model) moveFact(d int) {
	if len(m.facts) == 0 {
		return
	}
	if m.focus != FocusFacts || m.factIdx < 0 {
		m.focus = FocusFacts
		if d > 0 {
			m.factIdx = 0
		} else {
			m.factIdx = len(m.facts) - 1
		}
		m.layout()
		return
	}
	m.factIdx = ((m.factIdx+d)%len(m.facts) + len(m.facts)) % len(m.facts)
}

// viewportKey handles a key in the JSON, text and fact modes.
func (m *Model) viewportKey(msg tea.KeyMsg) (tea.Cmd, Action) {
	k := m.env.Keys
	switch {
	case key.Matches(msg, k.Global.Back),
		m.mode == ModeJSON && key.Matches(msg, k.Result.RawJSON),
		m.mode == ModeText && key.Matches(msg, k.Result.FullText):
		m.mode = ModeTable
	case m.mode != ModeJSON && key.Matches(msg, k.Result.RawJSON):
		m.mode = ModeJSON
		m.refreshViewport()
	case m.mode != ModeText && key.Matches(msg, k.Result.FullText):
		m.mode = ModeText
		m.refreshViewport()
	case k.Nav.Scroll(&m.vp, msg):
	case key.Matches(msg, k.Result.Copy):
		return m.copySelection(), nil
	case key.Matches(msg, k.Result.Export):
		return m.export(false), nil
	case key.Matches(msg, k.Result.ExportJSON):
		return m.export(true), nil
	case m.mode == ModeFact && key.Matches(msg, k.Result.NextFact):
		m.moveFact(1)
		m.refreshViewport()
	case m.mode == ModeFact && key.Matches(msg, k.Result.PrevFact):
		m.moveFact(-1)
		m.refreshViewport()
	}
	return nil, nil
}

// copySelection copies what is selected: the fact id, the raw JSON, or
// the row under the cursor as JSON.
func (m *Model) copySelection() tea.Cmd {
	if m.res == nil {
		return nil
	}
	switch {
	case m.mode == ModeJSON:
		return screen.Copy(m.rawJSON(), "the result as JSON")
	case m.mode == ModeText:
		return screen.Copy(m.res.Text, "the summary")
	case m.focus == FocusFacts || m.mode == ModeFact:
		if f, ok := m.Fact(); ok {
			return screen.Copy(f.ID, "fact "+f.ID)
		}
	}
	row, ok := m.SelectedRow()
	if !ok {
		return screen.Copy(m.res.Text, "the summary")
	}
	b, err := json.Marshal(row)
	if err != nil {
		return screen.Status("copy: "+err.Error(), true)
	}
	l, _ := m.CurrentList()
	i, _ := m.table.Selected()
	return screen.Copy(string(b), "row "+strconv.Itoa(l.Page.Lo+i)+" of "+l.Key)
}

// ShortHelp lists the keys worth showing in the help bar now.
func (m *Model) ShortHelp() []key.Binding {
	k := m.env.Keys
	switch {
	case m.filtering:
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear"))}
	case m.mode != ModeTable:
		return []key.Binding{k.Nav.Down, k.Nav.PageDown, k.Result.Copy, k.Global.Back}
	case m.focus == FocusFacts:
		return []key.Binding{k.Result.NextFact, k.Nav.Select, k.Result.Copy, k.Global.Back}
	}
	out := []key.Binding{k.Nav.Select, k.Result.NextPage, k.Result.PrevPage, k.Result.NextFact, k.Nav.Filter}
	if len(m.lists) > 1 {
		out = append(out, k.Result.NextList)
	}
	return append(out, k.Result.RawJSON, k.Result.Copy, k.Result.Export)
}

// FullHelp lists every key of the view.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.env.Keys
	return [][]key.Binding{
		{k.Nav.Up, k.Nav.Down, k.Nav.PageUp, k.Nav.PageDown, k.Nav.Home, k.Nav.End, k.Nav.Select, k.Nav.Filter},
		{k.Result.NextPage, k.Result.PrevPage, k.Result.NextList, k.Result.Reload, k.Result.NextFact, k.Result.PrevFact},
		{k.Result.RawJSON, k.Result.FullText, k.Result.Copy, k.Result.Export, k.Result.ExportJSON},
	}
}
