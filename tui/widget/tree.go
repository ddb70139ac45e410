package widget

import (
	"strings"

	"github.com/camber-tui/camber-tui/themes"
)

// TreeNode is a top-level node (an equipment) with leaf children (its
// points).
type TreeNode struct {
	Label    string
	Detail   string
	Children []string
	Open     bool
}

// Tree is a two-level tree with a cursor over its visible lines: nodes
// marked ▸ (closed) or ▾ (open), and the open nodes' children under them.
type Tree struct {
	Nodes  []TreeNode
	cursor int
	top    int
	w, h   int
}

// treeLine is one visible line: a node, or child c of a node.
type treeLine struct{ node, child int } // child -1: the node itself

func (t *Tree) lines() []treeLine {
	var out []treeLine
	for i, n := range t.Nodes {
		out = append(out, treeLine{i, -1})
		if n.Open {
			for c := range n.Children {
				out = append(out, treeLine{i, c})
			}
		}
	}
	return out
}

// SetSize sets the width and the number of lines shown.
func (t *Tree) SetSize(w, h int) {
	t.w, t.h = max(w, 0), max(h, 0)
	t.scroll(len(t.lines()))
}

// Move moves the cursor by delta lines.
func (t *Tree) Move(delta int) {
	n := len(t.lines())
	if n == 0 {
		return
	}
	t.cursor = min(max(t.cursor+delta, 0), n-1)
	t.scroll(n)
}

// Selected returns the node and child (-1 for the node) under the cursor.
func (t *Tree) Selected() (node, child int, ok bool) {
	ls := t.lines()
	if t.cursor < 0 || t.cursor >= len(ls) {
		return 0, 0, false
	}
	return ls[t.cursor].node, ls[t.cursor].child, true
}

// Toggle opens or closes the node under the cursor (or the child's node,
// moving the cursor onto it).
func (t *Tree) Toggle() {
	ls := t.lines()
	if t.cursor < 0 || t.cursor >= len(ls) {
		return
	}
	l := ls[t.cursor]
	t.Nodes[l.node].Open = !t.Nodes[l.node].Open
	for i, x := range t.lines() {
		if x.node == l.node && x.child == -1 {
			t.cursor = i
		}
	}
	t.scroll(len(t.lines()))
}

// SetAll opens or closes every node.
func (t *Tree) SetAll(open bool) {
	for i := range t.Nodes {
		t.Nodes[i].Open = open
	}
	t.cursor = min(t.cursor, max(len(t.lines())-1, 0))
	t.scroll(len(t.lines()))
}

func (t *Tree) scroll(n int) {
	h := max(t.h, 1)
	if t.cursor < t.top {
		t.top = t.cursor
	}
	if t.cursor >= t.top+h {
		t.top = t.cursor - h + 1
	}
	t.top = min(max(t.top, 0), max(n-h, 0))
}

// View renders exactly the set number of lines.
func (t *Tree) View(st *themes.Styles, focused bool) string {
	ls := t.lines()
	out := make([]string, 0, t.h)
	for i := t.top; i < t.top+t.h; i++ {
		if i >= len(ls) {
			out = append(out, "")
			continue
		}
		l := ls[i]
		n := t.Nodes[l.node]
		var line string
		if l.child < 0 {
			glyph := "▸ "
			if n.Open {
				glyph = "▾ "
			}
			line = glyph + n.Label
			if n.Detail != "" {
				line += "  " + st.Muted.Render(n.Detail)
			}
		} else {
			line = "    " + n.Children[l.child]
		}
		if i == t.cursor {
			plain := Pad("› "+stripped(line), t.w)
			if focused {
				out = append(out, st.Selected.Render(plain))
			} else {
				out = append(out, st.Bold.Render(plain))
			}
			continue
		}
		out = append(out, Truncate("  "+line, t.w))
	}
	return strings.Join(out, "\n")
}
