// Package result is the result view every screen uses: banners first
// (styled by kind, never hidden), the summary with its fact ids
// highlighted, the data's lists as tables with paging through the
// capability's offset, a facts pane, the raw JSON, copy and export.
package result

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// Mode is what the view shows.
type Mode int

// The modes.
const (
	ModeTable Mode = iota // banners, summary, the current list
	ModeJSON              // the raw result as JSON
	ModeText              // every banner, the whole summary and every fact
	ModeFact              // one fact's value, text and data
)

// Focus is which pane keys move in.
type Focus int

// The panes.
const (
	FocusTable Focus = iota
	FocusFacts
)

// Action is what a key asks of the screen that owns the view.
type Action interface{ action() }

// Selected is Enter on a row: the list, the row and the call that gave it.
type Selected struct {
	Capability string
	Args       map[string]any
	List       string
	Row        map[string]any
}

// Leave is Esc with nothing left to close in the view.
type Leave struct{}

func (Selected) action() {}
func (Leave) action()    {}

// Model is the result view. Use it through a pointer; the zero value is
// not ready: use [New].
type Model struct {
	env   *screen.Env
	owner int
	base  string
	seq   int

	name        string
	args        map[string]any // the shown result's arguments
	pendingArgs map[string]any
	pending     bool
	res         *registry.Result
	err         error
	elapsed     time.Duration
	landAtEnd   bool

	banners []Banner
	lists   []List
	list    int
	table   widget.Table
	facts   []registry.Fact
	factIdx int
	focus   Focus
	mode    Mode
	vp      viewport.Model

	filtering bool
	filter    textinput.Model
	w, h      int
}

// New returns an empty result view; tag names its calls within the owner.
func New(env *screen.Env, owner int, tag string) *Model {
	ti := widget.NewInput(env.Styles, "/ ", "filter rows", 200)
	return &Model{env: env, owner: owner, base: tag, filter: ti, factIdx: -1, vp: viewport.New(0, 0)}
}

// Call starts a call of name with args; the current result stays shown
// until the answer replaces it.
func (m *Model) Call(name string, args map[string]any) tea.Cmd {
	m.seq++
	m.name = name
	m.pending = true
	m.pendingArgs = screen.CloneArgs(args)
	return screen.Call(m.owner, m.tag(), name, m.pendingArgs)
}

func (m *Model) tag() string { return m.base + "#" + strconv.Itoa(m.seq) }

// Name returns the capability; Args the shown result's arguments.
func (m *Model) Name() string { return m.name }

// Args returns a copy of the shown result's arguments.
func (m *Model) Args() map[string]any { return screen.CloneArgs(m.args) }

// Result is the shown result (nil before the first answer).
func (m *Model) Result() *registry.Result { return m.res }

// Err is the error of the last call, if it failed.
func (m *Model) Err() error { return m.err }

// Pending reports whether a call is running.
func (m *Model) Pending() bool { return m.pending }

// Started reports whether a call was ever made.
func (m *Model) Started() bool { return m.seq > 0 }

// Mode is the current display mode.
func (m *Model) Mode() Mode { return m.mode }

// Focus is the focused pane.
func (m *Model) Focus() Focus { return m.focus }

// Banners are the shown result's notices, classified by kind.
func (m *Model) Banners() []Banner { return m.banners }

// Lists are the shown result's data lists.
func (m *Model) Lists() []List { return m.lists }

// CurrentList returns the list shown.
func (m *Model) CurrentList() (List, bool) {
	if m.list < 0 || m.list >= len(m.lists) {
		return List{}, false
	}
	return m.lists[m.list], true
}

// SelectedRow returns the row under the cursor.
func (m *Model) SelectedRow() (map[string]any, bool) {
	l, ok := m.CurrentList()
	if !ok {
		return nil, false
	}
	i, ok := m.table.Selected()
	if !ok || i >= len(l.Rows) {
		return nil, false
	}
	return l.Rows[i], true
}

// Fact returns the fact the facts pane has selected.
func (m *Model) Fact() (registry.Fact, bool) {
	if m.factIdx < 0 || m.factIdx >= len(m.facts) {
		return registry.Fact{}, false
	}
	return m.facts[m.factIdx], true
}

// Capturing reports whether the row filter takes typed keys.
func (m *Model) Capturing() bool { return m.filtering }

// SetSize sets the view's size.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = max(w, 0), max(h, 0)
	m.layout()
}

// done takes a call's outcome.
func (m *Model) done(msg screen.DoneMsg) {
	m.pending = false
	m.elapsed = msg.Elapsed
	if msg.Err != nil {
		if errors.Is(msg.Err, context.Canceled) && m.res != nil {
			m.err = msg.Err // the shown result stays; the error line says cancelled
			return
		}
		m.err, m.res, m.args = msg.Err, nil, msg.Args
		m.lists, m.banners, m.facts = nil, nil, nil
		m.layout()
		return
	}
	prevList := ""
	if l, ok := m.CurrentList(); ok {
		prevList = l.Key
	}
	m.err, m.res, m.args = nil, msg.Result, msg.Args
	m.banners = make([]Banner, len(m.res.Banners))
	for i, b := range m.res.Banners {
		m.banners[i] = Banner{Text: b, Kind: Classify(b)}
	}
	m.lists = extractLists(m.name, m.res.Data, m.res.Banners)
	m.list = 0
	for i, l := range m.lists {
		if l.Key == prevList {
			m.list = i
		}
	}
	m.facts = orderFacts(m.res)
	m.factIdx, m.focus = -1, FocusTable
	if m.mode == ModeFact {
		m.mode = ModeTable
	}
	m.setList(m.list)
	if m.landAtEnd {
		m.table.End()
	}
	m.landAtEnd = false
	m.refreshViewport()
}

// orderFacts lists the cited facts in citation order, then the rest.
func orderFacts(res *registry.Result) []registry.Fact {
	byID := map[string]int{}
	for i, f := range res.Facts {
		byID[f.ID] = i
	}
	out := make([]registry.Fact, 0, len(res.Facts))
	used := map[int]bool{}
	for _, id := range Cited(res.Text) {
		if i, ok := byID[id]; ok && !used[i] {
			used[i] = true
			out = append(out, res.Facts[i])
		}
	}
	for i, f := range res.Facts {
		if !used[i] {
			out = append(out, f)
		}
	}
	return out
}

// setList shows list i.
func (m *Model) setList(i int) {
	if len(m.lists) == 0 {
		m.table = widget.NewTable(nil, nil)
		return
	}
	m.list = (i%len(m.lists) + len(m.lists)) % len(m.lists)
	m.table = m.lists[m.list].table()
	m.filter.SetValue("")
	m.filtering = false
	m.layout()
}

// pageArgs returns the arguments that ask for offset.
func (m *Model) pageArgs(offset int) map[string]any {
	args := screen.CloneArgs(m.args)
	if offset <= 0 {
		delete(args, "offset")
	} else {
		args["offset"] = offset
	}
	return args
}

// offsetArg returns the shown result's offset.
func (m *Model) offsetArg() int {
	if f, ok := number(m.args["offset"]); ok {
		return int(f)
	}
	return 0
}

// limitArg returns the page size: the limit argument, else the schema's
// default, else the current page's length.
func (m *Model) limitArg() int {
	if f, ok := number(m.args["limit"]); ok && f >= 1 {
		return int(f)
	}
	if c, ok := m.env.Capability(m.name); ok {
		if props, ok := c.InputSchema["properties"].(map[string]any); ok {
			if lim, ok := props["limit"].(map[string]any); ok {
				if d, ok := number(lim["default"]); ok && d >= 1 {
					return int(d)
				}
			}
		}
	}
	if l, ok := m.CurrentList(); ok && l.Page.Hi >= l.Page.Lo && l.Page.Lo > 0 {
		return l.Page.Hi - l.Page.Lo + 1
	}
	return 25
}

// NextPage calls for the page after the current list's (nil when it is
// the last or a call is running).
func (m *Model) NextPage() tea.Cmd {
	l, ok := m.CurrentList()
	if !ok || m.pending || l.Fields || !l.Page.More() || m.res == nil {
		return nil
	}
	return m.Call(m.name, m.pageArgs(l.Page.Hi))
}

// PrevPage calls for the page before (nil on the first page).
func (m *Model) PrevPage() tea.Cmd {
	off := m.offsetArg()
	if off <= 0 || m.pending || m.res == nil {
		return nil
	}
	return m.Call(m.name, m.pageArgs(max(off-m.limitArg(), 0)))
}

// Reload calls again with the shown (or failed) call's arguments.
func (m *Model) Reload() tea.Cmd {
	if m.name == "" || m.pending {
		return nil
	}
	return m.Call(m.name, m.args)
}

// rawJSON renders the result as indented JSON.
func (m *Model) rawJSON() string {
	if m.res == nil {
		return ""
	}
	b, err := json.MarshalIndent(m.res, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}
