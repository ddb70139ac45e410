// Package finding is the finding-detail screen: finding_detail's result
// with the finding's flagged spans drawn as a timeline bar over the run
// window, one bar per named condition with its share, above the result
// view. It also holds [OpenRow], what Enter on a result row opens.
package finding

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// Screen shows one finding.
type Screen struct {
	env  *screen.Env
	m    *result.Model
	args map[string]any
	w, h int
}

// New returns the screen of finding_detail called with args (facility_id,
// finding_id and the rule_run call's other arguments).
func New(env *screen.Env, args map[string]any) *Screen {
	return &Screen{env: env, m: result.New(env, env.NewOwner(), "finding"), args: screen.CloneArgs(args)}
}

// runKeys are the arguments finding_detail shares with the run it
// explains.
var runKeys = []string{"facility_id", "rules", "params", "equips", "start", "end", "min_severity"}

// DetailArgs turns a rule_run (or rcx_report) call's arguments and a
// finding id into finding_detail's: the same run, without the page or
// arguments of the other capability.
func DetailArgs(runArgs map[string]any, findingID string) map[string]any {
	args := map[string]any{}
	for _, k := range runKeys {
		if v, ok := runArgs[k]; ok {
			args[k] = v
		}
	}
	args = screen.CloneArgs(args)
	args["finding_id"] = findingID
	return args
}

// OpenRow returns what Enter on a row of a result opens: a rule_run
// finding's detail, a catalog dataset's entry; nil for other rows.
func OpenRow(env *screen.Env, sel result.Selected) tea.Cmd {
	switch {
	case sel.Capability == "rule_run" && sel.List == "findings":
		if id, ok := sel.Row["finding_id"].(string); ok && id != "" {
			return screen.Open(New(env, DetailArgs(sel.Args, id)))
		}
	case sel.Capability == "rcx_report" && sel.List == "issues":
		// an issue gathers findings: open its first
		if ids, ok := sel.Row["finding_ids"].([]any); ok && len(ids) > 0 {
			if id, ok := ids[0].(string); ok && id != "" {
				return screen.Open(New(env, DetailArgs(sel.Args, id)))
			}
		}
	case sel.Capability == "dataset_search":
		id, _ := sel.Row["id"].(string)
		if id == "" {
			id, _ = sel.Row["dataset_id"].(string)
		}
		if id != "" {
			return screen.Open(result.NewScreen(env, "dataset_entry", map[string]any{"dataset_id": id}))
		}
	}
	return nil
}

// Model returns the screen's result view.
func (s *Screen) Model() *result.Model { return s.m }

// Init calls finding_detail.
func (s *Screen) Init() tea.Cmd { return s.m.Call("finding_detail", s.args) }

// Update passes msg to the result view.
func (s *Screen) Update(msg tea.Msg) (screen.Screen, tea.Cmd) {
	cmd, act := s.m.Update(msg)
	if _, ok := msg.(screen.DoneMsg); ok {
		s.layout()
	}
	if _, ok := act.(result.Leave); ok {
		return s, screen.Back
	}
	return s, cmd
}

// SetSize sets the body size.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = max(w, 0), max(h, 0)
	s.layout()
}

func (s *Screen) layout() {
	top := len(s.timelineLines())
	s.m.SetSize(s.w, max(s.h-top, 0))
}

// Title names the finding.
func (s *Screen) Title() string {
	id, _ := s.args["finding_id"].(string)
	return "finding · " + id
}

// FacilityID returns the finding's facility.
func (s *Screen) FacilityID() string { f, _ := s.args["facility_id"].(string); return f }

// Capturing reports whether the filter takes typed keys.
func (s *Screen) Capturing() bool { return s.m.Capturing() }

// ShortHelp and FullHelp list the keys.
func (s *Screen) ShortHelp() []key.Binding { return s.m.ShortHelp() }

// FullHelp lists the screen's keys for the full help.
func (s *Screen) FullHelp() [][]key.Binding { return s.m.FullHelp() }

// View renders the timeline above the result.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	lines := s.timelineLines()
	if len(lines) >= s.h {
		return widget.Fit(strings.Join(lines, "\n"), s.w, s.h)
	}
	return widget.Fit(strings.Join(lines, "\n")+"\n"+s.m.View(), s.w, s.h)
}

// timelineLines draws the spans: a heading, the bar with its page, the
// axis, and a bar per condition (only when there is a result and the
// body has room for them and the result).
func (s *Screen) timelineLines() []string {
	res := s.m.Result()
	if res == nil || s.w < 20 || s.h < 8 {
		return nil
	}
	data, _ := res.Data.(map[string]any)
	win, _ := data["window"].(map[string]any)
	start, ok1 := parseStamp(win["start"])
	end, ok2 := parseStamp(win["end"])
	if !ok1 || !ok2 {
		return nil
	}
	st := s.env.Styles
	sev, _ := data["severity"].(string)
	head := result.Severity(sev)
	line := head.Tone.Style(st).Render(head.Text) + "  " + st.Bold.Render(fmt.Sprint(data["finding_id"]))
	if share, ok := data["share"].(float64); ok {
		line += st.Muted.Render(fmt.Sprintf("  %.1f%% of judged samples", share*100))
	}
	out := []string{line}
	spans := spansOf(data["violations"])
	label := fmt.Sprintf("spans (%d)", len(spans))
	for _, l := range s.m.Lists() {
		if l.Key == "violations" && (l.Page.More() || l.Page.Lo > 1) {
			label = "spans " + strings.TrimPrefix(l.Page.String(), "rows ")
		}
	}
	const labelW = 26
	barW := max(s.w-labelW-1, 10)
	if note, ok := data["violations_note"].(string); ok && note != "" && len(spans) == 0 {
		if !strings.HasPrefix(note, "no spans") {
			note = "no spans: " + note
		}
		out = append(out, st.Muted.Render(widget.Truncate(note, s.w)))
	}
	out = append(out, widget.Pad(label, labelW)+" "+st.Fault.Render(widget.Timeline(start, end, spans, barW)))
	out = append(out, strings.Repeat(" ", labelW+1)+st.Muted.Render(widget.Axis(start.Format("2006-01-02"), end.Format("2006-01-02"), barW)))
	conds, _ := data["conditions"].([]any)
	for _, c := range conds {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		name := fmt.Sprint(cm["name"])
		if l, ok := cm["label"].(string); ok && l != "" {
			name += " " + l
		}
		share := "—"
		if f, ok := cm["share"].(float64); ok {
			share = fmt.Sprintf("%.1f%%", f*100)
		}
		lab := widget.Pad(widget.Truncate(name, labelW-8)+" "+share, labelW)
		out = append(out, lab+" "+st.Warn.Render(widget.Timeline(start, end, spansOf(cm["violations"]), barW)))
	}
	// leave the result view at least eight lines
	if len(out) > s.h-8 {
		out = out[:max(s.h-8, 0)]
	}
	return out
}

// spansOf reads a violations list.
func spansOf(v any) []widget.Span {
	list, _ := v.([]any)
	out := make([]widget.Span, 0, len(list))
	for _, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		a, ok1 := parseStamp(m["start"])
		b, ok2 := parseStamp(m["end"])
		if ok1 && ok2 {
			out = append(out, widget.Span{Start: a, End: b})
		}
	}
	return out
}

// stampLayouts are the naive local timestamps results carry.
var stampLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// parseStamp reads a naive timestamp (as UTC, which only orders it).
func parseStamp(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	for _, l := range stampLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
