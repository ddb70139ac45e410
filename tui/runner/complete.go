package runner

import (
	"slices"
	"sort"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/screen"
)

// completer offers values for facility, equipment and role fields: the
// allowlist, and what a points call returned for the chosen facility.
type completer struct {
	allowed []string
	// points holds the loaded facility's points (equip, class, role).
	facility string
	points   [][3]string
	loading  string // the facility whose points are being loaded

	// the Tab cycle in progress
	field int
	cands []string
	idx   int
}

// kindOf names what a field completes from ("" for nothing).
func kindOf(name string) string {
	switch name {
	case "facility_id", "facility_ids":
		return "facility"
	case "equip", "equips":
		return "equip"
	case "role", "roles":
		return "role"
	case "equip_class":
		return "class"
	}
	return ""
}

// needsPoints reports whether completing field name needs the points of a
// facility other than the loaded one.
func (c *completer) needsPoints(name, facility string) bool {
	k := kindOf(name)
	return (k == "equip" || k == "role" || k == "class") && facility != "" && facility != c.facility && facility != c.loading
}

// loadPoints returns the call of the points a facility stores.
func (c *completer) loadPoints(owner int, facility string) tea.Cmd {
	if facility == "" || facility == c.facility || facility == c.loading || !slices.Contains(c.allowed, facility) {
		return nil
	}
	c.loading = facility
	return screen.Call(owner, "points:"+facility, "points", map[string]any{"facility_id": facility, "limit": 1000})
}

// took takes a points answer.
func (c *completer) took(msg screen.DoneMsg) {
	facility := strings.TrimPrefix(msg.Tag, "points:")
	if facility != c.loading {
		return
	}
	c.loading = ""
	if msg.Err != nil || msg.Result == nil {
		return
	}
	data, _ := msg.Result.Data.(map[string]any)
	rows, _ := data["points"].([]any)
	c.facility, c.points = facility, nil
	for _, r := range rows {
		m, ok := r.(map[string]any)
		if !ok {
			continue
		}
		e, _ := m["equip"].(string)
		cl, _ := m["equip_class"].(string)
		ro, _ := m["role"].(string)
		c.points = append(c.points, [3]string{e, cl, ro})
	}
}

// values lists what field name may take, for the chosen equipment when
// roles are asked for one.
func (c *completer) values(name string, equips []string) []string {
	set := map[string]bool{}
	switch kindOf(name) {
	case "facility":
		return slices.Clone(c.allowed)
	case "equip":
		for _, p := range c.points {
			set[p[0]] = true
		}
	case "class":
		for _, p := range c.points {
			if p[1] != "" {
				set[p[1]] = true
			}
		}
	case "role":
		for _, p := range c.points {
			if len(equips) == 0 || slices.Contains(equips, p[0]) {
				set[p[2]] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for v := range set {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// complete fills field fi's last token: the first value starting with
// it, then (on further Tabs) the next ones. It reports whether it changed
// anything.
func (c *completer) complete(fi int, f *field, equips []string) bool {
	val := f.input.Value()
	head, tok := "", val
	if f.typ == "array" {
		if i := strings.LastIndex(val, ","); i >= 0 {
			head, tok = val[:i+1]+" ", strings.TrimSpace(val[i+1:])
		}
	}
	if c.field == fi && len(c.cands) > 0 && c.idx < len(c.cands) && tok == c.cands[c.idx] {
		c.idx = (c.idx + 1) % len(c.cands)
	} else {
		c.field, c.cands, c.idx = fi, nil, 0
		for _, v := range c.values(f.name, equips) {
			if strings.HasPrefix(strings.ToLower(v), strings.ToLower(tok)) {
				c.cands = append(c.cands, v)
			}
		}
		if len(c.cands) == 0 {
			return false
		}
	}
	f.input.SetValue(head + c.cands[c.idx])
	f.input.CursorEnd()
	f.err = ""
	return true
}

// reset ends a Tab cycle.
func (c *completer) reset() { c.cands, c.field = nil, -1 }
