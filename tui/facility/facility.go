// Package facility is the facility screen: tabs over the capabilities
// that describe one facility (Overview from points as an equipment tree,
// Coverage, Trust, Findings, Drift, M&V, RCx as markdown, Datasets), each
// a result view loaded when first shown. A capability this build does not
// have yet shows the registry's unknown_capability error plainly.
package facility

import (
	"fmt"
	"sort"
	"strings"

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
	w, h    int
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
func (s *Screen) Active() int                 { return s.active }
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
	return append([]key.Binding{k.Facility.NextTab, k.Facility.GotoTab}, s.views[s.active].ShortHelp()...)
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
	return widget.Fit(bar+"\n"+body, s.w, s.h)
}

// equipment groups a points result by equipment.
func equipment(data any) []widget.TreeNode {
	obj, _ := data.(map[string]any)
	rows, _ := obj["points"].([]any)
	type eq struct {
		class string
		roles []string
	}
	byEquip := map[string]*eq{}
	var order []string
	for _, r := range rows {
		m, ok := r.(map[string]any)
		if !ok {
			continue
		}
		id, _ := m["equip"].(string)
		cls, _ := m["equip_class"].(string)
		role, _ := m["role"].(string)
		e, ok := byEquip[id]
		if !ok {
			e = &eq{class: cls}
			byEquip[id] = e
			order = append(order, id)
		}
		e.roles = append(e.roles, role)
	}
	sort.Strings(order)
	nodes := make([]widget.TreeNode, len(order))
	for i, id := range order {
		e := byEquip[id]
		detail := fmt.Sprintf("%d points", len(e.roles))
		if e.class != "" {
			detail = e.class + " · " + detail
		}
		nodes[i] = widget.TreeNode{Label: id, Detail: detail, Children: e.roles}
	}
	return nodes
}

// buildTree rebuilds the equipment tree when the Overview result changed.
func (s *Screen) buildTree() {
	res := s.views[TabOverview].Result()
	if res == nil || s.treeFor == any(res) {
		return
	}
	s.treeFor = res
	s.tree = widget.Tree{Nodes: equipment(res.Data)}
	s.layoutTree()
}

// treeHead renders the Overview's lines above the tree.
func (s *Screen) treeHead() []string {
	v := s.views[TabOverview]
	lines := []string{v.TitleLine()}
	lines = append(lines, v.BannerLines(s.w)...)
	return append(lines, v.SummaryLines(s.w, 2)...)
}

func (s *Screen) layoutTree() {
	s.tree.SetSize(s.w, max(s.h-1-len(s.treeHead())-1, 1))
}

// showTree reports whether the Overview draws its tree (not an error,
// not the JSON or text modes).
func (s *Screen) showTree() bool {
	v := s.views[TabOverview]
	return v.Result() != nil && v.Mode() == result.ModeTable && v.Focus() == result.FocusTable
}

// treeKey handles the tree's keys; ok is false for keys it leaves to the
// result view.
func (s *Screen) treeKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if !s.showTree() {
		return nil, false
	}
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Nav.Up):
		s.tree.Move(-1)
	case key.Matches(msg, k.Nav.Down):
		s.tree.Move(1)
	case key.Matches(msg, k.Nav.PageUp):
		s.tree.Move(-max(s.h-4, 1))
	case key.Matches(msg, k.Nav.PageDown):
		s.tree.Move(max(s.h-4, 1))
	case key.Matches(msg, k.Nav.Home):
		s.tree.Move(-1 << 20)
	case key.Matches(msg, k.Nav.End):
		s.tree.Move(1 << 20)
	case msg.String() == " ":
		s.tree.Toggle()
	case key.Matches(msg, k.Nav.Select):
		n, c, ok := s.tree.Selected()
		if !ok {
			return nil, true
		}
		if c < 0 {
			s.tree.Toggle()
			return nil, true
		}
		node := s.tree.Nodes[n]
		return screen.Open(result.NewScreen(s.env, "sensor_trust", map[string]any{
			"facility_id": s.id, "equips": []any{node.Label}, "roles": []any{node.Children[c]}})), true
	case key.Matches(msg, k.Nav.Filter):
		return nil, true
	default:
		return nil, false
	}
	return nil, true
}

// treeView renders the Overview.
func (s *Screen) treeView() string {
	if !s.showTree() {
		return s.views[TabOverview].View()
	}
	st := s.env.Styles
	lines := s.treeHead()
	hint := st.Subtitle.Render("equipment") + st.Muted.Render(fmt.Sprintf(" %d · enter: open/close, enter on a point: its trust", len(s.tree.Nodes)))
	lines = append(lines, hint, s.tree.View(st, true))
	return strings.Join(lines, "\n")
}

// markdownOf returns the RCx result as markdown: the report's own
// markdown when the data carries it, else the result written out.
func (s *Screen) markdownOf() string {
	v := s.views[TabRCx]
	res := v.Result()
	if res == nil {
		return ""
	}
	if obj, ok := res.Data.(map[string]any); ok {
		for _, k := range []string{"markdown", "report_markdown"} {
			if md, ok := obj[k].(string); ok && md != "" {
				return md
			}
		}
	}
	return result.Markdown(v.Name(), v.Args(), res)
}

// showMarkdown reports whether the RCx tab draws markdown.
func (s *Screen) showMarkdown() bool {
	v := s.views[TabRCx]
	return v.Result() != nil && v.Mode() == result.ModeTable && v.Focus() == result.FocusTable
}

// markdownHead renders the RCx tab's lines above the markdown.
func (s *Screen) markdownHead() []string {
	v := s.views[TabRCx]
	return append([]string{v.TitleLine()}, v.BannerLines(s.w)...)
}

// refreshMarkdown renders the RCx markdown for the current width when it
// changed (glamour is not cheap).
func (s *Screen) refreshMarkdown() {
	if !s.showMarkdown() {
		return
	}
	md := s.markdownOf()
	key := fmt.Sprintf("%d\x00%s", s.w, md)
	s.md.Width = s.w
	s.md.Height = max(s.h-1-len(s.markdownHead()), 1)
	if key == s.mdFor {
		return
	}
	s.mdFor = key
	var lines []string
	for _, l := range strings.Split(s.env.Markdown(md, s.w), "\n") {
		lines = append(lines, widget.Truncate(l, s.w))
	}
	s.md.SetContent(strings.Join(lines, "\n"))
	s.md.GotoTop()
}

// markdownKey scrolls the markdown.
func (s *Screen) markdownKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := s.env.Keys
	switch {
	case key.Matches(msg, k.Nav.Up):
		s.md.ScrollUp(1)
	case key.Matches(msg, k.Nav.Down):
		s.md.ScrollDown(1)
	case key.Matches(msg, k.Nav.PageUp):
		s.md.PageUp()
	case key.Matches(msg, k.Nav.PageDown):
		s.md.PageDown()
	case key.Matches(msg, k.Nav.Home):
		s.md.GotoTop()
	case key.Matches(msg, k.Nav.End):
		s.md.GotoBottom()
	case key.Matches(msg, k.Nav.Select), key.Matches(msg, k.Nav.Filter):
	default:
		return nil, false
	}
	return nil, true
}

// markdownView renders the RCx tab.
func (s *Screen) markdownView() string {
	return strings.Join(append(s.markdownHead(), s.md.View()), "\n")
}
