package draft

import (
	"fmt"
	"regexp"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/tui/result"
)

// safeName keeps the characters a file name may hold.
var safeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// save writes the verified text with its facts appendix to a new file in
// the export directory (the content is built now, the file written by the
// command).
func (s *Screen) save() tea.Cmd {
	if s.checked != s.editSeq {
		s.check()
	}
	if strings.TrimSpace(s.report.Verified) == "" {
		s.setNote("nothing to save: no sentence of the draft checks yet", true)
		return nil
	}
	base := "camber-draft"
	if l := s.opts.Session.DraftLabel; l != "" {
		base += "-" + l
	}
	base = strings.Trim(safeName.ReplaceAllString(base, "_"), "._-")
	data := []byte(s.Markdown())
	dir, id := s.env.ExportDir, s.id
	if dir == "" {
		dir = "."
	}
	return func() tea.Msg {
		name, err := result.WriteNew(dir, base, ".md", data)
		return savedMsg{id: id, name: name, err: err}
	}
}

// Markdown is what save writes: the verified text (the draft with every
// failing sentence removed and unknown ids stripped), what the check
// removed, and the facts the text cites.
func (s *Screen) Markdown() string {
	r := s.report
	var b strings.Builder
	title := "Draft"
	if l := s.opts.Session.DraftLabel; l != "" {
		title += ": " + l
	}
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", result.MarkdownText(title), strings.TrimSpace(r.Verified))
	c := r.Counts
	fmt.Fprintf(&b, "_Citation check: %d sentences; %d supported, %d with an unknown citation, %d uncited, %d with an unsupported number (source: %s)._\n\n",
		len(r.Sentences), c.Supported, c.UnknownCitation, c.Uncited, c.UnsupportedNumber, s.source)
	if len(r.Removed) > 0 || len(r.Unknown) > 0 {
		b.WriteString("## Removed by the citation check\n\n")
		for _, se := range r.Removed {
			fmt.Fprintf(&b, "- %s: %s — %s\n", marks[se.Verdict].word, result.MarkdownText(se.Text), result.MarkdownText(se.Reason))
		}
		if len(r.Unknown) > 0 {
			fmt.Fprintf(&b, "- unknown ids stripped: %s\n", result.MarkdownText(strings.Join(r.Unknown, ", ")))
		}
		b.WriteString("\n")
	}
	ids := verify.Citations(r.Verified)
	b.WriteString("## Facts\n\n")
	if len(ids) == 0 {
		b.WriteString("The text cites no fact.\n")
		return b.String()
	}
	b.WriteString("| id | kind | equip | text |\n| --- | --- | --- | --- |\n")
	for _, id := range ids {
		f, ok := s.opts.Session.Lookup(id)
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cellText(f.ID), cellText(f.Kind), cellText(f.Equip), cellText(f.Text))
	}
	return b.String()
}

// cellText escapes a table cell.
func cellText(s string) string { return strings.ReplaceAll(result.MarkdownText(s), "|", `\|`) }
