// Package facility is the facility screen: tabs over the capabilities
// that describe one facility (Overview from points as an equipment tree,
// Coverage, Trust, Findings, Drift, M&V, RCx as markdown, Datasets), each
// a result view loaded when first shown. A capability this build does not
// have yet shows the registry's unknown_capability error plainly.
package facility

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/finding"
	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// kind is how a tab draws its result.
type kind int

const (
	kindTable    kind = iota // the result view
	kindTree                 // an equipment tree from points
	kindMarkdown             // markdown through glamour
)

// Tab is one tab: its title, the capability it calls and how.
type Tab struct {
	Title      string
	Capability string
	kind       kind
	// facility marks a capability that takes facility_id.
	facility bool
	extra    map[string]any
}

// Tabs are the facility screen's tabs, in order.
var Tabs = []Tab{
	{Title: "Overview", Capability: "points", kind: kindTree, facility: true, extra: map[string]any{"limit": 1000}},
	{Title: "Coverage", Capability: "coverage", facility: true},
	{Title: "Trust", Capability: "sensor_trust", facility: true},
	{Title: "Findings", Capability: "rule_run", facility: true},
	{Title: "Drift", Capability: "drift", facility: true},
	{Title: "M&V", Capability: "mv_summary", facility: true},
	{Title: "RCx", Capability: "rcx_report", kind: kindMarkdown, facility: true},
	{Title: "Datasets", Capability: "dataset_search"},
}

// The tab indices.
const (
	TabOverview = iota
	TabCoverage
	TabTrust
	TabFindings
	TabDrift
	TabMV
	TabRCx
	TabDatasets
)

// args returns the tab's call arguments for facility id.
func (t Tab) args(id string) map[string]any {
	a := screen.CloneArgs(t.extra)
	if t.facility {
		a["facility_id"] = id
	}
	return a
}

// Screen is one facility's screen.
type Screen struct {
	env    *screen.Env
	id     string
	name   string
	active int
	views  []*result.Model
	tree   widget.Tree
	// treeFor is the result the tree was built from.
	treeFor any
	md      viewport.Model
	mdFor   string // the markdown and width the viewport holds
	// rcxTables shows the RCx result as tables instead of markdown.
	rcxTables bool
	w, h      int
}

// New returns the screen of facility id (name is its display name).
func New(env *screen.Env, id, name string) *Screen {
	s := &Screen{env: env, id: id, name: name, md: viewport.New(0, 0)}
	owner := env.NewOwner()
	for i := range Tabs {
		s.views = append(s.views, result.New(env, owner, fmt.Sprintf("tab%d", i)))
	}
	return s
}

// Init loads the first tab.
func (s *Screen) Init() tea.Cmd { return s.load(s.active) }

// load calls tab i's capability unless it has been called.
func (s *Screen) load(i int) tea.Cmd {
	if s.views[i].Started() {
		return nil
	}
	return s.views[i].Call(Tabs[i].Capability, Tabs[i].args(s.id))
}

// Active returns the active tab; View its result view.
func (s *Screen) Active() int { return s.active }

// TabView is the result view of tab i (0-based).
func (s *Screen) TabView(i int) *result.Model { return s.views[i] }

// SetTab shows tab i, loading it when first shown.
func (s *Screen) SetTab(i int) tea.Cmd {
	s.active = (i%len(Tabs) + len(Tabs)) % len(Tabs)
	s.layout()
	return s.load(s.active)
}

// Title names the facility.
func (s *Screen) Title() string {
	if s.name != "" && s.name != s.id {
		return s.id + " · " + s.name
	}
	return s.id
}

// FacilityID returns the facility.
func (s *Screen) FacilityID() string { return s.id }

// Capturing reports whether the active tab's filter takes typed keys.
func (s *Screen) Capturing() bool { return s.views[s.active].Capturing() }

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.layout()
}

// layout sizes every tab's view (all, so a late answer renders right).
func (s *Screen) layout() {
	for _, v := range s.views {
		v.SetSize(s.w, max(s.h-1, 0))
	}
	s.layoutTree()
	s.refreshMarkdown()
}

// Update routes msg to the tab it concerns.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.DoneMsg:
		for _, v := range s.views {
			v.Update(msg)
		}
		s.buildTree()
		s.refreshMarkdown()
		return s, nil
	case tea.KeyMsg:
		return s, s.key(msg)
	}
	return s, nil
}

// key handles a key.
func (s *Screen) key(msg tea.KeyMsg) tea.Cmd {
	k := s.env.Keys
	v := s.views[s.active]
	if !v.Capturing() && v.Mode() == result.ModeTable {
		switch {
		case key.Matches(msg, k.Facility.NextTab):
			return s.SetTab(s.active + 1)
		case key.Matches(msg, k.Facility.PrevTab):
			return s.SetTab(s.active - 1)
		case key.Matches(msg, k.Facility.GotoTab):
			if n := int(msg.String()[0] - '1'); n >= 0 && n < len(Tabs) {
				return s.SetTab(n)
			}
		}
	}
	switch Tabs[s.active].kind {
	case kindTree:
		if cmd, ok := s.treeKey(msg); ok {
			return cmd
		}
	case kindMarkdown:
		if s.showMarkdown() {
			if cmd, ok := s.markdownKey(msg); ok {
				return cmd
			}
		}
	}
	cmd, act := v.Update(msg)
	switch a := act.(type) {
	case result.Leave:
		if s.active == TabRCx && s.rcxTables {
			s.rcxTables = false // back to the report
			s.refreshMarkdown()
			return nil
		}
		return screen.Back
	case result.Selected:
		return finding.OpenRow(s.env, a)
	}
	if Tabs[s.active].kind == kindMarkdown {
		s.refreshMarkdown()
	}
	return cmd
}

// ShortHelp lists the keys for the help bar.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.env.Keys
	tabs := []key.Binding{k.Facility.NextTab, k.Facility.GotoTab}
	if Tabs[s.active].kind == kindMarkdown && s.showMarkdown() {
		tables := key.NewBinding(key.WithKeys(k.Result.NextList.Keys()...), key.WithHelp(k.Result.NextList.Help().Key, "issues table"))
		return append(tabs, k.Nav.Down, k.Nav.PageDown, tables, k.Result.NextPage, k.Result.Export, k.Result.RawJSON)
	}
	return append(tabs, s.views[s.active].ShortHelp()...)
}

// FullHelp lists every key.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	return append([][]key.Binding{{k.Facility.NextTab, k.Facility.PrevTab, k.Facility.GotoTab}}, s.views[s.active].FullHelp()...)
}

// View renders the tabs and the active tab.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	titles := make([]string, len(Tabs))
	for i, t := range Tabs {
		titles[i] = t.Title
	}
	name := widget.Truncate(s.id, max(s.w/4, 8))
	bar := s.env.Styles.Title.Render(name) + " " +
		widget.Tabs{Titles: titles, Active: s.active}.View(s.env.Styles, s.w-widget.Width(name)-1)
	var body string
	switch Tabs[s.active].kind {
	case kindTree:
		body = s.treeView()
	case kindMarkdown:
		if s.showMarkdown() {
			body = s.markdownView()
		} else {
			body = s.views[s.active].View()
		}
	default:
		body = s.views[s.active].View()
	}
	return widget.Height(bar+"\n"+body, s.h)
}
