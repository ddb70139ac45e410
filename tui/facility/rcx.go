package facility

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/tui/result"
	"github.com/camber-tui/camber-tui/tui/widget"
)

// markdownOf returns the RCx result as markdown: the report's own
// markdown when the data carries it, the report written from its data
// (scorecard, key figures, ranked issues, appendix A) when it has that
// shape, else the result written out. Banners are shown above it, so they
// are left out here.
func (s *Screen) markdownOf() string {
	v := s.views[TabRCx]
	res := v.Result()
	if res == nil {
		return ""
	}
	obj, _ := res.Data.(map[string]any)
	for _, k := range []string{"markdown", "report_markdown"} {
		if md, ok := obj[k].(string); ok && md != "" {
			return md
		}
	}
	if _, ok := obj["issues"].([]any); ok {
		return rcxMarkdown(obj, res.Text)
	}
	return result.MarkdownBody(v.Name(), v.Args(), res)
}

// rcxMarkdown writes an rcx_report result as a report.
func rcxMarkdown(d map[string]any, text string) string {
	esc := result.MarkdownText
	get := func(m any, path ...string) any {
		for _, p := range path {
			o, ok := m.(map[string]any)
			if !ok {
				return nil
			}
			m = o[p]
		}
		return m
	}
	f := func(v any) string { return esc(result.Format(v)) }
	var b strings.Builder
	fmt.Fprintf(&b, "# RCx report: %s\n\n", f(d["facility_id"]))
	if w, ok := d["window"].(map[string]any); ok {
		fmt.Fprintf(&b, "Window %s to %s", f(w["start"]), f(w["end"]))
		if n := get(d, "config", "name"); n != nil {
			fmt.Fprintf(&b, " · config: %s", f(n))
		}
		b.WriteString("\n\n")
	}
	if sc, ok := d["scorecard"].(map[string]any); ok {
		fmt.Fprintf(&b, "## Health scorecard\n\nOverall %s, grade %s\n\n", f(sc["overall"]), f(sc["grade"]))
		if cats, ok := sc["categories"].([]any); ok && len(cats) > 0 {
			b.WriteString("| category | score | grade | faults | warnings |\n| --- | --- | --- | --- | --- |\n")
			for _, c := range cats {
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", f(get(c, "category")), f(get(c, "score")), f(get(c, "grade")),
					f(get(c, "faults")), f(get(c, "warnings")))
			}
			b.WriteString("\n")
		}
	}
	if k, ok := d["kpis"].(map[string]any); ok {
		b.WriteString("## Key figures\n\n")
		if fi := get(k, "findings"); fi != nil {
			fmt.Fprintf(&b, "- Findings: %s fault, %s warn, %s info, %s ok\n", f(get(fi, "fault")), f(get(fi, "warn")), f(get(fi, "info")), f(get(fi, "ok")))
		}
		fmt.Fprintf(&b, "- Issues: %s actionable; %s costed (USD %s a year), %s uncosted\n", f(k["actionable"]), f(k["costed"]), f(k["costed_usd"]), f(k["uncosted"]))
		if tr := get(k, "trust"); tr != nil {
			fmt.Fprintf(&b, "- Trust: %s trusted, %s suspect, %s untrusted; %s below the floor %s\n", f(get(tr, "trusted")), f(get(tr, "suspect")),
				f(get(tr, "untrusted")), f(get(tr, "below_floor")), f(get(tr, "min_trust")))
		}
		if cv := get(k, "coverage"); cv != nil {
			fmt.Fprintf(&b, "- Coverage: mean %s over %s points; %s below 90%%\n", f(get(cv, "mean")), f(get(cv, "points")), f(get(cv, "below_90")))
		}
		if dc := get(k, "declined"); dc != nil {
			fmt.Fprintf(&b, "- Declined checks: %s rules (%s)\n", f(get(dc, "rules")), f(get(dc, "rule_names")))
		}
		b.WriteString("\n")
	}
	issues, _ := d["issues"].([]any)
	fmt.Fprintf(&b, "## Issues (%d of %s)\n\n", len(issues), f(d["issue_count"]))
	for _, it := range issues {
		sev := result.Severity(fmt.Sprint(get(it, "severity"))).Text
		fmt.Fprintf(&b, "%s. %s %s: %s (%s confidence)", f(get(it, "rank")), sev, f(get(it, "equip")), f(get(it, "cause")), f(get(it, "confidence")))
		if fact, ok := get(it, "fact").(string); ok && fact != "" {
			fmt.Fprintf(&b, " [%s]", esc(fact))
		}
		fmt.Fprintf(&b, "\n   %s\n", f(get(it, "summary")))
		if h := get(it, "hours"); h != nil {
			fmt.Fprintf(&b, "   %s h flagged", f(h))
		}
		if u, ok := get(it, "uncosted").(string); ok && u != "" {
			fmt.Fprintf(&b, "; uncosted: %s", esc(u))
		} else if usd := get(it, "annual_usd"); usd != nil {
			fmt.Fprintf(&b, "; about USD %s a year", f(usd))
		}
		b.WriteString("\n\n")
	}
	if app, ok := d["appendix_a"].([]any); ok && len(app) > 0 {
		fmt.Fprintf(&b, "## Appendix A: declines and data gaps (%d of %s)\n\n", len(app), f(d["appendix_a_count"]))
		for _, a := range app {
			fmt.Fprintf(&b, "- %s on %s %s: %s", f(get(a, "check")), f(get(a, "equip")), f(get(a, "role")), f(get(a, "reason")))
			if fact, ok := get(a, "fact").(string); ok && fact != "" {
				fmt.Fprintf(&b, " [%s]", esc(fact))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if text != "" {
		fmt.Fprintf(&b, "## Summary\n\n%s\n", esc(text))
	}
	return b.String()
}

// showMarkdown reports whether the RCx tab draws markdown.
func (s *Screen) showMarkdown() bool {
	v := s.views[TabRCx]
	return !s.rcxTables && v.Result() != nil && v.Mode() == result.ModeTable && v.Focus() == result.FocusTable
}

// markdownHead renders the RCx tab's lines above the markdown.
func (s *Screen) markdownHead() []string {
	v := s.views[TabRCx]
	title := widget.Truncate(v.TitleLine()+s.env.Styles.Muted.Render("  · t: the issues as a table"), s.w)
	return append([]string{title}, v.BannerLines(s.w)...)
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

// markdownKey scrolls the markdown; t shows the result as tables.
func (s *Screen) markdownKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := s.env.Keys
	switch {
	case k.Nav.Scroll(&s.md, msg):
	case key.Matches(msg, k.Result.NextList):
		s.rcxTables = true
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
