package facility

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

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
	lines = append(lines, widget.Truncate(hint, s.w), s.tree.View(st, true))
	return strings.Join(lines, "\n")
}
